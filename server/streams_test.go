package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/internal/needs"
	"github.com/umpire-referee/umpire/internal/pgtest"
	"github.com/umpire-referee/umpire/store"
)

// streamBound is how soon a stream must end once its game has left memory, and how soon a
// step must reach a stream.
const streamBound = 2 * time.Second

// faultyStore is a store whose writes fail on demand, as a full disk or a database refusing a
// value would make them; while down, its reads of games fail too, as a database gone away
// would make them.
type faultyStore struct {
	store.Store
	failAppend atomic.Bool
	down       atomic.Bool
	refused    atomic.Int64 // reads refused while down
}

var errFaulty = errors.New("faulty store: no room left on the device")

func (f *faultyStore) Append(ctx context.Context, id string, e game.Entry) error {
	if f.failAppend.Load() || f.down.Load() {
		return errFaulty
	}
	return f.Store.Append(ctx, id, e)
}

func (f *faultyStore) Game(ctx context.Context, id string) (store.Game, error) {
	if f.down.Load() {
		f.refused.Add(1)
		return store.Game{}, errFaulty
	}
	return f.Store.Game(ctx, id)
}

// faultyServer is a server over a fresh SQLite file behind a faultyStore, configured by cfg.
func faultyServer(t testing.TB, cfg Config) (*Server, *faultyStore) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	f := &faultyStore{Store: st}
	cfg.Store = f
	cfg.Dice = func(string) dice.Source { return dice.NewSeeded(7) }
	cfg.Logf = t.Logf
	s := New(cfg)
	t.Cleanup(func() { s.Close(); st.Close() })
	return s, f
}

// ended waits (up to streamBound) for the stream's end: its channel (client.sse) closed. An
// event that comes first fails the test: the game's copy that the stream was on is gone, and
// nothing should come from it.
func ended(t *testing.T, events <-chan string, after string) {
	t.Helper()
	deadline := time.After(streamBound)
	for {
		select {
		case ev, open := <-events:
			if !open {
				return
			}
			t.Fatalf("after %s, the stream sent %q instead of ending", after, ev)
		case <-deadline:
			t.Fatalf("after %s, the stream is still open after %v: its page would never hear of another step", after, streamBound)
		}
	}
}

// nextEvent is the stream's next event, "NAME DATA", which must come within bound.
func nextEvent(t *testing.T, events <-chan string, bound time.Duration, what string) string {
	t.Helper()
	select {
	case ev, open := <-events:
		if !open {
			t.Fatalf("waiting for %s: the stream ended", what)
		}
		return ev
	case <-time.After(bound):
		t.Fatalf("%s did not reach the stream within %v", what, bound)
	}
	return ""
}

// watched serves s, creates the demo game on it and opens a spectator's stream of it, until
// the test ends: the client, the game, the stream's context and its events.
func watched(t *testing.T, s *Server) (*client, Created, context.Context, <-chan string) {
	t.Helper()
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return c, cr, ctx, reconnected(t, ctx, c, cr, 0)
}

