package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/internal/needs"
	"github.com/umpire-referee/umpire/internal/pgtest"
	"github.com/umpire-referee/umpire/store"
)

// postgresEnv: a PostgreSQL URL to run the store-backed tests against as well (the CI script
// starts a server and sets it; see the README).
const postgresEnv = "UMPIRE_TEST_POSTGRES"

// backends runs test on a server over a fresh SQLite file and, when postgresEnv is set, over
// PostgreSQL. open gives a new Server on the same database each time it is called (a restart,
// or a second server process sharing the database: Shared is set, which several processes on
// one SQLite file allow too).
func backends(t *testing.T, test func(t *testing.T, open func() *Server)) {
	run := func(t *testing.T, addr string) {
		var stores []store.Store
		var servers []*Server
		t.Cleanup(func() {
			for _, s := range servers {
				s.Close()
			}
			for _, st := range stores {
				st.Close()
			}
		})
		test(t, func() *Server {
			st, err := store.Open(context.Background(), addr)
			if err != nil {
				t.Fatal(err)
			}
			stores = append(stores, st)
			s := New(Config{Store: st, Shared: true, Dice: func(string) dice.Source { return dice.NewSeeded(7) },
				Logf: t.Logf})
			servers = append(servers, s)
			return s
		})
	}
	t.Run("sqlite", func(t *testing.T) { run(t, filepath.Join(t.TempDir(), "games.db")) })
	t.Run("postgres", func(t *testing.T) {
		url := os.Getenv(postgresEnv)
		if url == "" {
			needs.Missing(t, "%s is not set: no PostgreSQL server to test against (scripts/test starts one)", postgresEnv)
		}
		run(t, pgtest.Isolated(t, url))
	})
}

// client talks to one test server.
type client struct {
	t    testing.TB
	base string
}

func serveTest(t *testing.T, s *Server) *client {
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	return &client{t: t, base: hs.URL}
}

// do sends a request with the token (none if "") and decodes the JSON answer into out.
func (c *client) do(method, path, token string, body []byte, out any) int {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			c.t.Fatalf("%s %s: %d %q is not JSON: %v", method, path, resp.StatusCode, b, err)
		}
	}
	return resp.StatusCode
}

func (c *client) create(data []byte) Created {
	c.t.Helper()
	var cr Created
	if code := c.do("POST", "/api/games", "", data, &cr); code != http.StatusCreated {
		c.t.Fatalf("create: %d %+v", code, cr)
	}
	return cr
}

func (c *client) state(cr Created, role string) stateView {
	c.t.Helper()
	var v stateView
	if code := c.do("GET", "/api/games/"+cr.ID, cr.Tokens[role], nil, &v); code != http.StatusOK {
		c.t.Fatalf("state: %d", code)
	}
	return v
}

type submitAnswer struct {
	aslAnswerError
	Entry struct {
		N     int      `json:"n"`
		Line  string   `json:"line"`
		Rolls []string `json:"rolls"`
	} `json:"entry"`
	Text string `json:"text"`
}

func (c *client) submit(cr Created, role string, n int, line string) (int, submitAnswer) {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"n": n, "line": line})
	var a submitAnswer
	code := c.do("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens[role], body, &a)
	return code, a
}

// mustStep submits a step that must be accepted.
func (c *client) mustStep(cr Created, role string, n int, line string) submitAnswer {
	c.t.Helper()
	code, a := c.submit(cr, role, n, line)
	if code != http.StatusCreated {
		c.t.Fatalf("step %d %q: %d %s (%s)", n, line, code, a.Error, a.Rule)
	}
	return a
}

