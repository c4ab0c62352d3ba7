package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	aslrs "github.com/umpire-referee/umpire/asl/ruleset"
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
// never a panic or a 500; the map editor's import of it is JSON (200) or a 4xx with an error.
// Seeded with the demo, every rulebook example file, and files with YAML mistakes.
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
	// Lightning War.
	f.Add(demoLWScenario)
	f.Add([]byte(lwHiddenScenario))
	lwFiles, _ := filepath.Glob("../testdata/lightningwar/*.yaml")
	more, _ := filepath.Glob("../testdata/lightningwar/*/*.yaml")
	for _, p := range append(lwFiles, more...) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"ruleset": "lightningwar", "table": {"width": 24, "height": 12}, "toe": [{"id": "P", "side": "referee", "initiative": "low"}], "units": [{"id": "U", "formation": "P", "type": "infantry"}], "detachments": [{"id": "D", "units": ["U"], "at": [1, 1]}]}`))
	f.Add([]byte(`{"ruleset": "lightningwar", "table": {"width": 24, "height": 12}, "toe": [{"id": "P", "side": "A", "initiative": "high"}, {"id": "Q", "side": "B", "initiative": "low"}], "units": [{"id": "U", "formation": "P", "type": "tank", "tracked": true, "size": "heavy", "xc": 10}, {"id": "V", "formation": "Q", "type": "infantry"}], "detachments": [{"id": "D", "units": ["U"], "at": [1, 1]}, {"id": "E", "units": ["V"], "at": [20, 10]}], "orders": [{"to": "D", "path": [[10, 10]]}], "moves": ["movement", "reveal E"]}`))
	// Over the limits: each is 422 (413 for the size), never a 500 or a game.
	f.Add(aslFile(17, 1, 0))
	f.Add(aslFile(1, 501, 0))
	f.Add(aslFile(1, 202, 101))
	f.Add(append(aslFile(1, 1, 0), "name: "+strings.Repeat("n", 1025)+"\n"...))
	f.Add([]byte("map: {boards: [" + strings.Repeat("\"1\", ", 2000) + "\"2\"]}\nunits: []\n"))
	f.Add(lhyTurns(10001))
	f.Add([]byte("ruleset: lhy\nmap: {size: [52, 200]}\nunits: [{id: A, nationality: US, kind: squad, at: B2}]\n"))
	f.Add([]byte("ruleset: lightningwar\ntable: {width: 10000, height: 10000}\n"))
	f.Add([]byte("ruleset: lightningwar\ntable: {width: .nan, height: .inf}\n"))
	f.Add([]byte(`{"ruleset": "asl", "map": {"boards": ["2"]}, "units": []} trailing`))
	f.Add([]byte("moves: &m [a, b]\nexpect: [*m, *m, *m]\n"))
	// YAML mistakes, each placed at its line with a hint (scenario.Decode).
	for _, b := range brokenScenarios {
		f.Add([]byte(b.doc))
	}
	for _, doc := range []string{"name: x\n  seed: 3\n", "units:\n  - id: T\n- id: U\n", "name: \"x\nunits: []\n", "map:\n  boards: [\"2\"]]\n",
		"{\"map\": {\"boards\": [\"2\"}\n", "units:\n  - {id: T, side: German\n  - {id: U}\n", "seed 3\n", "moves:\n  - fire E5: sa: +1\n", "\t- a\n"} {
		f.Add([]byte(doc))
	}
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		editorImports(t, s, body)
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
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity:
			if msg, _ := out["error"].(string); msg == "" {
				t.Fatalf("%d without a message", w.Code)
			}
			if w.Code != http.StatusBadRequest && out["limit"] == nil {
				t.Fatalf("%d without the limit it is over: %v", w.Code, out)
			}
		default:
			t.Fatalf("%d: %v", w.Code, out)
		}
	})
}

// editorImports checks the map editor's import of body (POST /api/editor/parse): 200 with
// JSON, or 400 or 413 with an error message.
func editorImports(t *testing.T, s *Server, body []byte) {
	t.Helper()
	w := call(s, "POST", "/api/editor/parse", "", body)
	var out any
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
		t.Fatalf("editor import: %d: not JSON: %q", w.Code, w.Body.Bytes())
	}
	switch w.Code {
	case http.StatusOK:
	case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
		if m, _ := out.(map[string]any); m == nil || m["error"] == "" || m["error"] == nil {
			t.Fatalf("editor import: %d without a message: %v", w.Code, out)
		}
	default:
		t.Fatalf("editor import: %d: %v", w.Code, out)
	}
}

// FuzzSubmit: any body sent as a step is accepted (201) or refused with a 4xx, and a refused
// one leaves the game's state hash and step count as they were. game picks the game: 0 the ASL
// demo (german: the German link, else the Russian), 1 the LHY demo (german: the GE link, else
// the US), 2 the Lightning War demo (german: the German link, else the Russian), 3 the Lightning
// War demo with the referee's link. A Lightning War side's answer never holds what that side
// may not know: the ids of the enemy's detachments never revealed, the ids of its units, its
// orders and TO&E (unless the fuzzer typed them itself).
func FuzzSubmit(f *testing.F) {
	for _, line := range []string{"PzIV start", "PzIV enter 2K5", "PzIV enter 2J3", "PzIV vca 2K4-2J3", "PzIV esb 2",
		"P1: T26A enter 2R3, T26B -", "mph Russian", "C1 start", "oba 2K4", "los 2J4 2S3", "attack PzIV shocked", "T26A stop"} {
		for n := 0; n <= 2; n++ {
			b, _ := json.Marshal(map[string]any{"n": n, "line": line})
			f.Add(b, n%2 == 0, uint8(0))
		}
	}
	f.Add([]byte(`{"n": 1, "line": "PzIV start", "extra": true}`), true, uint8(0))
	f.Add([]byte(`{"n": 1e99, "line": null}`), false, uint8(0))
	// Strict bodies: trailing data, unknown fields, numbers that are not, n far ahead, a line
	// over the cap. Each is a 4xx that changes nothing.
	for _, body := range []string{`{"n": 1, "line": "PzIV start"} {}`, `{"n": 1, "line": "PzIV start"}x`, `{"n": 1, "line": "PzIV start"}{"n": 2}`,
		`{"n": 1, "line": "PzIV start", "dice": [6]}`, `{"N": 1, "Line": "PzIV start", "n": 1}`, `{"n": NaN, "line": "PzIV start"}`,
		`{"n": Infinity, "line": "PzIV start"}`, `{"n": 1.5, "line": "PzIV start"}`, `{"n": 9223372036854775807, "line": "PzIV start"}`,
		`{"n": 99, "line": "PzIV start"}`, `{"n": -1, "line": "PzIV start"}`, `{"n": 1, "line": "` + strings.Repeat("x", 1025) + `"}`,
		`{"n": 1, "line": "` + strings.Repeat("\\u00e9", 20000) + `"}`, `[{"n": 1, "line": "PzIV start"}]`, ``} {
		for g := range uint8(4) {
			f.Add([]byte(body), true, g)
		}
	}
	for _, line := range []string{"assault C4 US1 US2 USL", "assault C4 US1@C5 US2@D4 envelopment", "declare C4 US1", "reinforce C4 US2",
		"resolve C4", "fire E5: at T1 +2 atv 1", "fire C4: sa GE +1, mortar -1 mv 2", "fire E5: at T1 +3 mg enfilade",
		"retreat GE1 C3 C2", "retreat US1 eliminated", "vda US1 T1", "advance US1 C4", "recover GE1", "turn", "assault C4 US1 T1"} {
		for n := 1; n <= 2; n++ {
			b, _ := json.Marshal(map[string]any{"n": n, "line": line})
			f.Add(b, n%2 == 0, uint8(1))
		}
	}
	// Lightning War: each side's own steps, the other side's, the referee's.
	for _, line := range []string{"order PzZug path 22,16 30,16: go", "order Schutz from 2Sch path 10,20 run: dig in", "order Aufkl goal 30,24: look",
		"order Tanks path 30,20: hold", "order Rifles from 3Coy path 36,16: advance", "order Ghost path 1,1: boo", "order PzZug from RB path 1,1",
		"continue PzZug", "route Aufkl path 20,10 22,8", "halt PzZug", "cover PzZug fire Tanks", "fire PzZug at Tanks",
		"halt PzZug part PzA1 as PzX", "pivot Schutz 45", "adjust PzZug 4.5,16", "mount Sch1 on PzA1", "dismount Sch1", "tow PzA1 by T34a",
		"movement", "movement 1/2 PzZug Rifles", "movement 2/2", "reveal Tanks", "hide Tanks", "fired PzZug by Tanks",
		"fired Rifles spotting 44,16", "fired Schutz units Sch1 from 30,20", "forced Rifles path 46,20", "split Schutz Sch1 as S1",
		"join S1 into Schutz", "order PzZug path 22,16 30,16: go\nmovement", "order PzZug path 1e999,2"} {
		for n := 1; n <= 2; n++ {
			b, _ := json.Marshal(map[string]any{"n": n, "line": line})
			f.Add(b, n%2 == 0, uint8(2))
			f.Add(b, true, uint8(3))
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
	wc, err := s.DemoLW(context.Background())
	if err != nil {
		f.Fatal(err)
	}
	// What each Lightning War side may never find in an answer, unless it typed it: the
	// other side's orders and TO&E; and its detachments' and units' ids until revealed.
	secrets := map[string][]string{
		"German":  {"Hold the edge of Birch Wood", "Advance down the road toward the bridge", "T34Pl", "3Coy", "2nd Rifle Battalion"},
		"Russian": {"Seize the Mill bridge", "Follow the panzers", "Reconnoitre the brook", "1Pz", "2Sch", "Kampfgruppe Brandt"},
	}
	hideable := map[string][]string{
		"German":  {"Tanks", "T34a", "T34b", "Rifles", "Rif1", "Rif2", "Rif3"},
		"Russian": {"PzZug", "PzA1", "PzA2", "Schutz", "Sch1", "Sch2", "Sch3", "Aufkl", "SdKfz"},
	}
	revealed := map[string]bool{} // every detachment ever shown revealed (per fuzzing process)
	typed := map[string]bool{}    // the secrets the fuzzer itself sent
	f.Fuzz(func(t *testing.T, body []byte, german bool, game uint8) {
		tok := cr.Tokens["Russian"]
		if german {
			tok = cr.Tokens["German"]
		}
		id, side := cr.ID, ""
		switch game {
		case 0:
		case 1:
			id, tok = lc.ID, lc.Tokens["US"]
			if german {
				tok = lc.Tokens["GE"]
			}
		case 2:
			id, tok, side = wc.ID, wc.Tokens["Russian"], "Russian"
			if german {
				tok, side = wc.Tokens["German"], "German"
			}
		default:
			id, tok = wc.ID, wc.Tokens[Referee]
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
		if id == wc.ID {
			for _, xs := range [][]string{secrets["German"], secrets["Russian"], hideable["German"], hideable["Russian"]} {
				for _, x := range xs {
					typed[x] = typed[x] || bytes.Contains(body, []byte(x))
				}
			}
			// The referee's view: what has been revealed so far.
			var ref lwStateView
			if r := call(s, "GET", "/api/games/"+id, wc.Tokens[Referee], nil); r.Code != 200 || json.Unmarshal(r.Body.Bytes(), &ref) != nil {
				t.Fatalf("referee state: %d", r.Code)
			}
			for _, d := range ref.Dets {
				revealed[d.ID] = revealed[d.ID] || d.Revealed // its units' ids stay secret
			}
			if side != "" {
				answer := bytes.ReplaceAll(w.Body.Bytes(), []byte(wc.ID), nil) // a random id might hold anything
				for _, x := range append(append([]string(nil), secrets[side]...), hideable[side]...) {
					if !revealed[x] && !typed[x] && bytes.Contains(answer, []byte(x)) {
						t.Fatalf("the %s link's answer (%d) to %q holds %q: %s", side, w.Code, body, x, w.Body.Bytes())
					}
				}
			}
		}
		if next, ok := out["next"].(float64); w.Code == http.StatusConflict && ok && int(next) != before.N+1 {
			t.Fatalf("409 names %v as the next step, and the game is at %d", out["next"], before.N)
		}
		switch w.Code {
		case http.StatusCreated:
			if after.N != before.N+1 {
				t.Fatalf("accepted, but the game went from %d to %d steps", before.N, after.N)
			}
		case http.StatusBadRequest, http.StatusForbidden, http.StatusConflict, http.StatusUnprocessableEntity, http.StatusRequestEntityTooLarge:
			if after.Hash != before.Hash || after.N != before.N {
				t.Fatalf("refused with %d (%v) but the game changed", w.Code, out["error"])
			}
		default:
			t.Fatalf("%d: %v", w.Code, out)
		}
	})
}

// FuzzMeasure: any parameters sent to the ruler (GET /api/games/{id}/measure?from=&to=&det=) of
// the Lightning War demo are answered 200, 400 or 404 with JSON, never a panic or a 500; role
// picks the token (0 the German, 1 the Russian, 2 the referee, 3 the spectator). An empty det is
// left out. The German's answers never hold what the German may not know (the Russians' ids,
// units, orders), unless the fuzzer typed it.
func FuzzMeasure(f *testing.F) {
	for _, q := range [][3]string{{"4,16", "30,16", ""}, {"4,16", "30,16", "PzZug"}, {"45,16", "36,16", "Rifles"},
		{"1,1", "2,2", "Tanks"}, {"0,0", "48,32", "Aufkl"}, {"5,13", "30,5", "Schutz"}, {"24,0", "24,32", ""},
		{"1,1", "", ""}, {"", "1,1", ""}, {"x", "y", ""}, {"1e999,1", "2,2", ""}, {"-1,0", "2,2", ""}, {"NaN,NaN", "1,1", ""}, {"Inf,1", "1,-Inf", ""}, {"1,1", "+Infinity,2", ""}, {"0x1p-2,1", "1,1", ""},
		{"1,1", "2,2", strings.Repeat("Z", 100)}, {"1,1", "1,1", "PzZug"}, {" 2 , 3\"", "4,5", "Rifles#1"}, {"1,2,3", "4,5", "PzA1"}} {
		for role := range uint8(4) {
			f.Add(q[0], q[1], q[2], role)
		}
	}
	s := fuzzServer(f)
	wc, err := s.DemoLW(context.Background())
	if err != nil {
		f.Fatal(err)
	}
	secrets := []string{"Tanks", "Rifles", "T34a", "T34b", "Rif1", "Hold the edge of Birch Wood", "Advance down the road", "T34Pl", "3Coy", "2nd Rifle Battalion"}
	f.Fuzz(func(t *testing.T, from, to, det string, role uint8) {
		tok := []string{wc.Tokens["German"], wc.Tokens["Russian"], wc.Tokens[Referee], wc.Tokens[Spectator]}[role%4]
		q := url.Values{"from": {from}, "to": {to}}
		if det != "" {
			q.Set("det", det)
		}
		w := call(s, "GET", "/api/games/"+wc.ID+"/measure?"+q.Encode(), tok, nil)
		var out map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
			t.Fatalf("%d: not JSON: %q", w.Code, w.Body.Bytes())
		}
		switch w.Code {
		case http.StatusOK:
			if out["inches"] == nil || out["legs"] == nil {
				t.Fatalf("200 without a length or legs: %v", out)
			}
		case http.StatusBadRequest, http.StatusNotFound:
			if msg, _ := out["error"].(string); msg == "" {
				t.Fatalf("%d without a message", w.Code)
			}
		default:
			t.Fatalf("%d: %v", w.Code, out)
		}
		if role%4 == 0 {
			answer := bytes.ReplaceAll(w.Body.Bytes(), []byte(wc.ID), nil)
			for _, x := range secrets {
				if !strings.Contains(from+to+det, x) && bytes.Contains(answer, []byte(x)) {
					t.Fatalf("the German's ruler (%q %q %q) holds %q: %s", from, to, det, x, answer)
				}
			}
		}
	})
}

// FuzzRulesetRoutes: any query sent to any ruleset's route (ASL's vehicles, legend and grid)
// answers within the route's caps: 200 within the bound, or a short 4xx JSON error, 422 naming
// the limit it is over; never a panic or a 5xx. Seeded with the hostile queries of issue 31.
func FuzzRulesetRoutes(f *testing.F) {
	routes := fuzzRoutes()
	for i := range routes {
		for _, q := range []string{"", "rows=2", "rows=2,3/4,5", "rows=" + aslrs.Rows(1000, 1000), "rows=" + aslrs.Rows(1000, 1),
			"rows=" + aslrs.Rows(6, 6), "rows=1,1", "rows=%3B%3B", "rows=2,x", "rows=%00", "q=tiger&nationality=german&limit=5", "q=Panther+G", "q=T-34%2F76&nationality=russian", "q=sdkfz+251", "q=" + strings.Repeat("PzKpfw-", 28),
			"limit=0", "limit=201", "limit=-1", "nationality=" + strings.Repeat("x", 5000), "q=" + strings.Repeat("x", 201), "%zz=1&rows=2"} {
			f.Add(uint8(i), q)
		}
	}
	s := New(Config{Limits: variedLimits})
	f.Cleanup(func() { s.Close() })
	f.Fuzz(func(t *testing.T, route uint8, query string) {
		req := httptest.NewRequest("GET", routes[int(route)%len(routes)], nil)
		req.URL.RawQuery = query
		w := httptest.NewRecorder()
		s.Handler().ServeHTTP(w, req)
		checkRouteAnswer(t, req.URL.String(), w)
	})
}
