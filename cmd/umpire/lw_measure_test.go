package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestLWMeasure runs the ruler (umpire lw measure) on the repository's scenarios: the length
// in inches and metres, the legs with their factors, the streams, a detachment's time (after
// the file's first N moves with --after), JSON, and the usage errors.
func TestLWMeasure(t *testing.T) {
	const woods = "../../testdata/lightningwar/ruler-open-and-woods.yaml"
	const run = "../../testdata/lightningwar/ruler-running-infantry.yaml"
	for _, c := range []struct {
		args []string
		code int
		out  []string // in stdout
		err  string   // in stderr
	}{
		{[]string{"lw", "measure", woods, "5,10", "15,10"}, 0, []string{`from 5,10 to 15,10: 10" (500 m)`,
			`8,10 to 12,10: 4" (200 m) of Woods + Gentle Slope, factor (3 [Woods] + 1 [Gentle Slope]) = 4`}, ""},
		{[]string{"lw", "measure", woods, "5,10", "15,10", "--det", "S"}, 0, []string{"S: 11 turns, about 11 min [S1 walking 4 MPH = 2\"]"}, ""},
		// on the set-up: run 4, walk 2, run 4 = 3 turns; after turn 1 (it ran): 3.5 turns
		{[]string{"lw", "measure", run, "0,45", "10,45", "--det", "R"}, 0, []string{"R at a run: 3 turns, about 3 min"}, ""},
		{[]string{"lw", "measure", run, "0,45", "10,45", "--det", "R", "--after", "1"}, 0, []string{"R at a run: 3.5 turns, about 3 min 30 s"}, ""},
		{[]string{"lw", "measure", "../../server/demo-lw.yaml", "20,16", "28,16"}, 0, []string{"through Mill bridge (a choke point)", "crosses Mill Brook at 24,16 (on a road: no miring check)"}, ""},
		{[]string{"lw", "measure", run, "0,45", "10,45", "--after", "2"}, 2, nil, "has 1 moves"},
		// In players' words: which point, and the table's size; an unknown --det lists the
		// detachments there are (issue 32).
		{[]string{"lw", "measure", run, "0,45", "100,45"}, 1, nil, `umpire lw measure: the line's end, 100,45, is off the table: the table is 72" wide and 48" deep, its points from 0,0 (the lower-left corner) to 72,48` + "\n"},
		{[]string{"lw", "measure", "../../server/demo-lw.yaml", "300,16", "30,16"}, 1, nil, `umpire lw measure: the line's start, 300,16, is off the table: the table is 48" wide and 32" deep, its points from 0,0 (the lower-left corner) to 48,32` + "\n"},
		{[]string{"lw", "measure", "../../server/demo-lw.yaml", "3,16", "30,16", "--det", "Ghost"}, 1, nil, `umpire lw measure: there is no detachment "Ghost": the referee knows of PzZug, Schutz, Aufkl, Tanks and Rifles` + "\n"},
		{[]string{"lw", "measure", run, "0,45"}, 2, nil, "usage: umpire lw measure FILE X1,Y1 X2,Y2"},
		{[]string{"lw", "measure", run, "0,45", "x"}, 2, nil, "is not a point"},
		{[]string{"lw", "measure", run, "0,45", "1,1", "--after", "-1"}, 2, nil, "--after takes a number"},
		{[]string{"lw", "measure", "../../testdata/lhy/14.3-manual-example.yaml", "0,0", "1,1"}, 1, nil, "the ruler measures a Lightning War table"},
		{[]string{"lw", "ruler"}, 2, nil, `unknown tool "ruler"`},
		{[]string{"lw"}, 2, nil, "name the tool: measure"},
		{[]string{"lw", "--help"}, 0, []string{"umpire lw measure FILE X1,Y1 X2,Y2 [--det D] [--after N] [--json]"}, ""},
	} {
		code, out, errs := runCmd(c.args...)
		if code != c.code || !strings.Contains(errs, c.err) {
			t.Errorf("umpire %s: exit %d, want %d; stderr %q, want it to hold %q", strings.Join(c.args, " "), code, c.code, errs, c.err)
		}
		for _, w := range c.out {
			if !strings.Contains(out, w) {
				t.Errorf("umpire %s: stdout lacks %q:\n%s", strings.Join(c.args, " "), w, out)
			}
		}
	}
	code, out, errs := runCmd("lw", "measure", woods, "5,10", "15,10", "--det", "A", "--json")
	var m struct {
		Inches, Metres float64
		Legs           []struct {
			Ground         string
			Factor, Cost   float64
			Modifier       float64
			Inches, Metres float64
		}
		Det struct {
			Known   bool
			Turns   float64
			Seconds int
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &m) != nil {
		t.Fatalf("--json: exit %d, %q %s", code, out, errs)
	}
	if m.Inches != 10 || m.Metres != 500 || len(m.Legs) != 3 || m.Legs[1].Ground != "Woods" || m.Legs[1].Factor != 3 || m.Legs[1].Modifier != 1 ||
		m.Legs[1].Cost != 4 || m.Legs[1].Metres != 200 || !m.Det.Known || m.Det.Turns != 3.667 || m.Det.Seconds != 220 {
		t.Errorf("--json: %+v", m)
	}
}
