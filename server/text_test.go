package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/store"
)

// watchedStore is a store that counts the calls made to it while armed, and fails the test
// if any call is given text that the one rule on text (rules.CheckText) refuses: such text
// must never reach a store.
type watchedStore struct {
	store.Store
	t     *testing.T
	mu    sync.Mutex
	armed bool
	calls []string
}

// saw records a call of method with the texts it was given.
func (s *watchedStore) saw(method string, texts ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, x := range texts {
		if rules.CheckText(rules.TextFree, x) != nil {
			s.t.Errorf("store.%s was given %q", method, x)
		}
	}
	if s.armed {
		s.calls = append(s.calls, method)
	}
}

// arm starts counting calls afresh (on) or stops counting, and gives the calls counted.
func (s *watchedStore) arm(on bool) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	calls := s.calls
	s.armed, s.calls = on, nil
	return calls
}

func (s *watchedStore) Create(ctx context.Context, g store.Game) error {
	s.saw("Create", g.ID, g.Name, string(g.Scenario))
	return s.Store.Create(ctx, g)
}
func (s *watchedStore) Game(ctx context.Context, id string) (store.Game, error) {
	s.saw("Game", id)
	return s.Store.Game(ctx, id)
}
func (s *watchedStore) Append(ctx context.Context, id string, e game.Entry) error {
	s.saw("Append", id, e.Line)
	return s.Store.Append(ctx, id, e)
}
func (s *watchedStore) AppendAll(ctx context.Context, id string, es []game.Entry) error {
	for _, e := range es {
		s.saw("AppendAll", id, e.Line)
	}
	return s.Store.AppendAll(ctx, id, es)
}
func (s *watchedStore) Entries(ctx context.Context, id string, after int) ([]game.Entry, error) {
	s.saw("Entries", id)
	return s.Store.Entries(ctx, id, after)
}
func (s *watchedStore) CreateMap(ctx context.Context, m store.Map) error {
	s.saw("CreateMap", m.Name, m.Ruleset, string(m.Data), m.Summary)
	return s.Store.CreateMap(ctx, m)
}
func (s *watchedStore) UpdateMap(ctx context.Context, m store.Map) error {
	s.saw("UpdateMap", m.Name, m.Ruleset, string(m.Data), m.Summary)
	return s.Store.UpdateMap(ctx, m)
}
func (s *watchedStore) DeleteMap(ctx context.Context, name string, token []byte) error {
	s.saw("DeleteMap", name)
	return s.Store.DeleteMap(ctx, name, token)
}
func (s *watchedStore) Map(ctx context.Context, name string) (store.Map, error) {
	s.saw("Map", name)
	return s.Store.Map(ctx, name)
}
func (s *watchedStore) Maps(ctx context.Context) ([]store.Map, error) {
	s.saw("Maps")
	return s.Store.Maps(ctx)
}
func (s *watchedStore) MapCount(ctx context.Context) (int, error) {
	s.saw("MapCount")
	return s.Store.MapCount(ctx)
}

