package scenario

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// scenarioFiles are every scenario under the repository's testdata (rulebook examples and
// per-rule scenarios) and the built-in demo.
func scenarioFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	filepath.WalkDir("../testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") {
			files = append(files, p)
		}
		return nil
	})
	files = append(files, "../cmd/umpire/demo/demo.yaml")
	if len(files) < 10 {
		t.Fatalf("found only %d scenario files", len(files))
	}
	return files
}

// Every scenario file passes `umpire check`: each rulebook example with its own numbers.
func TestScenarioFiles(t *testing.T) {
	for _, f := range scenarioFiles(t) {
		t.Run(strings.TrimPrefix(f, "../"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if Ruleset(data) == "lightningwar" {
				s, err := LoadLightningWar(f, data)
				if err != nil {
					t.Fatal(err)
				}
				if len(s.Expect) == 0 {
					t.Fatal("a scenario under testdata must say what it expects")
				}
				for _, w := range s.Warnings {
					t.Errorf("warning: %s", w)
				}
				s.HasSeed = true
				g, out := s.Play(nil)
				for _, fl := range s.Check(g, out) {
					t.Errorf("%s:%d: %s", f, fl.Line, fl.Msg)
				}
				return
			}
			if Ruleset(data) == "lhy" {
				s, err := LoadLHY(f, data)
				if err != nil {
					t.Fatal(err)
				}
				if len(s.Expect) == 0 {
					t.Fatal("a scenario under testdata must say what it expects")
				}
				for _, w := range s.Warnings {
					t.Errorf("warning: %s", w)
				}
				g, out := s.Play(s.OddsWanted(), nil)
				for _, fl := range s.Check(g, out) {
					t.Errorf("%s:%d: %s", f, fl.Line, fl.Msg)
				}
				return
			}
			s, err := Load(f, data)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Expect) == 0 {
				t.Fatal("a scenario under testdata must say what it expects")
			}
			for _, w := range s.Warnings {
				t.Errorf("warning: %s", w)
			}
			out := s.Play(nil)
			for _, fl := range s.Check(out) {
				t.Errorf("%s:%d: %s", f, fl.Line, fl.Msg)
			}
		})
	}
}

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
	var first []StepOut
	for i := 0; i < 3; i++ {
		s, err := Load("r.yaml", []byte(base))
		if err != nil {
			t.Fatal(err)
		}
		out := s.Play(nil)
		if i == 0 {
			first = out.Steps
			continue
		}
		for j := range out.Steps {
			if out.Steps[j].Breakdown != first[j].Breakdown || len(out.Steps[j].Dice) != len(first[j].Dice) {
				t.Fatalf("run %d step %d differs", i, j+1)
			}
			for k := range out.Steps[j].Dice {
				if out.Steps[j].Dice[k].Roll != first[j].Dice[k].Roll {
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
			_, err := Load("f.yaml", []byte(src))
			if err == nil {
				t.Fatalf("no error for\n%s", src)
			}
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error %T %v is not a *Error", err, err)
			}
			if e.File != "f.yaml" || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %q, want it to mention %q", err, c.want)
			}
			if c.line > 0 && e.Line != c.line {
				t.Errorf("line %d, want %d (%v)", e.Line, c.line, err)
			}
		})
	}
	if _, err := Load("f.yaml", []byte(good)); err != nil {
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
	s, err := Load("w.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 2 || !strings.Contains(s.Warnings[0], "w.yaml:4: map.rivers") || !strings.Contains(s.Warnings[1], "speed") {
		t.Errorf("warnings: %q", s.Warnings)
	}
}
