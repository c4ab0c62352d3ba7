package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/umpire-referee/umpire/server"
	"github.com/umpire-referee/umpire/store"
)

// defaultDB is games.db in the user's data directory: $XDG_DATA_HOME/umpire, else
// ~/.local/share/umpire on Unix, else the OS's per-user configuration directory.
func defaultDB() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "umpire", "games.db")
	}
	if runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, ".local", "share", "umpire", "games.db")
		}
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "umpire", "games.db")
	}
	return "umpire-games.db"
}

// otherPort is addr with the next port, to suggest when addr is in use: 127.0.0.1:8081 for
// 127.0.0.1:8080.
func otherPort(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	n, perr := strconv.Atoi(port)
	if err != nil || perr != nil || n <= 0 || n >= 65535 {
		return "127.0.0.1:8081"
	}
	return net.JoinHostPort(host, strconv.Itoa(n+1))
}

// serve runs the game server until SIGINT or SIGTERM.
func serve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // its error is said below; `umpire help serve` lists the flags
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0: any free port)")
	db := fs.String("db", defaultDB(), "where games are kept: a SQLite file, or a postgres:// URL")
	noDemo := fs.Bool("no-demo", false, "do not create the demo games (ASL, Last Hundred Yards and Lightning War) at start")
	// Facing the internet (issue 22): timeouts, eviction and rate limits.
	writeTimeout := fs.Duration("write-timeout", 10*time.Second, "time allowed to write one answer or one event to a client; a client that does not read is cut off")
	readTimeout := fs.Duration("read-timeout", 30*time.Second, "time allowed to read one request, body included")
	idleTimeout := fs.Duration("idle-timeout", 2*time.Minute, "how long an idle kept-alive connection stays open")
	sseBuffer := fs.Int("sse-buffer", 64, "events an event stream may fall behind before it is dropped (the page reconnects and catches up)")
	idleEvict := fs.Duration("idle-evict", 10*time.Minute, "a game unused this long with no event stream leaves memory (it loads back on its next request); 0: never")
	proxies := fs.String("trusted-proxies", "", "comma-separated CIDRs of proxies whose X-Forwarded-For names the client (for the rate limits)")
	noLimits := fs.Bool("no-limits", false, "no rate limits (local play)")
	maxMaps := fs.Int("max-maps", server.DefaultMaxMaps, "the most saved maps the store may hold")
	workShare := fs.Float64("work-share", server.DefaultWorkShare, "the part of the machine's cores all expensive requests together may take over time, past a burst of two seconds of work (0 < F <= 1; a half or more on two cores: not metered)")
	pprofAddr := fs.String("pprof", "", "serve Go's profiler (net/http/pprof) on this address, apart from the game server (keep it on loopback)")
	var memLimit, cacheLimit, cacheTotal size
	fs.Var(&memLimit, "memory-limit", "a ceiling on the server's memory (SIZE: bytes, or 500MB, 1GiB): the garbage collector works harder near it, and the server sheds kept answers, then idle games, then refuses new expensive work 503 (0: GOMEMLIMIT, or none)")
	fs.Var(&cacheLimit, "cache-limit", "the most bytes of answers one game keeps to answer again (SIZE; 0: 32MB)")
	fs.Var(&cacheTotal, "cache-total", "the most bytes of answers all games keep together (SIZE; 0: 256MB)")
	// Limits on what one request may ask (--max-body, --max-boards, ...: serve_limits.go).
	lim := addLimitFlags(fs)
	if code := parseFlags("serve", fs, args, stderr); code != 0 {
		return code
	}
	if err := checkLimits(*lim); err != nil {
		fmt.Fprintf(stderr, "umpire serve: %v\n", err)
		return 2
	}
	if !(*workShare > 0 && *workShare <= 1) { // NaN is neither
		fmt.Fprintf(stderr, "umpire serve: --work-share is a part of the cores, more than 0 and at most 1, not %v\n", *workShare)
		return 2
	}
	if *maxMaps < 1 {
		fmt.Fprintf(stderr, "umpire serve: --max-maps is at least 1\n")
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "umpire serve takes flags only, not %q\n", fs.Arg(0))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "umpire serve: %v\n", err)
		return 1
	}
	defer st.Close()
	shared := strings.HasPrefix(*db, "postgres")
	cfg := server.Config{Store: st, Shared: shared, Limits: *lim, Logf: func(f string, a ...any) {
		fmt.Fprintf(stderr, "umpire serve: "+f+"\n", a...)
	}, WriteTimeout: *writeTimeout, ReadTimeout: *readTimeout, IdleTimeout: *idleTimeout, SSEBuffer: *sseBuffer, IdleEvict: *idleEvict, MaxMaps: *maxMaps, WorkShare: *workShare}
	if *idleEvict == 0 {
		cfg.IdleEvict = -1
	}
	if !*noLimits {
		rl := server.DefaultRateLimits()
		if rl.TrustedProxies, err = server.ParseProxies(*proxies); err != nil {
			fmt.Fprintf(stderr, "umpire serve: --trusted-proxies: %v\n", err)
			return 2
		}
		cfg.Rate = &rl
	}
	// The collector's target for a server (server.GCPercent; GOGC overrides it).
	defer server.TuneGC()()
	if memLimit > 0 {
		debug.SetMemoryLimit(int64(memLimit))
	} else if l := debug.SetMemoryLimit(-1); l < math.MaxInt64 { // GOMEMLIMIT
		memLimit = size(l)
	}
	cfg.MemoryLimit, cfg.CacheLimit, cfg.CacheTotal = int64(memLimit), int64(cacheLimit), int64(cacheTotal)
	srv := server.New(cfg)
	defer srv.Close() // its listener and eviction, before the store closes
	ln, err := net.Listen("tcp", *addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		fmt.Fprintf(stderr, "umpire serve: --addr %s: the address is in use (another umpire serve, or another program, listens there): "+
			"give another port with --addr, e.g. --addr %s, or --addr 127.0.0.1:0 for any free port (the first line printed says which)\n", *addr, otherPort(*addr))
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "umpire serve: --addr %s: %v\n", *addr, err)
		return 1
	}
	base := "http://" + ln.Addr().String()
	where := *db
	if shared {
		where = "PostgreSQL"
	}
	fmt.Fprintf(stdout, "umpire serve: listening on %s (games kept in %s)\n", base, where)
	if *pprofAddr != "" { // after the first line, which scripts read for the address
		if err := serveProfiler(*pprofAddr, stdout); err != nil {
			fmt.Fprintf(stderr, "umpire serve: --pprof: %v\n", err)
			return 1
		}
	}
	if !*noDemo {
		for _, demo := range []func(context.Context) (*server.Created, error){srv.Demo, srv.DemoLHY, srv.DemoLW} {
			c, err := demo(ctx)
			if err != nil {
				fmt.Fprintf(stderr, "umpire serve: the demo game: %v\n", err)
				return 1
			}
			what := "open the referee's link to move both sides"
			if c.Ruleset == "lightningwar" {
				what = "hidden movement: each side's link shows only its own detachments and what the referee reveals"
			}
			fmt.Fprintf(stdout, "demo game %q (%s): %s\n", c.Name, rulesetLabel(c.Ruleset), what)
			printLinks(stdout, base, c)
		}
	}
	fmt.Fprintf(stdout, "new games: %s/ (paste a scenario file)\n", base)
	fmt.Fprintf(stdout, "map editor: %s/edit (draw an ASL map and its units, export the scenario file, start a game)\n", base)
	fmt.Fprintf(stdout, "table editor: %s/edit/lw (draw a Lightning War table, TO&E and detachments)\n", base)
	hs := srv.HTTPServer()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "umpire serve: %v\n", err)
			return 1
		}
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}
	return 0
}
