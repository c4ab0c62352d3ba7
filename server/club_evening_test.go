package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The club's evening (BenchmarkClubEvening): its games, their steppers and streams, its
// schedule of windows, and what it measured.

// evening is what one evening measured.
type evening struct {
	quiet, flood []window // per run
	steps        int      // acknowledged in the measured windows
	measured     time.Duration
	// perGame and perStream are the servers' RSS grown, in bytes, by creating the games and by
	// opening their streams, divided by their number.
	perGame, perStream float64
	evicted            []time.Duration // the first request to each evicted game
	warm               []time.Duration // the next one
	silence            time.Duration   // the longest wait for a step's event after its acknowledgement
	missed             int             // step events a stream never saw
	drops              int             // streams that ended and were opened again
	rss                []procMemory    // each server's
	floods             *tally
}

// window is the steps due in one measured window: how many, their median and 99th
// percentile latency.
type window struct {
	n        int
	p50, p99 time.Duration
}

// clubGame is one live game: its players' and spectator's addresses, and its German player's
// steps.
type clubGame struct {
	cr      Created
	from    [3]string       // the German's, the Russian's and the spectator's
	acked   []time.Duration // acked[n-1]: when step n was acknowledged (since the evening began)
	lat     []sample        // each step's latency, by when it was due
	streams [3]*clubStream  // the German's page, the Russian's, the spectator's
}

type sample struct{ due, took time.Duration }

// segment is a part of the evening's schedule: a measured window (kind quiet or flood, of
// run) or time not counted.
type segment struct {
	from, to time.Duration
	kind     int
	run      int
}

const (
	uncounted = iota
	quietWindow
	floodWindow
)

// schedule lays out the evening after the steppers' start: the warm-up, then per run a quiet
// window and (with floods) a flood window between two settling times.
func schedule(k clubKnobs) (segs []segment, end time.Duration) {
	t := k.warmup
	segs = append(segs, segment{0, t, uncounted, 0})
	for r := 0; r < k.runs; r++ {
		segs = append(segs, segment{t, t + k.window, quietWindow, r})
		t += k.window
		if k.floods {
			segs = append(segs, segment{t, t + k.settle, uncounted, r},
				segment{t + k.settle, t + k.settle + k.window, floodWindow, r},
				segment{t + k.settle + k.window, t + 2*k.settle + k.window, uncounted, r})
			t += 2*k.settle + k.window
		}
	}
	return segs, t
}

// segmentAt is the segment holding offset at (the last, past the end).
func segmentAt(segs []segment, at time.Duration) segment {
	for _, s := range segs {
		if at < s.to {
			return s
		}
	}
	return segs[len(segs)-1]
}

