package ruleset

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// TestAnswersSayWhoseMPhItIs: the API's answers about a unit's moves (its steps, reach and
// path) carry not_phasing for a unit of the side not phasing, with the phasing side, the
// phase, why it does not move and how to give its side the MPh; a phasing unit's answers have
// no such field, and are as they were. After the step `mph Russian` the sides change places.
func TestAnswersSayWhoseMPhItIs(t *testing.T) {
	g, _ := reachGames(nil)["demo"]()
	mph, err := g.Parse("mph Russian")
	if err != nil {
		t.Fatal(err)
	}
	russian := g.Clone().(*Game)
	if _, err := russian.Do(mph, 1, dice.Lowest{}); err != nil {
		t.Fatal(err)
	}
	german := &NotPhasing{Side: "Russian", Phasing: "German", Phase: "MPh",
		Text: "T26A belongs to Russian and it is the German MPh: only the phasing side moves (D2.1)",
		Hint: "to move Russian, begin its MPh: play the step `mph Russian`, or start the game from a scenario file with `phasing: Russian`"}
	cases := []struct {
		name string
		g    *Game
		unit string
		want *NotPhasing // nil: a phasing unit
	}{
		{"the side not phasing", g, "T26A", german},
		{"the phasing side", g, "PzIV", nil},
		{"after mph Russian, the Germans", russian, "PzIV", &NotPhasing{Side: "German", Phasing: "Russian", Phase: "MPh",
			Text: "PzIV belongs to German and it is the Russian MPh: only the phasing side moves (D2.1)",
			Hint: "to move German, begin its MPh: play the step `mph German`, or start the game from a scenario file with `phasing: German`"}},
		{"after mph Russian, a Russian", russian, "T26A", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			steps, err := c.g.UnitSteps(c.unit, 0)
			if err != nil {
				t.Fatal(err)
			}
			reach, err := c.g.Reach(c.unit, 0)
			if err != nil {
				t.Fatal(err)
			}
			path, err := c.g.Path(c.unit, "2K4", "", 0)
			if err != nil {
				t.Fatal(err)
			}
			heads := map[string]UnitHead{"steps": steps.(UnitStepsView).UnitHead, "reach": reach.(ReachView).UnitHead, "path": path.(PathView).UnitHead}
			for what, head := range heads {
				if !reflect.DeepEqual(head.NotPhasing, c.want) {
					t.Errorf("%s: not_phasing %+v, want %+v", what, head.NotPhasing, c.want)
				}
			}
			for what, v := range map[string]any{"steps": steps, "reach": reach, "path": path} {
				js, _ := json.Marshal(v)
				if has := strings.Contains(string(js), `"not_phasing":`); has != (c.want != nil) {
					t.Errorf("%s's JSON has not_phasing: %v, want %v: %s", what, has, c.want != nil, js)
				}
			}
			if c.want != nil {
				if n := len(steps.(UnitStepsView).Steps); n != 0 {
					t.Errorf("a unit of the side not phasing has %d steps", n)
				}
				if path.(PathView).Reachable {
					t.Error("a unit of the side not phasing reaches 2K4")
				}
			}
		})
	}
}
