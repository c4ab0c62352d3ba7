// Package refusal is the one refusal all of umpire gives: a step the rules forbid, the rule
// it breaks and why, and where in a scenario file the step stands when it came from one. A
// refused step changes nothing. The rules cores (asl, lhy, lightningwar) refuse with it, and the
// ruleset contract (package rules) passes it on as it is.
package refusal

import "fmt"

// Refusal is a step the rules forbid. It is small (the planner meets thousands a click): the
// place in a file, rarely known, is behind a pointer.
type Refusal struct {
	Rule string // the rule it breaks ("D2.11")
	Msg  string // why, in words
	At   *Place // where in a scenario file the step stands, if it came from one
}

// Place is a line of a scenario file.
type Place struct {
	File string
	Line int
}

// New is a refusal under rule, saying why.
func New(rule, format string, args ...any) *Refusal {
	return &Refusal{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// Error is "rule: why", after "file:line: " when the step came from a file.
func (r *Refusal) Error() string {
	s := r.Rule + ": " + r.Msg
	if r.At != nil {
		s = fmt.Sprintf("%s:%d: %s", r.At.File, r.At.Line, s)
	}
	return s
}