// TestControlCharactersRefused: a control character anywhere a request names something (a
// game's name, a unit's id in a scenario, a step's line, a path, a query parameter, a map's
// name or body, a file given to the editor) is refused 400 with a message naming the field
// and the character, before any store is called; the game and the maps are as they were.
func TestControlCharactersRefused(t *testing.T) {
	sqlite := openStore(t)
	st := &watchedStore{Store: sqlite, t: t}
	s := New(Config{Store: st, Dice: func(string) dice.Source { return dice.NewSeeded(3) }})
	cr, err := s.Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	saved := saveMapTwo(t, s)
	german, games := cr.Tokens["German"], "/api/games/"+cr.ID
	scenario := func(id string) []byte {
		return []byte(`{"map": {"boards": ["2"]}, "units": [{"id": ` + id + `, "side": "German", "vehicle": {"mp": 10, "class": "tank"}, "at": "2M3", "vca": "L2-M2"}]}`)
	}
	for _, tc := range []struct {
		name, method, path, token string
		body                      []byte
		want                      string
		reads                     int // store calls allowed (reads by a clean name, before the body is read)
	}{
		{"game name", "POST", "/api/games?name=a%00b", "", aslFile(1, 1, 0), `the query parameter name="a\x00b": a control character (U+0000, NUL) is not allowed in a name`, 0},
		{"game name with a tab", "POST", "/api/games?name=a%09b", "", demoScenario, `name="a\tb": a control character (U+0009, a tab or line break) is not allowed in a name`, 0},
		{"game name not UTF-8", "POST", "/api/games?name=a%FFb", "", demoScenario, `not valid UTF-8 (byte 0xFF at offset 1)`, 0},
		{"unit id (YAML)", "POST", "/api/games", "", []byte("map: {boards: [\"2\"]}\nunits:\n  - {id: \"T\\0\", side: German, vehicle: {mp: 10, class: tank}, at: 2M3, vca: L2-M2}\n"),
			`scenario:3: units.id: "T\x00": a control character (U+0000, NUL) is not allowed in an id`, 0},
		{"unit id (JSON)", "POST", "/api/games", "", scenario(`"T\u0000"`), `scenario:1: units.id: "T\x00": a control character (U+0000, NUL) is not allowed in an id`, 0},
		{"unit id with DEL", "POST", "/api/games", "", scenario(`"T\u007f"`), `(U+007F) is not allowed in an id`, 0},
		{"step line", "POST", games + "/steps", german, []byte(`{"n": 1, "line": "PzIV\u0000 start"}`), `line: the step "PzIV\x00 start": a control character (U+0000, NUL) is not allowed in a step's notation`, 0},
		{"step line with a newline", "POST", games + "/steps", german, []byte(`{"n": 1, "line": "PzIV start\nPzIV stop"}`), `(U+000A, a tab or line break) is not allowed in a step's notation`, 0},
		{"step line with ESC", "POST", games + "/steps", german, []byte(`{"n": 1, "line": "PzIV \u001b[2J"}`), `(U+001B) is not allowed in a step's notation`, 0},
		{"game id", "GET", "/api/games/a%00b", german, nil, `the path "/api/games/a\x00b": a control character (U+0000, NUL) is not allowed in a value`, 0},
		{"unit in the path", "GET", games + "/units/PzIV%01/reach", german, nil, `the path "/api/games/` + cr.ID + `/units/PzIV\x01/reach": a control character (U+0001)`, 0},
		{"event stream", "GET", games + "%00/events", german, nil, `a control character (U+0000, NUL)`, 0},
		{"path's to", "GET", games + "/units/PzIV/path?to=2M4%00", german, nil, `the query parameter to="2M4\x00": a control character (U+0000, NUL) is not allowed in a value`, 0},
		{"odds' line", "GET", games + "/odds?line=x%1f", german, nil, `the query parameter line="x\x1f": a control character (U+001F) is not allowed in a step's notation`, 0},
		{"token", "GET", games + "?k=" + german + "%00", "", nil, `the query parameter k=`, 0},
		{"query parameter's name", "GET", games + "?a%00=1", german, nil, `the query parameter named "a\x00"`, 0},
		{"ruleset route", "GET", "/api/rulesets/asl/grid?boards=2%00", "", nil, `the query parameter boards="2\x00"`, 0},
		{"map name in the path", "GET", "/api/maps/two%00", "", nil, `the path "/api/maps/two\x00": a control character (U+0000, NUL)`, 0},
		{"new map's name", "POST", "/api/maps", "", []byte(`{"name": "t\u0000wo", "ruleset": "asl", "map": "boards: [\"2\"]"}`), `name: "t\x00wo": a control character (U+0000, NUL) is not allowed in a name`, 0},
		{"new map's body", "POST", "/api/maps", "", []byte(`{"name": "three", "ruleset": "asl", "map": {"boards": ["2\u0000"]}}`), `boards: "2\x00": a control character (U+0000, NUL) is not allowed in a value`, 0},
		{"map copy's name", "POST", "/api/maps/two/copy", "", []byte(`{"name": "tw\u0001o"}`), `name: "tw\x01o": a control character (U+0001)`, 1},
		{"map's new body", "PUT", "/api/maps/two", saved.Token, []byte(`{"map": "boards: [\"2\"]\nterrain: {2M3: \"woods\\0\"}\n"}`), `terrain.2M3: "woods\x00": a control character (U+0000, NUL)`, 1},
		{"editor", "POST", "/api/editor/parse", "", []byte("units:\n  - {id: \"T\\0\"}\n"), `line 2: units.id: "T\x00": a control character (U+0000, NUL) is not allowed in an id`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st.t = t
			before := call(s, "GET", games, german, nil).Body.String()
			st.arm(true)
			w := call(s, tc.method, tc.path, tc.token, tc.body)
			calls := st.arm(false)
			if w.Code != http.StatusBadRequest {
				t.Fatalf("%d, want 400: %.300s", w.Code, w.Body)
			}
			if msg := decode(t, w).Error; !strings.Contains(msg, tc.want) {
				t.Errorf("the message %q does not say %q", msg, tc.want)
			}
			if len(calls) > tc.reads {
				t.Errorf("the store was called (%v) before the request was refused", calls)
			}
			for _, c := range calls {
				if c != "Map" {
					t.Errorf("the store was called: %s", c)
				}
			}
			if after := call(s, "GET", games, german, nil).Body.String(); after != before {
				t.Errorf("the game changed:\n%s\n%s", before, after)
			}
			ms, _ := sqlite.Maps(context.Background())
			if m, _ := sqlite.Map(context.Background(), "two"); len(ms) != 1 || string(m.Data) != "boards: [\"2\"]\n" {
				t.Errorf("the maps changed: %d maps, two is %q", len(ms), m.Data)
			}
		})
	}
}

