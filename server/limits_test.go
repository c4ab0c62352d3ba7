package server

import (
	"math"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRateLimitedCreateAndSteps: past a client's burst of creations or steps the answer is
// 429 with Retry-After and a message naming the limit, and nothing is created or played.
func TestRateLimitedCreateAndSteps(t *testing.T) {
	rl := DefaultRateLimits()
	rl.Create = Bucket{Rate: 0.01, Burst: 2}
	rl.Steps = Bucket{Rate: 0.01, Burst: 3}
	s := sqliteServer(t, Config{Rate: &rl})
	c := serveTest(t, s)
	a := c.create(demoScenario)
	c.create(demoScenario)
	req, _ := http.NewRequest("POST", c.base+"/api/games", strings.NewReader(string(demoScenario)))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a third create within the burst of 2: %d", resp.StatusCode)
	}
	if ra, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || ra < 1 {
		t.Errorf("Retry-After %q", resp.Header.Get("Retry-After"))
	}
	s.mu.Lock()
	games := len(s.games)
	s.mu.Unlock()
	if games != 2 {
		t.Errorf("%d games in memory after a refused create, want 2", games)
	}
	for n, line := range []string{"PzIV start", "PzIV enter 2K4", "PzIV enter 2L4"} {
		c.mustStep(a, Referee, n+1, line)
	}
	code, ans := c.submit(a, Referee, 4, "PzIV enter 2M4")
	if code != http.StatusTooManyRequests || !strings.Contains(ans.Error, "too many steps") {
		t.Errorf("a fourth step within the burst of 3: %d %q", code, ans.Error)
	}
	if v := c.state(a, Referee); v.N != 3 {
		t.Errorf("the refused step was played: the game is at step %d", v.N)
	}
	if code := c.do("GET", "/api/rulesets", "", nil, nil); code != http.StatusOK {
		t.Errorf("an ordinary read after the step limit: %d (each class has its own bucket)", code)
	}
}

// TestLimiterBuckets: tokens come back at their rate; expensive reads and event streams are
// bounded while running; the buckets kept are bounded.
func TestLimiterBuckets(t *testing.T) {
	rl := RateLimits{Create: Bucket{1, 1}, Steps: Bucket{2, 2}, Expensive: Bucket{100, 100}, Other: Bucket{100, 100}, Concurrent: 1, Streams: 1, Clients: 10}
	l := newLimiter(rl)
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	routes := routeTable()
	try := func(method, path, addr string) (func(time.Duration), int) {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(method, path, nil)
		r.RemoteAddr = addr
		release, ok := l.admit(w, r, routes.classOf(r))
		if !ok {
			return nil, w.Code
		}
		return release, http.StatusOK
	}
	const me = "192.0.2.1:4000"
	for i, want := range []int{200, 200, 429} {
		if _, code := try("POST", "/api/games/x/steps", me); code != want {
			t.Errorf("step %d: %d, want %d", i+1, code, want)
		}
	}
	now = now.Add(500 * time.Millisecond) // one token back at 2 a second
	if _, code := try("POST", "/api/games/x/steps", me); code != 200 {
		t.Errorf("after half a second: %d", code)
	}
	if _, code := try("POST", "/api/games/x/steps", "192.0.2.2:4000"); code != 200 {
		t.Errorf("another client: %d (buckets are per client)", code)
	}
	release, code := try("GET", "/api/games/x/odds", me)
	if code != 200 {
		t.Fatalf("an odds request: %d", code)
	}
	if _, code := try("GET", "/api/games/x/units/T/reach", me); code != 429 {
		t.Errorf("a second expensive read while one runs (Concurrent 1): %d", code)
	}
	release(0)
	if _, code := try("GET", "/api/games/x/units/T/reach", me); code != 200 {
		t.Errorf("once the first is done: %d", code)
	}
	if _, code := try("GET", "/api/games/x/events", me); code != 200 {
		t.Errorf("an event stream: %d", code)
	}
	if _, code := try("GET", "/api/games/y/events", me); code != 429 {
		t.Errorf("a second stream (Streams 1): %d", code)
	}
	for i := 0; i < 50; i++ {
		try("GET", "/", "198.51.100."+strconv.Itoa(i)+":1")
	}
	if n := len(l.clients); n > 10 {
		t.Errorf("%d clients kept, want at most 10", n)
	}
}

// TestClientAddress: the client is the connection's address unless that is a trusted proxy;
// then the nearest untrusted X-Forwarded-For hop (a client cannot name itself someone else by
// writing the header's first hops); IPv6 clients are their /64.
func TestClientAddress(t *testing.T) {
	proxies, err := ParseProxies("10.0.0.0/8, 192.0.2.7")
	if err != nil {
		t.Fatal(err)
	}
	l := newLimiter(RateLimits{TrustedProxies: proxies})
	for _, c := range []struct{ remote, xff, want string }{
		{"203.0.113.5:1234", "", "203.0.113.5/32"},
		{"203.0.113.5:1234", "1.2.3.4", "203.0.113.5/32"},                // not a proxy: its header is ignored
		{"10.1.2.3:80", "1.2.3.4", "1.2.3.4/32"},                         // from the proxy
		{"10.1.2.3:80", "6.6.6.6, 1.2.3.4", "1.2.3.4/32"},                // a forged first hop
		{"10.1.2.3:80", "1.2.3.4, 10.9.9.9", "1.2.3.4/32"},               // two proxies
		{"192.0.2.7:80", "garbage, 5.6.7.8", "5.6.7.8/32"},               // a single trusted address
		{"[2001:db8:1:2:3:4:5:6]:443", "", "2001:db8:1:2::/64"},          // IPv6: its /64
		{"[::ffff:203.0.113.9]:1", "", "203.0.113.9/32"},                 // IPv4 in IPv6
		{"10.1.2.3:80", "10.2.2.2, 10.3.3.3", "10.2.2.2/32"},             // all proxies: the farthest
		{"not an address", "", netip.IPv4Unspecified().String() + "/32"}, // unreadable: one client
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := l.clientOf(r).String(); got != c.want {
			t.Errorf("%s via %q: %s, want %s", c.remote, c.xff, got, c.want)
		}
	}
	if _, err := ParseProxies("10.0.0.0/33"); err == nil {
		t.Error("a bad prefix was accepted")
	}
}

