// Package objective is what the rules cores (asl, lhy, lightningwar) share about a scenario's
// objectives: how one stands ([Status]), the verdict given when its deadline passes and kept
// for good after ([Verdict]), and the words that say what it found ([Found]). Each core keeps
// its own kinds of objective and judges them on its own state; the ruleset contract (package
// rules) shows them to players.
package objective

import "strings"

// Status is how an objective stands: the points it scores (or scored, once Closed), the most it
// can score, whether its deadline has passed, and what it found.
type Status struct {
	Points, Max int
	Closed      bool
	Detail      string
}

// Verdict is an objective judged for good when its deadline passed; the zero Verdict is an
// objective not judged yet.
type Verdict struct {
	Closed bool
	Score  int
	Detail string
}

// Close judges the objective with judge, once: a closed verdict stands.
func (v *Verdict) Close(judge func() (int, string)) {
	if !v.Closed {
		v.Score, v.Detail = judge()
		v.Closed = true
	}
}

// Now is how an objective with this verdict stands, max the most it can score: the verdict once
// closed, else what judge finds as things stand.
func (v Verdict) Now(max int, judge func() (int, string)) Status {
	st := Status{Max: max, Closed: v.Closed, Points: v.Score, Detail: v.Detail}
	if !v.Closed {
		st.Points, st.Detail = judge()
	}
	return st
}

// Found says what an objective found, in players' words: "held C4, D5; not E6" (verb "held",
// got the hexes it holds, missed those it does not).
func Found(verb string, got, missed []string) string {
	var parts []string
	if len(got) > 0 {
		parts = append(parts, strings.TrimSpace(verb+" "+strings.Join(got, ", ")))
	}
	if len(missed) > 0 {
		parts = append(parts, "not "+strings.Join(missed, ", "))
	}
	return strings.Join(parts, "; ")
}
