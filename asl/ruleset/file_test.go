package ruleset

import (
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// The same seed and moves give the same game, always.
func TestPlayIsRepeatable(t *testing.T) {
	base := `name: repeat
seed: 7
map:
  boards: ["2"]
  terrain: {2M4: woods, 2M5: woods}
units:
  - id: T
    side: German
    vehicle: {mp: 40, class: tank}
    at: 2M3
    vca: M4-N3
moves:
  - T enter M4
  - T enter M5
`
	var first []aslfile.StepOut
	for i := 0; i < 3; i++ {
		sc, err := Ruleset{}.Load("r.yaml", []byte(base), rules.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		_, out := rules.Play(sc, nil, nil)
		var steps []aslfile.StepOut
		for _, r := range out.Steps {
			steps = append(steps, stepOf(r))
		}
		if i == 0 {
			first = steps
			continue
		}
		for j := range steps {
			if steps[j].Breakdown != first[j].Breakdown || len(steps[j].Dice) != len(first[j].Dice) {
				t.Fatalf("run %d step %d differs", i, j+1)
			}
			for k := range steps[j].Dice {
				if steps[j].Dice[k].Roll != first[j].Dice[k].Roll {
					t.Fatalf("run %d step %d roll %d differs", i, j+1, k)
				}
			}
		}
	}
}

func TestLoadErrorsNameFileLineAndField(t *testing.T) {
	good := `name: x
map:
  boards: ["2"]
units:
  - id: T
    side: German
    vehicle: {mp: 12, class: tank}
    at: 2M3
    vca: L2-M2
moves:
  - T enter M2
`
	cases := []struct {
		name, from, to string
		line           int
		want           string
	}{
		{"bad hex", "at: 2M3", "at: 2M33", 8, "units.T.at"},
		{"bad board", "at: 2M3", "at: 5M3", 8, "board 5 is not on this map"},
		{"bad vca", "vca: L2-M2", "vca: L2-N2", 9, "units.T.vca"},
		{"bad class", "class: tank", "class: hovercraft", 7, "known: tank"},
		{"bad mp", "mp: 12", "mp: lots", 7, "units.T.vehicle.mp"},
		{"bad verb", "T enter M2", "T jump M2", 11, "unknown verb"},
		{"unknown unit", "T enter M2", "Q enter M2", 11, "no unit \"Q\""},
		{"bad terrain", "boards: [\"2\"]", "boards: [\"2\"]\n  terrain: {2M4: lava}", 4, "unknown terrain"},
		{"not yaml", "units:", "units: [", 4, "not valid YAML"},
		{"ruleset", "name: x", "name: x\nruleset: chess", 2, "unknown ruleset"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(good, c.from, c.to, 1)
			_, err := aslfile.Load("f.yaml", []byte(src))
			if err == nil {
				t.Fatalf("no error for\n%s", src)
			}
			e, ok := err.(*scenario.Error)
			if !ok {
				t.Fatalf("error %T %v is not a *scenario.Error", err, err)
			}
			if e.File != "f.yaml" || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %q, want it to mention %q", err, c.want)
			}
			if c.line > 0 && e.Line != c.line {
				t.Errorf("line %d, want %d (%v)", e.Line, c.line, err)
			}
		})
	}
	if _, err := aslfile.Load("f.yaml", []byte(good)); err != nil {
		t.Fatalf("the good scenario fails: %v", err)
	}
}

func TestUnknownFieldsWarn(t *testing.T) {
	src := `name: x
map:
  boards: ["2"]
  rivers: [2A1-2A2]
units:
  - {id: T, side: German, vehicle: {mp: 12, speed: 3}, at: 2M3, vca: L2-M2}
`
	s, err := aslfile.Load("w.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 2 || !strings.Contains(s.Warnings[0], "w.yaml:4: map.rivers") || !strings.Contains(s.Warnings[1], "speed") {
		t.Errorf("warnings: %q", s.Warnings)
	}
}
