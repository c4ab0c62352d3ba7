package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	aslrs "github.com/umpire-referee/umpire/asl/ruleset"
)

// The work share's debt: paid back at its rate, new work free while the debt is within the
// burst, and waiting for the rest otherwise.
func TestWorkShareDebt(t *testing.T) {
	t0 := time.Unix(1_000_000, 0)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	type charge struct {
		at   float64
		work time.Duration
	}
	for _, tc := range []struct {
		name    string
		rate    float64
		charges []charge
		askAt   float64
		want    time.Duration
	}{
		{"none done", 0.5, nil, 0, 0},
		{"within the burst", 0.5, []charge{{0, 2 * time.Second}}, 0, 0},
		{"past the burst: the rest at the rate", 0.5, []charge{{0, 3 * time.Second}}, 0, 2 * time.Second},
		{"paid back meanwhile", 0.5, []charge{{0, 3 * time.Second}}, 1, time.Second},
		{"paid back in full", 0.5, []charge{{0, 3 * time.Second}}, 10, 0},
		{"debts add", 1, []charge{{0, 2 * time.Second}, {1, 2 * time.Second}}, 1, time.Second},
		{"paid back to nothing, not below", 1, []charge{{0, time.Second}, {100, 3 * time.Second}}, 100, time.Second},
		{"not metered", 0, []charge{{0, time.Hour}}, 0, 0},
	} {
		w := &workShare{rate: tc.rate, burst: 2 * time.Second}
		for _, c := range tc.charges {
			w.charge(at(c.at), c.work)
		}
		if got := w.wait(at(tc.askAt)); got != tc.want {
			t.Errorf("%s: wait %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Expensive work past the server's share waits for it (and is then answered), or, when the
// wait would pass the slot's, is answered 503 with Retry-After at once; a step, cheap work,
// does not wait, and a refused request changes nothing.
func TestWorkShareHoldsExpensiveWork(t *testing.T) {
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	reach := "/api/games/" + cr.ID + "/units/PzIV/reach"

	s.mem.share = &workShare{rate: 1, burst: 0}
	s.mem.share.charge(time.Now(), 300*time.Millisecond)
	start := time.Now()
	if code := c.do("GET", reach, cr.Tokens[Referee], nil, nil); code != http.StatusOK {
		t.Fatalf("a reach within the wait: %d, want 200", code)
	}
	if took := time.Since(start); took < 250*time.Millisecond {
		t.Errorf("a reach 300 ms of work past the share was answered in %v, without waiting", took)
	}

	s.mem.share = &workShare{rate: 1e-6, burst: 0} // any work is a debt of days
	s.mem.share.charge(time.Now(), time.Millisecond)
	var st struct{ N int }
	c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Referee], nil, &st)
	start = time.Now()
	req, _ := http.NewRequest("GET", c.base+reach, nil)
	req.Header.Set("Authorization", "Bearer "+cr.Tokens[Referee])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a reach past the share: %d, Retry-After %q; want 503 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the refusal took %v: a wait past the slot's is refused at once", took)
	}
	var after struct{ N int }
	c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Referee], nil, &after)
	if after.N != st.N {
		t.Errorf("the refused reach changed the game: step %d, was %d", after.N, st.N)
	}
	body := fmt.Sprintf(`{"n": %d, "line": "PzIV start"}`, st.N+1)
	if code := c.do("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens[Referee], []byte(body), nil); code != http.StatusCreated {
		t.Errorf("a step while expensive work waits for the share: %d, want 201", code)
	}
}

// A request that would be refused anyway is refused at once for its own fault, before it waits
// for a turn at expensive work, even when the work share is spent and any work would be
// answered 503: a missing or wrong token (403), a game that is not there (404), a body declared
// over the cap (413), a grid over --max-boards (422).
func TestRefusedBeforeTheWorkShare(t *testing.T) {
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	s.mem.share = &workShare{rate: 1e-6, burst: 0}
	s.mem.share.charge(time.Now(), time.Millisecond) // any work now waits for days: 503
	game := "/api/games/" + cr.ID
	for _, tc := range []struct {
		name, method, path, token string
		length                    int64
		want                      int
	}{
		{"odds without a token", "GET", game + "/odds?line=PzIV+start", "", 0, http.StatusForbidden},
		{"reach with a wrong token", "GET", game + "/units/PzIV/reach", "not-a-token", 0, http.StatusForbidden},
		{"path of a game not there", "GET", "/api/games/nosuchgame/units/PzIV/path?to=2Q4", cr.Tokens[Referee], 0, http.StatusNotFound},
		{"a create declaring 2 GB", "POST", "/api/games", "", 2 << 30, http.StatusRequestEntityTooLarge},
		{"a grid of 1,000 boards", "GET", "/api/rulesets/asl/grid?rows=" + aslrs.Rows(1000, 1000), "", 0, http.StatusUnprocessableEntity},
		{"a grid without rows", "GET", "/api/rulesets/asl/grid", "", 0, http.StatusBadRequest},
		{"a reach that is the players' own (shed)", "GET", game + "/units/PzIV/reach", cr.Tokens[Referee], 0, http.StatusServiceUnavailable},
	} {
		start := time.Now()
		// By hand, so that a body declared and not sent is not sent.
		conn, err := net.Dial("tcp", strings.TrimPrefix(c.base, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		head := tc.method + " " + tc.path + " HTTP/1.1\r\nHost: x\r\n"
		if tc.token != "" {
			head += "Authorization: Bearer " + tc.token + "\r\n"
		}
		if tc.length > 0 {
			head += "Content-Length: " + strconv.FormatInt(tc.length, 10) + "\r\n"
		}
		io.WriteString(conn, head+"\r\n")
		conn.SetReadDeadline(time.Now().Add(15 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		resp.Body.Close()
		conn.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, resp.StatusCode, tc.want)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("%s: answered in %v, not at once", tc.name, took)
		}
	}
}