func TestCreate(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create(demoScenario)
		if cr.N != 0 || strings.Join(cr.Sides, ",") != "German,Russian" {
			t.Errorf("demo: %d steps, sides %v", cr.N, cr.Sides)
		}
		seen := map[string]bool{}
		for _, role := range []string{"German", "Russian", Referee, Spectator} {
			tok := cr.Tokens[role]
			raw, err := base64.RawURLEncoding.DecodeString(tok)
			if err != nil || len(raw) < 16 || seen[tok] {
				t.Errorf("%s token %q: %d bytes, %v, repeated %v", role, tok, len(raw), err, seen[tok])
			}
			seen[tok] = true
			if cr.Links[role] != "/play/"+cr.ID+"?k="+tok {
				t.Errorf("%s link %q", role, cr.Links[role])
			}
		}
		// The same scenario as JSON, with moves: they are played as the first steps.
		var doc map[string]any
		if err := yaml.Unmarshal(demoScenario, &doc); err != nil {
			t.Fatal(err)
		}
		doc["moves"] = []string{"PzIV start", "PzIV enter 2K4"}
		js, _ := json.Marshal(doc)
		cj := c.create(js)
		if cj.N != 2 {
			t.Errorf("a JSON scenario with two moves: %d steps", cj.N)
		}
		v := c.state(cj, "German")
		if u := v.Units[0]; u.ID != "PzIV" || u.Hex != "2K4" || u.Spent != 1.5 {
			t.Errorf("after its moves PzIV is %+v", u)
		}
		// Refusals: a line-numbered error, too big, empty.
		var e apiError
		bad := bytes.Replace(demoScenario, []byte("2M6: woods"), []byte("2M6: jungle"), 1)
		if code := c.do("POST", "/api/games?name=mine.yaml", "", bad, &e); code != http.StatusBadRequest || !strings.HasPrefix(e.Error, "mine.yaml:") || !strings.Contains(e.Error, "jungle") {
			t.Errorf("unknown terrain: %d %q", code, e.Error)
		}
		if code := c.do("POST", "/api/games", "", []byte("{not json: ["), &e); code != http.StatusBadRequest || e.Error == "" {
			t.Errorf("malformed: %d %q", code, e.Error)
		}
		big := append(append([]byte{}, demoScenario...), bytes.Repeat([]byte("# padding\n"), 30000)...)
		if code := c.do("POST", "/api/games", "", big, &e); code != http.StatusRequestEntityTooLarge || !strings.Contains(e.Error, "bytes") {
			t.Errorf("oversized: %d %q", code, e.Error)
		}
		if code := c.do("POST", "/api/games", "", nil, &e); code != http.StatusBadRequest {
			t.Errorf("empty: %d %q", code, e.Error)
		}
	})
}

// TestAccess: a token opens its own game only, as its own role; no token opens nothing.
func TestAccess(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		a, b := c.create(demoScenario), c.create(demoScenario)
		var e apiError
		if code := c.do("GET", "/api/games/"+a.ID, "", nil, &e); code != http.StatusForbidden {
			t.Errorf("no token: %d", code)
		}
		if code := c.do("GET", "/api/games/"+a.ID, b.Tokens[Referee], nil, &e); code != http.StatusForbidden {
			t.Errorf("game b's referee token on game a: %d", code)
		}
		if code := c.do("GET", "/api/games/"+a.ID+"?k="+a.Tokens["Russian"], "", nil, nil); code != http.StatusOK {
			t.Errorf("?k=: %d", code)
		}
		if code := c.do("GET", "/api/games/nosuchgame", a.Tokens[Referee], nil, &e); code != http.StatusNotFound {
			t.Errorf("unknown game: %d", code)
		}
		for role, want := range map[string]string{"German": "German", Referee: "German,Russian", Spectator: ""} {
			v := c.state(a, role)
			if v.Role != role || strings.Join(v.MayMove, ",") != want {
				t.Errorf("%s: role %q may move %v", role, v.Role, v.MayMove)
			}
		}
	})
}

