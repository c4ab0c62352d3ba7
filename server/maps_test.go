package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/scenario"
	"github.com/umpire-referee/umpire/store"
)

func TestCheckMapName(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"b2", true}, {"Board 2 village", true}, {"v1.2_final-3", true}, {"Stalingrad ü", true},
		{strings.Repeat("a", 64), true}, {strings.Repeat("é", 64), true},
		{"", false}, {strings.Repeat("a", 65), false}, {" b2", false}, {"b2 ", false}, {".hidden", false},
		{"..", false}, {"a/b", false}, {"a?b", false}, {"a\nb", false}, {"-x", false}, {"\xff", false},
	} {
		if err := CheckMapName(c.name); (err == nil) != c.ok {
			t.Errorf("%q: %v, want ok %v", c.name, err, c.ok)
		}
	}
}

// unique is a fresh map name, so runs against one PostgreSQL database do not collide.
func unique(prefix string) string {
	b := make([]byte, 6)
	rand.Read(b)
	return prefix + "-" + hex.EncodeToString(b)
}

// raw sends a request with the Authorization header auth (none if "") and gives the status and
// the body.
func (c *client) raw(method, path, auth string, body []byte) (int, string) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func mapJSON(name, ruleset string, m any) []byte {
	b, _ := json.Marshal(map[string]any{"name": name, "ruleset": ruleset, "map": m})
	return b
}

// saveMap saves a map and gives its token.
func (c *client) saveMap(name, ruleset string, m any) string {
	c.t.Helper()
	var out MapSaved
	if code := c.do("POST", "/api/maps", "", mapJSON(name, ruleset, m), &out); code != http.StatusCreated || out.Token == "" {
		c.t.Fatalf("save map %s: %d %+v", name, code, out)
	}
	return out.Token
}

const b2Map = "boards: [\"2\"]\nterrain:\n  2M5: woods\nroads: [2I4-2J4]\n"

