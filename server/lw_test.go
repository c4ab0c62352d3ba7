package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// lwHiddenScenario: two sides whose every id, order text and coordinate is distinctive, so
// that a string search of an answer shows whether it leaks. Blue has two tanks (BLUEZEBRA), a
// squad (BLUEKOALA) and a tank on the road (BLUEOTTER); Red a rifle section (REDWOMBAT), a tank
// (REDOCELOT), a squad holding the bridge (REDBADGER: BLUEOTTER's base meets its base there,
// which reveals both) and a squad in no detachment (RRESERVEQ1).
const lwHiddenScenario = `name: Hidden movement
ruleset: lightningwar
table: {width: 48, height: 32}
terrain:
  - {id: Birch Wood, ground: woods, area: [[28, 19], [40, 19], [42, 27], [30, 28]]}
roads:
  - {id: Kursk road, line: [[0, 16], [48, 16]]}
streams:
  - {id: Mill Brook, line: [[25, 0], [24, 10], [24, 22], [26, 32]]}
chokes:
  - {id: Mill bridge, area: [[23, 15], [25, 15], [25, 17], [23, 17]]}
toe:
  - {id: BLUEFORMQX, name: Blue Secret Kampfgruppe QX, side: Blue, initiative: medium}
  - {id: REDFORMQX, name: Red Secret Battalion QX, side: Red, initiative: low}
  - {id: REDTANKPLQX, name: Red Secret Tank Platoon QX, parent: REDFORMQX, initiative: medium}
units:
  - {id: BZTANKQ1, formation: BLUEFORMQX, type: tank, tracked: true, size: medium, road: 24, xc: 12}
  - {id: BZTANKQ2, formation: BLUEFORMQX, type: tank, tracked: true, size: medium, road: 24, xc: 12}
  - {id: BKINFQ1, formation: BLUEFORMQX, type: infantry}
  - {id: RWINFQ1, formation: REDFORMQX, type: infantry}
  - {id: RWINFQ2, formation: REDFORMQX, type: infantry}
  - {id: ROTANKQ1, formation: REDTANKPLQX, type: tank, tracked: true, size: medium, road: 30, xc: 16}
  - {id: RRESERVEQ1, formation: REDFORMQX, type: infantry}
  - {id: BOTANKQ1, formation: BLUEFORMQX, type: tank, tracked: true, size: medium, road: 24, xc: 12}
  - {id: RBINFQ1, formation: REDFORMQX, type: infantry}
detachments:
  - {id: BLUEZEBRA, units: [BZTANKQ1, BZTANKQ2], at: [3.125, 11.875]}
  - {id: BLUEKOALA, units: [BKINFQ1], at: [6.375, 27.125]}
  - {id: REDWOMBAT, units: [RWINFQ1, RWINFQ2], at: [41.625, 20.375]}
  - {id: REDOCELOT, units: [ROTANKQ1], at: [37.875, 6.625]}
  - {id: BLUEOTTER, units: [BOTANKQ1], at: [14.125, 16]}
  - {id: REDBADGER, units: [RBINFQ1], at: [24, 16]}
moves: []
`

// lwStep is one step of the hidden-movement test: who plays it.
type lwStep struct{ role, line string }

// lwPlaythrough: orders, a Movement Phase in halves naming detachments of both sides, a
// reveal, a fire report and the discretionary action it opens, Continue, a whole phase, a
// hide, and more moves while hidden.
var lwPlaythrough = []lwStep{
	{"Blue", "order BLUEZEBRA path 17.375,9.625 25.25,9.625: XYZZY-BLUE-ORDER-ONE take the ford"},
	{"Red", "order REDWOMBAT path 31.125,21.875 run: PLUGH-RED-ORDER-ONE into the wood"},
	{"Red", "order REDOCELOT from REDFORMQX path 35.875,5.125 20.125,3.375: PLUGH-RED-ORDER-TWO round the ridge"},
	{"Blue", "order BLUEKOALA path 9.875,24.625: XYZZY-BLUE-ORDER-TWO to the copse"},
	{"Blue", "order BLUEOTTER path 30.5,16: XYZZY-BLUE-ORDER-THREE over the bridge"},
	{Referee, "movement 1/2 BLUEZEBRA REDWOMBAT"},
	{Referee, "movement 2/2"},
	{Referee, "reveal REDOCELOT"},
	{Referee, "movement"},
	{Referee, "fired BLUEZEBRA by REDOCELOT"},
	{"Blue", "halt BLUEZEBRA fire REDOCELOT"},
	{"Red", "pivot REDWOMBAT 275"},
	{Referee, "reveal BLUEKOALA"},
	{Referee, "movement"},
	{"Blue", "continue BLUEZEBRA"},
	{Referee, "hide REDOCELOT"},
	{"Red", "order REDOCELOT path 33.625,3.375: PLUGH-RED-ORDER-THREE slip away east of the bog"},
	{Referee, "movement"},
	{Referee, "movement"},
}

