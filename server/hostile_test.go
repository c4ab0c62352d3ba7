package server

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	aslrs "github.com/umpire-referee/umpire/asl/ruleset"
	"github.com/umpire-referee/umpire/hex"
)

// The hostile-client suite (issue 22): clients that read slowly, write slowly, send huge or
// malformed bodies and flood creations and steps, all at once against one server, while a
// normal game is played beside them. Each attack must get its clear 4xx answer or be cut off,
// never a 5xx, and the normal game's steps must all go through. TestHostile is the short form
// (./scripts/test); BenchmarkHostile runs it long and reports the normal game's latency.

// hostileServer is a server as `umpire serve` runs it (HTTPServer's timeouts, the default rate
// limits), with short timeouts so a test sees them act. Loopback is a trusted proxy, so each
// client here names its own address in X-Forwarded-For and the limits apply per client.
func hostileServer(tb testing.TB) (*Server, string) {
	rl := DefaultRateLimits()
	rl.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	s := sqliteServer(tb, Config{Rate: &rl, ReadTimeout: time.Second, WriteTimeout: time.Second, SSEBuffer: 4})
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = s.HTTPServer()
	hs.Start()
	tb.Cleanup(hs.Close)
	return s, hs.URL
}

// tally counts each attack's answers by status (0: cut off or refused at the connection).
type tally struct {
	mu    sync.Mutex
	codes map[string]map[int]int
}

func (t *tally) add(attack string, code int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.codes[attack] == nil {
		t.codes[attack] = map[int]int{}
	}
	t.codes[attack][code]++
}