// TestMapEndpoints: every map endpoint, and each of its refusals.
func TestMapEndpoints(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		a, lwName, cp := unique("b2"), unique("table"), unique("copy")
		tok := c.saveMap(a, "asl", b2Map)
		lwTok := c.saveMap(lwName, "lightningwar", map[string]any{"table": map[string]any{"width": 24, "height": 12},
			"roads": []any{map[string]any{"id": "r", "line": [][]float64{{0, 6}, {24, 6}}}}})
		big := mapJSON(unique("big"), "asl", strings.Repeat("#", 300<<10))
		for _, r := range []struct {
			method, path, auth, body string
			code                     int
			want                     string
		}{
			{"POST", "/api/maps", "", string(mapJSON(a, "asl", b2Map)), 409, "already saved"},
			{"POST", "/api/maps", "", string(mapJSON("no/slash", "asl", b2Map)), 400, "name: a map's name is 1 to 64"},
			{"POST", "/api/maps", "", string(mapJSON("x"+a, "chess", b2Map)), 400, "ruleset: give the map's ruleset"},
			{"POST", "/api/maps", "", string(mapJSON("x"+a, "", b2Map)), 400, "ruleset: give the map's ruleset"},
			{"POST", "/api/maps", "", string(mapJSON("x"+a, "lhy", b2Map)), 400, "Last Hundred Yards games do not offer saved maps"},
			{"POST", "/api/maps", "", string(mapJSON("bad", "asl", "boards: [\"2\"]\nterrain:\n  2M5: lava\n")), 400, "bad:3: map.terrain.2M5"},
			{"POST", "/api/maps", "", string(mapJSON("bad", "asl", nil)), 400, "no map"},
			{"POST", "/api/maps", "", string(mapJSON("bad", "lightningwar", map[string]any{"table": map[string]any{"width": -1}})), 400, "bad:1: table.width"},
			{"POST", "/api/maps", "", "{not json", 400, "the body is a JSON object"},
			{"POST", "/api/maps", "", string(big), 413, "the most this server takes (set by --max-body)"},
			{"GET", "/api/maps/" + unique("none"), "", "", 404, "no map saved as"},
			{"PUT", "/api/maps/" + a, "", string(mapJSON("", "", b2Map)), 401, "needs its edit token"},
			{"PUT", "/api/maps/" + a, "Basic " + tok, string(mapJSON("", "", b2Map)), 401, "needs its edit token"},
			{"PUT", "/api/maps/" + a, "Bearer " + lwTok, string(mapJSON("", "", b2Map)), 403, "does not edit map"},
			{"PUT", "/api/maps/" + a, "bearer " + tok, string(mapJSON("", "", "boards: [\"3\"]\n")), 200, `"summary":"board 3"`},
			{"PUT", "/api/maps/" + a, "BEARER " + tok, string(mapJSON("", "", "boards: [\"3\"]\nterrain: {3Z99: woods}\n")), 400, ":2: map.terrain"},
			{"PUT", "/api/maps/" + a, "Bearer " + tok, string(mapJSON("other", "", b2Map)), 400, "copy a map to rename it"},
			{"PUT", "/api/maps/" + unique("none"), "Bearer " + tok, string(mapJSON("", "", b2Map)), 404, "no map saved as"},
			{"POST", "/api/maps/" + a + "/copy", "", `{"name": "` + lwName + `"}`, 409, "already saved"},
			{"POST", "/api/maps/" + a + "/copy", "", `{"name": ""}`, 400, "name: a map's name"},
			{"POST", "/api/maps/" + unique("none") + "/copy", "", `{"name": "` + cp + `"}`, 404, "no map saved as"},
			{"POST", "/api/maps/" + a + "/copy", "", `{"name": "` + cp + `"}`, 201, `"token":"`},
			{"PUT", "/api/maps/" + cp, "Bearer " + tok, string(mapJSON("", "", b2Map)), 403, "does not edit map"},
			{"DELETE", "/api/maps/" + a, "", "", 401, "needs its edit token"},
			{"DELETE", "/api/maps/" + a, "Bearer " + lwTok, "", 403, "does not edit map"},
			{"DELETE", "/api/maps/" + unique("none"), "Bearer " + tok, "", 404, "no map saved as"},
		} {
			code, body := c.raw(r.method, r.path, r.auth, []byte(r.body))
			if code != r.code || !strings.Contains(body, r.want) {
				t.Errorf("%s %s (%s): %d %s, want %d %q", r.method, r.path, r.auth, code, body, r.code, r.want)
			}
		}
		var list []MapListed
		if code := c.do("GET", "/api/maps", "", nil, &list); code != 200 {
			t.Fatalf("GET /api/maps: %d", code)
		}
		got := map[string]string{}
		for _, m := range list {
			got[m.Name] = m.Ruleset + " " + m.Summary
		}
		for name, want := range map[string]string{a: "asl board 3", cp: "asl board 3", lwName: `lightningwar 24" x 12"`} {
			if got[name] != want {
				t.Errorf("listed %s: %q, want %q", name, got[name], want)
			}
		}
		var m MapOpened
		if code := c.do("GET", "/api/maps/"+lwName, "", nil, &m); code != 200 || !strings.Contains(m.Map, "table:\n  height: 12\n  width: 24\n") || m.MapJSON == nil || m.Updated.IsZero() {
			t.Errorf("GET a table: %d %+v", code, m)
		}
		spaced := unique("Board 2 village")
		c.saveMap(spaced, "asl", map[string]any{"boards": []string{"2"}})
		if code, body := c.raw("GET", "/api/maps/"+strings.ReplaceAll(spaced, " ", "%20"), "", nil); code != 200 || !strings.Contains(body, `"name":"`+spaced+`"`) {
			t.Errorf("GET a name with spaces: %d %s", code, body)
		}
		if code, body := c.raw("DELETE", "/api/maps/"+a, "Bearer "+tok, nil); code != 204 {
			t.Errorf("DELETE: %d %s", code, body)
		}
		if code, _ := c.raw("GET", "/api/maps/"+a, "", nil); code != 404 {
			t.Errorf("GET after DELETE: %d", code)
		}
		if code, _ := c.raw("GET", "/api/maps/"+cp, "", nil); code != 200 {
			t.Errorf("the copy after deleting the original: %d", code)
		}
	})
}

