package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/internal/needs"
	"github.com/umpire-referee/umpire/internal/pgtest"
)

// PostgresEnv names the environment variable with a PostgreSQL URL for the tests. Without it
// the PostgreSQL half of every store test is skipped (the README says how to set one up; the
// CI script starts a server and sets it).
const PostgresEnv = "UMPIRE_TEST_POSTGRES"

// stores runs test against a fresh SQLite file and, when PostgresEnv is set, PostgreSQL.
func stores(t *testing.T, test func(t *testing.T, open func() Store)) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "games.db")
		test(t, func() Store {
			s, err := Open(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			return s
		})
	})
	t.Run("postgres", func(t *testing.T) {
		url := os.Getenv(PostgresEnv)
		if url == "" {
			needs.Missing(t, "%s is not set: no PostgreSQL server to test against (scripts/test starts one)", PostgresEnv)
		}
		test(t, func() Store {
			s, err := Open(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			return s
		})
	})
}

// newID is a fresh game id, so runs against one PostgreSQL database do not collide.
func newID(t testing.TB) string {
	b := make([]byte, 8)
	rand.Read(b)
	return t.Name()[:min(len(t.Name()), 20)] + "-" + hex.EncodeToString(b)
}

func newGame(t testing.TB, s Store) Game {
	g := Game{ID: newID(t), Name: "two tanks", Scenario: []byte("ruleset: asl\n"),
		Tokens:  map[string][]byte{"German": {1, 2, 3}, "spectator": {0xff, 0}},
		Created: time.Now().UnixNano()}
	if err := s.Create(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCreateAndRead(t *testing.T) {
	stores(t, func(t *testing.T, open func() Store) {
		s := open()
		defer s.Close()
		ctx := context.Background()
		g := newGame(t, s)
		got, err := s.Game(ctx, g.ID)
		if err != nil || !reflect.DeepEqual(got, g) {
			t.Fatalf("read back %+v, %v; want %+v", got, err, g)
		}
		again := g
		again.Name = "another"
		if err := s.Create(ctx, again); !errors.Is(err, ErrConflict) {
			t.Errorf("a second game with id %s: %v, want ErrConflict", g.ID, err)
		}
		if got, _ := s.Game(ctx, g.ID); got.Name != g.Name {
			t.Errorf("the refused create changed the game's name to %q", got.Name)
		}
		if _, err := s.Game(ctx, "no-such-game"); !errors.Is(err, ErrNotFound) {
			t.Errorf("an unknown game: %v, want ErrNotFound", err)
		}
		if err := s.Append(ctx, "no-such-game", game.Entry{N: 1, Line: "T1 start"}); !errors.Is(err, ErrNotFound) {
			t.Errorf("a step of an unknown game: %v, want ErrNotFound", err)
		}
	})
}

func TestAppendAndReopen(t *testing.T) {
	stores(t, func(t *testing.T, open func() Store) {
		s := open()
		ctx := context.Background()
		g := newGame(t, s)
		want := []game.Entry{
			{N: 1, Line: "T1 start"},
			{N: 2, Line: "T1 enter 2N4", Rolls: []dice.Roll{{Kind: dice.DR, D1: 3, D2: 4, Total: 7}}},
			{N: 3, Line: "T1 esb 2", Rolls: []dice.Roll{{Kind: dice.DR, Total: 9}, {Kind: dice.Dr, D1: 2, Total: 2}}},
		}
		for _, e := range want {
			if err := s.Append(ctx, g.ID, e); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Append(ctx, g.ID, game.Entry{N: 2, Line: "T1 stop"}); !errors.Is(err, ErrConflict) {
			t.Errorf("a second step 2: %v, want ErrConflict", err)
		}
		got, err := s.Entries(ctx, g.ID, 0)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("entries %+v, %v; want %+v", got, err, want)
		}
		if got, _ := s.Entries(ctx, g.ID, 2); len(got) != 1 || got[0].N != 3 {
			t.Errorf("entries after 2: %+v", got)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, g.ID, game.Entry{N: 4, Line: "T1 stop"}); err == nil {
			t.Error("a closed store took a step")
		}
		s = open()
		defer s.Close()
		if got, err := s.Entries(ctx, g.ID, 0); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("after reopening: %+v, %v", got, err)
		}
	})
}

// TestConflictingAppends: of many concurrent Appends of the same step number exactly one
// lands, and the log holds its line.
func TestConflictingAppends(t *testing.T) {
	stores(t, func(t *testing.T, open func() Store) {
		s := open()
		defer s.Close()
		ctx := context.Background()
		g := newGame(t, s)
		const racers = 16
		var won atomic.Int32
		var winner atomic.Value
		var wg sync.WaitGroup
		for i := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				line := fmt.Sprintf("T%d start", i)
				err := s.Append(ctx, g.ID, game.Entry{N: 1, Line: line})
				switch {
				case err == nil:
					won.Add(1)
					winner.Store(line)
				case !errors.Is(err, ErrConflict):
					t.Errorf("racer %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		got, _ := s.Entries(ctx, g.ID, 0)
		if won.Load() != 1 || len(got) != 1 || got[0].Line != winner.Load() {
			t.Errorf("%d racers won; the log is %+v", won.Load(), got)
		}
	})
}

// TestGroupCommit: many games appending at once each get every step, in order, and a batch
// with a step of a missing game still commits the others.
func TestGroupCommit(t *testing.T) {
	stores(t, func(t *testing.T, open func() Store) {
		s := open()
		defer s.Close()
		ctx := context.Background()
		const games, steps = 20, 15
		ids := make([]string, games)
		for i := range ids {
			ids[i] = newGame(t, s).ID
		}
		var wg sync.WaitGroup
		for _, id := range ids {
			wg.Add(2)
			go func() {
				defer wg.Done()
				for n := 1; n <= steps; n++ {
					if err := s.Append(ctx, id, game.Entry{N: n, Line: fmt.Sprintf("step %d", n)}); err != nil {
						t.Errorf("%s step %d: %v", id, n, err)
						return
					}
				}
			}()
			go func() {
				defer wg.Done()
				if err := s.Append(ctx, id+"-missing", game.Entry{N: 1, Line: "x"}); !errors.Is(err, ErrNotFound) {
					t.Errorf("missing game: %v", err)
				}
			}()
		}
		wg.Wait()
		for _, id := range ids {
			got, err := s.Entries(ctx, id, 0)
			if err != nil || len(got) != steps {
				t.Fatalf("%s: %d entries, %v", id, len(got), err)
			}
			for i, e := range got {
				if e.N != i+1 || e.Line != fmt.Sprintf("step %d", i+1) {
					t.Fatalf("%s: entry %d is %+v", id, i, e)
				}
			}
		}
	})
}

// BenchmarkAppend: durable Appends per second from concurrent games. With 50 games the
// committer shares its commits among them (group commit); with one, each Append is a commit of
// its own: what a commit costs when nothing shares it.
func BenchmarkAppend(b *testing.B) {
	for _, kind := range []string{"sqlite", "postgres"} {
		for _, games := range []int{50, 1} {
			b.Run(fmt.Sprintf("%s/games=%d", kind, games), func(b *testing.B) {
				addr := filepath.Join(b.TempDir(), "games.db")
				if kind == "postgres" {
					if addr = os.Getenv(PostgresEnv); addr == "" {
						b.Skipf("%s is not set", PostgresEnv)
					}
					addr = pgtest.Isolated(b, addr)
				}
				s, err := Open(context.Background(), addr)
				if err != nil {
					b.Fatal(err)
				}
				defer s.Close()
				ids := make([]string, games)
				for i := range ids {
					ids[i] = newGame(b, s).ID
				}
				var next atomic.Int64
				var wg sync.WaitGroup
				b.ReportAllocs()
				b.ResetTimer()
				for _, id := range ids {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for n := 1; next.Add(1) <= int64(b.N); n++ {
							if err := s.Append(context.Background(), id, game.Entry{N: n, Line: "T1 start"}); err != nil {
								b.Error(err)
								return
							}
						}
					}()
				}
				wg.Wait()
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
			})
		}
	}
}

// TestAppendAll: a new game's many moves are saved in order, sharing commits; one already
// taken fails the call with ErrConflict and the others still land; a closed store takes none.
func TestAppendAll(t *testing.T) {
	stores(t, func(t *testing.T, open func() Store) {
		s := open()
		defer s.Close()
		ctx := context.Background()
		g := newGame(t, s)
		var want []game.Entry
		for n := 1; n <= 1000; n++ {
			want = append(want, game.Entry{N: n, Line: fmt.Sprintf("T%d start", n), Rolls: []dice.Roll{{Kind: dice.Dr, D1: int8(n%6 + 1), Total: int8(n%6 + 1)}}})
		}
		if err := s.AppendAll(ctx, g.ID, want); err != nil {
			t.Fatal(err)
		}
		got, err := s.Entries(ctx, g.ID, 0)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%d entries back, %v", len(got), err)
		}
		more := []game.Entry{{N: 1001, Line: "a"}, {N: 5, Line: "taken"}, {N: 1002, Line: "b"}}
		if err := s.AppendAll(ctx, g.ID, more); !errors.Is(err, ErrConflict) {
			t.Errorf("with step 5 taken: %v, want ErrConflict", err)
		}
		if got, _ := s.Entries(ctx, g.ID, 1000); len(got) != 2 || got[0].Line != "a" || got[1].Line != "b" {
			t.Errorf("the untaken steps: %+v", got)
		}
		if got, _ := s.Entries(ctx, g.ID, 4); got[0].Line != "T5 start" {
			t.Errorf("step 5 became %q", got[0].Line)
		}
	})
}