// TestNoLimits: without rate limits (local play, --no-limits) a burst well past the defaults
// is served.
func TestNoLimits(t *testing.T) {
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	for i := 0; i < 300; i++ {
		if code := c.do("GET", "/api/games/"+cr.ID, cr.Tokens[Spectator], nil, nil); code != http.StatusOK {
			t.Fatalf("read %d: %d", i, code)
		}
	}
}

// FuzzClientAddress: any connection address and X-Forwarded-For header gives a client (never
// a panic), and one that is a single address or a /64.
func FuzzClientAddress(f *testing.F) {
	for _, s := range [][2]string{
		{"10.1.2.3:80", "6.6.6.6, 1.2.3.4"}, {"[2001:db8::1]:443", ""}, {"192.0.2.7:80", "garbage, 5.6.7.8"},
		{"10.0.0.1:1", ",,, ,"}, {"", "::ffff:1.2.3.4"}, {"10.0.0.1:1", "[::1]:80, 1.2.3.4%eth0"}, {"[fe80::1%eth0]:80", ""}, {"10.0.0.1:1", "fe80::2%1"},
	} {
		f.Add(s[0], s[1])
	}
	proxies, _ := ParseProxies("10.0.0.0/8,192.0.2.7,::1")
	l := newLimiter(RateLimits{TrustedProxies: proxies})
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		p := l.clientOf(r)
		if !p.IsValid() || (p.Bits() != 32 && p.Bits() != 64) {
			t.Fatalf("%q via %q: client %v", remote, xff, p)
		}
	})
}

// TestLimiterChargesWork: an expensive request is charged a token for each Work of its work
// past the first, down to a minute of the bucket's rate, so a client's share of the cores is
// bounded; a request within Work costs its one token only.
func TestLimiterChargesWork(t *testing.T) {
	rl := RateLimits{Create: Bucket{1, 1}, Steps: Bucket{1, 1}, Expensive: Bucket{10, 20}, Other: Bucket{100, 100}, Work: 20 * time.Millisecond, Clients: 10}
	routes := routeTable()
	for _, c := range []struct {
		worked time.Duration
		left   float64 // tokens after the request
	}{
		{0, 19}, {15 * time.Millisecond, 19}, {20 * time.Millisecond, 19}, {21 * time.Millisecond, 18},
		{45 * time.Millisecond, 17}, {time.Second, -30}, {time.Hour, -600},
	} {
		l := newLimiter(rl)
		now := time.Unix(1000, 0)
		l.now = func() time.Time { return now }
		r := httptest.NewRequest("GET", "/api/games/x/units/T1/reach", nil)
		r.RemoteAddr = "192.0.2.1:4000"
		release, ok := l.admit(httptest.NewRecorder(), r, routes.classOf(r))
		if !ok {
			t.Fatal("the first expensive request was refused")
		}
		release(c.worked)
		cl := l.visitor(l.clientOf(r))
		if got := cl.tokens[classExpensive]; got != c.left {
			t.Errorf("after %v of work: %v tokens, want %v", c.worked, got, c.left)
		}
		w := httptest.NewRecorder()
		_, ok = l.admit(w, r, routes.classOf(r))
		if want := c.left >= 1; ok != want {
			t.Errorf("after %v of work the next request admitted %v, want %v", c.worked, ok, want)
		}
		if !ok {
			wait, _ := strconv.Atoi(w.Header().Get("Retry-After"))
			if want := int(math.Ceil((1 - c.left) / 10)); wait != want {
				t.Errorf("after %v of work: Retry-After %d, want %d", c.worked, wait, want)
			}
		}
	}
}

// TestHeavyWorkCharged: the server tells the rate limits how long a request's heavy work took.
func TestHeavyWorkCharged(t *testing.T) {
	rl := DefaultRateLimits()
	rl.Work = time.Nanosecond // any work is more than a token's
	s := sqliteServer(t, Config{Rate: &rl})
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	if code := c.do("GET", "/api/games/"+cr.ID+"/units/PzIV/reach", cr.Tokens[Referee], nil, nil); code != http.StatusOK {
		t.Fatalf("the first reach: %d", code)
	}
	if code := c.do("GET", "/api/games/"+cr.ID+"/units/T26A/reach", cr.Tokens[Referee], nil, nil); code != http.StatusTooManyRequests {
		t.Errorf("a reach after one whose work was charged at a token a nanosecond: %d, want 429", code)
	}
}