// TestSubmit: accepted steps are logged with their report; every refusal (wrong side,
// spectator, stale step number, illegal step, bad body) changes nothing.
func TestSubmit(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create(demoScenario)
		a := c.mustStep(cr, "German", 1, "PzIV start")
		if a.Entry.N != 1 || !strings.Contains(a.Text, "1 [Start] = 1 MP") || a.State.N != 1 {
			t.Errorf("start: %+v", a)
		}
		before := c.state(cr, Referee)
		unchanged := func(what string) {
			t.Helper()
			if now := c.state(cr, Referee); now.Hash != before.Hash || now.N != before.N {
				t.Errorf("%s changed the game: step %d → %d", what, before.N, now.N)
			}
		}
		code, r := c.submit(cr, "Russian", 2, "PzIV enter 2K4")
		if code != http.StatusForbidden || !strings.Contains(r.Error, "German") {
			t.Errorf("the Russian link moving a German tank: %d %q", code, r.Error)
		}
		unchanged("the wrong side's step")
		code, r = c.submit(cr, Spectator, 2, "PzIV enter 2K4")
		if code != http.StatusForbidden {
			t.Errorf("a spectator's step: %d", code)
		}
		unchanged("a spectator's step")
		code, r = c.submit(cr, "German", 1, "PzIV enter 2K4")
		if code != http.StatusConflict || r.State == nil || r.State.N != 1 || r.N != 1 {
			t.Errorf("a stale step number: %d %+v", code, r.aslAnswerError)
		}
		unchanged("a stale step")
		code, r = c.submit(cr, "German", 2, "PzIV enter 2J3")
		if code != http.StatusUnprocessableEntity || r.Rule != "D2.11" || r.State == nil {
			t.Errorf("entering outside the VCA: %d %q %q", code, r.Rule, r.Error)
		}
		unchanged("an illegal step")
		for _, body := range []string{`{"n": 2}`, `{"n": "two", "line": "PzIV stop"}`, `{"n": 2, "line": "PzIV stop", "x": 1}`, `PzIV stop`,
			`{"n": 2, "line": "PzIV fly 2K4"}`} {
			var e apiError
			if code := c.do("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens["German"], []byte(body), &e); code != http.StatusBadRequest || e.Error == "" {
				t.Errorf("body %.40q: %d %q", body, code, e.Error)
			}
		}
		unchanged("a bad body")
		a = c.mustStep(cr, "German", 2, "PzIV enter 2K4")
		if !strings.Contains(a.Text, "½ [road]") {
			t.Errorf("road entry: %q", a.Text)
		}
		// The Russian MPh: only now may the Russians move, and a German may not begin it.
		if code, _ := c.submit(cr, "German", 3, "mph Russian"); code != http.StatusForbidden {
			t.Errorf("German link starting the Russian MPh: %d", code)
		}
		c.mustStep(cr, "Russian", 3, "mph Russian")
		c.mustStep(cr, "Russian", 4, "P1 start")
		c.mustStep(cr, "Russian", 5, "P1: T26A vca 2R3-2S4, T26B -")
		if code, r := c.submit(cr, "German", 6, "P1 end"); code != http.StatusForbidden {
			t.Errorf("German link ending a Russian platoon's MPh: %d %q", code, r.Error)
		}
	})
}

// TestConflictingSubmits: of many clients sending the same step number at once exactly one
// lands; the others get 409 and the state with the winner's step.
func TestConflictingSubmits(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create(demoScenario)
		lines := []string{"PzIV start", "PzIV delay 1", "PzIV vca 2K4-2J3", "PzIV vca 2J5-2K5"}
		codes := make([]int, 12)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _ = c.submit(cr, "German", 1, lines[i%len(lines)])
			}()
		}
		wg.Wait()
		won := 0
		for _, code := range codes {
			switch code {
			case http.StatusCreated:
				won++
			case http.StatusConflict:
			default:
				t.Errorf("a racer got %d", code)
			}
		}
		if v := c.state(cr, Referee); won != 1 || v.N != 1 {
			t.Errorf("%d racers won, the game has %d steps", won, v.N)
		}
	})
}

// TestSharedStore: two servers over one database (as behind a load balancer). A step taken
// through one is seen by the other, and one that is stale there is refused with 409.
func TestSharedStore(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		a, b := serveTest(t, open()), serveTest(t, open())
		cr := a.create(demoScenario)
		a.mustStep(cr, "German", 1, "PzIV start")
		if v := b.state(cr, Referee); v.N != 1 {
			t.Fatalf("server b sees %d steps", v.N)
		}
		a.mustStep(cr, "German", 2, "PzIV enter 2K4")
		// b's copy is behind: step 2 there is stale, and the answer carries the real state.
		code, r := b.submit(cr, "German", 2, "PzIV enter 2K5")
		if code != http.StatusConflict || r.State == nil || r.State.N != 2 || r.State.Units[0].Hex != "2K4" {
			t.Fatalf("stale step through b: %d %+v", code, r.aslAnswerError)
		}
		b.mustStep(cr, "German", 3, "PzIV enter 2L4")
		if v := a.state(cr, Referee); v.N != 3 || v.Units[0].Hex != "2L4" {
			t.Errorf("server a sees step %d, PzIV in %s", v.N, v.Units[0].Hex)
		}
		a.mustStep(cr, "German", 4, "PzIV stop")
		if v := b.state(cr, Referee); v.N != 4 || v.Units[0].State != "Stopped" {
			t.Errorf("server b sees step %d, PzIV %s", v.N, v.Units[0].State)
		}
	})
}

