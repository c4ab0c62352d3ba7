package asl_test

import (
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/dice"
)

// TestStartCountedOnce: the Starting MP is one MP whether the vehicle pays it with a `start`
// step or with its first VCA change or move (D2.12), so what follows may not depend on which.
// Found by FuzzStep (StartStop > Spent). A vehicle that has spent MP on a VCA change may not
// then enter woods for ALL its MP (D2.7).
func TestStartCountedOnce(t *testing.T) {
	for _, steps := range [][]string{
		{"T1 start", "T1 vca N3-N4"},
		{"T1 vca N3-N4"},            // the Start paid by the VCA change
		{"T1 start", "T1 enter M5"}, //
		{"T1 enter M5"},             // the Start paid by the move
	} {
		g := fuzzGame(t)
		src := &dice.Script{Values: []int{2, 2, 2, 2}}
		var r asl.Result
		for _, s := range steps {
			a, err := g.ParseStep(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Step(a, src, &r); err != nil {
				t.Fatalf("%v: %q: %v", steps, s, err)
			}
		}
		u := &g.Units[0]
		if u.StartStop != asl.Whole(1) {
			t.Errorf("%v: StartStop is %s MP of %s MP spent; only the Start was a Start/Stop MP (1 MP)", steps, u.StartStop, u.Spent)
		}
		if steps[len(steps)-1] != "T1 vca N3-N4" {
			continue
		}
		a, _ := g.ParseStep("T1 enter N4 all")
		err := g.Step(a, src, &r)
		var ref *asl.Refusal
		if !errors.As(err, &ref) || ref.Rule != "D2.7" {
			t.Errorf("%v then entering woods for ALL MP: got %v (%s), want a D2.7 refusal: it has spent 1 MP on its VCA change", steps, err, r.Cost.String())
		}
	}
}

// TestCloneLeavesMapAlone: a clone shares its original's map, so the steps that change the map
// (a vehicle destroyed leaves a wreck, D2.14; a Column reveals hidden wire, E11.534) must give
// the clone a map of its own. Found by weighing every file step's odds on a clone.
func TestCloneLeavesMapAlone(t *testing.T) {
	for _, tc := range []struct{ file, line string }{
		{"../testdata/d14/14.22-gap-destroyed-reform.yaml", "attack B destroyed"},
		{"../testdata/e11.5/11.534-hidden-wire.yaml", "K1: S1 enter O5, S2 enter N5"},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		s, err := aslfile.Load(tc.file, data)
		if err != nil {
			t.Fatal(err)
		}
		g := s.Game
		before := g.Map.Clone()
		c := g.Clone()
		l, err := c.ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		var r asl.LineResult
		if err := c.Play(&l, dice.Lowest{}, &r); err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		if reflect.DeepEqual(c.Map, before) {
			t.Errorf("%s: the step did not change the clone's map", tc.line)
		}
		if !reflect.DeepEqual(g.Map, before) {
			t.Errorf("%s on a clone changed the original's map", tc.line)
		}
	}
}
