package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/rules"
)

// heldHeap is the heap the process still holds once the garbage is collected and returned:
// what requests left behind.
func heldHeap() int64 {
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// rss is this process's resident size (0 where /proc is not).
func rss() int64 { return (&umpireProc{}).memory().now }

// TestReachMemoryBound: on a 16-board game (testdata/sixteen-boards.yaml, 41 KB,
// one 99-MP tank: each answer of the planner is about 60 MB), reach requests with distinct
// max_risk values leave at most 64 MB more held than before them. Without a bound each
// distinct value kept its whole answer until the next step. BenchmarkReachMemory asks 300.
func TestReachMemoryBound(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: three planner runs on sixteen boards take several seconds")
	}
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	cr := c.create(readTestdata(t, "sixteen-boards.yaml"))
	before, rssBefore := heldHeap(), rss()
	for i := range 3 {
		path := fmt.Sprintf("/api/games/%s/units/T1/reach?max_risk=%g", cr.ID, 0.01+float64(i)*0.013)
		if code := c.do("GET", path, cr.Tokens[Referee], nil, nil); code != http.StatusOK {
			t.Fatalf("%s: %d", path, code)
		}
	}
	after, rssAfter := heldHeap(), rss()
	t.Logf("held heap %d MB -> %d MB; RSS %d MB -> %d MB", before>>20, after>>20, rssBefore>>20, rssAfter>>20)
	if after-before > 64<<20 {
		t.Errorf("three reach requests left %d MB more held (at most 64 MB)", (after-before)>>20)
	}
	if rssBefore > 0 && rssAfter-rssBefore > 64<<20 {
		t.Errorf("three reach requests left RSS %d MB higher (at most 64 MB)", (rssAfter-rssBefore)>>20)
	}
	if got := s.cacheTotal(); got > 32<<20 {
		t.Errorf("the game keeps %d MB of answers, over its 32 MB", got>>20)
	}
}