// TestGameFromSavedMap: a game made from a scenario that refers to a saved map plays as the
// same scenario with the map written in it (the same state hash after the same steps), and
// keeps its own copy: the saved map's later changes do not reach it, even after a restart.
func TestGameFromSavedMap(t *testing.T) {
	for _, c := range []struct {
		ruleset, key string
		wrap         bool
		own          []string
		file         []byte
		steps        [][2]string // role, line
		change       string
	}{
		{"asl", "map", true, nil, demoScenario, [][2]string{{"German", "PzIV start"}, {"German", "PzIV enter 2K4"}},
			"boards: [\"2\"]\nterrain: {2K4: woods}\n"},
		{"lightningwar", "table", false, []string{"terrain", "roads", "streams", "chokes"}, demoLWScenario,
			[][2]string{{Referee, "movement"}}, "table: {width: 48, height: 32}\nterrain:\n" + // the areas the demo's objectives name
				"  - {id: Birch Wood, ground: woods, area: [[28, 19], [40, 19], [42, 27], [30, 28]]}\n" +
				"  - {id: Ivanovka, ground: built-up, area: [[40, 12], [46, 12], [46, 20], [40, 20]]}\n"},
	} {
		t.Run(c.ruleset, func(t *testing.T) {
			backends(t, func(t *testing.T, open func() *Server) {
				cl := serveTest(t, open())
				name := unique(c.ruleset)
				saved, file, err := scenario.Split(c.file, c.key, c.wrap, c.own, name)
				if err != nil {
					t.Fatal(err)
				}
				tok := cl.saveMap(name, c.ruleset, string(saved))
				inline, ref := cl.create(c.file), cl.create(file)
				for i, st := range c.steps {
					cl.mustStep(inline, st[0], i+1, st[1])
					cl.mustStep(ref, st[0], i+1, st[1])
				}
				want := cl.state(inline, Referee).Hash
				if got := cl.state(ref, Referee).Hash; got != want || want == "" {
					t.Fatalf("from the saved map: hash %s, inline %s", got, want)
				}
				if code, body := cl.raw("PUT", "/api/maps/"+name, "Bearer "+tok, mapJSON("", "", c.change)); code != 200 {
					t.Fatalf("PUT: %d %s", code, body)
				}
				again := serveTest(t, open()) // a restart: the game is read back from the store
				if got := again.state(ref, Referee).Hash; got != want {
					t.Errorf("after the saved map changed: hash %s, want %s (the game's own copy)", got, want)
				}
				fresh := cl.create(file)
				if cl.state(fresh, Referee).Hash == cl.state(cl.create(c.file), Referee).Hash {
					t.Errorf("a game made after the change does not use the changed map")
				}
				var e apiError
				missing := bytes.Replace(file, []byte(name), []byte(unique("gone")), 1)
				if code := cl.do("POST", "/api/games", "", missing, &e); code != 400 || !strings.Contains(e.Error, c.key+".saved: no map saved as") {
					t.Errorf("a missing saved map: %d %+v", code, e)
				}
			})
		})
	}
}

// TestMaxMaps: a store holding --max-maps maps takes no new one, saved or copied (422 naming
// the limit, and nothing saved), and takes one again once a map is deleted.
func TestMaxMaps(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := New(Config{Store: st, MaxMaps: 2, Logf: t.Logf})
	defer s.Close()
	c := serveTest(t, s)
	tok := c.saveMap("first", "asl", b2Map)
	c.saveMap("second", "asl", b2Map)
	for _, r := range []struct{ path, body string }{
		{"/api/maps", string(mapJSON("third", "asl", b2Map))},
		{"/api/maps/first/copy", `{"name": "third"}`},
	} {
		code, body := c.raw("POST", r.path, "", []byte(r.body))
		var le limitError
		json.Unmarshal([]byte(body), &le)
		if code != http.StatusUnprocessableEntity || le.Limit != LimitMaps || le.Max != 2 || !strings.Contains(le.Error, "at most 2 saved maps (--max-maps)") {
			t.Errorf("POST %s past the cap: %d %s", r.path, code, body)
		}
	}
	if code, _ := c.raw("GET", "/api/maps/third", "", nil); code != http.StatusNotFound {
		t.Errorf("a map refused past the cap was saved: GET %d", code)
	}
	if code, body := c.raw("DELETE", "/api/maps/first", "Bearer "+tok, nil); code != http.StatusNoContent {
		t.Fatalf("DELETE: %d %s", code, body)
	}
	c.saveMap("third", "asl", b2Map)
}
