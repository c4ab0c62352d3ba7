package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/store"
)

// sqliteServer is a server over a fresh SQLite file, configured by cfg (Store and Dice filled).
func sqliteServer(t testing.TB, cfg Config) *Server {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = st
	cfg.Dice = func(string) dice.Source { return dice.NewSeeded(7) }
	cfg.Logf = t.Logf
	s := New(cfg)
	t.Cleanup(func() { s.Close(); st.Close() })
	return s
}

// events opens game cr's event stream with role's token; it is closed when the test ends (or
// ctx does).
func (c *client) events(ctx context.Context, cr Created, role string) io.Reader {
	c.t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/api/games/"+cr.ID+"/events?k="+cr.Tokens[role], nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("events: %d", resp.StatusCode)
	}
	return resp.Body
}

// stream is the event stream (events) past its hello line; the rest is the caller's to read.
func (c *client) stream(ctx context.Context, cr Created, role string) *bufio.Reader {
	c.t.Helper()
	rd := bufio.NewReader(c.events(ctx, cr, role))
	if line, _ := rd.ReadString('\n'); line != "event: hello\n" {
		c.t.Fatalf("%s's stream began %q", role, line)
	}
	return rd
}

// stuckWriter is a client that stops reading: its first Write blocks until released.
type stuckWriter struct {
	h       http.Header
	once    sync.Once
	wrote   chan struct{}
	release chan struct{}
	dl      []time.Time // write deadlines set on it
	mu      sync.Mutex
}

func newStuck() *stuckWriter {
	return &stuckWriter{h: http.Header{}, wrote: make(chan struct{}), release: make(chan struct{})}
}
func (s *stuckWriter) Header() http.Header { return s.h }
func (s *stuckWriter) WriteHeader(int)     {}
func (s *stuckWriter) Write(p []byte) (int, error) {
	s.once.Do(func() { close(s.wrote) })
	<-s.release
	return len(p), nil
}
func (s *stuckWriter) Flush() {}
func (s *stuckWriter) SetWriteDeadline(t time.Time) error {
	s.mu.Lock()
	s.dl = append(s.dl, t)
	s.mu.Unlock()
	return nil
}
func (s *stuckWriter) SetReadDeadline(time.Time) error { return nil }

// within runs f (which must not call t.Fatal: it runs on its own goroutine) and fails the
// test if it has not returned after d, or returned an error.
func within(t *testing.T, d time.Duration, what string, f func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(d):
		t.Fatalf("%s took more than %v", what, d)
	}
}

// steps submits lines as the referee from step n on, stopping at the first not accepted.
func steps(c *client, cr Created, n int, lines ...string) error {
	for i, line := range lines {
		body := fmt.Sprintf(`{"n":%d,"line":%q}`, n+i, line)
		var a submitAnswer
		if code := c.do("POST", "/api/games/"+cr.ID+"/steps", cr.Tokens[Referee], []byte(body), &a); code != http.StatusCreated {
			return fmt.Errorf("step %d %q: %d %s", n+i, line, code, a.Error)
		}
	}
	return nil
}

// TestReaderHoldsNoGame: a client that stops reading its answer does not hold the game: other
// clients' steps and reads go through while its answer waits to be written (issue 22).
func TestReaderHoldsNoGame(t *testing.T) {
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	for _, path := range []string{"/api/games/" + cr.ID, "/api/games/" + cr.ID + "/log", "/api/games/" + cr.ID + "/units/PzIV/reach"} {
		stuck := newStuck()
		req := httptest.NewRequest("GET", path+"?k="+cr.Tokens[Referee], nil)
		handlerDone := make(chan struct{})
		go func() { s.Handler().ServeHTTP(stuck, req); close(handlerDone) }()
		<-stuck.wrote // the answer is being written, and the client does not read it
		n := c.state(cr, Referee).N + 1
		within(t, 5*time.Second, "a step while "+path+" is unread", func() error {
			return steps(c, cr, n, []string{"PzIV start", "PzIV enter 2K4", "PzIV enter 2L4"}[n-1])
		})
		stuck.mu.Lock()
		if len(stuck.dl) == 0 || time.Until(stuck.dl[0]) > 10*time.Second {
			t.Errorf("%s: write deadlines %v, want one within 10 s", path, stuck.dl)
		}
		stuck.mu.Unlock()
		close(stuck.release)
		<-handlerDone
	}
}

// TestSlowStreamDropped: an event stream that stops reading is dropped once it falls
// --sse-buffer events behind; the steps are not slowed, and the game forgets the stream.
func TestSlowStreamDropped(t *testing.T) {
	s := sqliteServer(t, Config{SSEBuffer: 2})
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	stuck := newStuck()
	req := httptest.NewRequest("GET", "/api/games/"+cr.ID+"/events?k="+cr.Tokens[Spectator], nil)
	handlerDone := make(chan struct{})
	go func() { s.Handler().ServeHTTP(stuck, req); close(handlerDone) }()
	<-stuck.wrote // stuck writing "hello"
	within(t, 5*time.Second, "three steps with a stuck stream", func() error {
		return steps(c, cr, 1, "PzIV start", "PzIV enter 2K4", "PzIV enter 2L4")
	})
	l, _ := s.load(context.Background(), cr.ID)
	l.mu.Lock()
	subs := len(l.subs)
	l.mu.Unlock()
	if subs != 0 {
		t.Errorf("%d streams still subscribed after falling 3 events behind a buffer of 2", subs)
	}
	close(stuck.release)
	within(t, 5*time.Second, "the dropped stream's handler", func() error { <-handlerDone; return nil })
}