// readTestdata is a file of testdata/.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestMaxRiskNormalised: max_risk is taken to the nearest 0.001, so values a client varies
// below that grain are one question; 0, 1 and nothing are no ceiling.
func TestMaxRiskNormalised(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{
		{0, 0}, {1, 0}, {0.999_9, 0}, {0.5, 0.5}, {0.1234, 0.123}, {0.1236, 0.124}, {0.000_1, 0.001},
		{0.000_000_1, 0.001}, {0.0015, 0.002}, {0.998, 0.998},
	} {
		if got := normalRisk(c.in); got != c.want {
			t.Errorf("normalRisk(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	var first ReachAnswer
	c.do("GET", "/api/games/"+cr.ID+"/units/PzIV/reach?max_risk=0.1234", cr.Tokens[Referee], nil, &first)
	kept := s.cacheTotal()
	for _, v := range []string{"0.12341", "0.1229", "0.123", "0.12349999"} {
		var again ReachAnswer
		if code := c.do("GET", "/api/games/"+cr.ID+"/units/PzIV/reach?max_risk="+v, cr.Tokens[Referee], nil, &again); code != http.StatusOK {
			t.Fatalf("max_risk=%s: %d", v, code)
		}
		if len(again.Hexes) != len(first.Hexes) {
			t.Errorf("max_risk=%s reaches %d hexes, 0.1234 %d: one question", v, len(again.Hexes), len(first.Hexes))
		}
		if got := s.cacheTotal(); got != kept {
			t.Errorf("max_risk=%s kept another answer (%d bytes, was %d)", v, got, kept)
		}
	}
}

// ReachAnswer is the part of a reach answer the tests read.
type ReachAnswer struct {
	Hexes []struct {
		Hex string `json:"hex"`
	} `json:"hexes"`
}

// TestCacheTotal: the answers all games keep stay within the server's total; the games used
// least recently forget first.
func TestCacheTotal(t *testing.T) {
	s := sqliteServer(t, Config{CacheTotal: 3 << 20})
	c := serveTest(t, s)
	var games []Created
	for range 5 {
		games = append(games, c.create(demoScenario))
	}
	for round := range 2 {
		for i, cr := range games {
			path := fmt.Sprintf("/api/games/%s/units/PzIV/reach?max_risk=0.0%d", cr.ID, round+1)
			if code := c.do("GET", path, cr.Tokens[Referee], nil, nil); code != http.StatusOK {
				t.Fatalf("%s: %d", path, code)
			}
			if got := s.cacheTotal(); got > 3<<20 {
				t.Fatalf("after game %d the games keep %d bytes, over 3 MB", i, got)
			}
			if b := cacheOf(t, s, cr.ID); b == 0 {
				t.Errorf("game %d, just asked, keeps nothing", i)
			}
		}
	}
	if b := cacheOf(t, s, games[0].ID); b != 0 {
		t.Errorf("the game used longest ago keeps %d bytes while the total is full", b)
	}
}

// cacheOf is what game id keeps.
func cacheOf(t *testing.T, s *Server, id string) int64 {
	s.mu.Lock()
	l := s.games[id]
	s.mu.Unlock()
	if l == nil {
		t.Fatalf("game %s is not in memory", id)
	}
	if c, ok := l.g.Rules().(rules.Cacher); ok {
		return c.CacheBytes()
	}
	return 0
}

// TestMemoryPressure: with a memory limit, each level of memory in use does what the budget
// says: shed kept answers (70%), send idle games out of memory (80%; not one a stream
// watches), refuse new expensive work 503 with Retry-After (90%), and take it again when
// memory falls back. The memory is the test's, read through Server.mem.read.
func TestMemoryPressure(t *testing.T) {
	s := sqliteServer(t, Config{})
	var used atomic.Uint64
	s.cfg.MemoryLimit, s.mem.read = 1000, used.Load
	c := serveTest(t, s)
	idle, watched := c.create(demoScenario), c.create(demoScenario)
	reach := func(cr Created) (int, http.Header) {
		req, _ := http.NewRequest("GET", c.base+"/api/games/"+cr.ID+"/units/PzIV/reach", nil)
		req.Header.Set("Authorization", "Bearer "+cr.Tokens[Referee])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode, resp.Header
	}
	for _, cr := range []Created{idle, watched} {
		if code, _ := reach(cr); code != http.StatusOK {
			t.Fatalf("reach: %d", code)
		}
	}
	ctx := t.Context()
	c.events(ctx, watched, Referee)
	inMemory := func(id string) bool { s.mu.Lock(); defer s.mu.Unlock(); return s.games[id] != nil }

	used.Store(650) // below every level: nothing happens
	s.relieve()
	if cacheOf(t, s, idle.ID) == 0 || cacheOf(t, s, watched.ID) == 0 {
		t.Fatal("at 65% kept answers were shed")
	}
	used.Store(750)
	s.relieve()
	if cacheOf(t, s, idle.ID) != 0 || cacheOf(t, s, watched.ID) != 0 || !inMemory(idle.ID) {
		t.Fatal("at 75% the kept answers stay, or a game left memory")
	}
	used.Store(850)
	s.relieve()
	if inMemory(idle.ID) || !inMemory(watched.ID) {
		t.Fatalf("at 85%%: idle game in memory %v (want not), watched game %v (want so)", inMemory(idle.ID), inMemory(watched.ID))
	}
	if code, _ := reach(watched); code != http.StatusOK {
		t.Fatalf("at 85%% expensive work is still taken: %d", code)
	}
	used.Store(950)
	s.relieve()
	code, h := reach(watched)
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" {
		t.Fatalf("at 95%%: reach %d, Retry-After %q; want 503 with Retry-After", code, h.Get("Retry-After"))
	}
	var created Created
	if code := c.do("POST", "/api/games", "", demoScenario, &created); code != http.StatusServiceUnavailable {
		t.Errorf("at 95%% creating a game: %d, want 503", code)
	}
	if code := c.do("GET", "/api/games/"+idle.ID, idle.Tokens[Referee], nil, nil); code != http.StatusOK {
		t.Errorf("at 95%% a state (cheap) is %d, want 200: an evicted game loads back", code)
	}
	used.Store(300) // memory falls back: the next request sees it without waiting for the watcher
	if code, _ := reach(watched); code != http.StatusOK {
		t.Errorf("memory back to 30%%: reach %d, want 200", code)
	}
}

// TestEndpointsBounded: every endpoint, its client-chosen parameters varied a few hundred
// times (units, hexes, facings, max_risk, lines, points, steps), on the three demo games, leaves
// each game's kept answers within its limit and the process's held heap within a few MB; no
// answer is a 5xx other than a 503 with Retry-After.
func TestEndpointsBounded(t *testing.T) {
	const limit = 1 << 20
	s := sqliteServer(t, Config{CacheLimit: limit})
	c := serveTest(t, s)
	asl, lhy, lw := c.create(demoScenario), c.create(demoLHYScenario), c.create(demoLWScenario)
	r := rand.New(rand.NewPCG(31, 31))
	hexOf := func() string {
		return fmt.Sprintf("2%c%d", 'A'+rune(r.IntN(26)), r.IntN(11))
	}
	risk := func() string { return strconv.FormatFloat(r.Float64(), 'g', -1, 64) }
	pt := func() string { return fmt.Sprintf("%g,%g", r.Float64()*60, r.Float64()*40) }
	units := []string{"PzIV", "T26A", "T26B", "Tr1", "Tr2", "nosuch"}
	for _, e := range []struct {
		name string
		cr   Created
		url  func() string
	}{
		{"asl reach", asl, func() string {
			return "/units/" + units[r.IntN(len(units))] + "/reach?max_risk=" + risk()
		}},
		{"asl path", asl, func() string {
			q := url.Values{"to": {hexOf()}, "max_risk": {risk()}}
			if r.IntN(2) == 0 {
				q.Set("vca", hexOf()+"-"+hexOf())
			}
			return "/units/" + units[r.IntN(len(units))] + "/path?" + q.Encode()
		}},
		{"asl steps", asl, func() string { return "/units/" + units[r.IntN(len(units))] + "/steps" }},
		{"asl odds", asl, func() string {
			return "/odds?" + url.Values{"line": {"PzIV enter " + hexOf()}}.Encode()
		}},
		{"asl replay", asl, func() string { return "/replay?n=" + strconv.Itoa(r.IntN(5)-1) }},
		{"lhy odds", lhy, func() string {
			return "/odds?" + url.Values{"line": {fmt.Sprintf("fire US%d at GE%d", r.IntN(4), r.IntN(3))}}.Encode()
		}},
		{"lhy steps", lhy, func() string { return "/units/US" + strconv.Itoa(r.IntN(4)) + "/steps" }},
		{"lw measure", lw, func() string { return "/measure?from=" + pt() + "&to=" + pt() }},
		{"lw replay", lw, func() string { return "/replay?n=" + strconv.Itoa(r.IntN(3)) }},
	} {
		t.Run(e.name, func(t *testing.T) {
			before := heldHeap()
			for range 200 {
				path := "/api/games/" + e.cr.ID + e.url()
				req, _ := http.NewRequest("GET", c.base+path, nil)
				req.Header.Set("Authorization", "Bearer "+e.cr.Tokens[Referee])
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode >= 500 && (resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "") {
					t.Fatalf("%s: %d", path, resp.StatusCode)
				}
				if b := cacheOf(t, s, e.cr.ID); b > limit {
					t.Fatalf("after %s the game keeps %d bytes, over its %d", path, b, limit)
				}
			}
			if grew := heldHeap() - before; grew > 8<<20 {
				t.Errorf("200 requests left %d MB more held", grew>>20)
			}
		})
	}
}

// BenchmarkReachMemory: issue 31's memory bound at full size. Each op is a reach request with
// a max_risk no other op asked, on the 16-board game; it reports the RSS and the held heap
// (after a collection that returns what it can) before and after, in MB. The bound: at most 64
// MB above before, after 300 of them:
//
//	go test -run XXX -bench ReachMemory -benchtime 300x ./server/
func BenchmarkReachMemory(b *testing.B) {
	defer TuneGC()()
	s := sqliteServer(b, Config{WorkShare: 1}) // the memory of every answer, not the share's pace
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	c := &client{t: b, base: hs.URL}
	cr := c.create(readTestdata(b, "sixteen-boards.yaml"))
	before, rssBefore := heldHeap(), rss()
	i := 0
	for b.Loop() {
		i++
		path := fmt.Sprintf("/api/games/%s/units/T1/reach?max_risk=%g", cr.ID, float64(i)/1000)
		if code := c.do("GET", path, cr.Tokens[Referee], nil, nil); code != http.StatusOK {
			b.Fatalf("%s: %d", path, code)
		}
	}
	time.Sleep(giveBackEvery + time.Second) // what the server gives back by itself, it has given
	rssLeft := rss()                        // as the requests left it, before any collection the test forces
	after, rssAfter := heldHeap(), rss()
	b.ReportMetric(float64(rssBefore)/1e6, "rss-before-MB")
	b.ReportMetric(float64(rssLeft)/1e6, "rss-left-MB")
	b.ReportMetric(float64(rssAfter)/1e6, "rss-after-gc-MB")
	b.ReportMetric(float64(after-before)/1e6, "held-MB")
	if i >= 300 && rssLeft-rssBefore > 64<<20 {
		b.Errorf("after %d requests RSS is %d MB above where it was (at most 64 MB)", i, (rssLeft-rssBefore)>>20)
	}
}

// BenchmarkMemoryLimit: --memory-limit as a ceiling. A server limited to 300 MB serves four
// clients asking reach with max_risk values never asked before, on two 16-board games (about
// 100 MB of working memory for each answer), as fast as it answers. A sampler reads the RSS
// every 20 ms; it reports the peak and how many requests were answered 200 and 503 (with
// Retry-After). The bound: the peak at most 25% above the limit.
//
//	go test -run XXX -bench MemoryLimit -benchtime 40x ./server/
func BenchmarkMemoryLimit(b *testing.B) {
	defer TuneGC()()
	const limit = 300 << 20
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit))
	s := sqliteServer(b, Config{MemoryLimit: limit, WorkShare: 1}) // the memory, not the share's pace
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	c := &client{t: b, base: hs.URL}
	games := []Created{c.create(readTestdata(b, "sixteen-boards.yaml")), c.create(readTestdata(b, "sixteen-boards.yaml"))}
	var peak atomic.Int64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			if r := rss(); r > peak.Load() {
				peak.Store(r)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	var next, ok, busy atomic.Int64
	work := make(chan struct{})
	done := make(chan struct{})
	for range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for range work {
				i := next.Add(1)
				cr := games[i%2]
				req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/games/%s/units/T1/reach?max_risk=%g", hs.URL, cr.ID, float64(i)/1000), nil)
				req.Header.Set("Authorization", "Bearer "+cr.Tokens[Referee])
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				resp.Body.Close()
				switch {
				case resp.StatusCode == http.StatusOK:
					ok.Add(1)
				case resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != "":
					busy.Add(1)
					time.Sleep(200 * time.Millisecond) // as a client told to wait would, a little
				default:
					b.Errorf("reach: %d", resp.StatusCode)
				}
			}
		}()
	}
	for b.Loop() {
		work <- struct{}{}
	}
	close(work)
	for range 4 {
		<-done
	}
	close(stop)
	<-sampled
	b.ReportMetric(float64(peak.Load())/1e6, "peak-rss-MB")
	b.ReportMetric(float64(limit)/1e6, "limit-MB")
	b.ReportMetric(float64(ok.Load()), "ok")
	b.ReportMetric(float64(busy.Load()), "503s")
	if p := peak.Load(); p > limit*5/4 {
		b.Errorf("RSS peaked at %d MB, more than 25%% over the %d MB limit", p>>20, limit>>20)
	}
}