// rawDo is one request's status and body.
func (c *client) rawDo(method, path, token string, body []byte) (int, []byte) {
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
	return resp.StatusCode, b
}

// lwRefDet is what the test reads of a detachment in the referee's state.
type lwRefDet struct {
	ID       string       `json:"id"`
	Side     string       `json:"side"`
	X        float64      `json:"x"`
	Y        float64      `json:"y"`
	Revealed bool         `json:"revealed"`
	Seen     *[2]float64  `json:"seen"`
	Track    [][2]float64 `json:"track"`
	Ahead    [][2]float64 `json:"ahead"`
	Units    []struct {
		ID string `json:"id"`
	} `json:"units"`
	Order   *lwOrderView  `json:"order"`
	Pending []lwOrderView `json:"pending"`
}

func lwNum(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// pointForms are the ways an answer can write a point: as typed in a line, as JSON, as the
// x and y fields of a detachment, and as the rules core's text (two decimals).
func pointForms(p [2]float64) []string {
	x, y := lwNum(p[0]), lwNum(p[1])
	t2 := func(v float64) string {
		s := strconv.FormatFloat(float64(int64(v*100+0.5))/100, 'f', -1, 64)
		return s
	}
	return []string{x + "," + y, "[" + x + "," + y + "]", `"x":` + x + `,"y":` + y, t2(p[0]) + "," + t2(p[1])}
}

// TestLWHiddenInformation plays a two-sided game through the API and, after every step,
// fetches every endpoint with each side's and the spectator's token: no answer may hold any of
// the other side's unrevealed detachment ids, unit ids (revealed or not: a side knows the
// enemy's units by type), order texts, formations, or the coordinates of its detachments,
// tracks and paths. The referee's answers must hold them all
// (so that the search means something). After a reveal only the revealed detachment appears,
// with its id, side, units' types and where it was seen. A side's step for an enemy
// detachment is refused exactly as one for a detachment that does not exist.
func TestLWHiddenInformation(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create([]byte(lwHiddenScenario))
		if cr.Ruleset != "lightningwar" || strings.Join(cr.Sides, ",") != "Blue,Red" {
			t.Fatalf("created %+v", cr)
		}
		roles := []string{"Blue", "Red", Spectator, Referee}

		// Every role's event stream, from the start.
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		var mu sync.Mutex
		streams := map[string][]string{}
		for _, role := range roles {
			rd := c.stream(ctx, cr, role)
			go func(role string) {
				for {
					line, err := rd.ReadString('\n')
					if err != nil {
						return
					}
					if strings.HasPrefix(line, "data: ") && !strings.HasPrefix(line, `data: {"n":0}`) {
						mu.Lock()
						streams[role] = append(streams[role], strings.TrimSpace(line[6:]))
						mu.Unlock()
					}
				}
			}(role)
		}

		// What each side may never see of the other, and what it may not see now.
		always := map[string][]string{
			"Blue": {"RRESERVEQ1", "REDFORMQX", "Red Secret Battalion QX", "REDTANKPLQX", "Red Secret Tank Platoon QX", "PLUGH", "31.125,21.875", "35.875,5.125", "20.125,3.375", "33.625,3.375"},
			"Red":  {"BLUEFORMQX", "Blue Secret Kampfgruppe QX", "XYZZY", "17.375,9.625", "25.25,9.625", "9.875,24.625", "30.5,16"},
		}
		everRevealed := map[string]bool{}
		seenAt := map[string]map[[2]float64]bool{} // every place a detachment was shown revealed
		var refBodies bytes.Buffer
		// forbidden is what role may not find in an answer now; named, the part of it the
		// referee's answers must hold (ids, texts, and points as JSON).
		forbidden := func(ref []lwRefDet, side string) (out, named []string) {
			for _, s := range []string{"Blue", "Red"} {
				if side == s || side == Spectator {
					out = append(out, always[s]...) // the other side's
					named = append(named, always[s]...)
				}
			}
			for _, d := range ref {
				if d.Side == side {
					continue
				}
				var pts [][2]float64
				for _, o := range append(d.Pending, derefOrder(d.Order)...) {
					out, named = append(out, o.Text), append(named, o.Text)
					pts = append(pts, o.Path...)
				}
				pts = append(pts, d.Ahead...)
				for _, u := range d.Units { // the enemy's units are known by type, never by id
					out, named = append(out, u.ID), append(named, u.ID)
				}
				if !everRevealed[d.ID] {
					out, named = append(out, d.ID), append(named, d.ID)
					pts = append(pts, d.Track...)
				}
				pts = append(pts, [2]float64{d.X, d.Y})
				for _, p := range pts {
					if seenAt[d.ID][p] {
						continue // where the referee showed it: public
					}
					f := pointForms(p)
					out, named = append(out, f...), append(named, f[1])
				}
			}
			return out, named
		}
		bad := func(ref []lwRefDet, side string) []string { out, _ := forbidden(ref, side); return out }
		check := func(what, role string, body []byte, bad []string) {
			t.Helper()
			for _, s := range bad {
				if s != "" && bytes.Contains(body, []byte(s)) {
					t.Errorf("%s for %s holds %q: %s", what, role, s, body)
					return
				}
			}
		}
		// fetchAll gets every endpoint's answer for role after step n.
		fetchAll := func(role string, n int) map[string][]byte {
			out := map[string][]byte{}
			for _, p := range []string{"", "/log", fmt.Sprintf("/replay?n=%d", n), fmt.Sprintf("/replay?n=%d", max(0, n-1)), "/units/BZTANKQ1/steps", "/units/RWINFQ1/reach", "/odds?line=movement"} {
				code, b := c.rawDo("GET", "/api/games/"+cr.ID+p, cr.Tokens[role], nil)
				if code != http.StatusOK && !strings.HasPrefix(p, "/units/") && !strings.HasPrefix(p, "/odds") {
					t.Fatalf("GET %s for %s: %d %s", p, role, code, b)
				}
				out["GET "+p] = b
			}
			return out
		}
		refState := func() []lwRefDet {
			var st struct {
				Dets []lwRefDet `json:"dets"`
			}
			if code := c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Referee], nil, &st); code != 200 {
				t.Fatalf("referee state: %d", code)
			}
			for _, d := range st.Dets {
				if d.Revealed {
					everRevealed[d.ID] = true
					if seenAt[d.ID] == nil {
						seenAt[d.ID] = map[[2]float64]bool{}
					}
					seenAt[d.ID][*d.Seen] = true
				}
			}
			return st.Dets
		}
		hashes := map[string][]string{}
		sweep := func(n int, answers map[string][]byte) {
			t.Helper()
			ref := refState()
			for _, role := range roles {
				bodies := fetchAll(role, n)
				for k, b := range answers {
					if strings.HasPrefix(k, role+" ") {
						bodies[k] = b
					}
				}
				var st struct {
					N    int    `json:"n"`
					Hash string `json:"hash"`
				}
				json.Unmarshal(bodies["GET "], &st)
				if st.N != n {
					t.Fatalf("%s's state is at %d, want %d", role, st.N, n)
				}
				hashes[role] = append(hashes[role], st.Hash)
				if role == Referee {
					for _, b := range bodies {
						refBodies.Write(b)
					}
					continue
				}
				no := bad(ref, role)
				for k, b := range bodies {
					check(fmt.Sprintf("after step %d, %s", n, k), role, b, no)
				}
			}
		}

		sweep(0, nil)
		for i, st := range lwPlaythrough {
			n := i + 1
			body, _ := json.Marshal(map[string]any{"n": n, "line": st.line})
			code, b := c.rawDo("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens[st.role], body)
			if code != http.StatusCreated {
				t.Fatalf("step %d %q by %s: %d %s", n, st.line, st.role, code, b)
			}
			sweep(n, map[string][]byte{st.role + " POST step": b})

			// After the reveal, the Blue link sees REDOCELOT (where it was seen, its units'
			// types, nothing of its orders) and still not REDWOMBAT.
			if st.line == "reveal REDOCELOT" {
				var v struct {
					Dets []map[string]any `json:"dets"`
				}
				_, sb := c.rawDo("GET", "/api/games/"+cr.ID, cr.Tokens["Blue"], nil)
				json.Unmarshal(sb, &v)
				var ids []string
				for _, d := range v.Dets {
					ids = append(ids, d["id"].(string))
					if d["id"] == "REDOCELOT" {
						// Only what is public: no orders, path, track, kind, facing, Initiative...
						for k := range d {
							if !strings.Contains(" id side own x y units revealed bases ", " "+k+" ") {
								t.Errorf("the revealed REDOCELOT shows %s to Blue: %v", k, d)
							}
						}
						units := d["units"].([]any)
						if len(units) != 1 || fmt.Sprint(units[0]) != "map[type:vehicle]" || d["own"] != false || d["revealed"] != true {
							t.Errorf("the revealed REDOCELOT as Blue sees it: %v", d)
						}
						if d["x"] != 37.875 || d["y"] != 6.625 {
							t.Errorf("REDOCELOT is shown at %v,%v, where it was seen is 37.875,6.625", d["x"], d["y"])
						}
						// its tank's 1" base, as it stood when seen (faced north, as set up)
						if fmt.Sprint(d["bases"]) != "[[[37.375 6.125] [38.375 6.125] [38.375 7.125] [37.375 7.125]]]" {
							t.Errorf("REDOCELOT's base is shown at %v", d["bases"])
						}
					}
				}
				// (REDBADGER, met in contact on the bridge, was revealed then)
				if strings.Join(ids, ",") != "BLUEZEBRA,BLUEKOALA,REDOCELOT,BLUEOTTER,REDBADGER" {
					t.Errorf("after the reveal Blue sees %v", ids)
				}
				var sp struct {
					Dets []struct {
						ID string `json:"id"`
					} `json:"dets"`
				}
				c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Spectator], nil, &sp)
				if len(sp.Dets) != 3 || sp.Dets[0].ID != "REDOCELOT" || sp.Dets[1].ID != "BLUEOTTER" || sp.Dets[2].ID != "REDBADGER" {
					t.Errorf("after the reveal the spectator sees %+v", sp.Dets)
				}
			}
		}
		n := len(lwPlaythrough)

		// Every replay, for every role.
		ref := refState()
		for _, role := range []string{"Blue", "Red", Spectator} {
			no := bad(ref, role)
			for k := 0; k <= n; k++ {
				_, b := c.rawDo("GET", fmt.Sprintf("/api/games/%s/replay?n=%d", cr.ID, k), cr.Tokens[role], nil)
				check(fmt.Sprintf("replay %d", k), role, b, no)
			}
		}

		// A second server on the same database, whose copy of the game leaves memory before
		// every request (issue 22: idle eviction, several servers), answers each role exactly
		// as the first does.
		s2 := open()
		defer s2.Close()
		c2 := serveTest(t, s2)
		for _, role := range []string{"Blue", "Red", Spectator, Referee} {
			for _, p := range []string{"", "/log", fmt.Sprintf("/replay?n=%d", n-1)} {
				s2.evictOlder(time.Now().Add(time.Hour))
				code2, b2 := c2.rawDo("GET", "/api/games/"+cr.ID+p, cr.Tokens[role], nil)
				_, b := c.rawDo("GET", "/api/games/"+cr.ID+p, cr.Tokens[role], nil)
				if code2 != http.StatusOK || !bytes.Equal(b, b2) {
					t.Errorf("GET %s for %s from a second server, loaded afresh: %d %s\nthe first server: %s", p, role, code2, b2, b)
				}
				if role != Referee {
					check("the second server's GET "+p, role, b2, bad(ref, role))
				}
			}
		}

		// The referee's answers hold everything the sides' may not (the search is meaningful).
		for _, side := range []string{"Blue", "Red"} {
			_, named := forbidden(ref, side)
			for _, s := range named {
				if !bytes.Contains(refBodies.Bytes(), []byte(s)) {
					t.Errorf("the referee's answers never hold %q: the search for it means nothing", s)
				}
			}
		}

		// The logs: another side's steps are there, but hidden; a Movement Phase's line is
		// everyone's, without the other side's detachments.
		var lg struct {
			Entries []entryView `json:"entries"`
		}
		c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens["Blue"], nil, &lg)
		if len(lg.Entries) != n {
			t.Fatalf("Blue's log has %d entries", len(lg.Entries))
		}
		for i, e := range lg.Entries {
			st := lwPlaythrough[i]
			switch {
			case st.role == "Red":
				if !e.Hidden || e.Line != "" || len(e.Rolls) != 0 {
					t.Errorf("Blue's log shows Red's step %d: %+v", i+1, e)
				}
			case st.line == "movement 1/2 BLUEZEBRA REDWOMBAT":
				if e.Hidden || e.Line != "movement 1/2 BLUEZEBRA" {
					t.Errorf("Blue's log shows step %d as %q", i+1, e.Line)
				}
			case st.line == "fired BLUEZEBRA by REDOCELOT" || st.role == "Blue" || strings.HasPrefix(st.line, "movement") || strings.HasPrefix(st.line, "reveal") || strings.HasPrefix(st.line, "hide"):
				if e.Hidden || e.Line != st.line {
					t.Errorf("Blue's log shows step %d (%q) as %+v", i+1, st.line, e)
				}
			}
		}
		// BLUEOTTER's base met the hidden REDBADGER's on the bridge: contact, which both sides
		// are told of (rules-notes 3.6), and which reveals REDBADGER.
		for _, side := range []string{"Blue", "Red"} {
			if _, b := c.rawDo("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[side], nil); !bytes.Contains(b, []byte("BLUEOTTER stops in contact with REDBADGER at 22.5,16")) {
				t.Errorf("%s's log does not tell of the contact on the bridge: %s", side, b)
			}
		}
		c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens["Red"], nil, &lg)
		for i, e := range lg.Entries {
			if st := lwPlaythrough[i]; st.line == "fired BLUEZEBRA by REDOCELOT" && !e.Hidden {
				t.Errorf("Red sees fire on the unrevealed BLUEZEBRA: %+v", e)
			}
		}

		// The event streams: one message per step for every role, each with the hash of the
		// state that role was shown, and nothing the role may not see.
		deadline := time.Now().Add(10 * time.Second)
		for {
			mu.Lock()
			done := true
			for _, role := range roles {
				done = done && len(streams[role]) >= n
			}
			mu.Unlock()
			if done || time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		mu.Lock()
		defer mu.Unlock()
		for _, role := range roles {
			if len(streams[role]) != n {
				t.Fatalf("%s's stream has %d steps, want %d", role, len(streams[role]), n)
			}
			for i, msg := range streams[role] {
				var ev entryView
				if err := json.Unmarshal([]byte(msg), &ev); err != nil || ev.N != i+1 {
					t.Fatalf("%s's event %d: %s", role, i+1, msg)
				}
				if ev.Hash != hashes[role][i+1] {
					t.Errorf("%s's event %d has hash %s, its state after that step %s", role, i+1, ev.Hash, hashes[role][i+1])
				}
				if role != Referee {
					check(fmt.Sprintf("event %d", i+1), role, []byte(msg), bad(ref, role))
				}
			}
		}
		if hashes[Referee][n] == hashes["Blue"][n] || hashes["Blue"][n] == hashes["Red"][n] {
			t.Error("the sides are shown the whole state's hash")
		}
	})
}

