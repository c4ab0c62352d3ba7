package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	aslrs "github.com/umpire-referee/umpire/asl/ruleset"
	"github.com/umpire-referee/umpire/rules"
)

// routeTable is the server's route table, as every server registers it.
func routeTable() *routeMux {
	s := &Server{}
	s.routes()
	return s.mux
}

// testOnlyRulesets are the rulesets this package's tests register (rulesets_test.go): their
// routes are served here but are no part of umpire, nor of docs/api.md.
var testOnlyRulesets = map[string]bool{"routed": true}

// docRoute is a row of docs/api.md's table of endpoints.
type docRoute struct{ class, caps string }

// apiTable reads docs/api.md's table of endpoints, by pattern as the server registers it: the
// query cut off, "GET /" read as "GET /{$}" and "GET /static/..." as "GET /static/".
func apiTable(t *testing.T) map[string]docRoute {
	t.Helper()
	doc, err := os.ReadFile("../docs/api.md") // the API's reference
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## Endpoints\n")
	if !ok {
		t.Fatal("docs/api.md has no section ## Endpoints")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	out := map[string]docRoute{}
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cells) != 4 {
			t.Errorf("docs/api.md: a row of the table of endpoints that is not | route | what | class | caps |: %s", line)
			continue
		}
		p := strings.Trim(strings.TrimSpace(cells[0]), "`")
		p, _, _ = strings.Cut(p, "?")
		switch p {
		case "GET /":
			p = "GET /{$}"
		case "GET /static/...":
			p = "GET /static/"
		}
		if _, dup := out[p]; dup {
			t.Errorf("docs/api.md lists %s twice", p)
		}
		out[p] = docRoute{class: strings.TrimSpace(cells[2]), caps: strings.TrimSpace(cells[3])}
	}
	return out
}

var capFlagRE = regexp.MustCompile("`(--max-[a-z]+)")

// TestRouteTable: every route the server serves, its own and each ruleset's, has a rate class
// and caps (or says why it needs none), and docs/api.md's table of endpoints lists exactly these
// routes, each with its class and the flags of its caps.
func TestRouteTable(t *testing.T) {
	m := routeTable()
	doc := apiTable(t)
	served := map[string]bool{}
	for _, p := range m.patterns {
		served[p] = true
		c := m.costs[p]
		if rt, ok := m.rulesets[p]; ok {
			if rt.Class == 0 {
				t.Errorf("%s: the ruleset gives the route no rate class (rules.Route.Class)", p)
			}
			if rt.Answer == nil {
				t.Errorf("%s: the ruleset gives the route no Answer", p)
			}
		} else if _, ok := serverRoutes[p]; !ok {
			t.Errorf("%s: not in the route table (serverRoutes, routes.go): give it its rate class and caps", p)
		}
		if len(c.caps) == 0 && c.bound == "" {
			t.Errorf("%s: no caps, and no word of what bounds it (say \"none: a fixed answer\" if nothing need)", p)
		}
		var flags []string
		for _, name := range c.caps {
			if capFlag(name) == "" {
				t.Errorf("%s: cap %q is no limit the server has", p, name)
			}
			flags = append(flags, capFlag(name))
		}
		if rest, ok := strings.CutPrefix(p, "GET /api/rulesets/"); ok && testOnlyRulesets[strings.Split(rest, "/")[0]] {
			continue
		}
		row, ok := doc[p]
		if !ok {
			t.Errorf("%s: served, but not in docs/api.md's table of endpoints", p)
			continue
		}
		if row.class != c.class.String() {
			t.Errorf("%s: docs/api.md gives the class %q, the server %q", p, row.class, c.class)
		}
		var listed []string
		for _, f := range capFlagRE.FindAllStringSubmatch(row.caps, -1) {
			listed = append(listed, f[1])
		}
		slices.Sort(flags)
		slices.Sort(listed)
		if !slices.Equal(flags, listed) {
			t.Errorf("%s: docs/api.md gives the caps %v, the server %v", p, listed, flags)
		}
		if row.caps == "" {
			t.Errorf("%s: docs/api.md gives no caps (say \"none: ...\" if nothing need)", p)
		}
	}
	for p := range serverRoutes {
		if !served[p] {
			t.Errorf("%s: in the route table (serverRoutes) but not served", p)
		}
	}
	for p := range doc {
		if !served[p] {
			t.Errorf("%s: in docs/api.md's table of endpoints but not served", p)
		}
	}
}