// attack runs every hostile client against base until ctx ends; each flood sends a request
// every `every` (the attackers share this machine's two cores with the server, so an unpaced
// flood would measure the attackers' own CPU, not the server). The grid flood asks for the
// layouts grid lists in turn (gridSizes, gridSizesAll).
func attack(ctx context.Context, base string, demo Created, every time.Duration, grid [][2]int) *tally {
	t := &tally{codes: map[string]map[int]int{}}
	cl := &http.Client{Timeout: 5 * time.Second}
	send := func(name, from, method, path, token string, body []byte) {
		req, _ := http.NewRequestWithContext(ctx, method, base+path, bytes.NewReader(body))
		req.Header.Set("X-Forwarded-For", from)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := cl.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				t.add(name, 0)
			}
			return
		}
		io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		code := resp.StatusCode
		if code == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") == "" {
			code = bare503
		}
		t.add(name, code)
	}
	host := strings.TrimPrefix(base, "http://")
	raw := func(name, from, start string, each string, every time.Duration) {
		conn, err := net.Dial("tcp", host)
		if err != nil {
			return
		}
		defer conn.Close()
		io.WriteString(conn, strings.ReplaceAll(start, "FROM", from))
		for ctx.Err() == nil {
			if _, err := io.WriteString(conn, each); err != nil {
				t.add(name, 0) // cut off
				return
			}
			select {
			case <-ctx.Done():
			case <-time.After(every):
			}
		}
	}
	var wg sync.WaitGroup
	loop := func(f func(i int)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(every)
			defer tick.Stop()
			for i := 0; ctx.Err() == nil; i++ {
				f(i)
				select {
				case <-ctx.Done():
				case <-tick.C:
				}
			}
		}()
	}
	huge := bytes.Repeat([]byte("# padding\n"), 200_000) // 2 MB
	loop(func(int) { send("create flood", "198.51.100.1", "POST", "/api/games", "", demoScenario) })
	loop(func(i int) {
		send("step flood", "198.51.100.2", "POST", "/api/games/"+demo.ID+"/steps", demo.Tokens[Referee], []byte(fmt.Sprintf(`{"n":%d,"line":"PzIV start"}`, 100000+i)))
	})
	loop(func(int) { send("huge body", "198.51.100.3", "POST", "/api/games", "", huge) })
	loop(func(int) {
		send("malformed JSON", "198.51.100.4", "POST", "/api/games/"+demo.ID+"/steps", demo.Tokens[Referee], []byte(`{"n": 1, "line": `))
	})
	loop(func(int) {
		send("read flood", "198.51.100.5", "GET", "/api/games/"+demo.ID+"/units/PzIV/reach", demo.Tokens[Referee], nil)
	})
	// The map editor's grid, with no token, of 1,000 boards (a 30 MB answer before
	// --max-boards held it) and of small arrangements that vary; and ASL's other routes.
	bigGrid := "/api/rulesets/asl/grid?rows=" + aslrs.Rows(1000, 1000)
	loop(func(int) { send("grid over the caps", "198.51.100.6", "GET", bigGrid, "", nil) })
	loop(func(i int) {
		rows := []string{"2", "2,3", "2/3", "2,3/4,5", "2,3,4", "1,2,3/4,5,6"}[i%6]
		send("grid flood", "198.51.100.7", "GET", "/api/rulesets/asl/grid?rows="+url.QueryEscape(rows), "", nil)
	})
	loop(func(i int) {
		path := []string{"/api/rulesets/asl/legend", "/api/rulesets/asl/vehicles?q=" + strconv.Itoa(i), "/api/rulesets/asl/vehicles?limit=200"}[i%3]
		send("ruleset routes flood", "198.51.100.8", "GET", path, "", nil)
	})
	// Floods of answers a client can vary without end (kept answers must not grow
	// with them), maps of many boards built from a query, and a storm the limits refuse.
	loop(func(i int) {
		send("varying reach", "198.51.100.9", "GET", "/api/games/"+demo.ID+"/units/PzIV/"+varyingReach(i), demo.Tokens[Referee], nil)
	})
	loop(func(i int) {
		g := grid[i%len(grid)] // boards in a row, rows
		send("many-board grid", "198.51.100.10", "GET", "/api/rulesets/asl/grid?rows="+aslrs.Rows(g[0]*g[1], g[0]), "", nil)
	})
	for range 2 { // from one address, an expensive read's path without a token: cheap to refuse
		loop(func(int) { send("429 storm", "198.51.100.11", "GET", "/api/games/"+demo.ID+"/odds", "", nil) })
	}
	for i := 0; i < 4; i++ {
		from := fmt.Sprintf("198.51.100.%d", 10+i)
		wg.Add(2)
		go func() { // a slow writer: headers a byte at a time
			defer wg.Done()
			raw("slow writer", from, "GET /api/rulesets HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: FROM\r\n", "x", 200*time.Millisecond)
		}()
		go func() { // a slow reader: an event stream it never reads
			defer wg.Done()
			raw("slow reader", from, "GET /api/games/"+demo.ID+"/events?k="+demo.Tokens[Spectator]+" HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: FROM\r\n\r\n", "", time.Second)
		}()
	}
	<-ctx.Done()
	wg.Wait()
	return t
}

// bare503 is how the tally counts a 503 without Retry-After: a server shedding load says when
// to come back, so no attack may get one.
const bare503 = -503

// board2 names the hexes of board 2, where the PzIV of the floods' games stands.
var board2 = hex.MustLayout([]string{"2"})

// varyingReach is the i'th of a flood of reach and path questions about the PzIV of the
// demo (or the benchmark's floodTarget), each with parameters not asked before: a max_risk,
// a hex of board 2 to go to, one of its VCAs to arrive with (at the board's edge, one that
// leaves the board, answered 400).
func varyingReach(i int) string {
	risk := fmt.Sprintf("%.6f", float64(i%999_983+1)/1_000_000)
	to := fmt.Sprintf("2%c%d", 'A'+i%26, 1+i%10)
	switch i % 3 {
	case 0:
		return "reach?max_risk=" + risk
	case 1:
		return "path?to=" + to + "&max_risk=" + risk
	}
	h, _ := board2.Parse(to)
	a, b := h.SpineHexes(hex.Spine(i / 3 % 6))
	return "path?to=" + to + "&vca=" + board2.Name(a) + "-" + board2.Name(b)
}

