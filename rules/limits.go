package rules

import (
	"fmt"
	"math"
)

// Limits are the caps on what one scenario file (or saved map) may ask of the referee: how big
// it is and how much game it names. A ruleset's loader checks each cap as it reads the part it
// bounds, before it allocates what that part names (a layout's hexes, its units, its moves),
// and refuses a file over a cap with a *[LimitError].
//
// A field left zero is the ceiling umpire itself takes ([Ceiling]): the most that the types
// indexing boards, hexes, units and groups can hold without overflowing. A field above its
// ceiling is read as the ceiling. The command line loads with Limits{} (the ceilings); the
// server with its flags (--max-boards and the rest, see docs/api.md), whose defaults are
// [DefaultLimits].
type Limits struct {
	// Body is the most bytes a scenario file or saved map may hold.
	Body int
	// Line is the most bytes one line of a scenario file may hold, and one step's notation.
	Line int
	// Boards is the most ASL geomorphic boards a map may lay out.
	Boards int
	// Hexes is the most hexes a map may have: an ASL layout's hexes (half hexes and the
	// layout's unused corners counted: its width times its height in hex columns and rows),
	// an LHY map's columns times rows, and for Lightning War, whose table has no hexes, the
	// table's area in square inches.
	Hexes int
	// Units is the most units (counters, pieces) a scenario may set up; Lightning War counts
	// its units and its detachments against it separately.
	Units int
	// Groups is the most ASL groups (platoons, convoys, columns, assaults) a scenario may form.
	Groups int
	// Moves is the most moves a scenario file may list under moves:.
	Moves int
}

// Limit names, as LimitError.Name gives them.
const (
	LimitBody   = "body"
	LimitLine   = "line"
	LimitBoards = "boards"
	LimitHexes  = "hexes"
	LimitUnits  = "units"
	LimitGroups = "groups"
	LimitMoves  = "moves"
)

// Ceiling is what umpire takes at most whatever the flags say: a map of 1,000 boards in one
// row is 32,001 hex columns, within hex.Hex's int16 coordinates; an ASL unit's group is an
// int16 numbered from 1; a file is at most MaxFileSize bytes.
func Ceiling() Limits {
	return Limits{
		Body:   MaxFileSize,
		Line:   MaxFileSize,
		Boards: 1000,
		Hexes:  1 << 22,
		Units:  math.MaxInt16,
		Groups: math.MaxInt16 - 1,
		Moves:  1 << 20,
	}
}

// DefaultLimits are the server's caps unless its flags say otherwise: enough for real play
// (a campaign's map of 16 boards, 500 counters in 100 groups, a recorded game of 10,000 moves)
// and small enough that one request cannot ask for much memory or time.
func DefaultLimits() Limits {
	return Limits{
		Body:   256 << 10,
		Line:   1 << 10,
		Boards: 16,
		Hexes:  20000,
		Units:  500,
		Groups: 100,
		Moves:  10000,
	}
}

// Flags are the server flags that set each limit, by its name.
var Flags = map[string]string{
	LimitBody:   "--max-body",
	LimitLine:   "--max-line",
	LimitBoards: "--max-boards",
	LimitHexes:  "--max-hexes",
	LimitUnits:  "--max-units",
	LimitGroups: "--max-groups",
	LimitMoves:  "--max-moves",
}

// field is the limit named name in l.
func (l *Limits) field(name string) *int {
	switch name {
	case LimitBody:
		return &l.Body
	case LimitLine:
		return &l.Line
	case LimitBoards:
		return &l.Boards
	case LimitHexes:
		return &l.Hexes
	case LimitUnits:
		return &l.Units
	case LimitGroups:
		return &l.Groups
	case LimitMoves:
		return &l.Moves
	}
	panic("rules: no limit named " + name)
}

// Max is the cap in force for the limit named name (LimitBoards, ...): the field, or the
// ceiling when the field is zero, negative or above it. set says the field set it (and not the
// ceiling).
func (l Limits) Max(name string) (max int, set bool) {
	c := Ceiling()
	v, ceil := *l.field(name), *c.field(name)
	if v <= 0 || v >= ceil {
		return ceil, false
	}
	return v, true
}

// Check is nil if got is within the limit named name, else the error that says so: what is
// what was asked for, in words ("the scenario names 40 boards").
func (l Limits) Check(name string, got int, what string) *LimitError {
	max, set := l.Max(name)
	if got <= max {
		return nil
	}
	e := &LimitError{Name: name, Max: max, Got: got, What: what}
	if set {
		e.Flag = Flags[name]
	}
	return e
}

// LimitError is a request over one of the [Limits]: it names the limit, its value and, when a
// server flag set it, the flag. The server answers it 413 for the body's size and 422 for the
// others (docs/api.md).
type LimitError struct {
	Where string // where it was found: "file:line: field", or ""
	Name  string // the limit (LimitBoards, ...)
	Flag  string // the server flag that set it ("--max-boards"), or "" for umpire's ceiling
	Max   int    // the cap
	Got   int    // what was asked for
	What  string // what was asked for, in words
}

func (e *LimitError) Error() string {
	msg := e.What + "; "
	if e.Where != "" {
		msg = e.Where + ": " + msg
	}
	if e.Flag == "" {
		return msg + fmt.Sprintf("umpire takes at most %d", e.Max)
	}
	return msg + fmt.Sprintf("this server takes at most %d (%s)", e.Max, e.Flag)
}