// TestLogAndReplay: the log reports every step with its dice; replaying to step K gives the
// state the game had after step K; a restarted server rebuilds the same state from the store.
func TestLogAndReplay(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create(demoScenario)
		hashes := []string{c.state(cr, Referee).Hash}
		steps := []string{"PzIV start", "PzIV enter 2K4", "PzIV enter 2L4", "PzIV enter 2M5"}
		for i, line := range steps {
			a := c.mustStep(cr, "German", i+1, line)
			hashes = append(hashes, a.State.Hash)
		}
		var log struct {
			N       int `json:"n"`
			Entries []struct {
				N      int      `json:"n"`
				Line   string   `json:"line"`
				Rolls  []string `json:"rolls"`
				Text   string   `json:"text"`
				Report struct {
					Breakdown string `json:"breakdown"`
					Dice      []any  `json:"dice"`
				} `json:"report"`
			} `json:"entries"`
		}
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[Spectator], nil, &log); code != 200 || log.N != len(steps) || len(log.Entries) != len(steps) {
			t.Fatalf("log: %d %+v", code, log)
		}
		woods := log.Entries[3] // 2M5 is woods: a Bog Check, so a DR
		if woods.Line != "PzIV enter 2M5" || len(woods.Rolls) != 1 || len(woods.Report.Dice) != 1 || !strings.Contains(woods.Report.Breakdown, "Woods") {
			t.Errorf("the woods entry: %+v", woods)
		}
		for k := 0; k <= len(steps); k++ {
			var v stateView
			if code := c.do("GET", fmt.Sprintf("/api/games/%s/replay?n=%d", cr.ID, k), cr.Tokens[Spectator], nil, &v); code != 200 || v.Hash != hashes[k] || v.At != k {
				t.Errorf("replay to %d: %d, at %d, same hash %v", k, code, v.At, v.Hash == hashes[k])
			}
		}
		var e apiError
		if code := c.do("GET", "/api/games/"+cr.ID+"/replay?n=99", cr.Tokens[Spectator], nil, &e); code != http.StatusBadRequest {
			t.Errorf("replay past the end: %d", code)
		}
		// A new server on the same store replays the log to the same state.
		c2 := serveTest(t, open())
		if v := c2.state(cr, Referee); v.Hash != hashes[len(steps)] || v.N != len(steps) {
			t.Errorf("after a restart: step %d, same hash %v", v.N, v.Hash == hashes[len(steps)])
		}
	})
}

// TestStepsAndReach: every step the steps endpoint lists is accepted at the cost it lists, and
// the reach shading agrees with the referee on the first hex.
func TestStepsAndReach(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		probe := c.create(demoScenario)
		var list struct {
			Left       float64      `json:"left"`
			Steps      []stepOption `json:"steps"`
			Candidates []string     `json:"candidates"`
		}
		if code := c.do("GET", "/api/games/"+probe.ID+"/units/PzIV/steps", probe.Tokens["German"], nil, &list); code != 200 || len(list.Steps) < 8 {
			t.Fatalf("steps: %d %+v", code, list)
		}
		for _, opt := range list.Steps {
			cr := c.create(demoScenario)
			a := c.mustStep(cr, "German", 1, opt.Line)
			if !strings.Contains(a.Text, opt.Breakdown) {
				t.Errorf("%s: listed as %q, played as %q", opt.Line, opt.Breakdown, a.Text)
			}
			if opt.Hex != "" && a.State.Units[0].Hex != opt.Hex {
				t.Errorf("%s: listed into %s, ended in %s", opt.Line, opt.Hex, a.State.Units[0].Hex)
			}
		}
		var reach struct {
			Hexes []reachHex `json:"hexes"`
		}
		if code := c.do("GET", "/api/games/"+probe.ID+"/units/PzIV/reach", probe.Tokens[Spectator], nil, &reach); code != 200 {
			t.Fatalf("reach: %d", code)
		}
		found := map[string]reachHex{}
		for _, h := range reach.Hexes {
			found[h.Hex] = h
			if h.MP > list.Left {
				t.Errorf("%s reached for %v MP, more than the %v left", h.Hex, h.MP, list.Left)
			}
		}
		if h := found["2K4"]; h.MP != 1.5 || h.Risky || !h.Stop {
			t.Errorf("2K4 along the road: %+v, want 1½ MP (Start + road), certain", h)
		}
		if h := found["2M5"]; h.MP != 4 || h.Risky {
			t.Errorf("2M5 (woods): %+v, want 4 MP certain (Start, two road hexes, Bypass along its hexside)", h)
		}
		if h := found["2K6"]; !h.Risky || h.P >= 1 {
			t.Errorf("2K6 (graveyard: ½ MP and a Bog Check, no Bypass): %+v, want risky", h)
		}
		risky := 0
		for _, h := range reach.Hexes {
			if h.Risky {
				risky++
				if h.P >= 1 {
					t.Errorf("%s is risky with a certain way at its least MP: %+v", h.Hex, h)
				}
			}
		}
		if risky == 0 {
			t.Error("no hex past the woods and brush is marked risky")
		}
		var e apiError
		if code := c.do("GET", "/api/games/"+probe.ID+"/units/Tiger/steps", probe.Tokens[Spectator], nil, &e); code != http.StatusNotFound {
			t.Errorf("an unknown unit: %d", code)
		}
	})
}

