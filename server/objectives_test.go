package server

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
)

// TestStateObjectives: a game whose scenario has objectives gives them in every role's state,
// each as it stands after the steps submitted (T1 exits east: 5 points); a game without
// objectives gives no objectives key.
func TestStateObjectives(t *testing.T) {
	data, err := os.ReadFile("../testdata/objectives/exit-edge-points.yaml")
	if err != nil {
		t.Fatal(err)
	}
	noMoves := []byte(strings.Split(string(data), "moves:")[0])
	c := serveTest(t, sqliteServer(t, Config{}))
	cr := c.create(noMoves)
	var st struct {
		Objectives []rules.Objective `json:"objectives"`
	}
	read := func(role string) {
		t.Helper()
		st.Objectives = nil
		if code := c.do("GET", "/api/games/"+cr.ID, cr.Tokens[role], nil, &st); code != http.StatusOK || len(st.Objectives) != 2 {
			t.Fatalf("%s's state: %d, objectives %+v", role, code, st.Objectives)
		}
	}
	read("Russian")
	if o := st.Objectives[0]; o.Side != "German" || o.Points != 0 || o.Max != 7 || !strings.HasPrefix(o.Text, "exit its units off the east edge") {
		t.Errorf("before any step the exit objective is %+v", o)
	}
	for i, line := range []string{"T1 start", "T1 enter 2GG5", "T1 exit"} {
		c.mustStep(cr, "German", i+1, line)
	}
	for _, role := range []string{Referee, "German", "Russian", Spectator} {
		read(role)
		if o := st.Objectives[0]; o.Points != 5 || o.Detail != "T1 exited from 2GG5 (5); not T2" {
			t.Errorf("%s: after T1's exit the exit objective is %+v", role, o)
		}
	}
	plain := c.create(demoScenario)
	var raw map[string]any
	if code := c.do("GET", "/api/games/"+plain.ID, plain.Tokens[Referee], nil, &raw); code != http.StatusOK {
		t.Fatal(code)
	}
	if _, ok := raw["objectives"]; ok {
		t.Error("a game without objectives has an objectives key")
	}
}
