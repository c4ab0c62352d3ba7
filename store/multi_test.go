package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/internal/needs"
)

// TestRetryable: serialization failures and deadlocks are tried again, wrapped or not; other
// database errors and plain errors are not.
func TestRetryable(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&pgconn.PgError{Code: "40001"}, true},
		{&pgconn.PgError{Code: "40P01"}, true},
		{fmt.Errorf("store: append: %w", &pgconn.PgError{Code: "40P01"}), true},
		{&pgconn.PgError{Code: "23505"}, false}, // unique violation
		{&pgconn.PgError{Code: "23503"}, false}, // foreign key
		{&pgconn.PgError{Code: "57014"}, false}, // query canceled
		{errors.New("40001"), false},
		{nil, false},
	} {
		if got := retryable(c.err); got != c.want {
			t.Errorf("retryable(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

// openPostgres2 opens two stores on the PostgreSQL database of PostgresEnv, as two servers
// would, or skips.
func openPostgres2(t *testing.T) (a, b Store) {
	url := os.Getenv(PostgresEnv)
	if url == "" {
		needs.Missing(t, "%s is not set: no PostgreSQL server to test against (scripts/test starts one)", PostgresEnv)
	}
	for _, p := range []*Store{&a, &b} {
		s, err := Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		*p = s
	}
	return a, b
}

// TestTwoStoresOneDatabase: two stores (two servers) append to the same games at once, each
// game by one goroutine on each store racing the other for every step number; the two stores'
// goroutines start in opposite orders of the games, so their group-commit batches hold the
// same games in different orders, which locking row by row in arrival order would deadlock. No
// Append fails but with ErrConflict (the other store took that step first), each step number
// is acknowledged exactly once, and every acknowledged step is in the database as acknowledged.
func TestTwoStoresOneDatabase(t *testing.T) {
	a, b := openPostgres2(t)
	ctx := context.Background()
	const games, steps = 24, 40
	ids := make([]string, games)
	for i := range ids {
		ids[i] = newGame(t, a).ID
	}
	var mu sync.Mutex
	acked := map[string]string{} // "game n" -> line
	var wg sync.WaitGroup
	write := func(st Store, who, id string) {
		defer wg.Done()
		for n := 1; n <= steps; n++ {
			line := fmt.Sprintf("%s step %d", who, n)
			err := st.Append(ctx, id, game.Entry{N: n, Line: line})
			switch {
			case err == nil:
				key := fmt.Sprint(id, " ", n)
				mu.Lock()
				if prev, ok := acked[key]; ok {
					t.Errorf("%s step %d acknowledged twice: %q and %q", id, n, prev, line)
				}
				acked[key] = line
				mu.Unlock()
			case !errors.Is(err, ErrConflict):
				t.Errorf("%s, %s step %d: %v", who, id, n, err)
				return
			}
		}
	}
	for i := range ids {
		wg.Add(2)
		go write(a, "a", ids[i])
		go write(b, "b", ids[games-1-i])
	}
	wg.Wait()
	for _, id := range ids {
		got, err := b.Entries(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != steps {
			t.Errorf("%s: %d steps stored, want %d", id, len(got), steps)
		}
		for _, e := range got {
			if want := acked[fmt.Sprint(id, " ", e.N)]; e.Line != want {
				t.Errorf("%s step %d: stored %q, acknowledged %q", id, e.N, e.Line, want)
			}
		}
	}
	if len(acked) != games*steps {
		t.Errorf("%d steps acknowledged, want %d", len(acked), games*steps)
	}
}

// TestListen: a step committed through one store is told to a listener on another within a
// second, after the listener's first ("", 0) call, and one committed through the listener's own
// store is not; the listener stops when its context ends.
func TestListen(t *testing.T) {
	a, b := openPostgres2(t)
	nb, ok := b.(Notifier)
	if !ok {
		t.Fatalf("a PostgreSQL store (%T) is not a Notifier", b)
	}
	ctx, cancel := context.WithCancel(context.Background())
	told := make(chan string, 16)
	done := make(chan error, 1)
	go func() {
		done <- nb.Listen(ctx, func(game string, n int) { told <- fmt.Sprint(game, " ", n) })
	}()
	select {
	case got := <-told:
		if got != " 0" {
			t.Fatalf("first call %q, want (\"\", 0)", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the listener never connected")
	}
	g := newGame(t, a)
	if err := b.Append(ctx, g.ID, game.Entry{N: 1, Line: "T1 start"}); err != nil {
		t.Fatal(err)
	}
	if err := a.Append(ctx, g.ID, game.Entry{N: 2, Line: "T1 stop"}); err != nil {
		t.Fatal(err)
	}
	want := g.ID + " 2"
	deadline := time.After(time.Second)
	for got := ""; got != want; {
		select {
		case got = <-told: // another test's steps may come too: the channel is the database's
			if got == g.ID+" 1" {
				t.Errorf("the listener was told of its own store's step %q", got)
			}
		case <-deadline:
			t.Fatalf("%q was not told within a second", want)
		}
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Listen returned %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Listen did not return when its context ended")
	}
	if _, ok := a.(Notifier); !ok {
		t.Error("the first store is not a Notifier either")
	}
}

// TestSQLiteIsNoNotifier: SQLite has no notifications; the server polls instead.
func TestSQLiteIsNoNotifier(t *testing.T) {
	s, err := Open(context.Background(), t.TempDir()+"/games.db")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok := s.(Notifier); ok {
		t.Error("a SQLite store claims to be a Notifier")
	}
}