// reconnected opens the stream again, as the page's EventSource does once it ends, and checks
// that its hello event says the game is at step n.
func reconnected(t *testing.T, ctx context.Context, c *client, cr Created, n int) <-chan string {
	t.Helper()
	events := c.sse(ctx, cr, Spectator)
	want := "hello " + `{"n":` + itoa(n) + `}`
	if ev := nextEvent(t, events, streamBound, "the reconnected stream's hello"); ev != want {
		t.Fatalf("the reconnected stream began %q, want %q", ev, want)
	}
	return events
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// heard checks that the stream's next event, within streamBound, is step n, written line.
func heard(t *testing.T, events <-chan string, n int, line string) {
	t.Helper()
	heardWithin(t, events, streamBound, n, line)
}

// heardWithin checks that the stream's next event, within bound, is step n, written line.
func heardWithin(t *testing.T, events <-chan string, bound time.Duration, n int, line string) {
	t.Helper()
	ev := nextEvent(t, events, bound, "step "+itoa(n))
	name, data, _ := strings.Cut(ev, " ")
	var got entryView
	json.Unmarshal([]byte(data), &got)
	if name != "step" || got.N != n || got.Line != line {
		t.Fatalf("the stream sent %q, want step %d (%s)", ev, n, line)
	}
}

// TestStreamEndsOnFailedSave: a step the store cannot save takes the game out of memory, and
// its event stream ends with it; the page's stream, opened again, opens on the game as the
// store has it and hears the steps played after.
func TestStreamEndsOnFailedSave(t *testing.T) {
	s, f := faultyServer(t, Config{})
	c, cr, ctx, events := watched(t, s)
	c.mustStep(cr, "German", 1, "PzIV start")
	heard(t, events, 1, "PzIV start")

	f.failAppend.Store(true)
	if code, a := c.submit(cr, "German", 2, "PzIV enter 2K4"); code != http.StatusServiceUnavailable {
		t.Fatalf("a step the store cannot save: %d %+v, want 503", code, a)
	}
	ended(t, events, "a step that could not be saved")
	f.failAppend.Store(false)

	events = reconnected(t, ctx, c, cr, 1)
	c.mustStep(cr, "German", 2, "PzIV enter 2K5")
	heard(t, events, 2, "PzIV enter 2K5")
}

// TestStreamEndsOnLostRace: two servers on one store (Shared, as behind a load balancer), on
// SQLite and on PostgreSQL; a step through b whose number a took first in the store takes b's
// copy out of memory, and b's event stream ends with it; opened again, it stands at a's step
// and hears the steps after.
func TestStreamEndsOnLostRace(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "games.db")
		var cs [2]*client
		for i := range cs {
			st, err := store.Open(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			srv := New(Config{Store: st, Shared: true, Dice: func(string) dice.Source { return dice.NewSeeded(7) }, Logf: t.Logf})
			t.Cleanup(func() { srv.Close(); st.Close() })
			cs[i] = serveTest(t, srv)
		}
		loseRace(t, cs[0], cs[1])
	})
	t.Run("postgres", func(t *testing.T) {
		a, b := twoServers(t)
		loseRace(t, a, b)
	})
}

// loseRace sends each step through a and b at once until b loses the race in the store. Of
// the two one wins (201) and the other gets 409; b's stream hears the step when b won, or
// when b's copy caught up before its step was played (its stream's poll, or the database
// telling it of a's commit), but when b's copy played the step and the store refused it, b's
// copy has left memory and its stream must end; opened again at a's step, it must hear the
// next.
func loseRace(t *testing.T, a, b *client) {
	cr := a.create(demoScenario)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := reconnected(t, ctx, b, cr, 0)
	const tries = 30
	for n := 1; n <= tries; n++ {
		line := loadCycle[(n-1)%len(loadCycle)]
		var codeA, codeB int
		var onB submitAnswer
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); codeA, _ = a.submit(cr, "German", n, line) }()
		go func() { defer wg.Done(); codeB, onB = b.submit(cr, "German", n, line) }()
		wg.Wait()
		if codeA == http.StatusCreated && codeB == http.StatusCreated || codeA != http.StatusCreated && codeB != http.StatusCreated {
			t.Fatalf("step %d through a and b at once: %d and %d, want one 201 and one 409", n, codeA, codeB)
		}
		if codeB == http.StatusCreated {
			heard(t, events, n, line)
			continue
		}
		if codeB != http.StatusConflict || onB.State == nil || onB.State.N != n {
			t.Fatalf("step %d through b after a took it: %d %+v, want 409 at step %d", n, codeB, onB.aslAnswerError, n)
		}
		select {
		case ev, open := <-events:
			if open && strings.HasPrefix(ev, "step ") { // caught up first: no race in the store
				continue
			}
			if open {
				t.Fatalf("after a lost race, the stream sent %q", ev)
			}
		case <-time.After(streamBound):
			t.Fatalf("after a lost race, the stream is still open after %v: its page would never hear of another step", streamBound)
		}
		t.Logf("b lost the race for step %d", n)
		events = reconnected(t, ctx, b, cr, n)
		next := loadCycle[n%len(loadCycle)]
		a.mustStep(cr, "German", n+1, next)
		heardWithin(t, events, 5*time.Second, n+1, next) // over SQLite b's stream polls the store every 2 s
		return
	}
	t.Fatalf("b did not lose a race in the store in %d tries", tries)
}

