package platform_test

import (
	"go/scanner"
	"go/token"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// maxColumns is the width of a line of Go here, tabs counted as 4 (STYLE.md).
const maxColumns = 120

// longLines lists the lines of a Go source over maxColumns that a string does not explain: a line
// is allowed past the bound only when it would fit without its longest string literal (a message,
// a JSON or HTML body, kept whole so that searching for it finds it). Comments and code wrap.
func longLines(name string, src []byte) []string {
	lines := strings.Split(string(src), "\n")
	longestString := make([]int, len(lines)+1) // per line (1-based), in columns
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile(name, -1, len(src)), src, nil, scanner.ScanComments)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.STRING {
			continue
		}
		first := fset.Position(pos).Line
		for i, part := range strings.Split(lit, "\n") { // a raw string's lines are all string
			longestString[first+i] = max(longestString[first+i], utf8.RuneCountInString(part))
		}
	}
	var out []string
	for i, l := range lines {
		width := utf8.RuneCountInString(l) + 3*strings.Count(l, "\t")
		directive := strings.HasPrefix(strings.TrimSpace(l), "//go:") // one line, by definition
		if width > maxColumns && width-longestString[i+1] > maxColumns-2 && !directive {
			out = append(out, name+":"+strconv.Itoa(i+1))
		}
	}
	return out
}

// TestLinesFitTheWidth: no line of the module's Go (generated code aside) is over 120 columns
// unless a string literal makes it so.
func TestLinesFitTheWidth(t *testing.T) {
	out, err := exec.Command("git", "ls-files", "*.go").Output()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("git ls-files: %v", err)
		}
		t.Skipf("git ls-files: %v (not a checkout)", err)
	}
	var long []string
	for _, name := range strings.Fields(string(out)) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".gen.go") || strings.Contains(string(src[:min(len(src), 400)]), "Code generated") {
			continue
		}
		long = append(long, longLines(name, src)...)
	}
	for _, l := range long {
		t.Errorf("%s: over %d columns (tabs as 4), and not for a string: wrap it", l, maxColumns)
	}
}

// The rule fires on a long call or comment and spares a line long for its string.
func TestLongLinesNameTheLine(t *testing.T) {
	long := "\t" + strings.Repeat("x", 130)
	src := "package p\n\nvar a = f(" + long + ")\n// " + strings.Repeat("word ", 30) + "\nvar b = \"" +
		strings.Repeat("s", 130) + "\"\n"
	got := longLines("p.go", []byte(src))
	if strings.Join(got, " ") != "p.go:3 p.go:4" {
		t.Errorf("longLines = %v, want lines 3 and 4", got)
	}
}
