package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/store"
)

// TestOddsEveryRuleset: GET odds answers for a game of each ruleset: ASL's and Lightning War's
// rolls with the chance of each result, LHY's Assault rows; a step the referee would refuse
// is its refusal (422), unreadable notation a 400, a step with no roll one certain outcome;
// hidden movement's odds are the referee's alone; asking changes nothing.
func TestOddsEveryRuleset(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		type ask struct {
			role, line string
			code       int
			rule       string // of a 422
			roll       string // the first roll's "for", its result and that result's chance
			result     string
			exact      string
		}
		for _, tc := range []struct {
			name  string
			file  []byte
			moves []string // played first, by the referee
			asks  []ask
		}{
			{"asl", demoScenario, []string{"PzIV start", "PzIV enter 2K4", "mph Russian"}, []ask{
				// The T-26s are red-MP AFV: the platoon's one Mechanical Reliability DR (D14.21).
				{"Russian", "P1 start", 200, "", "Platoon Mechanical Reliability", "breakdown", "1/36"},
				{Spectator, "P1 start", 200, "", "Platoon Mechanical Reliability", "no breakdown", "35/36"},
				{"Russian", "T26A unbog", 422, "D14.21", "", "", ""},
				{"Russian", "T26A fly", 400, "", "", "", ""},
				{"Russian", "mph German", 200, "", "", "", ""},
			}},
			{"asl ESB", demoScenario, []string{"PzIV start"}, []ask{
				// 3 MP sought: +3 (FRD), +2 German maker: Final DR >= 12 on DR 7..12.
				{"German", "PzIV esb 3", 200, "", "ESB", "Immobilized", "7/12"},
				{"German", "PzIV esb 4", 422, "D2.5", "", "", ""},
			}},
			{"lhy", demoLHYScenario, nil, []ask{
				{"US", "assault C4 US1 US2 USL", 200, "", "", "", ""},
				{"US", "retreat GE1 C3 C2", 422, "", "", "", ""},
				{"US", "fly", 400, "", "", "", ""},
			}},
			{"lightningwar", demoLWScenario, nil, []ask{
				{Referee, "movement", 200, "", "", "", ""},
				{Referee, "halt NOSUCH", 422, "", "", "", ""},
				{Referee, "fly", 400, "", "", "", ""},
				{"German", "movement", 403, "", "", "", ""},
				{"German", "halt PzZug", 403, "", "", "", ""},
				{Spectator, "movement", 403, "", "", "", ""},
			}},
			// A tracked medium tank crossing a stream mires on 2d6 11+ (the Vehicle Miring Table).
			{"lightningwar crossing", demoLWScenario, lwCrossing, []ask{
				{Referee, "movement", 200, "", "Miring (crossing a stream)", "mires", "1/12"},
			}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				cr := c.create(tc.file)
				for i, line := range tc.moves {
					body, _ := json.Marshal(map[string]any{"n": cr.N + i + 1, "line": line})
					if code := c.do("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens[Referee], body, nil); code != http.StatusCreated {
						t.Fatalf("%s: %d", line, code)
					}
				}
				var before json.RawMessage
				c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Referee], nil, &before)
				for _, q := range tc.asks {
					var o rules.OddsView
					var e apiError
					var raw json.RawMessage
					code := c.do("GET", "/api/games/"+cr.ID+"/odds?line="+url.QueryEscape(q.line), cr.Tokens[q.role], nil, &raw)
					json.Unmarshal(raw, &o)
					json.Unmarshal(raw, &e)
					if code != q.code {
						t.Errorf("%s asks %q: %d %s, want %d", q.role, q.line, code, raw, q.code)
						continue
					}
					if q.rule != "" && e.Rule != q.rule || code != 200 && e.Error == "" {
						t.Errorf("%s asks %q: %s, want a %d (rule %q) with its reason", q.role, q.line, raw, q.code, q.rule)
					}
					if code != 200 || tc.name == "lhy" {
						continue
					}
					if o.Line != q.line || len(o.Outcomes) == 0 || o.Paths < 1 {
						t.Errorf("%s asks %q: %s", q.role, q.line, raw)
					}
					if q.roll == "" {
						if tc.name != "lightningwar" && (len(o.Rolls) != 0 || len(o.Outcomes) != 1 || o.Outcomes[0].Exact != "1") {
							t.Errorf("%q rolls nothing: %s", q.line, raw)
						}
						continue
					}
					found := false
					for _, r := range o.Rolls[:min(1, len(o.Rolls))] {
						for _, x := range r.Results {
							found = found || r.For == q.roll && x.Result == q.result && x.Exact == q.exact
						}
					}
					if !found {
						t.Errorf("%s asks %q: want %s %s %s: %s", q.role, q.line, q.roll, q.result, q.exact, raw)
					}
				}
				var after json.RawMessage
				c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Referee], nil, &after)
				if string(before) != string(after) {
					t.Errorf("asking the odds changed the game:\n%s\n%s", before, after)
				}
			})
		}
	})
}

