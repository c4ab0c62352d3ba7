package server

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"log"
	"math"
	"net"
	"net/http"
	"net/http/httputil"
	"net/netip"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/internal/pgtest"
	"github.com/umpire-referee/umpire/store"
)

// BenchmarkClubEvening (issue 31) is a club's evening on one small server: 1,000 live games,
// each with its two players' pages and a spectator's page open (3,000 event streams, all
// read), 2,000 steps a second offered in all, while the hostile suite's floods (attack) run
// from other addresses at 200 requests a second each. It runs twice:
//
//   - sqlite: the default SQLite store, one `umpire serve`;
//   - postgres: two `umpire serve` processes on one PostgreSQL database (Shared), behind one
//     address: a reverse proxy in the benchmark (net/http/httputil, FlushInterval -1 so the
//     event streams flow through it), sticky by game: each game's requests and streams go to
//     one server, chosen by a hash of its id, as a deployment of several game servers routes
//     them (the other server hears of its steps only through PostgreSQL's NOTIFY).
//     UMPIRE_CLUB_PROXY=round-robin sends each request to the next server instead, the hard
//     case: each server then replays every step the other took, to play the next and for its
//     pages. It skips without UMPIRE_TEST_POSTGRES.
//
// The servers are child processes, `umpire serve` built from ../cmd/umpire, so each one's
// RSS is its own (read from /proc/PID/status), not shared with the load clients, the streams'
// readers and the proxy, which run in the benchmark's process on the same two cores. They run
// as served: the default rate limits, with loopback trusted as their proxy
// (--trusted-proxies 127.0.0.0/8). Each player and each page has an address of its own in
// X-Forwarded-For (10.x.y.z, as players at home have), so no load client is rate limited;
// the floods come from 198.51.100.x and are. They aim at a game of their own (floodTarget:
// sixteen boards and a 99-MP tank, whose reach is large, as issue 31's was), and their grids
// go up to 1,000 boards (gridSizesAll). --idle-evict is 10 s, so a game nobody plays
// leaves memory during the run (games with a page open never do, and a live game's steps
// reach each server every second or so).
//
// A stepper per game plays loadCycle (legal steps, no dice) on its own kept-alive connection
// (loadClient), open loop: each step is due on a schedule and its latency counts from when it
// was due, to its acknowledgement (a 201, sent once the store has committed it; through the
// proxy, its hop counts too, as a load balancer's would). After a 3 s warm-up the evening
// alternates windows: quiet, then floods (started 1 s before their window and stopped 1 s
// after it, those seconds not counted), UMPIRE_CLUB_RUNS times. It reports:
//
//   - p50-ms, p99-ms: steps' latency without floods, flood-p50-ms and flood-p99-ms with them,
//     each the median over the runs (five by default; or UMPIRE_CLUB_RUNS=1 with -count=5,
//     five evenings of their own, and benchstat's median);
//   - steps/s: steps acknowledged a second over the measured windows;
//   - game-KB, stream-KB: the servers' RSS grown by creating the games, then by opening the
//     streams, divided by the games and by the streams (an upper bound: the collector, at
//     GOGC=400, lets the heap grow before it collects);
//   - evicted-ms: the median time of the first request (GET the state) to a game evicted for
//     idleness, which loads it from the store and replays its 25 steps; evicted-max-ms the
//     slowest;
//   - silence-ms: the longest any stream waited for a step's event after the step was
//     acknowledged (an event never seen counts until the evening's end);
//   - rss1-MB, rss2-MB: each umpire process's peak RSS (VmHWM).
//
// Beside the figures the log prints the targets: steps' p99 under 10 ms without floods and
// under 25 ms with them, each umpire process's RSS under 1 GB, no stream silent more than 2 s
// after a step. A missed target is reported, not failed; a step not acknowledged, a flood
// answered with a 5xx other than 503 with Retry-After, or a server that exits fails. The
// scale is set by environment variables:
//
//	UMPIRE_CLUB_GAMES       live games (1000; three streams each)
//	UMPIRE_CLUB_RATE        steps a second offered in all (2000)
//	UMPIRE_CLUB_WINDOW      each measured window (10s)
//	UMPIRE_CLUB_RUNS        quiet and flood windows, each figure the median over them (5)
//	UMPIRE_CLUB_FLOODS      off: no floods, quiet windows only (on)
//	UMPIRE_CLUB_PROXY       sticky or round-robin (sticky)
//	UMPIRE_CLUB_MEMORY      each server's --memory-limit (768MiB; 0: none)
//	UMPIRE_CLUB_PPROF       PORT: server i serves Go's profiler on 127.0.0.1:PORT+i (none)
//	UMPIRE_CLUB_PG_SERVERS  servers on PostgreSQL (2); 1: one, reached directly, to tell
//	                        what the store costs from what sharing it does
//
// The full evening takes about three minutes a store; ignore b.N and run it once:
//
//	go test -run '^$' -bench ClubEvening -benchtime 1x -timeout 30m ./server/
//	UMPIRE_CLUB_GAMES=100 UMPIRE_CLUB_RATE=200 UMPIRE_CLUB_RUNS=1 go test -run '^$' -bench 'ClubEvening/sqlite' -benchtime 1x ./server/
func BenchmarkClubEvening(b *testing.B) {
	k, err := clubKnobsFromEnv(os.Getenv)
	if err != nil {
		b.Fatal(err)
	}
	exe := buildUmpire(b)
	b.Run("sqlite", func(b *testing.B) {
		db := filepath.Join(b.TempDir(), "games.db")
		clubEvening(b, k, []*umpireProc{startUmpire(b, exe, db, k)}, "")
	})
	b.Run("postgres", func(b *testing.B) {
		url := os.Getenv(postgresEnv)
		if url == "" {
			b.Skipf("%s is not set", postgresEnv)
		}
		url = pgtest.Isolated(b, url)
		procs := []*umpireProc{startUmpire(b, exe, url, k)} // the first makes the tables
		if k.pgServers == 1 {
			clubEvening(b, k, procs, "")
			return
		}
		procs = append(procs, startUmpire(b, exe, url, k))
		clubEvening(b, k, procs, clubProxy(b, procs, k.sticky))
	})
}