// runClubEvening plays the evening k describes against procs, reached at via (a proxy) or
// at the first process's address.
func runClubEvening(tb testing.TB, k clubKnobs, procs []*umpireProc, via string) *evening {
	addr := via
	if addr == "" {
		addr = procs[0].host
	}
	start := time.Now()
	since := func() time.Duration { return time.Since(start) }
	rssNow := func() (sum int64) {
		for _, p := range procs {
			sum += p.memory().now
		}
		return sum
	}
	ev := &evening{floods: &tally{codes: map[string]map[int]int{}}}
	m0 := rssNow()
	games := createClubGames(tb, addr, k.games, 1)
	m1 := rssNow()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	readers := openClubStreams(tb, ctx, addr, games, since)
	m2 := rssNow()
	ev.perGame = float64(m1-m0) / float64(len(games))
	ev.perStream = float64(m2-m1) / float64(3*len(games))
	dormant := createClubGames(tb, addr, k.dormant, 9)
	playDormant(tb, addr, dormant)
	target := &clubGame{from: [3]string{"10.20.0.1"}} // the floods' aim
	if err := target.create(&http.Client{Timeout: time.Minute}, addr, k.target); err != nil {
		tb.Fatalf("the floods' game: %v", err)
	}
	dormantDone := since()

	segs, end := schedule(k)
	epoch := since() + 500*time.Millisecond // the steppers dial meanwhile
	var failures atomic.Int64
	fail := func(format string, args ...any) {
		if failures.Add(1) == 1 { // the first says what; the count follows
			tb.Errorf(format, args...)
		}
	}
	var wg sync.WaitGroup
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.play(addr, epoch+k.stepEvery()*time.Duration(i)/time.Duration(len(games)), epoch+end, k.stepEvery(), since, fail)
		}()
	}
	wg.Add(2)
	go func() { // the floods, each started before its window and stopped after it
		defer wg.Done()
		for _, s := range segs {
			if s.kind != floodWindow {
				continue
			}
			sleepUntil(start, epoch+s.from-k.settle)
			fctx, fcancel := context.WithCancel(ctx)
			got := make(chan *tally)
			go func() { got <- attack(fctx, "http://"+addr, target.cr, k.floodEvery, k.grid) }()
			sleepUntil(start, epoch+s.to+k.settle)
			fcancel()
			ev.floods.merge(<-got)
		}
	}()
	go func() { // the evicted games, in the middle of the last quiet window
		defer wg.Done()
		var last segment
		for _, s := range segs {
			if s.kind == quietWindow {
				last = s
			}
		}
		sleepUntil(start, max(epoch+(last.from+last.to)/2, dormantDone+5*k.idleEvict/2))
		ev.evicted, ev.warm = comeBack(tb, addr, dormant)
	}()
	wg.Wait()
	time.Sleep(k.tail) // the last steps' events on their way
	cancel()
	readers.Wait()
	ev.measure(games, segs, epoch, since())
	for _, p := range procs {
		ev.rss = append(ev.rss, p.memory())
	}
	if n := failures.Load(); n > 0 {
		tb.Errorf("%d games stopped on a step not acknowledged", n)
	}
	return ev
}

// stepEvery is how often each game steps, for the rate offered in all.
func (k clubKnobs) stepEvery() time.Duration {
	return time.Duration(float64(k.games) / k.rate * float64(time.Second))
}

// sleepUntil sleeps until offset at after start.
func sleepUntil(start time.Time, at time.Duration) { time.Sleep(time.Until(start.Add(at))) }

// play steps the game through loadCycle, open loop: the first step due at first, then one
// every `every`, until end (offsets from the evening's start, read by since). A step not
// acknowledged stops the game (its next number would be wrong) and is reported to fail.
func (g *clubGame) play(addr string, first, end, every time.Duration, since func() time.Duration, fail func(string, ...any)) {
	lc, err := dialLoadFrom(addr, "/api/games/"+g.cr.ID+"/steps", g.cr.Tokens["German"], g.from[0])
	if err != nil {
		fail("game %s: %v", g.cr.ID, err)
		return
	}
	defer lc.Close()
	for n, due := 1, first; due < end; n, due = n+1, due+every {
		time.Sleep(due - since())
		code, err := lc.step(n, loadCycle[(n-1)%len(loadCycle)])
		ack := since()
		if err != nil || code != http.StatusCreated {
			fail("game %s step %d: %d %v", g.cr.ID, n, code, err)
			return
		}
		g.acked = append(g.acked, ack)
		g.lat = append(g.lat, sample{due: due, took: ack - due})
	}
}

// measure works out the windows' latencies and the streams' silences once all is done.
func (ev *evening) measure(games []*clubGame, segs []segment, epoch, end time.Duration) {
	byWindow := map[[2]int][]time.Duration{}
	for _, g := range games {
		for _, s := range g.lat {
			if w := segmentAt(segs, s.due-epoch); w.kind != uncounted {
				byWindow[[2]int{w.kind, w.run}] = append(byWindow[[2]int{w.kind, w.run}], s.took)
			}
		}
		for _, st := range g.streams {
			ev.drops += st.drops
			for i, ack := range g.acked {
				seen := end
				if i < len(st.seen) && st.seen[i] >= 0 {
					seen = st.seen[i]
				} else {
					ev.missed++
				}
				ev.silence = max(ev.silence, seen-ack)
			}
		}
	}
	for _, s := range segs {
		if s.kind == uncounted {
			continue
		}
		lat := byWindow[[2]int{s.kind, s.run}]
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		w := window{n: len(lat)}
		if len(lat) > 0 {
			w.p50, w.p99 = lat[(len(lat)-1)/2], lat[(len(lat)-1)*99/100]
		}
		ev.steps += len(lat)
		ev.measured += s.to - s.from
		if s.kind == quietWindow {
			ev.quiet = append(ev.quiet, w)
		} else {
			ev.flood = append(ev.flood, w)
		}
	}
}

