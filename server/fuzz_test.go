package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/store"
)

// fuzzServer is a server over a SQLite file in dir, called in-process.
func fuzzServer(f *testing.F) *Server {
	st, err := store.Open(context.Background(), filepath.Join(f.TempDir(), "games.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	return New(Config{Store: st, Dice: func(string) dice.Source { return dice.NewSeeded(3) }})
}

func call(s *Server, method, path, token string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, req)
	return w
}

// FuzzCreate: any body sent to create a game is a game (201) or a 4xx with a JSON error,
// never a panic or a 500. Seeded with the demo and every rulebook example file.
func FuzzCreate(f *testing.F) {
	f.Add(demoScenario)
	files, _ := filepath.Glob("../testdata/examples/*.yaml")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"ruleset": "asl", "map": {"boards": ["2"]}, "units": []}`))
	// Last Hundred Yards.
	f.Add([]byte(lhyDemoScenario))
	f.Add([]byte(lhyScripted))
	lhyFiles, _ := filepath.Glob("../testdata/lhy/*.yaml")
	for _, p := range lhyFiles {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"ruleset": "lhy", "map": {"size": [5, 5], "hexes": {"B2": "urban"}}, "units": [{"id": "A", "nationality": "RU", "kind": "squad", "at": "B2"}], "moves": ["turn"]}`))
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		w := call(s, "POST", "/api/games", "", body)
		var out map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
			t.Fatalf("%d: not JSON: %q", w.Code, w.Body.Bytes())
		}
		switch w.Code {
		case http.StatusCreated:
			if out["id"] == nil || out["tokens"] == nil {
				t.Fatalf("201 without id or tokens: %v", out)
			}
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
			if msg, _ := out["error"].(string); msg == "" {
				t.Fatalf("%d without a message", w.Code)
			}
		default:
			t.Fatalf("%d: %v", w.Code, out)
		}
	})
}

// FuzzSubmit: any body sent as a step is accepted (201) or refused with a 4xx, and a refused
// one leaves the game's state hash and step count as they were. lhy picks the game: the ASL
// demo (german: the German link, else the Russian) or the LHY demo (german: the GE link, else
// the US).
func FuzzSubmit(f *testing.F) {
	for _, line := range []string{"PzIV start", "PzIV enter 2K5", "PzIV enter 2J3", "PzIV vca 2K4-2J3", "PzIV esb 2",
		"P1: T26A enter 2R3, T26B -", "mph Russian", "C1 start", "oba 2K4", "los 2J4 2S3", "attack PzIV shocked", "T26A stop"} {
		for n := 0; n <= 2; n++ {
			b, _ := json.Marshal(map[string]any{"n": n, "line": line})
			f.Add(b, n%2 == 0, false)
		}
	}
	f.Add([]byte(`{"n": 1, "line": "PzIV start", "extra": true}`), true, false)
	f.Add([]byte(`{"n": 1e99, "line": null}`), false, false)
	for _, line := range []string{"assault C4 US1 US2 USL", "assault C4 US1@C5 US2@D4 envelopment", "declare C4 US1", "reinforce C4 US2",
		"resolve C4", "fire E5: at T1 +2 atv 1", "fire C4: sa GE +1, mortar -1 mv 2", "fire E5: at T1 +3 mg enfilade",
		"retreat GE1 C3 C2", "retreat US1 eliminated", "vda US1 T1", "advance US1 C4", "recover GE1", "turn", "assault C4 US1 T1"} {
		for n := 1; n <= 2; n++ {
			b, _ := json.Marshal(map[string]any{"n": n, "line": line})
			f.Add(b, n%2 == 0, true)
		}
	}
	s := fuzzServer(f)
	cr, err := s.Demo(context.Background())
	if err != nil {
		f.Fatal(err)
	}
	lc, err := s.Create(context.Background(), "lhy.yaml", []byte(lhyDemoScenario))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte, german, lhy bool) {
		tok := cr.Tokens["Russian"]
		if german {
			tok = cr.Tokens["German"]
		}
		id := cr.ID
		if lhy {
			id, tok = lc.ID, lc.Tokens["US"]
			if german {
				tok = lc.Tokens["GE"]
			}
		}
		state := func() stateView {
			var v stateView
			w := call(s, "GET", "/api/games/"+id, tok, nil)
			if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &v) != nil {
				t.Fatalf("state: %d %q", w.Code, w.Body.Bytes())
			}
			return v
		}
		before := state()
		w := call(s, "POST", "/api/games/"+id+"/steps", tok, body)
		var out map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
			t.Fatalf("%d: not JSON: %q", w.Code, w.Body.Bytes())
		}
		after := state()
		switch w.Code {
		case http.StatusCreated:
			if after.N != before.N+1 {
				t.Fatalf("accepted, but the game went from %d to %d steps", before.N, after.N)
			}
		case http.StatusBadRequest, http.StatusForbidden, http.StatusConflict, http.StatusUnprocessableEntity:
			if after.Hash != before.Hash || after.N != before.N {
				t.Fatalf("refused with %d (%v) but the game changed", w.Code, out["error"])
			}
		default:
			t.Fatalf("%d: %v", w.Code, out)
		}
	})
}