// oddsBench are the steps BenchmarkServerOdds weighs on each demo game: each after the moves
// before it, the riskiest the demo offers (rolls with the most paths).
var oddsBench = []struct {
	name  string
	file  []byte
	moves []string
	role  string
	line  string
}{
	{"asl", demoScenario, []string{"PzIV start", "PzIV enter 2K4", "mph Russian"}, "Russian", "P1 start"},
	{"lhy", demoLHYScenario, nil, "US", "assault C4 US1 US2 USL"},
	{"lightningwar", demoLWScenario, lwCrossing, Referee, "movement"},
}

// lwCrossing are orders that bring the Lightning War demo's panzers and armoured car to the
// Mill Brook off the bridge on the third Movement Phase: three miring checks.
var lwCrossing = []string{"order Aufkl path 20,11 28,8 30,6", "order PzZug path 20,16 22,20 30,22", "movement", "movement"}

// BenchmarkServerOdds: GET odds through the HTTP API on loopback, one request after another,
// on each of the three demo games (a step that rolls). Reports the p50 and p99 latency; the
// p99 must stay under 10 ms.
//
//	go test -run XXX -bench ServerOdds -benchtime 2000x ./server/
func BenchmarkServerOdds(b *testing.B) {
	for _, bc := range oddsBench {
		b.Run(bc.name, func(b *testing.B) {
			url0, cr := benchGame(b, bc.name+".yaml", bc.file, bc.moves)
			u := url0 + "/odds?line=" + url.QueryEscape(bc.line)
			benchLatency(b, func() {
				if code := benchDo(b, "GET", u, cr.Tokens[bc.role], nil); code != http.StatusOK {
					b.Fatalf("odds: %d", code)
				}
			})
		})
	}
}

// benchGame serves a store of its own on loopback with one game made from file and moves
// played in it (as the referee); it returns the game's API address and its links. The server
// stops when the benchmark ends.
func benchGame(b *testing.B, name string, file []byte, moves []string) (string, *Created) {
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "games.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	// WorkShare 1: what is measured is each answer's own work, not the share all clients'
	// expensive work gets over a benchmark's thousands of requests.
	srv := New(Config{Store: st, Dice: func(string) dice.Source { return dice.NewSeeded(1) }, WorkShare: 1})
	hs := httptest.NewServer(srv.Handler())
	b.Cleanup(hs.Close)
	cr, err := srv.Create(context.Background(), name, file)
	if err != nil {
		b.Fatal(err)
	}
	for i, line := range moves {
		body, _ := json.Marshal(map[string]any{"n": cr.N + i + 1, "line": line})
		if code := benchDo(b, "POST", hs.URL+"/api/games/"+cr.ID+"/steps", cr.Tokens[Referee], body); code != http.StatusCreated {
			b.Fatalf("%s: %d", line, code)
		}
	}
	return hs.URL + "/api/games/" + cr.ID, cr
}

// benchLatency times ask once per op, reports the p50 and p99 latency, and fails the
// benchmark when the p99 reaches 10 ms over 100 requests or more.
func benchLatency(b *testing.B, ask func()) {
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		ask()
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	if p := pct(0.99); p >= 10 && b.N >= 100 {
		b.Errorf("p99 %.2f ms: an answer must come within 10 ms", p)
	}
}

// benchDo sends one request and reads its answer; it returns the status.
func benchDo(b *testing.B, method, u, token string, body []byte) int {
	req, err := http.NewRequest(method, u, bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	var sink json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&sink); err != nil {
		b.Fatal(fmt.Errorf("%s %s: %w", method, u, err))
	}
	return resp.StatusCode
}

// BenchmarkServerPlans: GET reach and path through the HTTP API on loopback for the ASL demo's
// PzKpfw IVH, one request after another with no step between, as a player pointing at a unit
// and its hexes does. The first request of each builds the plan (reported as first-ms); the
// rest reuse it until a step is played. Reports p50 and p99; the p99 must stay under 10 ms.
//
//	go test -run XXX -bench ServerPlans -benchtime 2000x ./server/
func BenchmarkServerPlans(b *testing.B) {
	for _, q := range []string{"/units/PzIV/reach", "/units/PzIV/path?to=2Q4", "/units/PzIV/reach?max_risk=0.1"} {
		b.Run(strings.TrimPrefix(q, "/units/PzIV/"), func(b *testing.B) {
			url0, cr := benchGame(b, "demo.yaml", demoScenario, nil)
			ask := func() {
				if code := benchDo(b, "GET", url0+q, cr.Tokens[Spectator], nil); code != http.StatusOK {
					b.Fatalf("%s: %d", q, code)
				}
			}
			t0 := time.Now()
			ask()
			first := time.Since(t0)
			benchLatency(b, ask)
			b.ReportMetric(float64(first.Microseconds())/1000, "first-ms") // after: ResetTimer clears metrics
		})
	}
}
