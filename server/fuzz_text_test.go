package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/internal/needs"
	"github.com/umpire-referee/umpire/internal/pgtest"
	"github.com/umpire-referee/umpire/store"
)

// textPlaces are the places FuzzText puts its text: each a request built around it.
var textPlaces = []string{"game name", "unit id", "step line", "unit in the path", "path's to and vca", "odds' line",
	"new map's name", "map name in the path", "map's body", "editor", "game id", "notes", "token"}

// textServer is one server FuzzText sends its requests to, over one store, with the ASL demo.
type textServer struct {
	name string
	s    *Server
	demo *Created
}

// try sends the request that puts text at place, and gives its status and body.
func (ts *textServer) try(place uint8, text string) (int, string) {
	js, _ := json.Marshal(text)
	q, p := url.QueryEscape(text), url.PathEscape(text)
	game, tok := "/api/games/"+ts.demo.ID, ts.demo.Tokens["German"]
	var method, path, token string
	var body []byte
	switch textPlaces[int(place)%len(textPlaces)] {
	case "game name":
		method, path, body = "POST", "/api/games?name="+q, aslFile(1, 1, 0) // no name of its own: the game takes this one
	case "unit id":
		method, path = "POST", "/api/games"
		start, _ := json.Marshal(text + " start") // the file's own move names it: a step in the log
		body = []byte(`{"map": {"boards": ["2"]}, "units": [{"id": ` + string(js) + `, "side": "German", "vehicle": {"mp": 10, "class": "tank"}, "at": "2M3", "vca": "L2-M2"}], "moves": [` + string(start) + `]}`)
	case "step line":
		method, path, token = "POST", game+"/steps", tok
		var state struct{ N int }
		json.Unmarshal(call(ts.s, "GET", game, tok, nil).Body.Bytes(), &state)
		body, _ = json.Marshal(map[string]any{"n": state.N + 1, "line": text})
	case "unit in the path":
		method, path, token = "GET", game+"/units/"+p+"/reach", tok
	case "path's to and vca":
		method, path, token = "GET", game+"/units/PzIV/path?to="+q+"&vca="+q, tok
	case "odds' line":
		method, path, token = "GET", game+"/odds?line="+q, tok
	case "new map's name":
		method, path, body = "POST", "/api/maps", []byte(`{"name": `+string(js)+`, "ruleset": "asl", "map": {"boards": ["2"]}}`)
	case "map name in the path":
		method, path = "GET", "/api/maps/"+p
	case "map's body":
		method, path, body = "POST", "/api/maps", []byte(`{"name": "fuzzed", "ruleset": "asl", "map": {"boards": [`+string(js)+`], "terrain": {`+string(js)+`: "woods"}}}`)
	case "editor":
		method, path, body = "POST", "/api/editor/parse", []byte("name: "+string(js)+"\n"+string(js)+": 1\n")
	case "game id":
		method, path, token = "GET", "/api/games/"+p+"/log", tok
	case "notes":
		method, path, body = "POST", "/api/games", append([]byte("notes: "+string(js)+"\n"), demoScenario...)
	case "token":
		method, path = "GET", game+"?k="+q
	}
	req := httptest.NewRequest(method, "/", strings.NewReader(string(body)))
	req.URL, _ = url.Parse(path) // escaped: always parses
	req.RequestURI = path
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	ts.s.Handler().ServeHTTP(w, req)
	return w.Code, w.Body.String()
}

// textServers are a server over SQLite and, when UMPIRE_TEST_POSTGRES is set, one over
// PostgreSQL (a schema of its own), each with the ASL demo made.
func textServers(f *testing.F) []*textServer {
	addrs := [][2]string{{"sqlite", filepath.Join(f.TempDir(), "games.db")}}
	if url := os.Getenv(postgresEnv); url != "" {
		addrs = append(addrs, [2]string{"postgres", pgtest.Isolated(f, url)})
	} else if needs.Strict() {
		needs.Missing(f, "%s is not set: no PostgreSQL server to fuzz against (scripts/test starts one)", postgresEnv)
	}
	var out []*textServer
	for _, a := range addrs {
		st, err := store.Open(context.Background(), a[1])
		if err != nil {
			f.Fatal(err)
		}
		s := New(Config{Store: st, Dice: func(string) dice.Source { return dice.NewSeeded(3) }})
		f.Cleanup(func() { s.Close(); st.Close() })
		demo, err := s.Demo(context.Background())
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, &textServer{name: a[0], s: s, demo: demo})
	}
	return out
}

// FuzzText: text with control characters anywhere a request may carry it (a game's name, a
// unit's id, a step's line, a path, a query parameter, a map's name or body, a file for the
// editor, a scenario's notes) is never a 5xx or a panic, and gets an answer of the same class
// on SQLite and on PostgreSQL (run against both when UMPIRE_TEST_POSTGRES is set).
func FuzzText(f *testing.F) {
	texts := []string{"PzIV start", "a\x00b", "T\x00", "\x00", "a\x01b", "a\x1fb", "a\tb", "a\nb", "a\r\nb", "a\x7fb",
		"a\u0085b", "a\xffb", "PzIV\x00 start", "PzIV start\nPzIV stop", "2M4\x00", "two", "t\x00wo", "é\x00", "\x1b[2J",
		"", " ", "\u2028", "PzIV enter 2K5", "T26A", "Tr1"} // T26A, Tr1: units of the side not phasing (not_phasing)
	for place := range textPlaces {
		for _, text := range texts {
			f.Add(uint8(place), text)
		}
	}
	servers := textServers(f)
	f.Fuzz(func(t *testing.T, place uint8, text string) {
		where := textPlaces[int(place)%len(textPlaces)]
		codes, bodies := make([]int, len(servers)), make([]string, len(servers))
		for i, ts := range servers {
			codes[i], bodies[i] = ts.try(place, text)
		}
		for i, ts := range servers {
			switch {
			case codes[i] >= 500 || codes[i] < 200:
				t.Errorf("%s %q on %s: %d %.300s", where, text, ts.name, codes[i], bodies[i])
			case codes[i]/100 == 2 && strings.ContainsRune(text, 0):
				t.Errorf("%s %q on %s: %d, and NUL is refused everywhere: %.300s", where, text, ts.name, codes[i], bodies[i])
			case codes[i]/100 != codes[0]/100:
				t.Errorf("%s %q: %d on %s, %d on %s: %.300s", where, text, codes[0], servers[0].name, codes[i], ts.name, bodies[i])
			}
		}
	})
}