// TestStreamEndsOnCatchUpFailure: a step another server saved that does not replay on this
// server's copy (a rules change between them) takes the copy out of memory, and its stream
// ends; opened again, the stream stands where the game's log stops replaying.
func TestStreamEndsOnCatchUpFailure(t *testing.T) {
	s := sqliteServer(t, Config{Shared: true})
	c, cr, ctx, events := watched(t, s)
	c.mustStep(cr, "German", 1, "PzIV start")
	heard(t, events, 1, "PzIV start")
	bad := game.Entry{N: 2, Line: "PzIV enter 2A1", Rolls: []dice.Roll{{Kind: dice.DR, Total: 7}}}
	if err := s.cfg.Store.Append(context.Background(), cr.ID, bad); err != nil {
		t.Fatal(err)
	}
	c.state(cr, Referee) // a Shared server catches up before it answers
	ended(t, events, "a step that does not replay here")
	reconnected(t, ctx, c, cr, 1)
	var v struct {
		OffRecord string `json:"off_record"`
	}
	if code := c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Referee], nil, &v); code != http.StatusOK || !strings.HasPrefix(v.OffRecord, "off the record at step 2") {
		t.Errorf("the game loaded again: %d %+v", code, v)
	}
}

// TestStreamsAndIdleEviction: idle eviction never takes a watched game (its stream stays and
// hears later steps); a game that leaves memory by drop, as idle eviction and the memory
// budget take games, has its streams closed, and the page's stream, opened again, hears the
// steps after.
func TestStreamsAndIdleEviction(t *testing.T) {
	s := sqliteServer(t, Config{IdleEvict: 20 * time.Millisecond})
	c, cr, ctx, events := watched(t, s)
	time.Sleep(100 * time.Millisecond) // several sweeps
	if n := s.evictOlder(time.Now().Add(time.Hour)); n != 0 {
		t.Fatalf("a sweep dropped %d games, the one watched among them", n)
	}
	c.mustStep(cr, "German", 1, "PzIV start")
	heard(t, events, 1, "PzIV start")

	l, err := s.lock(ctx, cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	s.drop(l, whyIdle)
	l.mu.Unlock()
	ended(t, events, "the game left memory")
	events = reconnected(t, ctx, c, cr, 1)
	c.mustStep(cr, "German", 2, "PzIV enter 2K4")
	heard(t, events, 2, "PzIV enter 2K4")
}

// TestStreamEndsOnDatabaseRestart: a PostgreSQL store reached through a TCP proxy that cuts
// every connection and refuses new ones for a while, as a restarting database does. A step
// sent meanwhile cannot be saved (503), and the game's stream ends; once the database is back
// the stream, opened again, stands at the last saved step and hears the steps after.
func TestStreamEndsOnDatabaseRestart(t *testing.T) {
	pgURL := os.Getenv(postgresEnv)
	if pgURL == "" {
		needs.Missing(t, "%s is not set: no PostgreSQL server to test against (scripts/test starts one)", postgresEnv)
	}
	u, err := url.Parse(pgtest.Isolated(t, pgURL))
	if err != nil {
		t.Fatal(err)
	}
	proxy := newTCPProxy(t, u.Host)
	u.Host = proxy.addr()
	st, err := store.Open(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Store: st, Shared: true, Dice: func(string) dice.Source { return dice.NewSeeded(7) }, Logf: t.Logf})
	t.Cleanup(func() { s.Close(); st.Close() })
	c, cr, ctx, events := watched(t, s)
	c.mustStep(cr, "German", 1, "PzIV start")
	heard(t, events, 1, "PzIV start")

	proxy.setDown(true)
	if code, a := c.submit(cr, "German", 2, "PzIV enter 2K4"); code != http.StatusServiceUnavailable {
		t.Fatalf("a step while the database is down: %d %+v, want 503", code, a)
	}
	ended(t, events, "a step sent while the database was down")
	proxy.setDown(false)

	events = reconnected(t, ctx, c, cr, 1)
	c.mustStep(cr, "German", 2, "PzIV enter 2K5")
	heard(t, events, 2, "PzIV enter 2K5")
}

