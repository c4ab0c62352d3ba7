package ruleset

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

// Every step of every ASL scenario in testdata, packed and unpacked, is shown exactly as
// before: its API view, its text and its `umpire play --json` object. The steps cover
// refusals, dice, Impulses with members, Columns in MF and the planner's checks.
func TestPackRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/[de]*/*.yaml")
	if len(files) < 100 {
		t.Fatalf("found %d ASL scenarios in testdata; expected the D2, D8, D14 and E11 ones", len(files))
	}
	steps, loaded := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := Ruleset{}.Load(f, data, rules.Limits{})
		if err != nil {
			// No ASL scenario in testdata is meant to fail to load: one that does is a
			// file this test did not check, so it fails the test rather than pass unseen.
			t.Errorf("%s: does not load: %v", f, err)
			continue
		}
		loaded++
		g, out := rules.Play(sc, nil, nil)
		pk := g.(rules.Packer)
		var buf []byte
		for i, r := range out.Steps {
			r.Line = 3 + i // as a step read from a file carries its line
			start := len(buf)
			if buf, err = pk.PackReport(buf, r); err != nil {
				t.Fatalf("%s step %d: %v", f, r.Step, err)
			}
			back, err := pk.UnpackReport(buf[start:])
			if err != nil {
				t.Fatalf("%s step %d: %v", f, r.Step, err)
			}
			rolls := []dice.Roll{{Kind: dice.DR, D1: 3, D2: 4, Total: 7}}
			for _, show := range []struct {
				what string
				of   func(*rules.Report) any
			}{
				{"view", func(r *rules.Report) any { return g.StepView(r, rolls, "German") }},
				{"text", func(r *rules.Report) any { return r.Detail.Text(r) }},
				{"json", func(r *rules.Report) any { return r.Detail.JSON(r) }},
				{"head", func(r *rules.Report) any { return []any{r.Step, r.Line, r.Action, r.Rules, r.Refusal} }},
			} {
				a, _ := json.Marshal(show.of(r))
				b, _ := json.Marshal(show.of(back))
				if !bytes.Equal(a, b) {
					t.Errorf("%s step %d %s:\n was %s\n now %s", f, r.Step, show.what, a, b)
				}
			}
			steps++
		}
	}
	if loaded != len(files) {
		t.Errorf("%d of %d files loaded and round-tripped; every one must", loaded, len(files))
	}
	if steps < len(files) {
		t.Errorf("only %d steps in %d files: the scenarios' steps were not played", steps, len(files))
	}
	t.Logf("%d steps of %d files", steps, len(files))
}
