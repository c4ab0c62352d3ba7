package rules

import (
	"strings"
	"testing"
)

// TestLimitsCheck: a zero field is the ceiling (and the message names no flag), a set field
// is the cap with its flag, a field above the ceiling is the ceiling; got at the cap passes.
func TestLimitsCheck(t *testing.T) {
	ceil := Ceiling()
	for _, c := range []struct {
		lim       Limits
		name      string
		got       int
		want      string // "" : within
		max       int
		flagInMsg bool
	}{
		{Limits{}, LimitBoards, 1000, "", 1000, false},
		{Limits{}, LimitBoards, 1001, "umpire takes at most 1000", 1000, false},
		{Limits{Boards: 16}, LimitBoards, 16, "", 16, true},
		{Limits{Boards: 16}, LimitBoards, 17, "this server takes at most 16 (--max-boards)", 16, true},
		{Limits{Boards: 5000}, LimitBoards, 1001, "umpire takes at most 1000", 1000, false},
		{Limits{Groups: -1}, LimitGroups, ceil.Groups + 1, "umpire takes at most 32766", ceil.Groups, false},
		{DefaultLimits(), LimitLine, 1025, "this server takes at most 1024 (--max-line)", 1024, true},
		{DefaultLimits(), LimitBody, 256<<10 + 1, "this server takes at most 262144 (--max-body)", 256 << 10, true},
	} {
		e := c.lim.Check(c.name, c.got, "asked")
		if c.want == "" {
			if e != nil {
				t.Errorf("%+v %s %d: %v", c.lim, c.name, c.got, e)
			}
			continue
		}
		if e == nil || e.Max != c.max || e.Got != c.got || e.Name != c.name || !strings.Contains(e.Error(), c.want) || (e.Flag != "") != c.flagInMsg {
			t.Errorf("%+v %s %d: %+v %v, want %q", c.lim, c.name, c.got, e, e, c.want)
		}
	}
	e := &LimitError{Where: "f.yaml:3: map.boards", Name: LimitBoards, Flag: "--max-boards", Max: 16, Got: 40, What: "the scenario names 40 boards"}
	if got := e.Error(); got != "f.yaml:3: map.boards: the scenario names 40 boards; this server takes at most 16 (--max-boards)" {
		t.Errorf("%q", got)
	}
}

// TestDefaultLimitsServeRealPlay: the defaults are no smaller than the floor for real
// play, and within the ceilings.
func TestDefaultLimitsServeRealPlay(t *testing.T) {
	d, c := DefaultLimits(), Ceiling()
	floor := Limits{Body: 256 << 10, Line: 1 << 10, Boards: 16, Hexes: 513 * 11, Units: 500, Groups: 100, Moves: 10000}
	for name := range Flags {
		if *d.field(name) < *floor.field(name) || *d.field(name) > *c.field(name) {
			t.Errorf("%s: default %d, floor %d, ceiling %d", name, *d.field(name), *floor.field(name), *c.field(name))
		}
	}
}
