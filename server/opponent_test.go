package server

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/store"
)

// opponentScenario is testdata/objectives/exit-edge-points.yaml without its moves, with umpire
// playing the German.
func opponentScenario(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("../testdata/objectives/exit-edge-points.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text, _, _ := strings.Cut(string(data), "moves:")
	return []byte(text + "opponent: {side: German, boldness: 0.8}\n")
}

// logEntries is a game's log as role reads it.
type logEntries struct {
	N       int `json:"n"`
	Entries []struct {
		N      int    `json:"n"`
		Line   string `json:"line"`
		Reason string `json:"reason"`
	} `json:"entries"`
}

// waitPhasing waits until the game's phasing side is side (the opponent's driver is done).
func waitPhasing(t *testing.T, c *client, cr Created, side string) stateView {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var st struct {
			stateView
			Phasing string `json:"phasing"`
		}
		if code := c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Referee], nil, &st); code == http.StatusOK && st.Phasing == side {
			return st.stateView
		}
		if time.Now().After(deadline) {
			t.Fatalf("the phasing side is %q after 20 s, want %s", st.Phasing, side)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestServerOpponent: a game whose scenario names umpire as the German's opponent is played by
// umpire as soon as it is the German's turn: created in the German MPh, umpire moves both tanks
// (T1 leaves the map east) and begins the Russian's MPh, through the same steps a player
// submits. Each of its steps carries its reason for the German's and the referee's links only.
// The Russian may not move a German unit (403) but may give umpire its turn (`mph German`),
// and umpire plays again; a server opened afterwards on the same store shows the reasons.
func TestServerOpponent(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(context.Background(), dir+"/games.db")
	if err != nil {
		t.Fatal(err)
	}
	srv := New(Config{Store: st, Logf: t.Logf})
	c := serveTest(t, srv)
	cr := c.create(opponentScenario(t))
	waitPhasing(t, c, cr, "Russian")
	var lg logEntries
	read := func(role string) {
		t.Helper()
		lg = logEntries{}
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[role], nil, &lg); code != http.StatusOK {
			t.Fatalf("%s's log: %d", role, code)
		}
	}
	read("German")
	if lg.N < 3 || lg.Entries[len(lg.Entries)-1].Line != "mph Russian" {
		t.Fatalf("umpire's first MPh: %+v", lg)
	}
	exited := false
	for _, e := range lg.Entries {
		if e.Reason == "" {
			t.Errorf("the German reads step %d (%s) without its reason", e.N, e.Line)
		}
		exited = exited || e.Line == "T1 exit"
	}
	if !exited {
		t.Errorf("umpire did not take T1 off the map: %+v", lg.Entries)
	}
	for _, role := range []string{"Russian", Spectator} {
		read(role)
		for _, e := range lg.Entries {
			if e.Reason != "" {
				t.Errorf("the %s reads umpire's reason for step %d: %q", role, e.N, e.Reason)
			}
		}
	}
	n := lg.N
	if code, a := c.submit(cr, "Russian", n+1, "T2 end"); code != http.StatusForbidden {
		t.Errorf("the Russian moving a German unit: %d %+v, want 403", code, a)
	}
	c.mustStep(cr, "Russian", n+1, "R1 vca 2K4-2L4")
	c.mustStep(cr, "Russian", n+2, "mph German")
	waitPhasing(t, c, cr, "Russian")
	read(Referee)
	if lg.N <= n+3 || lg.Entries[n+2].Reason == "" {
		t.Fatalf("after the Russian gave umpire its turn: %+v", lg.Entries[n:])
	}
	if lg.Entries[n].Reason != "" || lg.Entries[n+1].Reason != "" {
		t.Errorf("the Russian's own steps carry reasons: %+v", lg.Entries[n:n+2])
	}
	srv.Close()
	// Another server on the same store: the reasons were saved with the steps.
	c2 := serveTest(t, New(Config{Store: st, Logf: t.Logf}))
	lg2 := logEntries{}
	if code := c2.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens["German"], nil, &lg2); code != http.StatusOK || len(lg2.Entries) == 0 || lg2.Entries[0].Reason != lg.Entries[0].Reason {
		t.Errorf("the reloaded log: %d %+v", code, lg2.Entries[:min(2, len(lg2.Entries))])
	}
}

// TestServerOpponentRefused: a scenario naming a side the scenario does not have, or a boldness
// out of 0..1, is refused 400, and no game is made (a ruleset umpire cannot play a side of is
// refused by rules.CannotPlay, which cmd/umpire's TestSettleCannotPlay covers with a stand-in).
func TestServerOpponentRefused(t *testing.T) {
	c := serveTest(t, sqliteServer(t, Config{}))
	lhy, err := os.ReadFile("../server/demo-lhy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		doc  []byte
		want string
	}{
		{append(append([]byte(nil), lhy...), "\nopponent: {side: Finn}\n"...), `"Finn" is not a side of this scenario`},
		{[]byte(strings.Replace(string(opponentScenario(t)), "side: German, boldness", "side: Finn, boldness", 1)), `"Finn" is not a side of this scenario (German, Russian)`},
		{[]byte(strings.Replace(string(opponentScenario(t)), "boldness: 0.8", "boldness: 3", 1)), "expected a number from 0 (cautious) to 1 (bold)"},
	} {
		var out struct {
			Error string `json:"error"`
		}
		if code := c.do("POST", "/api/games", "", bad.doc, &out); code != http.StatusBadRequest || !strings.Contains(out.Error, bad.want) {
			t.Errorf("%d %q, want 400 saying %q", code, out.Error, bad.want)
		}
	}
}