// createClubGames creates n games of the demo through the API at addr, each from its own
// address (10.net.x.y, so the create limit applies to each alone), their players' and
// spectator's addresses 10.(net+r).x.y beside it.
func createClubGames(tb testing.TB, addr string, n, net int) []*clubGame {
	tb.Helper()
	cl := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	defer cl.CloseIdleConnections()
	games := make([]*clubGame, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				g := &clubGame{}
				for r := range g.from {
					g.from[r] = fmt.Sprintf("10.%d.%d.%d", net+r, i/256%256, i%256)
				}
				if err := g.create(cl, addr, demoScenario); err != nil {
					errs <- fmt.Errorf("game %d: %v", i, err)
					return
				}
				games[i] = g
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		tb.Fatalf("creating the evening's games: %v", err)
	}
	return games
}

// create posts the scenario as the game's German player.
func (g *clubGame) create(cl *http.Client, addr string, scenario []byte) error {
	req, _ := http.NewRequest("POST", "http://"+addr+"/api/games", bytes.NewReader(scenario))
	req.Header.Set("X-Forwarded-For", g.from[0])
	resp, err := cl.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("%d %s", resp.StatusCode, body)
	}
	return json.Unmarshal(body, &g.cr)
}

// playDormant plays 25 steps of loadCycle in each game, which is then left alone: it leaves
// memory after --idle-evict, and its first request after that loads it back and replays them.
func playDormant(tb testing.TB, addr string, games []*clubGame) {
	tb.Helper()
	var wg sync.WaitGroup
	for _, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lc, err := dialLoadFrom(addr, "/api/games/"+g.cr.ID+"/steps", g.cr.Tokens["German"], g.from[0])
			if err != nil {
				tb.Error(err)
				return
			}
			defer lc.Close()
			for n := 1; n <= 25; n++ {
				if code, err := lc.step(n, loadCycle[(n-1)%len(loadCycle)]); err != nil || code != http.StatusCreated {
					tb.Errorf("dormant game %s step %d: %d %v", g.cr.ID, n, code, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// comeBack times a request for each evicted game's state (it loads from the store), then the
// next (from memory).
func comeBack(tb testing.TB, addr string, games []*clubGame) (evicted, warm []time.Duration) {
	cl := &http.Client{Timeout: 30 * time.Second}
	defer cl.CloseIdleConnections()
	get := func(g *clubGame) (time.Duration, error) {
		req, _ := http.NewRequest("GET", "http://"+addr+"/api/games/"+g.cr.ID, nil)
		req.Header.Set("X-Forwarded-For", g.from[0])
		req.Header.Set("Authorization", "Bearer "+g.cr.Tokens[Referee])
		t0 := time.Now()
		resp, err := cl.Do(req)
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return 0, fmt.Errorf("GET its state: %d", resp.StatusCode)
		}
		return time.Since(t0), nil
	}
	for _, g := range games {
		d, err := get(g)
		if err != nil {
			tb.Errorf("evicted game %s: %v", g.cr.ID, err)
			continue
		}
		evicted = append(evicted, d)
		if d, err = get(g); err == nil {
			warm = append(warm, d)
		}
	}
	return evicted, warm
}

// clubStream is one page's event stream: when it saw each step's event.
type clubStream struct {
	seen  []time.Duration // seen[n-1]: when step n's event came (since the evening began); -1: not yet
	drops int
}

// openClubStreams opens each game's three streams (the German's, the Russian's and the
// spectator's pages) and waits for each one's hello; they read until ctx ends. The returned
// group is done when every reader has stopped.
func openClubStreams(tb testing.TB, ctx context.Context, addr string, games []*clubGame, since func() time.Duration) *sync.WaitGroup {
	tb.Helper()
	readers, hellos := &sync.WaitGroup{}, &sync.WaitGroup{}
	opening := make(chan struct{}, 64) // not thousands of connections at once: the listen backlog
	for _, g := range games {
		for r, role := range []string{"German", "Russian", Spectator} {
			st := &clubStream{}
			g.streams[r] = st
			path := "/api/games/" + g.cr.ID + "/events?k=" + g.cr.Tokens[role]
			readers.Add(1)
			hellos.Add(1)
			go func() {
				defer readers.Done()
				opening <- struct{}{}
				st.read(ctx, addr, path, g.from[r], since, func() { <-opening; hellos.Done() })
			}()
		}
	}
	opened := make(chan struct{})
	go func() { hellos.Wait(); close(opened) }()
	select {
	case <-opened:
	case <-time.After(2 * time.Minute):
		tb.Fatalf("the %d event streams did not all open within two minutes", 3*len(games))
	}
	return readers
}

// read reads the stream at path until ctx ends, opening it again (as the page does) when it
// ends; hello is called on its first hello. A stream that ends once open counts as dropped.
func (st *clubStream) read(ctx context.Context, addr, path, from string, since func() time.Duration, hello func()) {
	opened := false
	first := sync.OnceFunc(func() { opened = true; hello() })
	defer first() // a stream that never opened does not hold the evening up
	for ctx.Err() == nil {
		err := st.readOnce(ctx, addr, path, from, since, first)
		if ctx.Err() != nil {
			return
		}
		if opened {
			st.drops++
		}
		if errors.Is(err, errRefused) {
			time.Sleep(time.Second) // as the page waits before trying again
		}
	}
}

var errRefused = errors.New("the stream was refused")

// readOnce opens the stream once and reads its events until it ends.
func (st *clubStream) readOnce(ctx context.Context, addr, path, from string, since func() time.Duration, hello func()) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return fmt.Errorf("%w: %v", errRefused, err)
	}
	defer conn.Close()
	defer context.AfterFunc(ctx, func() { conn.Close() })()
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nX-Forwarded-For: %s\r\nAccept: text/event-stream\r\n\r\n", path, addr, from)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: %d", errRefused, resp.StatusCode)
	}
	rd := bufio.NewReader(resp.Body)
	isStep, midLine := false, false
	for {
		line, err := rd.ReadSlice('\n')
		if err != nil && err != bufio.ErrBufferFull {
			return err
		}
		if !midLine {
			switch {
			case bytes.HasPrefix(line, []byte("event: ")):
				isStep = bytes.HasPrefix(line, []byte("event: step"))
			case bytes.HasPrefix(line, []byte(`data: {"n":`)):
				digits, _, _ := bytes.Cut(line[len(`data: {"n":`):], []byte(","))
				n, _ := strconv.Atoi(strings.TrimRight(string(digits), "}\n"))
				st.saw(n, !isStep, since())
				if !isStep {
					hello()
				}
			}
		}
		midLine = err == bufio.ErrBufferFull
	}
}

