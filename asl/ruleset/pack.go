package ruleset

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/rules"
)

// packed is a report as PackReport keeps it: the step's whole account (its StepOut, which
// holds the rules and any refusal the report repeats) with the line as written and the file
// line, which the report carries beside it.
type packed struct {
	Action string          `json:"a"`
	Line   int             `json:"l,omitempty"`
	Step   aslfile.StepOut `json:"s"`
}

// PackReport appends r to buf as JSON (rules.Packer): every report of this ruleset is a
// StepOut, which round-trips through its JSON exactly.
func (g *Game) PackReport(buf []byte, r *rules.Report) ([]byte, error) {
	d, ok := r.Detail.(*Step)
	if !ok {
		return buf, fmt.Errorf("asl: packing step %d: a report of another ruleset", r.Step)
	}
	bb := bytes.NewBuffer(buf) // written in place after buf's bytes, not copied there
	enc := json.NewEncoder(bb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&packed{Action: r.Action, Line: r.Line, Step: aslfile.StepOut(*d)}); err != nil {
		return buf, fmt.Errorf("asl: packing step %d: %w", r.Step, err)
	}
	return bb.Bytes(), nil // with Encode's newline, which Unmarshal reads past
}

// UnpackReport reads back a report that PackReport wrote.
func (g *Game) UnpackReport(b []byte) (*rules.Report, error) {
	var p packed
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("asl: unpacking a report: %w", err)
	}
	r := reportOf(p.Action, &p.Step)
	r.Line = p.Line
	return r, nil
}