// tcpProxy passes TCP connections on to a target address; setDown(true) cuts every
// connection and refuses new ones until setDown(false), as a restarting server would.
type tcpProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	down   bool
	conns  map[net.Conn]bool
}

// newTCPProxy listens on a local port for target; it stops when the test ends.
func newTCPProxy(t *testing.T, target string) *tcpProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{ln: ln, target: target, conns: map[net.Conn]bool{}}
	go p.serve()
	t.Cleanup(func() { ln.Close(); p.setDown(true) })
	return p
}

func (p *tcpProxy) addr() string { return p.ln.Addr().String() }

func (p *tcpProxy) serve() {
	for {
		in, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		down := p.down
		p.mu.Unlock()
		if down {
			in.Close()
			continue
		}
		out, err := net.Dial("tcp", p.target)
		if err != nil {
			in.Close()
			continue
		}
		if !p.track(in, out) {
			continue
		}
		go func() { io.Copy(out, in); out.Close(); in.Close() }()
		go func() { io.Copy(in, out); out.Close(); in.Close() }()
	}
}

// track keeps both ends of a passed connection, to be cut by setDown; false (and both closed)
// if the proxy went down meanwhile.
func (p *tcpProxy) track(in, out net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.down {
		in.Close()
		out.Close()
		return false
	}
	p.conns[in], p.conns[out] = true, true
	return true
}

// setDown cuts every connection and refuses new ones (true), or lets them through again.
func (p *tcpProxy) setDown(down bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = down
	if down {
		for c := range p.conns {
			c.Close()
		}
		clear(p.conns)
	}
}

// countingStore counts the store's Entries reads.
type countingStore struct {
	store.Store
	entries atomic.Int64
}

func (c *countingStore) Entries(ctx context.Context, id string, after int) ([]game.Entry, error) {
	c.entries.Add(1)
	return c.Store.Entries(ctx, id, after)
}

// TestStreamPollsByItsTicks: with a listener telling of commits, an event stream looks in the
// store itself only every pollEvery-th tick, however often its game is played. (Each step
// started its count again, so every stream of a game played every few seconds asked the store
// at every tick: two PostgreSQL servers with 3,000 streams fell behind for good.)
func TestStreamPollsByItsTicks(t *testing.T) {
	defer func(old time.Duration) { streamTick = old }(streamTick)
	streamTick = 20 * time.Millisecond
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	cs := &countingStore{Store: st}
	s := New(Config{Store: cs, Shared: true, Dice: func(string) dice.Source { return dice.NewSeeded(7) }, Logf: t.Logf})
	t.Cleanup(func() { s.Close(); st.Close() })
	s.sharing = &sharing{done: make(chan struct{})} // as if it listened: streams need not poll often
	close(s.sharing.done)
	s.sharing.stop = func() {}
	s.sharing.listening.Store(true)
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	c.events(t.Context(), cr, Referee)
	time.Sleep(50 * time.Millisecond)
	before := cs.entries.Load()
	end := time.Now().Add(20 * pollEvery * streamTick / 10) // two polls' worth of ticks
	for i := 0; time.Now().Before(end); i++ {
		c.mustStep(cr, Referee, cr.N+1+i, loadCycle[i%len(loadCycle)])
		time.Sleep(streamTick * 3 / 2)
	}
	if got := cs.entries.Load() - before; got > 3 {
		t.Errorf("the stream read the store %d times in about 30 ticks of a game played every tick and a half; at most 3 (one in %d ticks)", got, pollEvery)
	}
}