// saw records step n's event at `at`, or, for a hello (upTo), every step to n: the page reads
// those from the log as it opens.
func (st *clubStream) saw(n int, upTo bool, at time.Duration) {
	for len(st.seen) < n {
		st.seen = append(st.seen, -1)
	}
	lo := n - 1
	if upTo {
		lo = 0
	}
	for i := max(lo, 0); i < n; i++ {
		if st.seen[i] < 0 {
			st.seen[i] = at
		}
	}
}

// floodTarget is the scenario of the game the floods aim at in the benchmark: as issue 31
// found the reach flood worst, sixteen boards and one German tank of 99 MP (PzIV, at the
// demo's 2J4), whose every reach is a large answer.
func floodTarget() []byte {
	var b strings.Builder
	b.WriteString("name: flood target\nruleset: asl\nmap:\n  rows: [")
	for r := range 4 {
		if r > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "[\"%d\", \"%d\", \"%d\", \"%d\"]", 4*r+1, 4*r+2, 4*r+3, 4*r+4)
	}
	b.WriteString("]\nunits:\n  - {id: PzIV, side: German, vehicle: {name: PzKpfw IVH, mp: 99, class: tank, tracked: true}, at: 2J4, vca: 2K4-2K5}\n")
	return []byte(b.String())
}