// TestClubEveningHarness runs the club's evening at a toy scale (4 games, 40 steps a second,
// half-second windows, light floods) with the server in this process, to check the harness:
// every step acknowledged and seen by each of its game's three streams, both windows
// measured, the evicted games answered, the floods answered as allowed.
func TestClubEveningHarness(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the harness runs for seconds")
	}
	k := clubKnobs{games: 4, rate: 40, window: 500 * time.Millisecond, runs: 1, floods: true,
		floodEvery: 20 * time.Millisecond, warmup: 700 * time.Millisecond, settle: 200 * time.Millisecond,
		tail: 500 * time.Millisecond, idleEvict: 200 * time.Millisecond, dormant: 2, grid: gridSizes, target: demoScenario}
	p := startUmpire(t, "", filepath.Join(t.TempDir(), "games.db"), k)
	ev := runClubEvening(t, k, []*umpireProc{p}, "")
	if len(ev.quiet) != 1 || len(ev.flood) != 1 || ev.quiet[0].n == 0 || ev.flood[0].n == 0 {
		t.Errorf("windows measured: quiet %+v, flood %+v", ev.quiet, ev.flood)
	}
	if ev.missed != 0 || ev.silence > time.Second {
		t.Errorf("%d step events never seen; longest silence %v", ev.missed, ev.silence)
	}
	if len(ev.evicted) != k.dormant {
		t.Errorf("%d evicted games answered, want %d", len(ev.evicted), k.dormant)
	}
	// Four games move the RSS less than the collector does (a big request's memory is given
	// back at once: it may even fall), so only the reading is checked, not its growth.
	if ev.rss[0].peak <= 0 || ev.rss[0].now <= 0 || math.IsNaN(ev.perGame) {
		t.Errorf("memory not read: %+v, %.0f bytes a game", ev.rss, ev.perGame)
	}
	if len(ev.floods.codes) == 0 { // on a busy machine a flood may not be answered within the window
		t.Error("the floods did not run")
	}
	checkAnswers(t, ev.floods, false)
	t.Logf("steps' p99 %v quiet, %v under floods; silence %v; evicted game back in %v; floods %v",
		medianOf(ev.quiet, true), medianOf(ev.flood, true), ev.silence, median(ev.evicted), ev.floods.codes)
}

