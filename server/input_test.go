package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/store"
)

// inputServer is a server over a fresh SQLite file, with lim as its limits, called in-process.
func inputServer(t *testing.T, lim rules.Limits) *Server {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return New(Config{Store: st, Limits: lim, Dice: func(string) dice.Source { return dice.NewSeeded(3) }})
}

// inputAnswer is an error answer as these tests read it.
type inputAnswer struct {
	Error string `json:"error"`
	N     *int   `json:"n"`
	Next  *int   `json:"next"`
	Limit string `json:"limit"`
	Max   int    `json:"max"`
}

func decode(t *testing.T, w *httptest.ResponseRecorder) inputAnswer {
	t.Helper()
	var a inputAnswer
	if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
		t.Fatalf("%d: not JSON: %q", w.Code, w.Body.Bytes())
	}
	return a
}

// aslFile is an ASL scenario of boards boards in one row, units tanks on the first and groups
// platoons of two tanks each.
func aslFile(boards, units, groups int) []byte {
	var b strings.Builder
	b.WriteString("map: {boards: [")
	for i := range boards {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", strconv.Itoa(i+1))
	}
	b.WriteString("]}\nunits:\n")
	for i := range units {
		fmt.Fprintf(&b, "  - {id: T%d, side: German, vehicle: {name: PzKpfw IVH, mp: 12, class: tank}, at: 1C2, vca: 1C3-1D2}\n", i)
	}
	if groups > 0 {
		b.WriteString("groups:\n")
		for i := range groups {
			fmt.Fprintf(&b, "  - {id: P%d, kind: platoon, members: [T%d, T%d]}\n", i, 2*i, 2*i+1)
		}
	}
	return []byte(b.String())
}

// lhyTurns is a Last Hundred Yards scenario whose moves are n turns.
func lhyTurns(n int) []byte {
	return []byte("ruleset: lhy\nunits: [{id: A, nationality: US, kind: squad, at: B2}]\nmoves: [turn" + strings.Repeat(", turn", n-1) + "]\n")
}

// TestCreateLimits: a scenario at each of the server's default caps is a game; one over is
// 422 (413 for its size), the message naming what it asked, the cap and the flag.
func TestCreateLimits(t *testing.T) {
	s, small := inputServer(t, rules.Limits{}), inputServer(t, rules.Limits{Moves: 50})
	def := rules.DefaultLimits()
	big := append(aslFile(1, 1, 0), "notes: "+strings.Repeat("x", def.Body)+"\n"...)
	for _, c := range []struct {
		what string
		body []byte
		code int
		want string
	}{
		{"16 boards", aslFile(16, 1, 0), http.StatusCreated, ""},
		{"17 boards", aslFile(17, 1, 0), http.StatusUnprocessableEntity, "the scenario names 17 boards; this server takes at most 16 (--max-boards)"},
		{"500 units", aslFile(1, 500, 0), http.StatusCreated, ""},
		{"501 units", aslFile(1, 501, 0), http.StatusUnprocessableEntity, "the scenario names 501 units; this server takes at most 500 (--max-units)"},
		{"100 groups", aslFile(1, 200, 100), http.StatusCreated, ""},
		{"101 groups", aslFile(1, 202, 101), http.StatusUnprocessableEntity, "the scenario names 101 groups; this server takes at most 100 (--max-groups)"},
		{"a line of 1 KiB", append(aslFile(1, 1, 0), "name: "+strings.Repeat("n", 1024)+"\n"...), http.StatusCreated, ""},
		{"a line over 1 KiB", append(aslFile(1, 1, 0), "name: "+strings.Repeat("n", 1025)+"\n"...), http.StatusUnprocessableEntity, "a line of 1025 bytes; this server takes at most 1024 (--max-line)"},
		{"a body over 256 KiB", big, http.StatusRequestEntityTooLarge, "is over 262144 bytes, the most this server takes (set by --max-body)"},
		{"10,001 moves", lhyTurns(10001), http.StatusUnprocessableEntity, "the scenario names 10001 moves; this server takes at most 10000 (--max-moves)"},
		{"10,000 moves", lhyTurns(10000), http.StatusCreated, ""}, // stored together (AppendAll)
		{"50 moves of 50", lhyTurns(50), http.StatusCreated, ""},
		{"51 moves of 50", lhyTurns(51), http.StatusUnprocessableEntity, "the scenario names 51 moves; this server takes at most 50 (--max-moves)"},
	} {
		t.Run(c.what, func(t *testing.T) {
			srv := s
			if strings.Contains(c.what, "of 50") {
				srv = small
			}
			w := call(srv, "POST", "/api/games", "", c.body)
			if w.Code != c.code {
				t.Fatalf("%d, want %d: %s", w.Code, c.code, w.Body.Bytes())
			}
			a := decode(t, w)
			if c.want != "" && !strings.Contains(a.Error, c.want) {
				t.Fatalf("%q lacks %q", a.Error, c.want)
			}
			if c.code != http.StatusCreated && (a.Limit == "" || a.Max == 0) {
				t.Fatalf("no limit or max: %+v", a)
			}
		})
	}
}

