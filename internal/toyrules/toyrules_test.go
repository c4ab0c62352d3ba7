package toyrules_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/server"
	"github.com/umpire-referee/umpire/store"

	_ "github.com/umpire-referee/umpire/internal/toyrules"
)

// toyFile moves Red 3 and Blue 2; it expects Red at 3 (true) and Blue at 5 (false, line 11).
const toyFile = `name: toy race
ruleset: toy
length: 8
sides: [Red, Blue]
moves:
  - Red move 3
  - Blue move 2
expect:
  Red: 3
  # Blue moved only 2
  Blue: 5
`

// TestCheck: check, as the library gives it, plays a toy file through the contract and finds
// its one wrong expectation, on its line.
func TestCheck(t *testing.T) {
	rs, sc, err := rules.Load("toy.yaml", []byte(toyFile))
	if err != nil {
		t.Fatal(err)
	}
	if rs.Name() != "toy" || sc.File().Expects != 2 || len(sc.File().Moves) != 2 {
		t.Fatalf("loaded ruleset %q with %d expectations and %d moves", rs.Name(), sc.File().Expects, len(sc.File().Moves))
	}
	fails := rules.Check(sc)
	if len(fails) != 1 || fails[0].Line != 11 || fails[0].Msg != "Blue is at 2, want 5" {
		t.Errorf("failures: %+v, want one on line 11: Blue is at 2, want 5", fails)
	}
	if _, _, err := rules.Load("bad.yaml", []byte("ruleset: toy\nsides: [Red]\nmoves: [Red jump 3]\n")); err == nil || !strings.Contains(err.Error(), "bad.yaml:3: moves:") {
		t.Errorf("a bad move: %v, want it placed on bad.yaml:3", err)
	}
}

func call(t *testing.T, method, url, token string, body []byte, out any) int {
	t.Helper()
	req, _ := http.NewRequest(method, url, bytes.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s %s: %s is not JSON: %v", method, url, b, err)
	}
	return resp.StatusCode
}

type toyState struct {
	Ruleset string   `json:"ruleset"`
	Role    string   `json:"role"`
	N       int      `json:"n"`
	Hash    string   `json:"hash"`
	Owners  []string `json:"owners"`
	Places  []int    `json:"places"`
}

// TestServer: the server, which knows no ruleset by name, creates a toy game, takes Red's
// accepted step, refuses one off the line (T1) without changing anything, and shows the state
// and log to Red and to a spectator.
func TestServer(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	hs := httptest.NewServer(server.New(server.Config{Store: st, Dice: func(string) dice.Source { return dice.NewSeeded(1) }}).Handler())
	defer hs.Close()
	var cr server.Created
	if code := call(t, "POST", hs.URL+"/api/games", "", []byte(toyFile), &cr); code != http.StatusCreated || cr.Ruleset != "toy" || cr.N != 2 {
		t.Fatalf("create: %d %+v", code, cr)
	}
	game := hs.URL + "/api/games/" + cr.ID
	var before toyState
	call(t, "GET", game, cr.Tokens["Red"], nil, &before)

	var refused struct {
		Error string   `json:"error"`
		Rule  string   `json:"rule"`
		State toyState `json:"state"`
	}
	if code := call(t, "POST", game+"/steps", cr.Tokens["Red"], []byte(`{"n": 3, "line": "Red move 6"}`), &refused); code != http.StatusUnprocessableEntity ||
		refused.Rule != "T1" || !strings.Contains(refused.Error, "would leave the line (0..8) at 9") || refused.State.Hash != before.Hash {
		t.Errorf("off the line: %d %+v, before %+v", code, refused, before)
	}
	var forbidden struct{ Error string }
	if code := call(t, "POST", game+"/steps", cr.Tokens["Red"], []byte(`{"n": 3, "line": "Blue move 1"}`), &forbidden); code != http.StatusForbidden {
		t.Errorf("Red moving Blue: %d %+v", code, forbidden)
	}
	var taken struct {
		Text  string   `json:"text"`
		State toyState `json:"state"`
	}
	if code := call(t, "POST", game+"/steps", cr.Tokens["Red"], []byte(`{"n": 3, "line": "Red move 5"}`), &taken); code != http.StatusCreated ||
		taken.Text != " 3. Red move 5: now at 8" || taken.State.N != 3 || taken.State.Places[0] != 8 {
		t.Errorf("Red move 5: %d %+v", code, taken)
	}
	for _, role := range []string{"Red", "spectator"} {
		var s toyState
		if code := call(t, "GET", game, cr.Tokens[role], nil, &s); code != http.StatusOK || s.Role != role || s.N != 3 || len(s.Places) != 2 || s.Places[0] != 8 || s.Places[1] != 2 {
			t.Errorf("%s's state: %d %+v", role, code, s)
		}
		var log struct {
			N       int `json:"n"`
			Entries []struct {
				Line string `json:"line"`
				Text string `json:"text"`
			} `json:"entries"`
		}
		if code := call(t, "GET", game+"/log", cr.Tokens[role], nil, &log); code != http.StatusOK || log.N != 3 || len(log.Entries) != 3 || log.Entries[1].Text != " 2. Blue move 2: now at 2" {
			t.Errorf("%s's log: %d %+v", role, code, log)
		}
	}
}
