package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"go.yaml.in/yaml/v3"
)

// lhyDemoScenario: a US platoon next to a Concealed German squad on a hill in a rural
// building, a German AFV in the woods. No moves: every step goes through the API.
const lhyDemoScenario = `name: LHY demo
ruleset: lhy
map:
  hexes:
    C4: {terrain: rural, level: 1}
    E5: woods
  walls: [C4-C5]
units:
  - {id: US1, nationality: US, kind: squad, at: C5, cohesion: 7, company: A, platoon: "1"}
  - {id: US2, nationality: US, kind: squad, at: D4, cohesion: 6, company: A, platoon: "1"}
  - {id: USL, nationality: US, kind: leader, at: D4, cohesion: 8, platoon: "1"}
  - {id: GE1, nationality: GE, kind: squad, at: C4, cohesion: 6, concealed: true}
  - {id: T1, nationality: GE, kind: afv, at: E5, av: 3, atv: 2}
moves: []
`

// lhyScripted is the demo with its Assault among its moves and the dice it rolls: 10 for the
// Assault (10 -2 = 8: row 6-9, the defender loses), 9 for GE1's Cohesion Check (failed).
var lhyScripted = strings.Replace(lhyDemoScenario, "moves: []", "dice: [10, 9]\nmoves:\n  - assault C4 US1 US2 USL", 1)

// lhyState is an LHY game's state as the API answers it.
type lhyState = lhyStateView

func (c *client) lhyState(cr Created, role, path string) lhyState {
	c.t.Helper()
	var v lhyState
	if code := c.do("GET", "/api/games/"+cr.ID+path, cr.Tokens[role], nil, &v); code != http.StatusOK {
		c.t.Fatalf("GET %s: %d", path, code)
	}
	return v
}

func lhyUnit(v lhyState, id string) lhyUnitView {
	for _, u := range v.Units {
		if u.ID == id {
			return u
		}
	}
	return lhyUnitView{}
}

type lhyAnswer struct {
	Error string `json:"error"`
	Rule  string `json:"rule"`
	N     int    `json:"n"`
	Entry struct {
		N     int      `json:"n"`
		Line  string   `json:"line"`
		Rolls []string `json:"rolls"`
	} `json:"entry"`
	Report lhyReport `json:"report"`
	Text   string    `json:"text"`
	State  *lhyState `json:"state"`
}

func (c *client) lhyStep(cr Created, role string, n int, line string) (int, lhyAnswer) {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"n": n, "line": line})
	var a lhyAnswer
	code := c.do("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens[role], body, &a)
	return code, a
}

func (c *client) odds(cr Created, role, line string) (int, oddsAnswer, apiError) {
	c.t.Helper()
	var raw json.RawMessage
	code := c.do("GET", "/api/games/"+cr.ID+"/odds?line="+url.QueryEscape(line), cr.Tokens[role], nil, &raw)
	var o oddsAnswer
	var e apiError
	json.Unmarshal(raw, &o)
	json.Unmarshal(raw, &e)
	return code, o, e
}

