package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Objectiver is a Game whose scenario sets the sides objectives (a file's `objectives:`): what
// each side is to do, scored in points as a scenario card counts them. `umpire play` prints
// each side's points after the steps, an `expect: objectives:` entry checks them, the API's
// state carries them and the practice opponent plays for them.
type Objectiver interface {
	// Objectives is each objective and how it stands, in the file's order.
	Objectives() []Objective
}

// Objective is one objective of a side and how it stands. Its JSON keys are the API's.
type Objective struct {
	Side string `json:"side"`
	// Text says what it asks in players' words, with its points and deadline: "exit its
	// units off the east edge (2 a unit) by the end of German's MPh 3".
	Text   string `json:"text"`
	Points int    `json:"points"` // what it scores as things stand (or scored, when Closed)
	Max    int    `json:"max"`    // the most it can score
	// Closed: its deadline has passed and it was judged, for good.
	Closed bool `json:"closed"`
	// Detail says what it found: "PzIV exited from 2GG5 (2); not T2".
	Detail string `json:"detail"`
}

// Scores is each side's points over objs, for sides in order (a side without objectives
// scores 0).
func Scores(sides []string, objs []Objective) []int {
	out := make([]int, len(sides))
	for _, o := range objs {
		for i, s := range sides {
			if s == o.Side {
				out[i] += o.Points
			}
		}
	}
	return out
}

// ObjectiveLines is what `umpire play` prints of objs after the steps: a line per side with its
// points, then a line per objective.
func ObjectiveLines(sides []string, objs []Objective) []string {
	if len(objs) == 0 {
		return nil
	}
	out := []string{"objectives:"}
	scores := Scores(sides, objs)
	for i, s := range sides {
		most, n := 0, 0
		for _, o := range objs {
			if o.Side == s {
				most += o.Max
				n++
			}
		}
		if n == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("  %s: %d of %d points", s, scores[i], most))
		for _, o := range objs {
			if o.Side != s {
				continue
			}
			state := ""
			if o.Closed {
				state = ", judged"
			}
			line := fmt.Sprintf("    %d/%d%s: %s", o.Points, o.Max, state, o.Text)
			if o.Detail != "" {
				line += ": " + o.Detail
			}
			out = append(out, line)
		}
	}
	return out
}

// ObjectivesOf is g's objectives, none if it has no [Objectiver].
func ObjectivesOf(g Game) []Objective {
	if o, ok := g.(Objectiver); ok {
		return o.Objectives()
	}
	return nil
}

// CheckObjectives compares each side's points (want: side to points) with objs, calling fail
// for each that differs.
func CheckObjectives(want map[string]int, sides []string, objs []Objective, fail func(format string, args ...any)) {
	scores := Scores(sides, objs)
	for _, s := range slices.Sorted(maps.Keys(want)) {
		i := -1
		for j, x := range sides {
			if x == s {
				i = j
			}
		}
		if i < 0 {
			fail("objectives: no side %q (the sides are %s)", s, strings.Join(sides, ", "))
			continue
		}
		if scores[i] != want[s] {
			var why []string
			for _, o := range objs {
				if o.Side == s {
					why = append(why, fmt.Sprintf("%d/%d %s: %s", o.Points, o.Max, o.Text, o.Detail))
				}
			}
			fail("objectives: %s expected %d points, got %d (%s)", s, want[s], scores[i], strings.Join(why, "; "))
		}
	}
}