// TestEvents: an open event stream gets each accepted step with the new state's hash.
func TestEvents(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create(demoScenario)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/api/games/"+cr.ID+"/events?k="+cr.Tokens[Spectator], nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
			t.Fatalf("content type %q", ct)
		}
		rd := bufio.NewReader(resp.Body)
		next := func() (string, string) {
			var ev, data string
			for {
				line, err := rd.ReadString('\n')
				if err != nil {
					t.Fatalf("stream: %v", err)
				}
				line = strings.TrimRight(line, "\n")
				switch {
				case strings.HasPrefix(line, "event: "):
					ev = line[7:]
				case strings.HasPrefix(line, "data: "):
					data = line[6:]
				case line == "" && ev != "":
					return ev, data
				}
			}
		}
		if ev, data := next(); ev != "hello" || data != `{"n":0}` {
			t.Fatalf("first event %s %s", ev, data)
		}
		a := c.mustStep(cr, "German", 1, "PzIV start")
		ev, data := next()
		var got entryView
		json.Unmarshal([]byte(data), &got)
		if ev != "step" || got.N != 1 || got.Hash != a.State.Hash || got.Line != "PzIV start" {
			t.Errorf("step event %s %s", ev, data)
		}
		var e apiError
		if code := c.do("GET", "/api/games/"+cr.ID+"/events", "", nil, &e); code != http.StatusForbidden {
			t.Errorf("events without a token: %d", code)
		}
	})
}

// TestPages: the pages and their assets are served from the binary.
func TestPages(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		for _, path := range []string{"/", "/play/whatever", "/static/app.js", "/static/style.css"} {
			resp, err := http.Get(c.base + path)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || len(b) < 100 {
				t.Errorf("%s: %d, %d bytes", path, resp.StatusCode, len(b))
			}
		}
	})
}

// TestPath: a unit's cheapest way to a hex (rules.Pather), its questions and refusals.
func TestPath(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create(demoScenario)
		tok := cr.Tokens[Spectator]
		var p struct {
			Reachable bool              `json:"reachable"`
			MP        float64           `json:"mp"`
			P         float64           `json:"p"`
			Steps     []json.RawMessage `json:"steps"`
		}
		if code := c.do("GET", "/api/games/"+cr.ID+"/units/PzIV/path?to=2L4", tok, nil, &p); code != 200 || !p.Reachable || p.MP != 2 || p.P != 1 || len(p.Steps) != 2 {
			// 2K4 along the road, ½ + 1 [Start], then 2L4 at ½: 2 MP, certain, two steps.
			t.Errorf("PzIV to 2L4: %d %+v", code, p)
		}
		var e apiError
		for q, want := range map[string]int{
			"/units/PzIV/path":                     http.StatusBadRequest, // no to
			"/units/PzIV/path?to=2L4&max_risk=NaN": http.StatusBadRequest,
			"/units/PzIV/path?to=2L4&max_risk=2":   http.StatusBadRequest,
			"/units/PzIV/path?to=ZZ9":              http.StatusBadRequest,
			"/units/NOSUCH/path?to=2L4":            http.StatusNotFound,
			"/units/PzIV/reach?max_risk=NaN":       http.StatusBadRequest,
			"/units/PzIV/path?to=2L4&vca=2M3-2M4":  http.StatusBadRequest, // not a VCA of 2L4
			"/units/PzIV/path?to=2GG10":            http.StatusOK,         // unreachable: reachable false
			"/units/PzIV/path?to=2L4&vca=2M4-2M5":  http.StatusOK,
		} {
			if code := c.do("GET", "/api/games/"+cr.ID+q, tok, nil, &e); code != want {
				t.Errorf("GET %s: %d, want %d (%s)", q, code, want, e.Error)
			}
		}
		lhy, err := os.ReadFile("../testdata/lhy/10.5.2.2-range-heroic-3-hexes.yaml")
		if err != nil {
			t.Fatal(err)
		}
		lg := c.create(lhy)
		if code := c.do("GET", "/api/games/"+lg.ID+"/units/X/path?to=A1", lg.Tokens[Spectator], nil, &e); code != http.StatusBadRequest || !strings.Contains(e.Error, "do not offer") {
			t.Errorf("an LHY game's path: %d %q", code, e.Error)
		}
	})
}