// TestServerOpponentLightningWar: in a Lightning War game umpire writes its side's orders as
// soon as the game is made; the German reads its order and reason, the Russian neither (the
// step is hidden from it).
func TestServerOpponentLightningWar(t *testing.T) {
	data, err := os.ReadFile("../testdata/lightningwar/objectives-reach-hold-edge.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "orders:\n  - {to: A, path: [[30, 10]], text: \"through the wood\"}\n", "", 1)
	text, _, _ = strings.Cut(text, "moves:")
	c := serveTest(t, sqliteServer(t, Config{}))
	cr := c.create([]byte(text + "opponent: German\n"))
	deadline := time.Now().Add(15 * time.Second)
	var lg logEntries
	for {
		lg = logEntries{}
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens["German"], nil, &lg); code == http.StatusOK && lg.N > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("umpire wrote no order")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if e := lg.Entries[0]; e.Line != "order A path 16,10 : reach 16,10" || !strings.Contains(e.Reason, "A to reach 16,10") {
		t.Errorf("the German reads %+v", e)
	}
	lg = logEntries{}
	if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens["Russian"], nil, &lg); code != http.StatusOK || len(lg.Entries) != 1 {
		t.Fatalf("the Russian's log: %d %+v", code, lg)
	}
	if e := lg.Entries[0]; e.Reason != "" || strings.Contains(e.Line, "16,10") {
		t.Errorf("the Russian reads umpire's order: %+v", e)
	}
}

// opponentOf is the opponent a state answer (GET /api/games/{id}, a replay, a step's answer)
// carries.
type opponentOf struct {
	Opponent *struct {
		Side     string  `json:"side"`
		Boldness float64 `json:"boldness"`
	} `json:"opponent"`
}

// TestServerOpponentInState: the state of a game in which umpire plays a side says which and
// at what boldness, to every role, in the live state, a replay and a step's answer (the page's
// header shows it), beside the head and the ruleset's own fields; a game without an opponent
// has no opponent field.
func TestServerOpponentInState(t *testing.T) {
	lw, err := os.ReadFile("../testdata/lightningwar/objectives-reach-hold-edge.yaml")
	if err != nil {
		t.Fatal(err)
	}
	lwText, _, _ := strings.Cut(string(lw), "moves:")
	c := serveTest(t, sqliteServer(t, Config{}))
	asl := c.create(opponentScenario(t))
	waitPhasing(t, c, asl, "Russian")
	for _, g := range []struct {
		name     string
		cr       Created
		own      string // a field of the ruleset's own view
		side     string
		boldness float64
	}{
		{"ASL, opponent: {side: German, boldness: 0.8}", asl, "units", "German", 0.8},
		{"Lightning War, opponent: German", c.create([]byte(lwText + "opponent: German\n")), "turn", "German", 0.5},
	} {
		for _, role := range []string{"German", "Russian", Referee, Spectator} {
			for _, path := range []string{"", "/replay?n=0"} {
				var raw map[string]json.RawMessage
				if code := c.do("GET", "/api/games/"+g.cr.ID+path, g.cr.Tokens[role], nil, &raw); code != http.StatusOK {
					t.Fatalf("%s: %s's state%s: %d", g.name, role, path, code)
				}
				var st opponentOf
				if err := json.Unmarshal(raw["opponent"], &st.Opponent); err != nil || st.Opponent == nil || st.Opponent.Side != g.side || st.Opponent.Boldness != g.boldness {
					t.Errorf("%s: %s's state%s has opponent %s, want %s at %g", g.name, role, path, raw["opponent"], g.side, g.boldness)
				}
				for _, f := range []string{"id", "ruleset", "role", "sides", "hash", g.own} {
					if raw[f] == nil {
						t.Errorf("%s: %s's state%s lost its field %s", g.name, role, path, f)
					}
				}
			}
		}
	}
	var answer struct {
		State opponentOf `json:"state"`
	}
	body := []byte(`{"n": ` + strconv.Itoa(c.state(asl, Referee).N+1) + `, "line": "R1 vca 2K4-2L4"}`)
	if code := c.do("POST", "/api/games/"+asl.ID+"/steps", asl.Tokens["Russian"], body, &answer); code != http.StatusCreated || answer.State.Opponent == nil || answer.State.Opponent.Side != "German" {
		t.Errorf("the Russian's step: %d, its state's opponent %+v; want 201 and German", code, answer.State.Opponent)
	}
	plain := c.create([]byte(strings.TrimSuffix(string(opponentScenario(t)), "opponent: {side: German, boldness: 0.8}\n")))
	var raw map[string]json.RawMessage
	if code := c.do("GET", "/api/games/"+plain.ID, plain.Tokens[Referee], nil, &raw); code != http.StatusOK || raw["opponent"] != nil || raw["units"] == nil {
		t.Errorf("a game without an opponent: %d, opponent %s; want none", code, raw["opponent"])
	}
}