// TestFreeTextKept: tab and line breaks stay where free text allows them (a scenario's notes
// and description; the file's own line breaks between its tokens): the game is made.
func TestFreeTextKept(t *testing.T) {
	s := inputServer(t, rules.Limits{})
	body := append([]byte("notes: \"first\\tsecond\\nthird\"\ndescription: |\n  two\n  lines\n"), demoScenario...)
	if w := call(s, "POST", "/api/games?name=with%20notes", "", body); w.Code != http.StatusCreated {
		t.Fatalf("%d: %s", w.Code, w.Body)
	}
}

// failingStore is a store whose every call fails as a broken PostgreSQL connection does,
// once broken is set; until then it is the store it wraps.
type failingStore struct {
	store.Store
	mu     sync.Mutex
	broken bool
}

// pgText is what the failures say: the database's own words, which no answer may carry.
const pgText = `FATAL: terminating connection due to administrator command (SQLSTATE 57P01); ERROR: invalid byte sequence for encoding "UTF8": 0x00 (SQLSTATE 22021)`

func (s *failingStore) err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.broken {
		return errors.New(pgText)
	}
	return nil
}

func (s *failingStore) Create(ctx context.Context, g store.Game) error {
	if err := s.err(); err != nil {
		return err
	}
	return s.Store.Create(ctx, g)
}
func (s *failingStore) Game(ctx context.Context, id string) (store.Game, error) {
	if err := s.err(); err != nil {
		return store.Game{}, err
	}
	return s.Store.Game(ctx, id)
}
func (s *failingStore) Append(ctx context.Context, id string, e game.Entry) error {
	if err := s.err(); err != nil {
		return err
	}
	return s.Store.Append(ctx, id, e)
}
func (s *failingStore) CreateMap(ctx context.Context, m store.Map) error {
	if err := s.err(); err != nil {
		return err
	}
	return s.Store.CreateMap(ctx, m)
}
func (s *failingStore) UpdateMap(ctx context.Context, m store.Map) error {
	if err := s.err(); err != nil {
		return err
	}
	return s.Store.UpdateMap(ctx, m)
}
func (s *failingStore) DeleteMap(ctx context.Context, name string, token []byte) error {
	if err := s.err(); err != nil {
		return err
	}
	return s.Store.DeleteMap(ctx, name, token)
}
func (s *failingStore) Map(ctx context.Context, name string) (store.Map, error) {
	if err := s.err(); err != nil {
		return store.Map{}, err
	}
	return s.Store.Map(ctx, name)
}
func (s *failingStore) Maps(ctx context.Context) ([]store.Map, error) {
	if err := s.err(); err != nil {
		return nil, err
	}
	return s.Store.Maps(ctx)
}

