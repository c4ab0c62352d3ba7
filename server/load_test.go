package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/internal/pgtest"
	"github.com/umpire-referee/umpire/store"
)

// loadCycle is a Movement Phase the demo's PzIV can play over and over: every step is legal
// and none rolls dice, so a load run measures the server, not bad luck.
var loadCycle = []string{"PzIV start", "PzIV vca 2K4-2J3", "PzIV vca 2K4-2K5", "PzIV stop", "mph German"}

// BenchmarkLoad: 50 games played at once through the HTTP API on loopback, each by its own
// client on its own kept-alive connection (loadClient: a lean one, as a remote player's
// browser costs the server's cores nothing); a step is acknowledged only once the store has committed it. Reports accepted steps
// per second and the p50/p99 latency of a submit.
//
//   - max: each client sends its next step as soon as the last is acknowledged (the most the
//     server can take; with 50 clients always waiting, latency is 50 / throughput).
//   - 2000/s: the clients together offer 2,000 steps a second, each on its own schedule;
//     latency is counted from when a step was due, so a server that falls behind shows it.
//
// The collector runs at GCPercent, as `umpire serve` runs it, unless GOGC is set. b.N is the
// total number of steps; run it bounded, e.g.
//
//	go test -run XXX -bench Load -benchtime 20000x ./server/
func BenchmarkLoad(b *testing.B) {
	defer TuneGC()() // as umpire serve runs (GOGC=100 in the environment measures Go's default)
	for _, c := range []struct {
		kind string
		rate float64
	}{{"sqlite", 0}, {"sqlite", 2000}, {"postgres", 0}, {"postgres", 2000}} {
		name := c.kind + "/max"
		if c.rate > 0 {
			name = fmt.Sprintf("%s/%.0f-per-s", c.kind, c.rate)
		}
		kind := c.kind
		b.Run(name, func(b *testing.B) {
			addr := filepath.Join(b.TempDir(), "games.db")
			if kind == "postgres" {
				if addr = os.Getenv(postgresEnv); addr == "" {
					b.Skipf("%s is not set", postgresEnv)
				}
				addr = pgtest.Isolated(b, addr) // empty tables, as the SQLite runs have
			}
			st, err := store.Open(context.Background(), addr)
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			srv := New(Config{Store: st, Dice: func(string) dice.Source { return dice.NewSeeded(1) }})
			hs := httptest.NewServer(srv.Handler())
			defer hs.Close()
			const games = 50
			made := make([]*Created, games)
			for i := range made {
				if made[i], err = srv.Demo(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			var next atomic.Int64
			lat := make([][]time.Duration, games)
			var wg sync.WaitGroup
			b.ResetTimer()
			start := time.Now()
			for i, cr := range made {
				wg.Add(1)
				go func() {
					defer wg.Done()
					lc, err := dialLoad(hs.Listener.Addr().String(), "/api/games/"+cr.ID+"/steps", cr.Tokens["German"])
					if err != nil {
						b.Error(err)
						return
					}
					defer lc.Close()
					var every time.Duration
					due := start
					if c.rate > 0 {
						every = time.Duration(float64(games) / c.rate * float64(time.Second))
						due = start.Add(every * time.Duration(i) / games) // staggered
					}
					for n := 1; next.Add(1) <= int64(b.N); n++ {
						t0 := time.Now()
						if every > 0 {
							time.Sleep(time.Until(due))
							t0 = due
							due = due.Add(every)
						}
						code, err := lc.step(n, loadCycle[(n-1)%len(loadCycle)])
						if err != nil {
							b.Error(err)
							return
						}
						lat[i] = append(lat[i], time.Since(t0))
						if code != http.StatusCreated {
							b.Errorf("game %d step %d: %d", i, n, code)
							return
						}
					}
				}()
			}
			wg.Wait()
			elapsed := time.Since(start)
			b.StopTimer()
			var all []time.Duration
			for _, l := range lat {
				all = append(all, l...)
			}
			if len(all) == 0 {
				return
			}
			sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
			pct := func(p float64) float64 { return float64(all[int(p*float64(len(all)-1))].Microseconds()) / 1000 }
			b.ReportMetric(float64(len(all))/elapsed.Seconds(), "steps/s")
			b.ReportMetric(pct(0.50), "p50-ms")
			b.ReportMetric(pct(0.99), "p99-ms")
			b.ReportMetric(0, "ns/op")
			// Every acknowledged step is in the store.
			stored := 0
			for _, cr := range made {
				es, err := st.Entries(context.Background(), cr.ID, 0)
				if err != nil {
					b.Fatal(err)
				}
				stored += len(es)
			}
			if stored != len(all) {
				b.Errorf("%d steps acknowledged, %d stored", len(all), stored)
			}
		})
	}
}
