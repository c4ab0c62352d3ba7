package server

import (
	"net/http"
	"testing"
)

// notPhasingAnswer is an answer about a unit's moves (its steps, reach or path) read for what
// it says of the phasing side.
type notPhasingAnswer struct {
	Unit       string `json:"unit"`
	NotPhasing *struct {
		Side    string `json:"side"`
		Phasing string `json:"phasing"`
		Phase   string `json:"phase"`
		Text    string `json:"text"`
		Hint    string `json:"hint"`
	} `json:"not_phasing"`
}

// TestUnitAnswersSayWhoseMPhItIs: in the demo (German's MPh) the steps, reach and path of a
// Russian unit carry not_phasing, saying it is the German MPh and how to begin Russian's;
// the German tank's carry none. After the step `mph Russian` the sides change places.
func TestUnitAnswersSayWhoseMPhItIs(t *testing.T) {
	c := serveTest(t, New(Config{Store: openStore(t)}))
	cr := c.create(demoScenario)
	ask := func(unit string) map[string]notPhasingAnswer {
		t.Helper()
		out := map[string]notPhasingAnswer{}
		for _, what := range []string{"steps", "reach", "path?to=2S2"} {
			var a notPhasingAnswer
			if code := c.do("GET", "/api/games/"+cr.ID+"/units/"+unit+"/"+what, cr.Tokens[Spectator], nil, &a); code != http.StatusOK {
				t.Fatalf("%s of %s: %d", what, unit, code)
			}
			out[what] = a
		}
		return out
	}
	check := func(unit, side, phasing string) {
		t.Helper()
		for what, a := range ask(unit) {
			np := a.NotPhasing
			switch {
			case side == "" && np != nil:
				t.Errorf("%s of %s, a phasing unit: not_phasing %+v", what, unit, *np)
			case side == "":
			case np == nil:
				t.Errorf("%s of %s, of the side not phasing: no not_phasing", what, unit)
			case np.Side != side || np.Phasing != phasing || np.Phase != "MPh" ||
				np.Text != unit+" belongs to "+side+" and it is the "+phasing+" MPh: only the phasing side moves (D2.1)" ||
				np.Hint != "to move "+side+", begin its MPh: play the step `mph "+side+"`, or start the game from a scenario file with `phasing: "+side+"`":
				t.Errorf("%s of %s: not_phasing %+v", what, unit, *np)
			}
		}
	}
	check("T26A", "Russian", "German")
	check("Tr1", "Russian", "German")
	check("PzIV", "", "")
	c.mustStep(cr, Referee, 1, "mph Russian")
	check("PzIV", "German", "Russian")
	check("T26A", "", "")
}