// TestLHYCreate: an LHY scenario, YAML or JSON, is a game with one link per nationality, and
// its state shows the units, the map and the hexsides; a bad file is a line-numbered 400.
func TestLHYCreate(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create([]byte(lhyDemoScenario))
		if cr.Ruleset != "lhy" || cr.N != 0 || strings.Join(cr.Sides, ",") != "US,GE" || cr.Tokens["US"] == "" || cr.Tokens["GE"] == "" {
			t.Fatalf("created %+v", cr)
		}
		v := c.lhyState(cr, Spectator, "")
		if v.Ruleset != "lhy" || v.Role != Spectator || len(v.MayMove) != 0 || v.Turn != 1 || v.After != nil || len(v.Units) != 5 {
			t.Errorf("state: %+v", v)
		}
		if u := lhyUnit(v, "GE1"); u.Side != "GE" || u.Nationality != "GE" || u.Kind != "squad" || u.Hex != "C4" || u.Cohesion != 6 ||
			u.Steps != 2 || !u.Concealed || strings.Join(u.States, ",") != "Concealed" {
			t.Errorf("GE1: %+v", u)
		}
		if u := lhyUnit(v, "T1"); u.Kind != "AFV" || u.AV != 3 || u.ATV != 2 {
			t.Errorf("T1: %+v", u)
		}
		if v.Map == nil || v.Map.Cols != 33 || v.Map.Rows != 10 || len(v.Map.Hexes) != 330 || v.Verbs == "" {
			t.Fatalf("map: %+v", v.Map)
		}
		hexes := map[string]lhyHexView{}
		for _, h := range v.Map.Hexes {
			hexes[h.ID] = h
		}
		if h := hexes["C4"]; h.Terrain != "rural building" || h.Level != 1 || hexes["E5"].Terrain != "woods" || hexes["A1"].Terrain != "open" {
			t.Errorf("C4 %+v, E5 %+v", h, hexes["E5"])
		}
		if u := lhyUnit(v, "GE1"); u.X != hexes["C4"].X || u.Y != hexes["C4"].Y {
			t.Errorf("GE1 drawn at (%v,%v), C4 is at (%v,%v)", u.X, u.Y, hexes["C4"].X, hexes["C4"].Y)
		}
		if len(v.Map.Hexsides) != 1 || v.Map.Hexsides[0].Kind != "wall" || v.Map.Hexsides[0].A != "C4" || v.Map.Hexsides[0].B != "C5" {
			t.Errorf("hexsides: %+v", v.Map.Hexsides)
		}
		// The same file as JSON, with its moves and dice: the Assault is step 1.
		var doc map[string]any
		if err := yaml.Unmarshal([]byte(lhyScripted), &doc); err != nil {
			t.Fatal(err)
		}
		js, _ := json.Marshal(doc)
		cj := c.create(js)
		if cj.N != 1 || cj.Ruleset != "lhy" {
			t.Errorf("JSON with one move: %+v", cj)
		}
		// Refusals: line-numbered.
		var e apiError
		bad := strings.Replace(lhyDemoScenario, "kind: afv", "kind: battleship", 1)
		if code := c.do("POST", "/api/games?name=lhy.yaml", "", []byte(bad), &e); code != http.StatusBadRequest || !strings.HasPrefix(e.Error, "lhy.yaml:13:") || !strings.Contains(e.Error, "battleship") {
			t.Errorf("unknown kind: %d %q", code, e.Error)
		}
		refused := strings.Replace(lhyDemoScenario, "moves: []", "moves:\n  - assault C4 US1 T1", 1)
		if code := c.do("POST", "/api/games?name=lhy.yaml", "", []byte(refused), &e); code != http.StatusBadRequest || !strings.HasPrefix(e.Error, "lhy.yaml:15:") || !strings.Contains(e.Error, "14.0") {
			t.Errorf("a refused move: %d %q", code, e.Error)
		}
		named := strings.Replace(lhyDemoScenario, "nationality: GE, kind: squad", "nationality: GE, side: referee, kind: squad", 1)
		if code := c.do("POST", "/api/games", "", []byte(named), &e); code != http.StatusBadRequest || !strings.Contains(e.Error, "referee") {
			t.Errorf("a side called referee: %d %q", code, e.Error)
		}
		big := lhyDemoScenario + strings.Repeat("# padding\n", 30000)
		if code := c.do("POST", "/api/games", "", []byte(big), &e); code != http.StatusRequestEntityTooLarge {
			t.Errorf("oversized: %d %q", code, e.Error)
		}
		// An LHY game has no ASL movement steps or reach.
		for _, p := range []string{"/units/US1/steps", "/units/US1/reach"} {
			if code := c.do("GET", "/api/games/"+cr.ID+p, cr.Tokens[Referee], nil, &e); code != http.StatusBadRequest {
				t.Errorf("%s: %d", p, code)
			}
		}
	})
}

