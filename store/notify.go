package store

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// StepsChannel is the PostgreSQL notification channel on which every committed step is
// announced, with the payload "ORIGIN GAME N [GAME N ...]": the name of the store handle that
// committed them (random, one per Open), then each step's game id and number, separated by
// spaces: one notification for the steps one commit added.
const StepsChannel = "umpire_steps"

// Notifier is a Store that tells of steps as they are committed, by this process or any other
// sharing the database (PostgreSQL, through LISTEN/NOTIFY). A SQLite store is not one.
type Notifier interface {
	Store
	// Listen calls step with the game id and number of each step committed to the store by
	// another store handle (another process, or another Open in this one; not the steps of its
	// own Appends), in the order the commits were delivered, until ctx ends or the store is
	// closed; then it returns ctx's error or ErrClosed. It calls step from one goroutine, so
	// step runs one at a time and should not dawdle: the next notifications wait for it.
	//
	// Listen keeps a connection of its own. When it (re)connects it calls step("", 0) first:
	// steps committed while it was not listening were not told, and the caller should look
	// for them in the store. After an error it waits (up to 5 s, growing) and connects again.
	Listen(ctx context.Context, step func(game string, n int)) error
}

// pgStore is the PostgreSQL store: a sqlStore that can also listen for steps.
type pgStore struct {
	*sqlStore
	addr string
}

// Listen implements Notifier.
func (s *pgStore) Listen(ctx context.Context, step func(game string, n int)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-s.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	const first = 50 * time.Millisecond
	wait := first
	for {
		if s.listen1(ctx, step) {
			wait = first // it was listening: the trouble is new
		} else {
			wait = min(2*wait, 5*time.Second)
		}
		select {
		case <-s.stop:
			return ErrClosed
		default:
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		select {
		case <-time.After(wait/2 + rand.N(wait/2)):
		case <-ctx.Done():
		}
	}
}

// listen1 connects, listens and tells steps until the connection fails or ctx ends. It says
// whether it got as far as listening.
func (s *pgStore) listen1(ctx context.Context, step func(game string, n int)) (listened bool) {
	conn, err := pgx.Connect(ctx, s.addr)
	if err != nil {
		return false
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+StepsChannel); err != nil {
		return false
	}
	step("", 0)
	for {
		note, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true
		}
		tellSteps(note.Payload, s.origin, step)
	}
}

// tellSteps calls step for each step of a StepsChannel payload that another store handle than
// origin committed; what is not a step is passed over.
func tellSteps(payload, origin string, step func(game string, n int)) {
	f := strings.Fields(payload)
	if len(f) < 3 || f[0] == origin {
		return // not a step, or our own
	}
	for i := 1; i+1 < len(f); i += 2 {
		if n, err := strconv.Atoi(f[i+1]); err == nil {
			step(f[i], n)
		}
	}
}
