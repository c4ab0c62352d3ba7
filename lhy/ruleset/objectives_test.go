package ruleset

import (
	"os"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
)

// TestObjectivesFile: the LHY objectives scenario passes its expectations (worked by hand in
// its comments) and fails them with the GE's points written one more; a mistaken objective is
// an error at its line.
func TestObjectivesFile(t *testing.T) {
	data, err := os.ReadFile("../../testdata/lhy/objectives-clear-hold-eliminate.yaml")
	if err != nil {
		t.Fatal(err)
	}
	check := func(text string) []rules.Failure {
		t.Helper()
		_, sc, err := rules.Load("o.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		g, out := rules.Play(sc, nil, nil)
		return sc.Check(g, out.Steps)
	}
	if fails := check(string(data)); len(fails) > 0 {
		t.Errorf("%+v", fails)
	}
	if fails := check(strings.Replace(string(data), "{GE: 3, US: 3}", "{GE: 4, US: 3}", 1)); len(fails) != 1 || !strings.Contains(fails[0].Msg, "GE expected 4 points, got 3") {
		t.Errorf("GE's 4: %+v", fails)
	}
	for _, c := range []struct{ from, to, want string }{
		{"{side: GE, clear: [C5, D5]}", "{side: GE, clear: [C5, ZZ99]}", "objectives[2].clear"},
		{"{side: GE, eliminate: [U1], points: 2}", "{side: GE, eliminate: [G1], points: 2}", `"G1" is no enemy unit of GE`},
		{"{side: US, hold: [C5], points: 3}", "{side: RU, hold: [C5], points: 3}", `"RU" has no units`},
		{"{side: US, hold: [C5], points: 3}", "{side: US, hold: [C5], clear: [C5]}", "an objective asks one thing"},
	} {
		_, _, err := rules.Load("o.yaml", []byte(strings.Replace(string(data), c.from, c.to, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.to, err, c.want)
		}
	}
}
