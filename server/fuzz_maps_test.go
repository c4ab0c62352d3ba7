package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/scenario"
)

// FuzzMaps: any map saved, opened, overwritten, copied, deleted and named by a scenario is a
// JSON answer (or 204), never a panic or a 500. Seeded with the demos' maps and tables.
func FuzzMaps(f *testing.F) {
	aslMap, aslFile, _ := scenario.Split(demoScenario, "map", true, nil, "seed")
	lwMap, lwFile, _ := scenario.Split(demoLWScenario, "table", false, []string{"terrain", "roads", "streams", "chokes"}, "seed")
	f.Add("seed", "asl", string(aslMap), "Bearer x", string(aslFile))
	f.Add("seed", "lightningwar", string(lwMap), "bearer x", string(lwFile))
	f.Add("Board 2 village", "asl", `{"boards": ["2"], "terrain": {"2M5": "woods"}}`, "", "map: {saved: Board 2 village}\nunits: []\n")
	f.Add("t.1", "lightningwar", "table: {width: 24, height: 12}\nroads: [{id: r, line: [[0, 6], [24, 6]]}]\n", "BEARER ", "ruleset: lightningwar\ntable: {saved: t.1}\nterrain: []\n")
	f.Add("x", "lhy", "size: [5, 5]\n", "Basic x", "ruleset: lhy\nmap: {saved: x}\n")
	f.Add("a/b", "asl", "saved: a\n", "Bearer", "map: {saved: [a]}\n")
	// Over the limits, and numbers that are not: 4xx, never a 500.
	f.Add("many", "asl", "boards: ["+strings.Repeat("\"7\", ", 40)+"\"8\"]\n", "", "map: {saved: many}\nunits: []\n")
	f.Add("wide", "lightningwar", "table: {width: 10000, height: 10000}\n", "", "ruleset: lightningwar\ntable: {saved: wide}\n")
	f.Add("nan", "lightningwar", "table: {width: .nan, height: .inf}\n", "", "ruleset: lightningwar\ntable: {saved: nan}\n")
	f.Add("long", "asl", "boards: [\""+strings.Repeat("2", 1100)+"\"]\n", "", "map: {saved: long}\n")
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, name, ruleset, mapText, auth, file string) {
		// A name the rule refuses may not reach a map handler at all (the mux answers a path
		// such as /api/maps/ or /api/maps/.. itself): then only "no 500" is checked.
		ours := CheckMapName(name) == nil
		check := func(w *httptest.ResponseRecorder, what string) {
			body := w.Body.Bytes()
			if w.Code >= 500 {
				t.Fatalf("%s: %d %s", what, w.Code, body)
			}
			if w.Code == http.StatusNoContent || (!ours && what != "save" && what != "POST /api/games") {
				return
			}
			var out any
			if err := json.Unmarshal(body, &out); err != nil {
				t.Fatalf("%s: %d: not JSON: %q", what, w.Code, body)
			}
		}
		path := "/api/maps/" + url.PathEscape(name)
		w := call(s, "POST", "/api/maps", "", mapJSON(name, ruleset, mapText))
		check(w, "save")
		var saved MapSaved
		json.Unmarshal(w.Body.Bytes(), &saved)
		for _, r := range []struct {
			method, path, token string
			body                []byte
		}{
			{"GET", "/api/maps", "", nil},
			{"GET", path, "", nil},
			{"PUT", path, saved.Token, mapJSON("", "", mapText)},
			{"PUT", path, "", mapJSON(name, ruleset, mapText)},
			{"POST", path + "/copy", "", []byte(`{"name": "copy of it"}`)},
			{"POST", "/api/games", "", []byte(file)},
			{"DELETE", "/api/maps/copy%20of%20it", "", nil},
			{"DELETE", path, saved.Token, nil},
		} {
			req := call(s, r.method, r.path, r.token, r.body)
			check(req, r.method+" "+r.path)
		}
		req := httptest.NewRequest("DELETE", path, nil)
		req.Header.Set("Authorization", auth)
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		check(rec, "DELETE with "+auth)
	})
}