// gridSizes are the maps of TestHostile's grid flood, as boards in a row and rows: some within
// the server's default cap (--max-boards 16), some past it. gridSizesAll adds the most any
// layout may have (rules.Ceiling: 1,000 boards, a 30 MB answer where no cap is in force), for
// the benchmarks' longer floods.
var (
	gridSizes    = [][2]int{{2, 1}, {8, 2}, {10, 2}, {8, 8}}
	gridSizesAll = append(gridSizes[:len(gridSizes):len(gridSizes)], [2]int{10, 100})
)

// allowed are the answers each attack may get; anything else (a 5xx above all) fails. A nil
// list allows any 2xx or 4xx answer, and 503 with Retry-After (a server shedding load): the
// answer to a map past --max-boards or a question past the kept answers' budget is the
// routes' own (docs/api.md); what must hold is that no such request breaks the server.
//
// A request that is expensive work and not refused for its own fault may also be shed, 503
// with Retry-After, when all clients' expensive work has taken the server's share (the work
// share, workshare.go): the create, read and grid floods. The others are refused for their own
// fault before they wait for a turn, and never shed.
var attackAnswers = map[string][]int{
	"create flood":    {201, 429, 503},
	"step flood":      {409, 429},
	"huge body":       {413, 429},
	"malformed JSON":  {400, 429},
	"read flood":      {200, 429, 503},
	"varying reach":   nil,
	"many-board grid": nil,
	"429 storm":       {403, 429},
	// The grid of 1,000 boards is refused over --max-boards (or limited); the small ones are
	// answered (or limited), none over its caps; the legend and the vehicles answered.
	"grid over the caps":   {422, 429},
	"grid flood":           {200, 429, 503},
	"ruleset routes flood": {200, 429},
	"slow writer":          {0},
	"slow reader":          {0},
}

// answerAllowed says whether code is one of ok, or, for a nil ok, a 2xx, a 4xx or a 503 with
// Retry-After.
func answerAllowed(ok []int, code int) bool {
	if ok == nil {
		return code >= 200 && code < 500 || code == http.StatusServiceUnavailable
	}
	return containsInt(ok, code)
}