// TestRouteClasses: each request is counted under its route's class; a ruleset's route under
// the class the ruleset gives it (ASL's grid is an expensive read, its legend is not).
func TestRouteClasses(t *testing.T) {
	m := routeTable()
	for _, c := range []struct {
		method, path string
		want         class
	}{
		{"POST", "/api/games", classCreate},
		{"GET", "/api/games/x", classOther},
		{"GET", "/api/games/x/log", classOther},
		{"GET", "/api/games/x/replay?n=1", classExpensive},
		{"GET", "/api/games/x/units/T/steps", classOther},
		{"GET", "/api/games/x/units/T/reach", classExpensive},
		{"GET", "/api/games/x/units/T/path?to=2K4", classExpensive},
		{"POST", "/api/games/x/steps", classSteps},
		{"GET", "/api/games/x/odds?line=x", classExpensive},
		{"GET", "/api/games/x/measure", classExpensive},
		{"GET", "/api/games/x/events", classStream},
		{"GET", "/api/rulesets", classOther},
		{"GET", "/api/rulesets/asl/grid?rows=2", classExpensive},
		{"HEAD", "/api/rulesets/asl/grid?rows=2", classExpensive},
		{"GET", "/api/rulesets/asl/legend", classOther},
		{"GET", "/api/rulesets/asl/vehicles?q=tiger", classOther},
		{"GET", "/api/rulesets/routed/terrain", classOther},
		{"POST", "/api/maps", classCreate},
		{"GET", "/api/maps", classOther},
		{"GET", "/api/maps/m", classOther},
		{"PUT", "/api/maps/m", classCreate},
		{"DELETE", "/api/maps/m", classCreate},
		{"POST", "/api/maps/m/copy", classCreate},
		{"POST", "/api/editor/parse", classExpensive},
		{"GET", "/", classOther},
		{"GET", "/static/app.js", classOther},
		{"GET", "/api/rulesets/asl/nothing", classOther}, // 404
		{"POST", "/api/rulesets/asl/grid", classOther},   // 405
	} {
		if got := m.classOf(httptest.NewRequest(c.method, c.path, nil)); got != c.want {
			t.Errorf("%s %s: %s, want %s", c.method, c.path, got, c.want)
		}
	}
}

