package verification

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the decision table of docs/verifications.md from the code")

// verificationsDoc is the page whose decision table, between its markers, TestDocsTable checks.
const (
	verificationsDoc = "../../../docs/verifications.md"
	tableBegin       = "<!-- decision-table: begin (generated from shared/domain/verification, go test -update) -->\n"
	tableEnd         = "<!-- decision-table: end -->\n"
)

// markdown renders the table as docs/verifications.md shows it: one row per rule, the effect
// under each policy, none as a dash.
func markdown(rows []Rule) string {
	var b strings.Builder
	b.WriteString("| group | check | result | reason | " + strings.Join(policyNames(), " | ") + " | why |\n")
	b.WriteString("|---|---|---|---|" + strings.Repeat("---|", len(Policies())) + "---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %s | `%s` |", r.Group, r.Check, r.Result, r.Reason)
		for _, p := range Policies() {
			e := string(r.Effect(p))
			if r.Effect(p) == EffectNone {
				e = "—"
			}
			fmt.Fprintf(&b, " %s |", e)
		}
		fmt.Fprintf(&b, " %s |\n", r.Why)
	}
	return b.String()
}

func policyNames() []string {
	var names []string
	for _, p := range Policies() {
		names = append(names, string(p))
	}
	return names
}

// The decision table of docs/verifications.md is the code's, rendered: the table is the
// documentation, and this test keeps them equal (go test -update rewrites the page's copy).
func TestDocsTable(t *testing.T) {
	doc, err := os.ReadFile(verificationsDoc)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := strings.Cut(string(doc), tableBegin)
	documented, after, ok2 := strings.Cut(rest, tableEnd)
	if !ok || !ok2 {
		t.Fatalf("%s has no decision table between %q and %q", verificationsDoc, tableBegin, tableEnd)
	}
	want := markdown(Table())
	if documented == want {
		return
	}
	if *update {
		if err := os.WriteFile(verificationsDoc, []byte(before+tableBegin+want+tableEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's decision table is not the code's: run go test -run TestDocsTable -update "+
		"./shared/domain/verification/ (and say why in the page), or fix the table. The code's:\n%s",
		verificationsDoc, want)
}
