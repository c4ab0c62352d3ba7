package rules

import (
	"encoding/hex"
	"fmt"
	"math"
	"slices"
)

// Helpers for the rulesets' views (the JSON the API answers with).

// HashString is a state hash as the API writes it: hex.
func HashString(h [32]byte) string { return hex.EncodeToString(h[:]) }

// Round is v to the thousandth: coordinates and chances in views.
func Round(v float64) float64 { return math.Round(v*1000) / 1000 }

// Bounds is the box a map's drawing fills, in its own units (a hex map's: hex radii, y down).
type Bounds struct {
	MinX float64 `json:"min_x"`
	MinY float64 `json:"min_y"`
	MaxX float64 `json:"max_x"`
	MaxY float64 `json:"max_y"`
}

// Cell is a hex of a hex map's view: its id, its centre in hex radii, its terrain and level.
type Cell struct {
	ID      string  `json:"id"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Terrain string  `json:"terrain"`
	Level   int     `json:"level"`
}

// NewCell is the cell of hex id centred at (x, y), rounded to the thousandth.
func NewCell(id string, x, y float64, terrain string, level int) Cell {
	return Cell{ID: id, X: Round(x), Y: Round(y), Terrain: terrain, Level: level}
}

// Segment is a hexside drawn on a hex map: the two hexes it joins, and its ends in hex radii.
type Segment struct {
	A  string  `json:"a"`
	B  string  `json:"b"`
	X1 float64 `json:"x1"`
	Y1 float64 `json:"y1"`
	X2 float64 `json:"x2"`
	Y2 float64 `json:"y2"`
}

// ReportHead is what every ruleset's API report of a step begins with: its number and line.
type ReportHead struct {
	Step   int    `json:"step"`
	Action string `json:"action"` // the line as the role may read it ("" when hidden)
}

// ReportEnd is what every ruleset's API report of a step ends with: the rules it cited, and
// why it was refused if it was.
type ReportEnd struct {
	Rules []string     `json:"rules"`
	Error *RefusalView `json:"error,omitempty"`
}

// RefusalView is a refusal in a step's report as the API gives it.
type RefusalView struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// Cite adds rule to the rules a report cites, unless it is empty or cited already (and so
// any name to a list of names in order of first appearance, such as a game's sides).
func Cite(cited []string, rule string) []string {
	if rule == "" || slices.Contains(cited, rule) {
		return cited
	}
	return append(cited, rule)
}

// RefusedText is how `umpire play` prints a refused step under its line: the rule and why
// ("REFUSED [14.3.3]: GE1 has no Retreat to make"), or the error that stopped it.
func RefusedText(err error) string {
	if r, ok := err.(*Refusal); ok {
		return fmt.Sprintf("\n    REFUSED [%s]: %s", r.Rule, r.Msg)
	}
	return fmt.Sprintf("\n    REFUSED: %v", err)
}

// RefusedJSON is a refused step's error text and cited rules as `umpire play --json` gives them
// for the rulesets whose error is a string.
func RefusedJSON(err error) (string, []string) {
	if r, ok := err.(*Refusal); ok {
		return err.Error(), []string{r.Rule}
	}
	return err.Error(), []string{}
}

// StepLine is how a step's text begins in `umpire play` (LHY, Lightning War): its number and
// line, and under it, if it was refused, why; done: there is nothing more to print.
func StepLine(n int, action string, err error) (text string, done bool) {
	text = fmt.Sprintf("%2d. %s", n, action)
	if err != nil {
		return text + RefusedText(err), true
	}
	return text, false
}

// EventLine is one thing a step did, under its line, with the rule behind it if any.
func EventLine(text, rule string) string {
	if rule != "" {
		return "\n    " + text + "  [" + rule + "]"
	}
	return "\n    " + text
}