// TestMapLimits: a saved map over a cap is refused as a scenario is (422), and a map body is
// read strictly.
func TestMapLimits(t *testing.T) {
	s := inputServer(t, rules.Limits{Boards: 2, Hexes: 800})
	for _, c := range []struct {
		what string
		body string
		code int
		want string
	}{
		{"2 boards", `{"name": "two", "ruleset": "asl", "map": {"boards": ["2", "3"]}}`, http.StatusCreated, ""},
		{"3 boards", `{"name": "three", "ruleset": "asl", "map": {"boards": ["2", "3", "4"]}}`, http.StatusUnprocessableEntity, "the map names 3 boards; this server takes at most 2 (--max-boards)"},
		{"2 rows of 1", `{"name": "tall", "ruleset": "asl", "map": "rows: [[\"2\"], [\"3\"]]"}`, http.StatusCreated, ""},
		{"a table over the hexes", `{"name": "t", "ruleset": "lightningwar", "map": {"table": {"width": 40, "height": 21}}}`, http.StatusUnprocessableEntity, "the map's table is 40\" x 21\", 840 square inches; this server takes at most 800 (--max-hexes)"},
		{"a table within", `{"name": "t", "ruleset": "lightningwar", "map": {"table": {"width": 40, "height": 20}}}`, http.StatusCreated, ""},
		{"an unknown field", `{"name": "u", "ruleset": "asl", "map": {"boards": ["2"]}, "colour": "red"}`, http.StatusBadRequest, `unknown field "colour"`},
		{"trailing data", `{"name": "v", "ruleset": "asl", "map": {"boards": ["2"]}} {}`, http.StatusBadRequest, "something follows the JSON object"},
	} {
		t.Run(c.what, func(t *testing.T) {
			w := call(s, "POST", "/api/maps", "", []byte(c.body))
			if w.Code != c.code {
				t.Fatalf("%d, want %d: %s", w.Code, c.code, w.Body.Bytes())
			}
			if a := decode(t, w); c.want != "" && !strings.Contains(a.Error, c.want) {
				t.Fatalf("%q lacks %q", a.Error, c.want)
			}
		})
	}
}

// TestStrictSteps: a step's body is one JSON object with n and line only; a line over the Line
// limit is 422; an n beyond the next step is 409 naming the next, and one below it is the
// "someone moved first" 409; each answer leaves the game as it was.
func TestStrictSteps(t *testing.T) {
	s := inputServer(t, rules.Limits{})
	cr, err := s.Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	tok := cr.Tokens["German"]
	long := strings.Repeat("x", 1025)
	for _, c := range []struct {
		what string
		body string
		code int
		want string
		next int // the next field (0: absent)
	}{
		{"trailing object", `{"n": 1, "line": "PzIV start"} {}`, http.StatusBadRequest, "something follows the JSON object", 0},
		{"trailing word", `{"n": 1, "line": "PzIV start"}x`, http.StatusBadRequest, "something follows the JSON object", 0},
		{"two objects", `{"n": 1, "line": "PzIV start"}{"n": 2, "line": "PzIV stop"}`, http.StatusBadRequest, "something follows", 0},
		{"an unknown field", `{"n": 1, "line": "PzIV start", "dice": [6, 6]}`, http.StatusBadRequest, `unknown field "dice"`, 0},
		{"n as NaN", `{"n": NaN, "line": "PzIV start"}`, http.StatusBadRequest, "the body is", 0},
		{"n too big for an int", `{"n": 1e99, "line": "PzIV start"}`, http.StatusBadRequest, "the body is", 0},
		{"a line over the cap", `{"n": 1, "line": "` + long + `"}`, http.StatusUnprocessableEntity, "the step's notation is 1025 bytes; this server takes at most 1024 (--max-line)", 0},
		{"a line at the cap", `{"n": 1, "line": "` + long[1:] + `"}`, http.StatusBadRequest, "", 0},
		{"a body over its size", `{"n": 1, "line": "` + strings.Repeat(`\u00e9`, 3000) + `"}`, http.StatusRequestEntityTooLarge, "the request is over 16384 bytes, the most this server takes (set by --max-line)", 0},
		{"a far-future n", `{"n": 99, "line": "PzIV start"}`, http.StatusConflict, "step 99: the game is at step 0, so the next step is 1: a step's n is the state's n + 1", 1},
		{"the next but one", `{"n": 2, "line": "PzIV start"}`, http.StatusConflict, "no step may be sent before the ones between", 1},
	} {
		t.Run(c.what, func(t *testing.T) {
			w := call(s, "POST", "/api/games/"+cr.ID+"/steps", tok, []byte(c.body))
			if w.Code != c.code {
				t.Fatalf("%d, want %d: %s", w.Code, c.code, w.Body.Bytes())
			}
			a := decode(t, w)
			if !strings.Contains(a.Error, c.want) || strings.Contains(a.Error, "someone moved first") {
				t.Fatalf("%q lacks %q (or says someone moved first)", a.Error, c.want)
			}
			if c.next != 0 && (a.Next == nil || *a.Next != c.next) {
				t.Fatalf("next: %v, want %d", a.Next, c.next)
			}
		})
	}
	if w := call(s, "POST", "/api/games/"+cr.ID+"/steps", tok, []byte(`{"n": 1, "line": "PzIV start"}`)); w.Code != http.StatusCreated {
		t.Fatalf("the first step, after all that: %d %s", w.Code, w.Body.Bytes())
	}
	w := call(s, "POST", "/api/games/"+cr.ID+"/steps", tok, []byte(`{"n": 1, "line": "PzIV stop"}`))
	if a := decode(t, w); w.Code != http.StatusConflict || !strings.Contains(a.Error, "someone moved first") || a.Next == nil || *a.Next != 2 {
		t.Fatalf("a stale n: %d %+v", w.Code, a)
	}
}