// TestLHYPlay: the scenario's scripted Assault, then steps through the API: retreat, fire,
// refusals (422 with the rule, nothing changed), the wrong side (403), the odds of a proposed
// Assault against lhy's own, the log, replays to the acknowledged hashes, and a new server
// that replays to the same state.
func TestLHYPlay(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create([]byte(lhyScripted))
		hashes := []string{}
		{
			var v lhyState
			c.do("GET", "/api/games/"+cr.ID+"/replay?n=0", cr.Tokens[Referee], nil, &v)
			hashes = append(hashes, v.Hash)
		}
		v := c.lhyState(cr, "GE", "")
		hashes = append(hashes, v.Hash)
		if strings.Join(v.MayMove, ",") != "GE" || v.N != 1 {
			t.Errorf("GE's state: may move %v, %d steps", v.MayMove, v.N)
		}
		if u := lhyUnit(v, "GE1"); !u.Disrupted || u.Steps != 1 || u.Hex != "C4" {
			t.Errorf("GE1 after losing the Assault: %+v", u)
		}
		if v.After == nil || v.After.Loser != "defender" || len(v.After.Retreat) != 1 || v.After.Retreat[0].Unit != "GE1" ||
			v.After.Retreat[0].Min != 2 || v.After.Retreat[0].Max != 4 || len(v.After.Retreat[0].Paths) == 0 || len(v.After.Asks) == 0 {
			t.Fatalf("after: %+v", v.After)
		}
		var lg struct {
			Entries []struct {
				N      int       `json:"n"`
				Rolls  []string  `json:"rolls"`
				Report lhyReport `json:"report"`
				Text   string    `json:"text"`
			} `json:"entries"`
		}
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[Spectator], nil, &lg); code != 200 || len(lg.Entries) != 1 {
			t.Fatalf("log: %d %+v", code, lg)
		}
		if e := lg.Entries[0]; strings.Join(e.Rolls, ",") != "d10 10,d10 9" || e.Report.Row != "6-9" || e.Report.Roll != 10 || e.Report.DRM != -2 ||
			e.Report.Loser != "defender" || len(e.Report.Terms) != 4 || !strings.Contains(e.Text, "row 6-9") || len(e.Report.Dice) != 2 || e.Report.Dice[0].For != "Assault" {
			t.Errorf("the scripted Assault logged as %+v", e)
		}
		unchanged := func(what string) {
			t.Helper()
			if now := c.lhyState(cr, Referee, ""); now.Hash != hashes[len(hashes)-1] || now.N != len(hashes)-1 {
				t.Errorf("%s changed the game: step %d → %d", what, len(hashes)-1, now.N)
			}
		}
		// GE1 must retreat first (14.3.3); the US may not move it; nobody but the referee
		// begins a turn; a spectator moves nothing.
		if code, a := c.lhyStep(cr, "US", 2, "fire E5: at T1 +2 atv 1"); code != http.StatusUnprocessableEntity || a.Rule != "14.3.3" || a.State == nil || a.Report.Error == nil {
			t.Errorf("fire before the Retreat: %d %+v", code, a)
		}
		unchanged("a step refused for the pending Retreat")
		for _, c2 := range []struct{ role, line string }{{"US", "retreat GE1 C3 C2"}, {"GE", "turn"}, {Spectator, "retreat GE1 C3 C2"}, {"US", "fire C5: sa +1"}} {
			if code, a := c.lhyStep(cr, c2.role, 2, c2.line); code != http.StatusForbidden || a.Error == "" {
				t.Errorf("%s playing %q: %d %q", c2.role, c2.line, code, a.Error)
			}
		}
		unchanged("a wrong side's step")
		for _, line := range []string{"retreat", "retreat GE9 C3", "fire C3 sa +1", "fly C4"} {
			if code, a := c.lhyStep(cr, "GE", 2, line); code != http.StatusBadRequest || a.Error == "" {
				t.Errorf("%q: %d %q", line, code, a.Error)
			}
		}
		if code, _ := c.lhyStep(cr, "GE", 1, "retreat GE1 C3 C2"); code != http.StatusConflict {
			t.Errorf("a stale step number: %d", code)
		}
		unchanged("bad notation")
		a := c.mustLHY(cr, "GE", 2, "retreat GE1 C3 C2")
		hashes = append(hashes, a.State.Hash)
		if u := lhyUnit(*a.State, "GE1"); u.Hex != "C2" || a.State.After == nil || len(a.State.After.Retreat) != 0 {
			t.Errorf("after the Retreat GE1 is %+v, after %+v", u, a.State.After)
		}
		// The Assault's ineligible attacker: 422 citing 14.0, the game unchanged.
		code, r := c.lhyStep(cr, Referee, 3, "assault C2 US1 T1")
		if code != http.StatusUnprocessableEntity || r.Rule != "14.0" || r.State == nil || r.State.Hash != hashes[2] || r.Report.Error == nil || r.Report.Error.Rule != "14.0" {
			t.Errorf("an attacker of the wrong side: %d %+v", code, r)
		}
		code, r = c.lhyStep(cr, "US", 3, "resolve C2")
		if code != http.StatusUnprocessableEntity || r.Rule != "14.0" {
			t.Errorf("resolving an undeclared Assault: %d %q %q", code, r.Rule, r.Error)
		}
		unchanged("refused steps")
		// Fire by the GE link at the US: refused for side; by the US at T1: its odds, then the roll.
		code, o, _ := c.odds(cr, "US", "fire E5: at T1 +2 atv 1")
		if code != 200 || len(o.Markers) != 1 || o.Markers[0].Target != "T1" || o.Rows != nil || len(o.Facts) == 0 || o.Facts[0].Fact != "T1 Destroyed" && o.Facts[0].Fact != "Collateral Damage" {
			t.Errorf("fire odds: %d %+v", code, o)
		}
		a = c.mustLHY(cr, "US", 3, "fire E5: at T1 +2 atv 1")
		hashes = append(hashes, a.State.Hash)
		if len(a.Entry.Rolls) == 0 || len(a.Report.Events) == 0 || a.Report.Events[0].Rule == "" {
			t.Errorf("fire: %+v", a)
		}
		a = c.mustLHY(cr, Referee, 4, "turn")
		hashes = append(hashes, a.State.Hash)
		if a.State.Turn != 2 {
			t.Errorf("turn: now turn %d", a.State.Turn)
		}
		for k, h := range hashes {
			var rv lhyState
			if code := c.do("GET", fmt.Sprintf("/api/games/%s/replay?n=%d", cr.ID, k), cr.Tokens[Spectator], nil, &rv); code != 200 || rv.Hash != h || rv.At != k || rv.Ruleset != "lhy" {
				t.Errorf("replay to %d: %d, at %d, same hash %v", k, code, rv.At, rv.Hash == h)
			}
		}
		c2 := serveTest(t, open())
		if v := c2.lhyState(cr, Referee, ""); v.Hash != hashes[len(hashes)-1] || v.N != len(hashes)-1 {
			t.Errorf("after a restart: step %d, same hash %v", v.N, v.Hash == hashes[len(hashes)-1])
		}
	})
}