// TestIdleEviction: a game unused for IdleEvict with no stream leaves memory and comes back
// from the store unchanged on its next request; a watched game stays.
func TestIdleEviction(t *testing.T) {
	s := sqliteServer(t, Config{IdleEvict: 30 * time.Millisecond})
	c := serveTest(t, s)
	a, b := c.create(demoScenario), c.create(demoScenario)
	c.mustStep(a, Referee, 1, "PzIV start")
	before := c.state(a, Referee)
	c.stream(context.Background(), b, Spectator)
	inMemory := func(id string) bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.games[id] != nil
	}
	deadline := time.Now().Add(5 * time.Second)
	for inMemory(a.ID) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if inMemory(a.ID) {
		t.Fatal("the idle game is still in memory after 5 s")
	}
	if !inMemory(b.ID) {
		t.Error("the game with an open event stream was evicted")
	}
	after := c.state(a, Referee)
	if after.Hash != before.Hash || after.N != 1 {
		t.Errorf("loaded back: hash %s, %d steps; before eviction %s", after.Hash, after.N, before.Hash)
	}
	c.mustStep(a, Referee, 2, "PzIV enter 2K4")
}

// TestSlowRequestCut: a client that sends its request slowly (a "slowloris") is cut off after
// ReadTimeout, as HTTPServer configures it.
func TestSlowRequestCut(t *testing.T) {
	s := sqliteServer(t, Config{ReadTimeout: 300 * time.Millisecond})
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = s.HTTPServer()
	hs.Start()
	defer hs.Close()
	for _, start := range []string{
		"GET /api/rulesets HTTP/1.1\r\nHost: x\r\n",                                  // headers never end
		"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nname:", // body never ends
	} {
		conn, err := net.Dial("tcp", hs.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(conn, start)
		closed := make(chan struct{})
		go func() {
			for i := 0; i < 100; i++ { // a byte every 50 ms: slower than ReadTimeout allows
				if _, err := io.WriteString(conn, "x"); err != nil {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
		}()
		go func() { io.Copy(io.Discard, conn); close(closed) }()
		select {
		case <-closed:
		case <-time.After(4 * time.Second):
			t.Errorf("%q...: the connection is still open after 4 s (ReadTimeout 300 ms)", strings.SplitN(start, "\r", 2)[0])
		}
		conn.Close()
	}
}

// TestTuneGC: the server's collector target is GCPercent and is put back after; with GOGC set
// it is left alone.
func TestTuneGC(t *testing.T) {
	if _, set := os.LookupEnv("GOGC"); set {
		t.Skip("GOGC is set in this environment, so TuneGC leaves the collector alone")
	}
	before := debug.SetGCPercent(77)
	defer debug.SetGCPercent(before)
	restore := TuneGC()
	if got := debug.SetGCPercent(GCPercent); got != GCPercent {
		t.Errorf("tuned: %d, want %d", got, GCPercent)
	}
	restore()
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("restored: %d, want 77", got)
	}
	t.Setenv("GOGC", "150")
	TuneGC()()
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("with GOGC set: %d, want it left at 77", got)
	}
}

// TestStreamOutlivesTimeouts: an event stream is a long answer to a short request: the read
// timeout that cuts a slow request does not cut it, and its write deadline is renewed for each
// event, so a quiet stream is not cut either.
func TestStreamOutlivesTimeouts(t *testing.T) {
	s := sqliteServer(t, Config{ReadTimeout: 200 * time.Millisecond, WriteTimeout: 200 * time.Millisecond})
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = s.HTTPServer()
	hs.Start()
	defer hs.Close()
	c := serveClient(t, hs.URL)
	cr := c.create(demoScenario)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rd := c.stream(ctx, cr, Spectator)
	time.Sleep(600 * time.Millisecond) // three read and write timeouts
	c.mustStep(cr, Referee, 1, "PzIV start")
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("the stream ended after the timeouts: %v", err)
		}
		if line == "event: step\n" {
			return
		}
	}
}

// TestHeldAnswerLength: an answer written after its game is unlocked says its length, so it
// goes out in one piece rather than in chunks, and says it truly, for a step, a state and a
// long log alike.
func TestHeldAnswerLength(t *testing.T) {
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	for n, line := range []string{"PzIV start", "PzIV enter 2K4"} {
		if err := steps(c, cr, n+1, line); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{"/api/games/" + cr.ID, "/api/games/" + cr.ID + "/log"} {
		resp, err := http.Get(c.base + path + "?k=" + cr.Tokens[Referee])
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.ContentLength != int64(len(body)) || len(resp.TransferEncoding) > 0 {
			t.Errorf("GET %s: %d, Content-Length %d for %d bytes, Transfer-Encoding %v", path, resp.StatusCode, resp.ContentLength, len(body), resp.TransferEncoding)
		}
	}
}
