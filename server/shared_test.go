package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/internal/needs"
	"github.com/umpire-referee/umpire/internal/pgtest"
	"github.com/umpire-referee/umpire/store"
)

// twoServers starts two servers, each over its own store handle on one PostgreSQL database (a
// schema of the test's own) and behind its own HTTP server, as two processes behind a load
// balancer; it skips without postgresEnv.
func twoServers(t *testing.T) (a, b *client) {
	url := os.Getenv(postgresEnv)
	if url == "" {
		needs.Missing(t, "%s is not set: no PostgreSQL server to test against (scripts/test starts one)", postgresEnv)
	}
	url = pgtest.Isolated(t, url)
	var cs [2]*client
	for i := range cs {
		st, err := store.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		srv := New(Config{Store: st, Shared: true, Dice: func(string) dice.Source { return dice.NewSeeded(7) }, Logf: t.Logf})
		t.Cleanup(func() { srv.Close() })
		if srv.sharing == nil {
			t.Fatal("a Shared server over PostgreSQL does not listen for commits")
		}
		cs[i] = serveTest(t, srv)
	}
	return cs[0], cs[1]
}

// sse is an open event stream: its events, as "EVENT DATA", as they arrive.
func (c *client) sse(ctx context.Context, cr Created, role string) <-chan string {
	c.t.Helper()
	body := c.events(ctx, cr, role)
	out := make(chan string, 64)
	go func() {
		defer close(out)
		rd := bufio.NewReader(body)
		ev := ""
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "event: "):
				ev = line[7:]
			case strings.HasPrefix(line, "data: ") && ev != "":
				out <- ev + " " + line[6:]
				ev = ""
			}
		}
	}()
	return out
}

// TestTwoServersNotify: two servers on one PostgreSQL database, a game played on both in turn.
// A step accepted by either reaches a viewer of the other within a second (NOTIFY, not the
// streams' poll), and at the end both serve the same log and the same state.
func TestTwoServersNotify(t *testing.T) {
	a, b := twoServers(t)
	cr := a.create(demoScenario)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	onB := b.sse(ctx, cr, Spectator)
	if ev := <-onB; ev != `hello {"n":0}` {
		t.Fatalf("b's stream opens with %q", ev)
	}
	const steps = 10
	for n := 1; n <= steps; n++ {
		by := map[bool]*client{true: a, false: b}[n%2 == 1]
		line := loadCycle[(n-1)%len(loadCycle)]
		st := by.mustStep(cr, "German", n, line)
		deadline := time.After(time.Second)
		select {
		case ev := <-onB:
			var got entryView
			name, data, _ := strings.Cut(ev, " ")
			json.Unmarshal([]byte(data), &got)
			if name != "step" || got.N != n || got.Line != line || got.Hash != st.State.Hash {
				t.Fatalf("step %d (%s, through %s): b's stream got %q", n, line, by.base, ev)
			}
		case <-deadline:
			t.Fatalf("step %d (%s, through %s) did not reach b's stream within a second", n, line, by.base)
		}
	}
	var logA, logB, stateA, stateB any
	for _, q := range []struct {
		c    *client
		path string
		out  *any
	}{{a, "/log", &logA}, {b, "/log", &logB}, {a, "", &stateA}, {b, "", &stateB}} {
		if code := q.c.do("GET", "/api/games/"+cr.ID+q.path, cr.Tokens[Referee], nil, q.out); code != http.StatusOK {
			t.Fatalf("GET %s%s: %d", q.c.base, q.path, code)
		}
	}
	if !reflect.DeepEqual(logA, logB) {
		t.Errorf("the two servers' logs differ:\n%v\n%v", logA, logB)
	}
	if !reflect.DeepEqual(stateA, stateB) {
		t.Errorf("the two servers' states differ:\n%v\n%v", stateA, stateB)
	}
	if n := stateB.(map[string]any)["n"]; n != float64(steps) {
		t.Errorf("b's state is at step %v, want %d", n, steps)
	}
}

// TestTwoServersHiddenInformation: Lightning War orders given through one server are not shown
// to the other side by the other server, which learnt of them from the store; that side's own
// are.
func TestTwoServersHiddenInformation(t *testing.T) {
	a, b := twoServers(t)
	cr := a.create([]byte(lwHiddenScenario))
	for i, s := range lwPlaythrough[:5] {
		by := map[bool]*client{true: a, false: b}[i%2 == 0]
		by.mustStep(cr, s.role, i+1, s.line)
	}
	code, body := b.rawDo("GET", "/api/games/"+cr.ID, cr.Tokens["Blue"], nil)
	if code != http.StatusOK || !strings.Contains(string(body), `"n":5`) || !strings.Contains(string(body), "XYZZY-BLUE-ORDER-THREE") {
		t.Fatalf("Blue's state on b: %d %.300s", code, body)
	}
	for _, secret := range []string{"PLUGH-RED-ORDER-ONE", "PLUGH-RED-ORDER-TWO", "RRESERVEQ1", "Red Secret Battalion QX", "31.125,21.875"} {
		if strings.Contains(string(body), secret) {
			t.Errorf("Blue's state on b shows %q", secret)
		}
	}
}