// TestBearerAnyCase: the Authorization scheme is matched in any case (RFC 9110 11.1), and
// another scheme or none is refused.
func TestBearerAnyCase(t *testing.T) {
	s := inputServer(t, rules.Limits{})
	cr, err := s.Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		auth string
		code int
	}{
		{"Bearer " + cr.Tokens[Referee], 200}, {"bearer " + cr.Tokens[Referee], 200}, {"BEARER " + cr.Tokens[Referee], 200},
		{"bEaReR  " + cr.Tokens[Referee], 200}, {"Basic " + cr.Tokens[Referee], 403}, {cr.Tokens[Referee], 403}, {"Bearer", 403},
	} {
		req := httptest.NewRequest("GET", "/api/games/"+cr.ID, nil)
		req.Header.Set("Authorization", c.auth)
		w := httptest.NewRecorder()
		s.Handler().ServeHTTP(w, req)
		if w.Code != c.code {
			t.Errorf("Authorization: %.12q...: %d, want %d", c.auth, w.Code, c.code)
		}
	}
}

// TestEditorParseNonFinite: the editor's YAML reader refuses a number JSON cannot carry (400,
// naming its line) instead of answering a broken document.
func TestEditorParseNonFinite(t *testing.T) {
	s := inputServer(t, rules.Limits{})
	for _, c := range []struct {
		doc  string
		code int
	}{
		{"a: 1.5\n", 200}, {"a: .nan\n", 400}, {"a: [1, -.inf]\n", 400}, {"b: 2\na: .Inf\n", 400}, {"a: 1e999\n", 200}, {"a: '.nan'\n", 200},
	} {
		w := call(s, "POST", "/api/editor/parse", "", []byte(c.doc))
		if w.Code != c.code {
			t.Errorf("%q: %d, want %d: %s", c.doc, w.Code, c.code, w.Body.Bytes())
		}
		var v any
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
			t.Errorf("%q: not JSON: %q", c.doc, w.Body.Bytes())
		}
	}
}

// TestMaxScenarioStillBounds: Config.MaxScenario, given without Limits.Body, is the Body
// limit: a larger scenario is 413.
func TestMaxScenarioStillBounds(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s := New(Config{Store: st, MaxScenario: 100})
	if s.cfg.Limits.Body != 100 || s.cfg.Limits.Boards != rules.DefaultLimits().Boards {
		t.Fatalf("limits: %+v", s.cfg.Limits)
	}
	if w := call(s, "POST", "/api/games", "", aslFile(1, 2, 0)); w.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("%d: %s", w.Code, w.Body.Bytes())
	}
}

// TestDeclaredTooBig: a request that declares a body over the cap (10 GB) and sends none is
// answered 413 at once, naming the cap, and its connection closed, on every route that reads a
// body; before, each waited for the body until the read timeout. The raw connection's deadline
// stands for that timeout: without the check, the answer never comes.
func TestDeclaredTooBig(t *testing.T) {
	s := inputServer(t, rules.Limits{})
	cr, err := s.Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	for _, path := range []string{"/api/games", "/api/games/" + cr.ID + "/steps", "/api/maps", "/api/editor/parse"} {
		conn, err := net.Dial("tcp", hs.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: umpire\r\nContent-Length: 10737418240\r\nContent-Type: application/json\r\n\r\n", path)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Errorf("%s: no answer before the deadline: %v", path, err)
			conn.Close()
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), "the most this server takes") || !resp.Close {
			t.Errorf("%s: %d %s (close %v), want 413 naming the cap, the connection closed", path, resp.StatusCode, body, resp.Close)
		}
		conn.Close()
	}
}