func derefOrder(o *lwOrderView) []lwOrderView {
	if o == nil {
		return nil
	}
	return []lwOrderView{*o}
}

// TestLWRefusalsTellNothing: a side's step for an enemy detachment (unit, formation) is
// refused just as one for a detachment that does not exist: the same status and the same
// message but for the name. Referee's steps are the referee's; a spectator plays nothing.
func TestLWRefusalsTellNothing(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create([]byte(lwHiddenScenario))
		c.mustStep(cr, Referee, 1, "reveal REDOCELOT")
		try := func(role, line string) (int, string, string) {
			n := c.state(cr, Referee).N + 1
			body, _ := json.Marshal(map[string]any{"n": n, "line": line})
			code, b := c.rawDo("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens[role], body)
			var e apiError
			json.Unmarshal(b, &e)
			return code, e.Error, string(b)
		}
		for _, c := range []struct {
			role, line, name, ghost string
			code                    int
		}{
			{"Blue", "order REDWOMBAT path 10,10: go", "REDWOMBAT", "NOSUCHDET", http.StatusForbidden},
			{"Blue", "order REDOCELOT path 10,10: go", "REDOCELOT", "NOSUCHDET", http.StatusForbidden},
			{"Blue", "halt REDWOMBAT", "REDWOMBAT", "NOSUCHDET", http.StatusForbidden},
			{"Blue", "pivot REDWOMBAT 90", "REDWOMBAT", "NOSUCHDET", http.StatusForbidden},
			{"Blue", "mount RWINFQ1 on ROTANKQ1", "RWINFQ1", "NOSUCHUNIT", http.StatusForbidden},
			{"Blue", "reveal REDWOMBAT", "REDWOMBAT", "NOSUCHDET", http.StatusForbidden},
			{"Blue", "fire BLUEZEBRA at REDWOMBAT", "REDWOMBAT", "NOSUCHDET", http.StatusUnprocessableEntity},
			{"Blue", "halt BLUEZEBRA fire REDWOMBAT", "REDWOMBAT", "NOSUCHDET", http.StatusUnprocessableEntity},
			{"Blue", "order BLUEZEBRA from REDFORMQX path 10,10", "REDFORMQX", "NOSUCHFORM", http.StatusUnprocessableEntity},
			{"Blue", "tow BZTANKQ1 by RRESERVEQ1", "RRESERVEQ1", "NOSUCHUNIT", http.StatusUnprocessableEntity},
			{"Blue", "tow BZTANKQ1 by ROTANKQ1", "ROTANKQ1", "NOSUCHUNIT", http.StatusUnprocessableEntity}, // in the revealed REDOCELOT
			{"Red", "order BLUEKOALA path 10,10: go", "BLUEKOALA", "NOSUCHDET", http.StatusForbidden},
			{Spectator, "order REDWOMBAT path 10,10: go", "REDWOMBAT", "NOSUCHDET", http.StatusForbidden},
		} {
			code, msg, body := try(c.role, c.line)
			gcode, gmsg, _ := try(c.role, strings.Replace(c.line, c.name, c.ghost, 1))
			if code != c.code || gcode != c.code {
				t.Errorf("%s plays %q: %d (a nonexistent one: %d), want %d", c.role, c.line, code, gcode, c.code)
			}
			if strings.ReplaceAll(msg, c.name, c.ghost) != gmsg {
				t.Errorf("%s plays %q: %q; with a nonexistent name: %q", c.role, c.line, msg, gmsg)
			}
			for _, s := range []string{"41.625", "RWINFQ2", "PLUGH", "Red Secret"} {
				if s != c.name && strings.Contains(body, s) && !(c.role == "Red") {
					t.Errorf("%s's refused %q holds %q: %s", c.role, c.line, s, body)
				}
			}
		}
		// The referee plays anything; a side's own steps are its own.
		c.mustStep(cr, "Blue", 2, "order BLUEZEBRA path 10,10: go")
		c.mustStep(cr, Referee, 3, "order REDWOMBAT path 40,20: go")
		if code, msg, _ := try("Blue", "movement"); code != http.StatusForbidden || !strings.Contains(msg, "only the referee") {
			t.Errorf("Blue plays the Movement Phase: %d %s", code, msg)
		}
		if code, _, _ := try("Blue", "order BLUEZEBRA sideways"); code != http.StatusBadRequest {
			t.Errorf("unreadable notation: %d", code)
		}
		// A stale step number: 409 with the state as Blue may see it.
		body, _ := json.Marshal(map[string]any{"n": 1, "line": "order BLUEZEBRA path 10,10: late"})
		code, b := c.rawDo("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens["Blue"], body)
		if code != http.StatusConflict || !bytes.Contains(b, []byte(`"state":{`)) || !bytes.Contains(b, []byte("BLUEZEBRA")) {
			t.Errorf("a stale step: %d %s", code, b)
		}
		for _, s := range []string{"REDWOMBAT", "RWINFQ1", "ROTANKQ1", "REDFORMQX", "40,20"} {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("Blue's 409 holds %q: %s", s, b)
			}
		}
		// A refusal by the rules of the side's own step: 422 with the rule.
		body, _ = json.Marshal(map[string]any{"n": 4, "line": "halt BLUEZEBRA"})
		var e apiError
		if code := c.do("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens["Blue"], body, &e); code != http.StatusUnprocessableEntity || e.Rule != "Discretionary actions" || e.State == nil {
			t.Errorf("a halt without fire: %d %+v", code, e)
		}
		// The unit endpoints are ASL's.
		if code := c.do("GET", "/api/games/"+cr.ID+"/units/BZTANKQ1/steps", cr.Tokens["Blue"], nil, &e); code != http.StatusBadRequest {
			t.Errorf("unit steps in a Lightning War game: %d", code)
		}
	})
}