// TestGridOverBoards: the grid of more boards than --max-boards is refused 422 naming the
// limit, before the map is laid out (the refusal costs kilobytes, where the grid of 1,000
// boards was a 30 MB answer); over --max-hexes likewise; and a grid within both is answered.
func TestGridOverBoards(t *testing.T) {
	s := New(Config{Limits: rules.Limits{Boards: 16, Hexes: 3000}})
	t.Cleanup(func() { s.Close() })
	for _, c := range []struct {
		name, rows string
		code       int
		limit      string
		max        int
		says       string
	}{
		{"a thousand boards", aslrs.Rows(1000, 1000), 422, rules.LimitBoards, 16, "rows names 1000 boards; this server takes at most 16 (--max-boards)"},
		{"seventeen in rows of four", aslrs.Rows(17, 4), 422, rules.LimitBoards, 16, "17 boards"},
		{"twelve in a row: 385 x 11 hexes", aslrs.Rows(12, 12), 422, rules.LimitHexes, 3000, "= 4235 hexes; this server takes at most 3000 (--max-hexes)"},
		{"two by two", "1,2/3,4", 200, "", 0, ""},
		{"sixteen in one column", aslrs.Rows(16, 1), 422, rules.LimitHexes, 3000, "(--max-hexes)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			w := call(s, "GET", "/api/rulesets/asl/grid?rows="+url.QueryEscape(c.rows), "", nil)
			runtime.ReadMemStats(&after)
			var out struct {
				Error string            `json:"error"`
				Limit string            `json:"limit"`
				Max   int               `json:"max"`
				Hexes []json.RawMessage `json:"hexes"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil || w.Code != c.code {
				t.Fatalf("%d (%d bytes, %v), want %d", w.Code, w.Body.Len(), err, c.code)
			}
			if c.code == 200 {
				if len(out.Hexes) != 33*20+32*21 {
					t.Errorf("%d hexes", len(out.Hexes))
				}
				return
			}
			if out.Limit != c.limit || out.Max != c.max || !strings.Contains(out.Error, c.says) || out.Hexes != nil {
				t.Errorf("%+v, want the limit %s at %d, saying %q", out, c.limit, c.max, c.says)
			}
			if a := after.TotalAlloc - before.TotalAlloc; a > 1<<20 {
				t.Errorf("the refusal allocated %d KiB: the map was made before it was refused", a>>10)
			}
		})
	}
}

// TestGridRateLimited: the grid is an expensive read: a client's burst of them is cut off at
// the expensive bucket (429 naming expensive reads), while its other requests still pass.
func TestGridRateLimited(t *testing.T) {
	rl := DefaultRateLimits()
	rl.Expensive = Bucket{Rate: 0.01, Burst: 3}
	s := New(Config{Rate: &rl})
	t.Cleanup(func() { s.Close() })
	for i := 1; i <= 5; i++ {
		w := call(s, "GET", "/api/rulesets/asl/grid?rows=2", "", nil)
		want := http.StatusOK
		if i > 3 {
			want = http.StatusTooManyRequests
		}
		if w.Code != want || want == 429 && !strings.Contains(w.Body.String(), "too many expensive reads") {
			t.Errorf("grid %d: %d %.200s, want %d", i, w.Code, w.Body.String(), want)
		}
	}
	if w := call(s, "GET", "/api/rulesets/asl/legend", "", nil); w.Code != http.StatusOK {
		t.Errorf("the legend after the grid's limit: %d (a cheap read has its own bucket)", w.Code)
	}
}

// routeValues are what a hostile client puts in a ruleset route's query parameters.
func routeValues(r *rand.Rand) string {
	switch r.IntN(6) {
	case 0: // an arrangement of boards, sound or not
		n, per := 1+r.IntN(40), 1+r.IntN(8)
		s := aslrs.Rows(n, per)
		if r.IntN(4) == 0 {
			s = strings.ReplaceAll(s, "/", ";")
		}
		return s
	case 1:
		return []string{"", "0", "1", "-1", "25", "200", "201", "1e3", "NaN", "99999999999999999999", " 7 "}[r.IntN(11)]
	case 2:
		return []string{"tiger", "PzKpfw IVH", "german", "GERMAN", "russian", "martian", "common", "Тигр", "a\x00b", "%", "2,2", "2,,", "/;/", ",,,"}[r.IntN(14)]
	case 3:
		return strings.Repeat("x", []int{1, 199, 200, 201, 5000}[r.IntN(5)])
	case 4:
		return strings.Repeat("1,", 1+r.IntN(3000))
	}
	b := make([]byte, r.IntN(40))
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	return string(b)
}

// routeAnswerBound is the most bytes any ruleset route's answer may take under
// variedLimits: the grid's 1,500 hexes at about 100 bytes each, 200 listings, the legend.
const routeAnswerBound = 1 << 20

var variedLimits = rules.Limits{Boards: 6, Hexes: 1500}

// checkRouteAnswer fails unless w is a ruleset route's answer within its caps: 200 with JSON of
// at most routeAnswerBound bytes (a grid's hexes within variedLimits), or a 4xx with a short
// JSON error, a 422 naming its limit. It returns the status.
func checkRouteAnswer(t *testing.T, what string, w *httptest.ResponseRecorder) int {
	t.Helper()
	what = fmt.Sprintf("%.300s", what)
	var out struct {
		Error string            `json:"error"`
		Limit string            `json:"limit"`
		Hexes []json.RawMessage `json:"hexes"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s: %d, not JSON: %.200q", what, w.Code, w.Body.Bytes())
	}
	switch w.Code {
	case http.StatusOK:
		if w.Body.Len() > routeAnswerBound || len(out.Hexes) > variedLimits.Hexes {
			t.Fatalf("%s: %d bytes, %d hexes: over the caps", what, w.Body.Len(), len(out.Hexes))
		}
	case http.StatusBadRequest, http.StatusNotFound, http.StatusUnprocessableEntity:
		if out.Error == "" || w.Body.Len() > 1024 {
			t.Fatalf("%s: %d with an error of %d bytes: %.200q", what, w.Code, w.Body.Len(), out.Error)
		}
		if w.Code == http.StatusUnprocessableEntity && out.Limit == "" {
			t.Fatalf("%s: 422 naming no limit: %q", what, out.Error)
		}
	default:
		t.Fatalf("%s: %d %.200q", what, w.Code, w.Body.Bytes())
	}
	return w.Code
}

// TestRulesetRoutesVaried: every route of every ruleset, asked 300 times with its parameters
// varied as a hostile client would, answers within its caps: 200 within the bound, or a short
// 4xx, a refusal over a limit naming it; and keeps nothing (the live heap after is as before).
func TestRulesetRoutesVaried(t *testing.T) {
	s := New(Config{Limits: variedLimits})
	t.Cleanup(func() { s.Close() })
	r := rand.New(rand.NewPCG(31, 2))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	defer func() {
		runtime.GC()
		runtime.ReadMemStats(&after)
		if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 8<<20 {
			t.Errorf("the heap grew by %d MiB over the routes' requests: an answer is kept", grew>>20)
		}
	}()
	for _, rs := range rules.All() {
		rt, ok := rs.(rules.Router)
		if !ok {
			continue
		}
		for _, route := range rt.Routes() {
			path := "/api/rulesets/" + rs.Name() + "/" + route.Path
			seen := map[int]int{}
			for range 300 {
				q := url.Values{}
				for _, name := range append(route.Query, "other") {
					if r.IntN(5) > 0 {
						q.Set(name, routeValues(r))
					}
				}
				req := httptest.NewRequest("GET", path, nil)
				req.URL.RawQuery = q.Encode()
				w := httptest.NewRecorder()
				s.Handler().ServeHTTP(w, req)
				seen[checkRouteAnswer(t, path+"?"+req.URL.RawQuery, w)]++
			}
			if seen[200] == 0 {
				t.Errorf("%s: never answered 200 (%v): the queries are not varied well", path, seen)
			}
			if slices.Contains(route.Caps, rules.LimitBoards) && seen[422] == 0 {
				t.Errorf("%s: never over a cap (%v): the queries are not varied well", path, seen)
			}
			t.Logf("%s: %v", path, seen)
		}
	}
}

// fuzzRoutes are the paths of every ruleset's routes.
func fuzzRoutes() []string {
	var out []string
	for _, rs := range rules.All() {
		if rt, ok := rs.(rules.Router); ok {
			for _, route := range rt.Routes() {
				out = append(out, fmt.Sprintf("/api/rulesets/%s/%s", rs.Name(), route.Path))
			}
		}
	}
	return out
}
