package server

import (
	"fmt"
	"net/http"
	"testing"
	"time"
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
