package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

func report(out io.Writer, m manifest, samples []sample, ours, theirs []outcome) {
	byCond := map[string][2]*tally{}
	var conds []string
	all, negatives := [2]*tally{newTally(), newTally()}, [2]*tally{newTally(), newTally()}
	for i, s := range samples {
		t, ok := byCond[s.condition]
		if !ok {
			t = [2]*tally{newTally(), newTally()}
			byCond[s.condition] = t
			conds = append(conds, s.condition)
		}
		for k, outs := range [][]outcome{ours, theirs} {
			if outs == nil {
				continue
			}
			t[k].add(outs[i])
			all[k].add(outs[i])
			if s.doc < 0 {
				negatives[k].add(outs[i])
			}
		}
	}
	slices.Sort(conds)
	var docConds, negConds []string
	for _, c := range conds {
		if samplesOf(samples, c)[0].doc >= 0 {
			docConds = append(docConds, c)
		} else {
			negConds = append(negConds, c)
		}
	}

	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "condition\tfiles\tvalid\tfields right\tp50\tp95\t"
	if theirs != nil {
		head += "PE valid\tPE fields right\tPE p50\tPE p95\t"
	}
	fmt.Fprintln(w, head)
	row := func(name string, t [2]*tally) {
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%v\t%v\t", name, t[0].docs, t[0].valid, pct(t[0].fieldsRight, t[0].fieldsAll),
			percentile(t[0].times, 50), percentile(t[0].times, 95))
		if theirs != nil {
			fmt.Fprintf(w, "%d\t%s\t%v\t%v\t", t[1].valid, pct(t[1].fieldsRight, t[1].fieldsAll),
				percentile(t[1].times, 50), percentile(t[1].times, 95))
		}
		fmt.Fprintln(w)
	}
	for _, c := range docConds {
		row(c, byCond[c])
	}
	fmt.Fprintln(w)
	head = "without MRZ\tfiles\tfalse positives\t\tp50\tp95\t"
	if theirs != nil {
		head += "PE false positives\t\tPE p50\tPE p95\t"
	}
	fmt.Fprintln(w, head)
	negRow := func(name string, t [2]*tally) {
		own := t[0]
		fmt.Fprintf(w, "%s\t%d\t%d\t\t%v\t%v\t", name, own.docs, own.read,
			percentile(own.times, 50), percentile(own.times, 95))
		if theirs != nil {
			fmt.Fprintf(w, "%d\t\t%v\t%v\t", t[1].read, percentile(t[1].times, 50), percentile(t[1].times, 95))
		}
		fmt.Fprintln(w)
	}
	for _, c := range negConds {
		negRow(c, byCond[c])
	}
	negRow("all", negatives)
	fmt.Fprintln(w)
	head = "everything\tfiles\tvalid\tfields right\tp50\tp95\t"
	if theirs != nil {
		head += "PE valid\tPE fields right\tPE p50\tPE p95\t"
	}
	fmt.Fprintln(w, head)
	row("all, misses included", all)
	w.Flush()

	// Per field, over every document.
	fmt.Fprintln(out)
	w = tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "field\tright (ours)\t\n")
	perField := map[string][2]int{}
	for _, o := range ours {
		for name, right := range o.right {
			pf := perField[name]
			pf[1]++
			if right {
				pf[0]++
			}
			perField[name] = pf
		}
	}
	for _, name := range fields {
		pf := perField[name]
		fmt.Fprintf(w, "%s\t%s\t\n", name, pct(pf[0], pf[1]))
	}
	w.Flush()

	var misses []string
	for i, s := range samples {
		o := ours[i]
		switch {
		case s.doc < 0 && o.read:
			misses = append(misses, s.file+": read an MRZ where there is none")
		case s.doc >= 0 && !o.read:
			misses = append(misses, s.file+": nothing read")
		case s.doc >= 0 && len(o.wrong) > 0:
			misses = append(misses, s.file+": "+strings.Join(o.wrong, ", "))
		}
	}
	if len(misses) > 0 {
		fmt.Fprintf(out, "\nNot right (ours):\n  %s\n", strings.Join(misses, "\n  "))
	}
}

func samplesOf(samples []sample, cond string) []sample {
	var out []sample
	for _, s := range samples {
		if s.condition == cond {
			out = append(out, s)
		}
	}
	return out
}

func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d (%.0f%%)", n, of, 100*float64(n)/float64(of))
}

func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)].Round(time.Millisecond)
}
