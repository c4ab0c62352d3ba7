package rules

import (
	"context"
	"errors"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// Weigh adds up what each path of a toy step rolled: a Bog Check (+4: bogs on DR 8..12), then,
// if it did not bog, a Mechanical Reliability DR (12 immobilizes), made 7/12 of the time.
func TestWeigh(t *testing.T) {
	check := func(src dice.Source, at int) (bool, error) {
		r, err := dice.Check(src, dice.DR, func(total int) int {
			if total >= at {
				return 1
			}
			return 0
		})
		return int(r.Total) >= at, err
	}
	step := func(src dice.Source) ([]RollSeen, error) {
		bogs, err := check(src, 8)
		if err != nil {
			return nil, err
		}
		out := []RollSeen{{Who: "T1", For: "Bog Check", Kind: "DR", DRM: 4, Need: "Final DR >= 12 bogs", Odds: "5/12", Result: map[bool]string{true: "Bogged", false: "not bogged"}[bogs]}}
		if bogs {
			return out, nil
		}
		broke, err := check(src, 12)
		if err != nil {
			return nil, err
		}
		return append(out, RollSeen{Who: "T1", For: "Mechanical Reliability", Kind: "DR", Result: map[bool]string{true: "Immobilized", false: "no breakdown"}[broke]}), nil
	}
	o, err := Weigh(context.Background(), step)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		roll, made, result, exact string
	}{
		{"Bog Check", "1", "Bogged", "5/12"},
		{"Bog Check", "1", "not bogged", "7/12"},
		{"Mechanical Reliability", "7/12", "Immobilized", "1/36"},
		{"Mechanical Reliability", "7/12", "no breakdown", "35/36"},
	} {
		found := false
		for _, r := range o.Rolls {
			for _, x := range r.Results {
				found = found || r.For == tc.roll && r.Exact == tc.made && x.Result == tc.result && x.Exact == tc.exact
			}
		}
		if !found {
			t.Errorf("no %s made %s with %s %s: %+v", tc.roll, tc.made, tc.result, tc.exact, o.Rolls)
		}
	}
	want := map[string]string{"T1 Bog Check: Bogged": "5/12", "T1 Mechanical Reliability: Immobilized": "7/432"}
	for _, f := range o.Facts {
		if w, ok := want[f.Fact]; ok && f.Exact != w {
			t.Errorf("%s: %s, want %s", f.Fact, f.Exact, w)
		}
	}
	if o.Paths != 3 || len(o.Outcomes) != 3 || o.Outcomes[0].Exact != "245/432" {
		t.Errorf("paths %d, outcomes %+v", o.Paths, o.Outcomes)
	}
	// A step that rolls nothing is one certain outcome; a refusal is passed on.
	o, err = Weigh(context.Background(), func(dice.Source) ([]RollSeen, error) { return nil, nil })
	if err != nil || len(o.Rolls) != 0 || len(o.Facts) != 0 || len(o.Outcomes) != 1 || o.Outcomes[0].Exact != "1" || len(o.Outcomes[0].Facts) != 0 {
		t.Errorf("no roll: %+v %v", o, err)
	}
	refused := &Refusal{Rule: "D2.5", Msg: "no"}
	if _, err := Weigh(context.Background(), func(dice.Source) ([]RollSeen, error) { return nil, refused }); !errors.Is(err, refused) {
		t.Errorf("a refusal: %v", err)
	}
}