// clubKnobs are the evening's scale (BenchmarkClubEvening's doc comment).
type clubKnobs struct {
	games      int
	rate       float64       // steps a second offered, in all
	window     time.Duration // each measured window
	runs       int           // quiet and flood windows
	floods     bool
	sticky     bool          // the proxy sends each game to one server
	pgServers  int           // servers on PostgreSQL: 1 or 2
	floodEvery time.Duration // each flood's pace (5 ms: 200 a second)
	// warmup precedes the first window; settle the floods' start and end; tail the end of the
	// evening, for the last steps' events to arrive.
	warmup, settle, tail time.Duration
	idleEvict            time.Duration // the servers' --idle-evict
	dormant              int           // games played at the start and then left, to be evicted
	grid                 [][2]int      // the grid flood's layouts (gridSizes, gridSizesAll)
	target               []byte        // the scenario of the game the floods aim at
	memLimit             string        // the servers' --memory-limit ("" or "0": none)
	pprofPort            int           // server i serves its profiler on 127.0.0.1:pprofPort+i (0: none)
}

// profilers counts the servers started with a profiler, for their ports.
var profilers atomic.Int32

// memorySize is a --memory-limit as the knob takes it.
var memorySize = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?([KMGT]i?B)?$`)

// clubKnobsFromEnv reads the knobs from the environment (getenv), with the defaults of a full
// evening.
func clubKnobsFromEnv(getenv func(string) string) (clubKnobs, error) {
	k := clubKnobs{games: 1000, rate: 2000, window: 10 * time.Second, runs: 5, floods: true, sticky: true, pgServers: 2,
		floodEvery: 5 * time.Millisecond, warmup: 3 * time.Second, settle: time.Second,
		tail: 2500 * time.Millisecond, idleEvict: 10 * time.Second, dormant: 20, grid: gridSizesAll, target: floodTarget(),
		memLimit: "768MiB"}
	for _, v := range []struct {
		name string
		set  func(string) error
	}{
		{"UMPIRE_CLUB_GAMES", func(s string) (err error) { k.games, err = positiveInt(s, 60000); return }},
		{"UMPIRE_CLUB_RUNS", func(s string) (err error) { k.runs, err = positiveInt(s, 100); return }},
		{"UMPIRE_CLUB_PG_SERVERS", func(s string) (err error) { k.pgServers, err = positiveInt(s, 2); return }},
		{"UMPIRE_CLUB_RATE", func(s string) (err error) {
			k.rate, err = strconv.ParseFloat(s, 64)
			if err == nil && !(k.rate > 0 && k.rate <= 1e6) {
				err = fmt.Errorf("%v is not a rate from 0 to 1,000,000 steps a second", k.rate)
			}
			return
		}},
		{"UMPIRE_CLUB_WINDOW", func(s string) (err error) {
			k.window, err = time.ParseDuration(s)
			if err == nil && k.window < 100*time.Millisecond {
				err = fmt.Errorf("%v is shorter than 100ms", k.window)
			}
			return
		}},
		{"UMPIRE_CLUB_FLOODS", func(s string) error { return oneOf(s, "on", "off", &k.floods) }},
		{"UMPIRE_CLUB_PROXY", func(s string) error { return oneOf(s, "sticky", "round-robin", &k.sticky) }},
		{"UMPIRE_CLUB_PPROF", func(s string) (err error) { k.pprofPort, err = positiveInt(s, 65000); return }},
		{"UMPIRE_CLUB_MEMORY", func(s string) error {
			if !memorySize.MatchString(s) {
				return fmt.Errorf("not a size for --memory-limit (768MiB, 1GB, 0 for none)")
			}
			k.memLimit = s
			return nil
		}},
	} {
		if s := getenv(v.name); s != "" {
			if err := v.set(s); err != nil {
				return k, fmt.Errorf("%s=%s: %v", v.name, s, err)
			}
		}
	}
	return k, nil
}

// positiveInt reads a whole number from 1 to most.
func positiveInt(s string, most int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > most {
		return 0, fmt.Errorf("not a whole number from 1 to %d", most)
	}
	return n, nil
}

// oneOf sets *yes to whether s is yes, or fails unless s is no.
func oneOf(s, yes, no string, out *bool) error {
	if s != yes && s != no {
		return fmt.Errorf("%s or %s", yes, no)
	}
	*out = s == yes
	return nil
}

// umpireProc is one umpire server the evening runs against.
type umpireProc struct {
	host string // host:port
	pid  int    // 0: this process (the harness test)
	out  *capped
}

// buildUmpire builds cmd/umpire into a directory of b's.
func buildUmpire(b *testing.B) string {
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Skipf("no go tool to build umpire with: %v", err)
	}
	exe := filepath.Join(b.TempDir(), "umpire")
	cmd := exec.Command(goTool, "build", "-o", exe, "./cmd/umpire")
	cmd.Dir = ".." // the module's root
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build ./cmd/umpire: %v\n%s", err, out)
	}
	return exe
}

// startUmpire starts `umpire serve` (exe) over db, as the evening runs it, and stops it when tb
// ends; exe "" serves from this process instead, configured alike.
func startUmpire(tb testing.TB, exe, db string, k clubKnobs) *umpireProc {
	tb.Helper()
	if exe == "" {
		return startUmpireHere(tb, db, k)
	}
	args := []string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--no-demo",
		"--trusted-proxies", "127.0.0.0/8", "--idle-evict", k.idleEvict.String()}
	if k.memLimit != "" {
		args = append(args, "--memory-limit", k.memLimit)
	}
	if k.pprofPort > 0 {
		args = append(args, "--pprof", fmt.Sprintf("127.0.0.1:%d", k.pprofPort+int(profilers.Add(1)-1)))
	}
	cmd := exec.Command(exe, args...)
	p := &umpireProc{out: &capped{}}
	cmd.Stderr = p.out
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	exited := make(chan struct{})
	tb.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
		if p.out.Len() > 0 { // not in tb's log, which a benchmark's cuts at ten lines
			fmt.Fprintf(os.Stderr, "umpire serve (pid %d) said:\n%s", p.pid, p.out)
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.Contains(line, "listening on http://") {
		go func() { cmd.Wait(); close(exited) }()
		tb.Fatalf("umpire serve said %q, %v; stderr: %s", line, err, p.out)
	}
	go func() { io.Copy(io.Discard, stdout); cmd.Wait(); close(exited) }()
	p.host = strings.Fields(line[strings.Index(line, "http://")+len("http://"):])[0]
	p.pid = cmd.Process.Pid
	return p
}

// startUmpireHere is startUmpire in this process: a Server as `umpire serve` makes it.
func startUmpireHere(tb testing.TB, db string, k clubKnobs) *umpireProc {
	st, err := store.Open(context.Background(), db)
	if err != nil {
		tb.Fatal(err)
	}
	rl := DefaultRateLimits()
	rl.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	srv := New(Config{Store: st, Shared: strings.HasPrefix(db, "postgres"), Rate: &rl, IdleEvict: k.idleEvict})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	hs := srv.HTTPServer()
	go hs.Serve(ln)
	tb.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return &umpireProc{host: ln.Addr().String(), out: &capped{}}
}

// procMemory reads the process's resident set size now (VmRSS) and at its peak (VmHWM), in bytes.
type procMemory struct{ now, peak int64 }

func (p *umpireProc) memory() procMemory {
	path := "/proc/self/status"
	if p.pid != 0 {
		path = fmt.Sprintf("/proc/%d/status", p.pid)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return procMemory{}
	}
	var m procMemory
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[2] == "kB" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			switch f[0] {
			case "VmRSS:":
				m.now = kb << 10
			case "VmHWM:":
				m.peak = kb << 10
			}
		}
	}
	return m
}

// capped keeps the first 64 KB written to it (a server's stderr).
type capped struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf.Write(p[:min(len(p), max(0, 64<<10-c.buf.Len()))])
	return len(p), nil
}

func (c *capped) Len() int { c.mu.Lock(); defer c.mu.Unlock(); return c.buf.Len() }

func (c *capped) String() string { c.mu.Lock(); defer c.mu.Unlock(); return c.buf.String() }

// clubProxy is a reverse proxy in front of the servers, on a port of its own: round-robin per
// request, or by a hash of the game's id when sticky. Event streams are flushed as they come
// (FlushInterval -1), and the client's X-Forwarded-For is kept, the proxy's address added.
func clubProxy(tb testing.TB, procs []*umpireProc, sticky bool) string {
	var turn atomic.Uint64
	pick := func(r *http.Request) string {
		if id, ok := strings.CutPrefix(r.URL.Path, "/api/games/"); sticky && ok {
			id, _, _ = strings.Cut(id, "/")
			h := fnv.New32a()
			io.WriteString(h, id)
			return procs[int(h.Sum32())%len(procs)].host
		}
		return procs[int(turn.Add(1))%len(procs)].host
	}
	rp := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(&url.URL{Scheme: "http", Host: pick(r.In)})
			r.Out.Header["X-Forwarded-For"] = r.In.Header["X-Forwarded-For"] // kept, then added to
			r.SetXForwarded()
		},
		FlushInterval: -1,
		Transport:     &http.Transport{MaxIdleConns: 8192, MaxIdleConnsPerHost: 4096, IdleConnTimeout: time.Minute},
		ErrorLog:      log.New(io.Discard, "", 0), // clients cut off mid-answer, by the floods' design
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	hs := &http.Server{Handler: rp, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	go hs.Serve(ln)
	tb.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// clubEvening runs the evening against procs (through the proxy at via, if any) and reports
// its figures, with the targets beside them in the log.
func clubEvening(b *testing.B, k clubKnobs, procs []*umpireProc, via string) {
	ev := runClubEvening(b, k, procs, via)
	checkAnswers(b, ev.floods, true)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(float64(ev.steps)/ev.measured.Seconds(), "steps/s")
	b.ReportMetric(ms(medianOf(ev.quiet, false)), "p50-ms")
	b.ReportMetric(ms(medianOf(ev.quiet, true)), "p99-ms")
	if k.floods {
		b.ReportMetric(ms(medianOf(ev.flood, false)), "flood-p50-ms")
		b.ReportMetric(ms(medianOf(ev.flood, true)), "flood-p99-ms")
	}
	b.ReportMetric(ev.perGame/1024, "game-KB")
	b.ReportMetric(ev.perStream/1024, "stream-KB")
	b.ReportMetric(ms(median(ev.evicted)), "evicted-ms")
	b.ReportMetric(ms(slowest(ev.evicted)), "evicted-max-ms")
	b.ReportMetric(ms(ev.silence), "silence-ms")
	for i, m := range ev.rss {
		b.ReportMetric(float64(m.peak)/(1<<20), fmt.Sprintf("rss%d-MB", i+1))
	}
	b.ReportMetric(0, "ns/op")

	mode := "through a proxy, round-robin"
	if k.sticky {
		mode = "through a proxy, sticky by game"
	}
	if via == "" {
		mode = "direct"
	}
	servers := map[bool]string{true: "one server", false: fmt.Sprintf("%d servers", len(procs))}[len(procs) == 1]
	b.Logf("a club's evening: %d games, %d event streams, %.0f steps a second offered (%s, %s); %d runs of %v, each figure the median over them",
		k.games, 3*k.games, k.rate, servers, mode, k.runs, k.window)
	goal := func(what string, got float64, met bool, target string) {
		verdict := "met"
		if !met {
			verdict = "MISSED"
		}
		b.Logf("  %-32s %9.2f   target %-10s %s", what, got, target, verdict)
	}
	p99 := medianOf(ev.quiet, true)
	goal("steps' p99 without floods (ms)", ms(p99), p99 < 10*time.Millisecond, "< 10 ms")
	if k.floods {
		p99 = medianOf(ev.flood, true)
		goal("steps' p99 with floods (ms)", ms(p99), p99 < 25*time.Millisecond, "< 25 ms")
	}
	for i, m := range ev.rss {
		goal(fmt.Sprintf("umpire %d's peak RSS (MB)", i+1), float64(m.peak)/(1<<20), m.peak < 1<<30, "< 1 GB")
	}
	goal("longest silence after a step (ms)", ms(ev.silence), ev.silence <= 2*time.Second, "<= 2 s")
	b.Logf("  quiet windows %v; flood windows %v", ev.quiet, ev.flood)
	b.Logf("  %d step events never seen, %d streams dropped and opened again; evicted game back in %v (max %v), then %v from memory",
		ev.missed, ev.drops, median(ev.evicted), slowest(ev.evicted), median(ev.warm))
	b.Logf("  %.1f KB a game, %.1f KB a stream; floods answered %v", ev.perGame/1024, ev.perStream/1024, ev.floods.codes)
}

// medianOf is the median over windows of their p99 (or p50).
func medianOf(ws []window, p99 bool) time.Duration {
	var ds []time.Duration
	for _, w := range ws {
		ds = append(ds, map[bool]time.Duration{true: w.p99, false: w.p50}[p99])
	}
	return median(ds)
}

// median is the middle of ds (the mean of the two middle ones for an even count; 0 for none).
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	ds = append([]time.Duration(nil), ds...)
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return (ds[(len(ds)-1)/2] + ds[len(ds)/2]) / 2
}

// TestClubKnobs: the benchmark's environment variables set its scale, and a bad one is refused
// naming the variable, its value and what it takes.
func TestClubKnobs(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want func(clubKnobs) bool
		err  string
	}{
		{env: nil, want: func(k clubKnobs) bool {
			return k.games == 1000 && k.rate == 2000 && k.window == 10*time.Second && k.runs == 5 && k.floods && k.sticky && k.pgServers == 2
		}},
		{env: map[string]string{"UMPIRE_CLUB_GAMES": "100", "UMPIRE_CLUB_RATE": "200", "UMPIRE_CLUB_WINDOW": "3s",
			"UMPIRE_CLUB_RUNS": "1", "UMPIRE_CLUB_FLOODS": "off", "UMPIRE_CLUB_PROXY": "round-robin"},
			want: func(k clubKnobs) bool {
				return k.games == 100 && k.rate == 200 && k.window == 3*time.Second && k.runs == 1 && !k.floods && !k.sticky
			}},
		{env: map[string]string{"UMPIRE_CLUB_GAMES": "0"}, err: "UMPIRE_CLUB_GAMES=0: not a whole number from 1 to 60000"},
		{env: map[string]string{"UMPIRE_CLUB_GAMES": "1e3"}, err: "UMPIRE_CLUB_GAMES=1e3: not a whole number"},
		{env: map[string]string{"UMPIRE_CLUB_RATE": "-5"}, err: "UMPIRE_CLUB_RATE=-5: -5 is not a rate from 0 to 1,000,000"},
		{env: map[string]string{"UMPIRE_CLUB_RATE": "NaN"}, err: "UMPIRE_CLUB_RATE=NaN: NaN is not a rate"},
		{env: map[string]string{"UMPIRE_CLUB_WINDOW": "10"}, err: `UMPIRE_CLUB_WINDOW=10: time: missing unit`},
		{env: map[string]string{"UMPIRE_CLUB_WINDOW": "1ms"}, err: "UMPIRE_CLUB_WINDOW=1ms: 1ms is shorter than 100ms"},
		{env: map[string]string{"UMPIRE_CLUB_RUNS": "101"}, err: "UMPIRE_CLUB_RUNS=101: not a whole number from 1 to 100"},
		{env: map[string]string{"UMPIRE_CLUB_FLOODS": "no"}, err: "UMPIRE_CLUB_FLOODS=no: on or off"},
		{env: map[string]string{"UMPIRE_CLUB_PROXY": "random"}, err: "UMPIRE_CLUB_PROXY=random: sticky or round-robin"},
		{env: map[string]string{"UMPIRE_CLUB_PG_SERVERS": "3"}, err: "UMPIRE_CLUB_PG_SERVERS=3: not a whole number from 1 to 2"},
		{env: map[string]string{"UMPIRE_CLUB_PG_SERVERS": "1"}, want: func(k clubKnobs) bool { return k.pgServers == 1 }},
	} {
		k, err := clubKnobsFromEnv(func(name string) string { return c.env[name] })
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%v: error %v, want %q", c.env, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%v: %v", c.env, err)
		case c.err == "" && !c.want(k):
			t.Errorf("%v: knobs %+v", c.env, k)
		}
	}
}

// TestClubSchedule: the evening's windows follow the warm-up, a quiet one and a flood one per
// run, the floods' settling times between them uncounted; without floods, quiet ones only.
func TestClubSchedule(t *testing.T) {
	s := time.Second
	k := clubKnobs{runs: 2, window: 10 * s, warmup: 3 * s, settle: s, floods: true}
	segs, end := schedule(k)
	want := []segment{{0, 3 * s, uncounted, 0}, {3 * s, 13 * s, quietWindow, 0}, {13 * s, 14 * s, uncounted, 0},
		{14 * s, 24 * s, floodWindow, 0}, {24 * s, 25 * s, uncounted, 0}, {25 * s, 35 * s, quietWindow, 1},
		{35 * s, 36 * s, uncounted, 1}, {36 * s, 46 * s, floodWindow, 1}, {46 * s, 47 * s, uncounted, 1}}
	if fmt.Sprint(segs) != fmt.Sprint(want) || end != 47*s {
		t.Errorf("schedule:\n%v, end %v\nwant\n%v, end 47s", segs, end, want)
	}
	for _, c := range []struct {
		at        time.Duration
		kind, run int
	}{{0, uncounted, 0}, {3 * s, quietWindow, 0}, {13*s - 1, quietWindow, 0}, {20 * s, floodWindow, 0},
		{30 * s, quietWindow, 1}, {45 * s, floodWindow, 1}, {46 * s, uncounted, 1}, {60 * s, uncounted, 1}} {
		if got := segmentAt(segs, c.at); got.kind != c.kind || got.run != c.run {
			t.Errorf("at %v: %+v, want kind %d run %d", c.at, got, c.kind, c.run)
		}
	}
	k.floods = false
	if segs, end := schedule(k); len(segs) != 3 || segs[2].kind != quietWindow || end != 23*s {
		t.Errorf("without floods: %v, end %v", segs, end)
	}
}