func (c *client) mustLHY(cr Created, role string, n int, line string) lhyAnswer {
	c.t.Helper()
	code, a := c.lhyStep(cr, role, n, line)
	if code != http.StatusCreated || a.State == nil {
		c.t.Fatalf("step %d %q: %d %s (%s)", n, line, code, a.Error, a.Rule)
	}
	return a
}

// TestLHYOdds: the odds of a proposed Assault are lhy's own, exactly: the rows sum to 1; the
// step is not played; then the Assault played through the API reports the DRM the odds gave
// and a row that follows from its logged roll.
func TestLHYOdds(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create([]byte(lhyDemoScenario))
		const line = "assault C4 US1 US2 USL"
		code, o, _ := c.odds(cr, Spectator, line)
		if code != 200 || o.Verb != "assault" || len(o.Rows) != 6 || o.DRM != -2 || len(o.Terms) != 4 || o.Paths == 0 {
			t.Fatalf("odds: %d %+v", code, o)
		}
		sum := new(big.Rat)
		fsum := 0.0
		for _, r := range o.Rows {
			p, ok := new(big.Rat).SetString(r.Exact)
			if !ok {
				t.Fatalf("row %s: exact %q", r.Row, r.Exact)
			}
			sum.Add(sum, p)
			fsum += r.P
			if f, _ := p.Float64(); f != r.P {
				t.Errorf("row %s: p %v, exact %s", r.Row, r.P, r.Exact)
			}
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 || fsum < 0.999999 || fsum > 1.000001 {
			t.Errorf("the rows sum to %s (%v)", sum.RatString(), fsum)
		}
		// lhy's own odds on the scenario as loaded.
		s, err := lhyfile.LoadLHY("lhy.yaml", []byte(lhyDemoScenario))
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.Game.Odds(line)
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Facts) != len(want.Marginal) || len(o.Outcomes) != len(want.Outcomes) {
			t.Errorf("%d facts and %d outcomes, lhy has %d and %d", len(o.Facts), len(o.Outcomes), len(want.Marginal), len(want.Outcomes))
		}
		for _, f := range o.Facts {
			if p := want.Marginal[f.Fact]; p == nil || p.RatString() != f.Exact {
				t.Errorf("%s: %s, lhy says %v", f.Fact, f.Exact, p)
			}
		}
		for _, r := range o.Rows {
			p := want.Marginal["row "+r.Row]
			if p == nil {
				p = new(big.Rat)
			}
			if p.RatString() != r.Exact {
				t.Errorf("row %s: %s, lhy says %s", r.Row, r.Exact, p.RatString())
			}
		}
		for i, x := range o.Outcomes {
			if w := want.Outcomes[i]; w.P.RatString() != x.Exact || strings.Join(w.Keys, ";") != strings.Join(x.Facts, ";") {
				t.Errorf("outcome %d: %s %v, lhy has %s %v", i, x.Exact, x.Facts, w.P.RatString(), w.Keys)
			}
		}
		if v := c.lhyState(cr, Referee, ""); v.N != 0 || lhyUnit(v, "US1").Assaulted {
			t.Errorf("asking the odds played the step: %d steps", v.N)
		}
		// Refused and unreadable steps.
		var e apiError
		if code, _, e = c.odds(cr, "US", "assault C4 US1 T1"); code != http.StatusUnprocessableEntity || e.Rule != "14.0" {
			t.Errorf("odds of a refused Assault: %d %+v", code, e)
		}
		for _, q := range []string{"", "assault Z99 US1", "fly"} {
			if code, _, e = c.odds(cr, "US", q); code != http.StatusBadRequest || e.Error == "" {
				t.Errorf("odds of %q: %d %+v", q, code, e)
			}
		}
		if code := c.do("GET", "/api/games/"+cr.ID+"/odds?line=turn", "", nil, &e); code != http.StatusForbidden {
			t.Errorf("odds without a token: %d", code)
		}
		// Played: the DRM as the odds said, the row its logged roll gives.
		a := c.mustLHY(cr, "US", 1, line)
		if a.Report.Breakdown != o.Breakdown || a.Report.DRM != o.DRM || len(a.Entry.Rolls) == 0 || a.Entry.Rolls[0] != fmt.Sprintf("d10 %d", a.Report.Roll) {
			t.Errorf("played: %+v, rolls %v; the odds said %q", a.Report, a.Entry.Rolls, o.Breakdown)
		}
		final := a.Report.Roll + a.Report.DRM
		found := false
		for _, r := range o.Rows {
			if final >= r.Min && final <= r.Max {
				found = r.Row == a.Report.Row && r.P > 0 && r.Loser == a.Report.Loser
			}
		}
		if !found || a.Report.Final != final {
			t.Errorf("d10 %d %+d = %d is row %q, loser %q", a.Report.Roll, a.Report.DRM, a.Report.Final, a.Report.Row, a.Report.Loser)
		}
	})
}