// playNormally plays n steps of loadCycle on game cr (the one the attacks aim at: its slow
// readers watch it) from its own address, a step every `every`, and returns each step's
// latency.
func playNormally(tb testing.TB, base string, cr Created, n int, every time.Duration) []time.Duration {
	tb.Helper()
	cl := &http.Client{Timeout: 10 * time.Second}
	var lat []time.Duration
	for i := 1; i <= n; i++ {
		body := fmt.Sprintf(`{"n":%d,"line":%q}`, i, loadCycle[(i-1)%len(loadCycle)])
		req, _ := http.NewRequest("POST", base+"/api/games/"+cr.ID+"/steps", strings.NewReader(body))
		req.Header.Set("X-Forwarded-For", "203.0.113.77")
		req.Header.Set("Authorization", "Bearer "+cr.Tokens["German"])
		t0 := time.Now()
		resp, err := cl.Do(req)
		if err != nil {
			tb.Fatalf("normal step %d: %v", i, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		lat = append(lat, time.Since(t0))
		if resp.StatusCode != http.StatusCreated {
			tb.Fatalf("normal step %d under attack: %d", i, resp.StatusCode)
		}
		time.Sleep(every)
	}
	return lat
}

// checkTally fails on any answer an attack may not get, and on an attack that got none.
func checkTally(tb testing.TB, t *tally) {
	tb.Helper()
	checkAnswers(tb, t, false)
	t.mu.Lock()
	defer t.mu.Unlock()
	for name := range attackAnswers {
		if len(t.codes[name]) == 0 && name != "slow reader" { // a stuck reader may outlast a short run
			tb.Errorf("%s: no answer at all", name)
		}
	}
	for _, name := range []string{"create flood", "429 storm"} {
		if c := t.codes[name]; c[429] == 0 {
			tb.Errorf("%s: never limited (%v)", name, c)
		}
	}
	if c := t.codes["grid over the caps"]; c[422] == 0 || c[429] == 0 {
		tb.Errorf("grid over the caps: never refused over --max-boards, or never limited as an expensive read (%v)", c)
	}
}

// checkAnswers fails on any answer an attack may not get (attackAnswers). With slowOK, a
// flood's request not answered within the flood client's timeout (0) is allowed too: a
// benchmark that overloads a busy machine may see one, as it sees slow steps (it reports
// them); a test does not allow it but where attackAnswers does.
func checkAnswers(tb testing.TB, t *tally, slowOK bool) {
	tb.Helper()
	t.mu.Lock()
	defer t.mu.Unlock()
	for name, codes := range t.codes {
		ok := attackAnswers[name]
		for code, n := range codes {
			if !answerAllowed(ok, code) && !(slowOK && code == 0) {
				tb.Errorf("%s: %d answers %d (allowed %s)", name, n, code, allowedText(ok))
			}
		}
	}
}

// merge adds u's answers to t's.
func (t *tally) merge(u *tally) {
	u.mu.Lock()
	defer u.mu.Unlock()
	t.mu.Lock()
	defer t.mu.Unlock()
	for name, codes := range u.codes {
		if t.codes[name] == nil {
			t.codes[name] = map[int]int{}
		}
		for code, n := range codes {
			t.codes[name][code] += n
		}
	}
}

// allowedText says which answers ok allows, for a failure's message.
func allowedText(ok []int) string {
	if ok == nil {
		return "2xx, 4xx, or 503 with Retry-After; -503 is a 503 without it"
	}
	return fmt.Sprint(ok)
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestHostile: the attacks above for three seconds against one server, a normal game played
// beside them all the while.
func TestHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the hostile suite runs for seconds")
	}
	_, base := hostileServer(t)
	demo := serveClient(t, base).create(demoScenario) // the normal game, and the attacks' aim
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	done := make(chan *tally)
	go func() { done <- attack(ctx, base, demo, time.Millisecond, gridSizes) }()
	lat := playNormally(t, base, demo, 25, 60*time.Millisecond)
	got := <-done
	checkTally(t, got)
	t.Logf("normal game: %d steps, slowest %v; attacks: %v", len(lat), slowest(lat), got.codes)
}

// BenchmarkHostile is TestHostile run long: b.N normal steps (15 a second) under attack, each
// flood at 200 requests a second (1,000 in all, fifty times what the limits let through). It
// reports the normal game's p50 and p99 step latency (target: p99 < 10 ms).
//
//	go test -run XXX -bench Hostile -benchtime 300x ./server/
func BenchmarkHostile(b *testing.B) {
	defer TuneGC()() // as umpire serve runs
	_, base := hostileServer(b)
	demo := serveClient(b, base).create(demoScenario)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan *tally)
	go func() { done <- attack(ctx, base, demo, 5*time.Millisecond, gridSizesAll) }()
	time.Sleep(1500 * time.Millisecond) // the attack under way, past the read timeout
	b.ResetTimer()
	lat := playNormally(b, base, demo, b.N, 66*time.Millisecond)
	b.StopTimer()
	cancel()
	got := <-done
	checkTally(b, got)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.5), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(0, "ns/op")
}

func slowest(lat []time.Duration) time.Duration {
	var m time.Duration
	for _, d := range lat {
		m = max(m, d)
	}
	return m
}

// serveClient is a test client of a server already listening at base.
func serveClient(tb testing.TB, base string) *client { return &client{t: tb, base: base} }