// TestStoreErrorsLogged: an answer built from a store's failure never carries the store's
// words: it says what failed and gives an error id, and the server's log has the id with the
// store's words.
func TestStoreErrorsLogged(t *testing.T) {
	sqlite := openStore(t)
	st := &failingStore{Store: sqlite}
	var logMu sync.Mutex
	var log []string
	s := New(Config{Store: st, Dice: func(string) dice.Source { return dice.NewSeeded(3) }, Logf: func(format string, args ...any) {
		logMu.Lock()
		defer logMu.Unlock()
		log = append(log, fmt.Sprintf(format, args...))
	}})
	cr, err := s.Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	saveMapTwo(t, s)
	s.mu.Lock()
	l := s.games[other.ID]
	s.mu.Unlock()
	l.mu.Lock()
	s.drop(l, whyIdle) // the next request loads it from the store
	l.mu.Unlock()
	st.mu.Lock()
	st.broken = true
	st.mu.Unlock()
	withID := regexp.MustCompile(`\(error id ([0-9a-f]{8}): the server's log has it\)`)
	for _, tc := range []struct {
		name, method, path, token string
		body                      []byte
		code                      int
		says                      string
	}{
		{"create", "POST", "/api/games", "", demoScenario, 500, "the game could not be created"},
		{"load", "GET", "/api/games/" + other.ID, other.Tokens["German"], nil, 500, "game " + other.ID + " cannot be loaded"},
		{"step", "POST", "/api/games/" + cr.ID + "/steps", cr.Tokens["German"], []byte(`{"n": 1, "line": "PzIV start"}`), 503, "step 1 could not be saved, so it was not played"},
		{"maps", "GET", "/api/maps", "", nil, 500, "the maps could not be listed"},
		{"map", "GET", "/api/maps/two", "", nil, 500, `map "two" could not be read`},
		{"new map", "POST", "/api/maps", "", []byte(`{"name": "three", "ruleset": "asl", "map": "boards: [\"2\"]"}`), 500, `map "three" could not be saved`},
		{"saved map in a scenario", "POST", "/api/games", "", []byte("map: {saved: two}\nunits: []\n"), 500, "the game could not be created"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logMu.Lock()
			log = nil
			logMu.Unlock()
			w := call(s, tc.method, tc.path, tc.token, tc.body)
			msg := decode(t, w).Error
			if w.Code != tc.code || !strings.Contains(msg, tc.says) {
				t.Errorf("%d %q, want %d saying %q", w.Code, msg, tc.code, tc.says)
			}
			if strings.Contains(w.Body.String(), "SQLSTATE") || strings.Contains(w.Body.String(), "FATAL") {
				t.Errorf("the answer carries the store's words: %s", w.Body)
			}
			m := withID.FindStringSubmatch(msg)
			if m == nil {
				t.Fatalf("the answer gives no error id: %q", msg)
			}
			logMu.Lock()
			defer logMu.Unlock()
			found := false
			for _, l := range log {
				found = found || strings.Contains(l, m[1]) && strings.Contains(l, pgText)
			}
			if !found {
				t.Errorf("the server's log has no line with the id %s and the store's words: %q", m[1], log)
			}
		})
	}
}

// saveMapTwo saves the one-board ASL map "two" on s, as its tests find it.
func saveMapTwo(t *testing.T, s *Server) MapSaved {
	t.Helper()
	w := call(s, "POST", "/api/maps", "", []byte(`{"name": "two", "ruleset": "asl", "map": "boards: [\"2\"]\n"}`))
	var saved MapSaved
	if w.Code != http.StatusCreated || json.Unmarshal(w.Body.Bytes(), &saved) != nil {
		t.Fatalf("saving a map: %d %s", w.Code, w.Body)
	}
	return saved
}