// TestLHYEvents: an LHY step is streamed with the new state's hash.
func TestLHYEvents(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create([]byte(lhyDemoScenario))
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/api/games/"+cr.ID+"/events?k="+cr.Tokens["GE"], nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		rd := bufio.NewReader(resp.Body)
		var data []string
		for len(data) < 2 {
			line, err := rd.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(line, "data: ") {
				data = append(data, strings.TrimSpace(line[6:]))
				if len(data) == 1 { // hello: subscribed
					c.mustLHY(cr, "US", 1, "assault C4 US1 US2 USL")
				}
			}
		}
		var ev struct {
			N      int       `json:"n"`
			Hash   string    `json:"hash"`
			Report lhyReport `json:"report"`
		}
		if err := json.NewDecoder(bytes.NewReader([]byte(data[1]))).Decode(&ev); err != nil || ev.N != 1 || ev.Report.Row == "" {
			t.Fatalf("step event %s: %v", data[1], err)
		}
		if v := c.lhyState(cr, Referee, ""); v.Hash != ev.Hash {
			t.Errorf("the event's hash is not the state's")
		}
	})
}

// TestLHYOddsTooLong: odds that take longer than the server waits are a 503, not a hung
// request; the game is unchanged. (Four markers on a crowded hex take a few hundred
// microseconds: the server waits one.)
func TestLHYOddsTooLong(t *testing.T) {
	defer func(w time.Duration) { oddsWait = w }(oddsWait)
	oddsWait = time.Microsecond
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		crowd := strings.Replace(lhyDemoScenario, "moves: []", `  - {id: GE2, nationality: GE, kind: squad, at: E5, cohesion: 6}
  - {id: T2, nationality: GE, kind: ht, at: E5, av: 1}
moves: []`, 1)
		cr := c.create([]byte(crowd))
		code, _, e := c.odds(cr, "US", "fire E5: sa +1, mortar +1, at T1 +2, at T2 +1")
		if code != http.StatusServiceUnavailable || e.Error == "" {
			t.Errorf("a long enumeration: %d %+v", code, e)
		}
	})
}

// TestLHYDemo: the built-in LHY demo loads, and its first Assault has odds and can be rolled.
func TestLHYDemo(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		s := open()
		c := serveTest(t, s)
		cr, err := s.DemoLHY(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if cr.Ruleset != "lhy" || strings.Join(cr.Sides, ",") != "US,GE" {
			t.Fatalf("the LHY demo: %+v", cr)
		}
		code, o, e := c.odds(*cr, "US", "assault C4 US1 US2 USL")
		if code != 200 || len(o.Rows) != 6 || len(o.Terms) < 3 {
			t.Fatalf("odds: %d %+v %+v", code, o, e)
		}
		c.mustLHY(*cr, "US", 1, "assault C4 US1 US2 USL")
	})
}