// TestHeavyWaitsPastWriteTimeout: an expensive request that waited for a slot longer than the
// write timeout is still answered: the timeout runs from when its answer starts, not from
// when it came (it was cut off with EOF, its work done for nothing).
func TestHeavyWaitsPastWriteTimeout(t *testing.T) {
	s := sqliteServer(t, Config{WriteTimeout: 300 * time.Millisecond})
	hs := httptest.NewUnstartedServer(s.Handler())
	hs.Config.WriteTimeout = 0 // as HTTPServer leaves it: the guard sets each answer's deadline
	hs.Start()
	defer hs.Close()
	c := &client{t: t, base: hs.URL}
	cr := c.create(demoScenario)
	for range cap(s.mem.slots) { // every slot busy
		s.mem.slots <- struct{}{}
	}
	go func() {
		time.Sleep(600 * time.Millisecond)
		for range cap(s.mem.slots) {
			<-s.mem.slots
		}
	}()
	// A new connection, not retried: Go's client sends a GET again when a kept-alive
	// connection it reused ends before the answer.
	one := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	req, _ := http.NewRequest("GET", hs.URL+"/api/games/"+cr.ID+"/units/PzIV/reach", nil)
	req.Header.Set("Authorization", "Bearer "+cr.Tokens[Referee])
	resp, err := one.Do(req)
	if err != nil {
		t.Fatalf("reach after a 600 ms wait for a slot (write timeout 300 ms): %v", err)
	}
	defer resp.Body.Close()
	var out ReachAnswer
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != http.StatusOK || len(out.Hexes) == 0 {
		t.Fatalf("reach after a 600 ms wait for a slot (write timeout 300 ms): %d, %d hexes, %v", resp.StatusCode, len(out.Hexes), err)
	}
}