// TestLWDemo: the built-in demo is a two-sided game; each side's state shows only its own
// detachments with their orders, the referee's all; its table has every kind of feature; the
// referee plays a Movement Phase and the detachments move along their orders.
func TestLWDemo(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		s := open()
		c := serveTest(t, s)
		cr, err := s.DemoLW(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if cr.Ruleset != "lightningwar" || strings.Join(cr.Sides, ",") != "German,Russian" {
			t.Fatalf("the demo: %+v", cr)
		}
		var v lwStateView
		if code := c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Referee], nil, &v); code != 200 {
			t.Fatal(code)
		}
		tb := v.Table
		if tb == nil || tb.Width != 48 || tb.Height != 32 || len(tb.Roads) < 1 || len(tb.Streams) != 1 || len(tb.Chokes) != 1 || len(tb.Features) < 4 {
			t.Fatalf("the demo's table: %+v", tb)
		}
		kinds := map[string]bool{}
		for _, f := range tb.Features {
			kinds[f.Ground+"/"+f.Slope] = true
		}
		for _, k := range []string{"woods/", "broken/gentle", "/steep", "marsh/"} {
			if !kinds[k] {
				t.Errorf("the demo has no %s feature: %v", k, kinds)
			}
		}
		if len(v.Dets) != 5 || len(v.Steps) == 0 || v.Steps[0].Line != "movement" || len(v.Order) != 5 {
			t.Fatalf("the referee's state: %d dets, steps %+v, order %v", len(v.Dets), v.Steps, v.Order)
		}
		var ge lwStateView
		c.do("GET", "/api/games/"+cr.ID, cr.Tokens["German"], nil, &ge)
		if len(ge.Dets) != 3 || len(ge.Steps) != 0 || len(ge.Formations) != 4 {
			t.Fatalf("the German sees %d dets, steps %+v, formations %+v", len(ge.Dets), ge.Steps, ge.Formations)
		}
		bases := map[string]int{"PzZug": 2, "Schutz": 3, "Aufkl": 1}
		for _, d := range ge.Dets {
			if d.Side != "German" || !d.Own || len(d.Pending) != 1 || d.Initiative == "" {
				t.Errorf("the German's %s: %+v", d.ID, d)
			}
			// its models' bases, in line abreast (rules-notes 3.6): 1" bases 1/2" apart
			if len(d.Bases) != bases[d.ID] || d.Formation != "line" || d.Frontage != 1.5*float64(bases[d.ID])-0.5 {
				t.Errorf("the German's %s stands on %v, in %s, frontage %v", d.ID, d.Bases, d.Formation, d.Frontage)
			}
		}
		a := c.mustStep(*cr, Referee, 1, "movement")
		if !strings.Contains(a.Text, "PzZug moves 12\"") {
			t.Errorf("the Movement Phase: %s", a.Text)
		}
		c.do("GET", "/api/games/"+cr.ID, cr.Tokens["German"], nil, &ge)
		for _, d := range ge.Dets {
			if d.ID == "PzZug" && (d.X != 16 || d.Y != 16 || len(d.Track) != 2 || len(d.Ahead) != 3 || d.Order == nil || d.Order.Text == "") {
				t.Errorf("after the phase PzZug is %+v", d)
			}
		}
		// Revealed, the Russian tanks show where they were seen, on their bases as they stood
		// (two 1" bases faced 240, their centres 0.75" either side of the point); the rifles,
		// unseen, show nothing.
		c.mustStep(*cr, Referee, 2, "reveal Tanks")
		c.do("GET", "/api/games/"+cr.ID, cr.Tokens["German"], nil, &ge)
		seen := false
		for _, d := range ge.Dets {
			switch d.ID {
			case "Rifles":
				t.Errorf("the German sees the unseen rifles: %+v", d)
			case "Tanks":
				seen = true
				var cx, cy float64
				for _, b := range d.Bases {
					cx += (b[0][0] + b[2][0]) / 4
					cy += (b[0][1] + b[2][1]) / 4
				}
				if d.Own || len(d.Bases) != 2 || math.Abs(cx-35) > 0.01 || math.Abs(cy-23) > 0.01 || d.Formation != "" {
					t.Errorf("the German sees the revealed tanks as %+v (centre %v,%v)", d, cx, cy)
				}
			}
		}
		if !seen {
			t.Error("the German does not see the revealed tanks")
		}
	})
}
