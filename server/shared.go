package server

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/umpire-referee/umpire/store"
)

// Several servers on one store (Config.Shared): each keeps its own copy of the games it
// serves, and learns of the steps the others accepted in two ways.
//
//   - A request that needs the latest state (a step whose number is ahead of this copy, a view
//     of the game) reads the steps it lacks from the store first (catchUp).
//   - Live viewers (event streams) are told of another server's step as it commits: when the
//     store is a [store.Notifier] (PostgreSQL), one listener per server hears every commit and
//     catches up the games it holds with viewers. Without one (SQLite files shared by several
//     processes), and as a fallback with one, each open stream polls the store.

// sharing is a Shared server's listener.
type sharing struct {
	stop      context.CancelFunc
	done      chan struct{}  // closed when the listener has returned
	catching  sync.WaitGroup // catch-ups the listener started
	listening atomic.Bool    // it has connected at least once: streams need not poll often
}

// streamTick is how often an event stream wakes: to look in the store itself (pollDue), and,
// every tenth, to send a keep-alive.
var streamTick = 2 * time.Second

// pollEvery is how many 2-second ticks of an event stream pass between its own looks at the
// store when the server listens for commits: a fallback, for a notification lost between a
// dropped connection and the next (whose ("", 0) call catches up every game anyway).
const pollEvery = 15

// listen starts the listener if the server is Shared and its store tells of commits.
func (s *Server) listen() {
	n, ok := s.cfg.Store.(store.Notifier)
	if !s.cfg.Shared || !ok {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	sh := &sharing{stop: cancel, done: make(chan struct{})}
	s.sharing = sh
	go func() {
		defer close(sh.done)
		n.Listen(ctx, func(id string, n int) { s.heard(ctx, id, n) })
	}()
}

// heard is told of step n of game id, committed by another server; ("", 0) after
// the listener (re)connects, when any game may have missed steps. Each game concerned is
// caught up in a goroutine of its own, so one game held locked (a step being saved) does not
// hold up the others' news.
func (s *Server) heard(ctx context.Context, id string, n int) {
	var ls []*live
	if id == "" {
		ls = s.inMemory()
	} else {
		s.mu.Lock()
		if l := s.games[id]; l != nil {
			ls = append(ls, l)
		}
		s.mu.Unlock()
	}
	if id == "" {
		s.sharing.listening.Store(true)
	}
	for _, l := range ls {
		s.sharing.catching.Add(1)
		go func() {
			defer s.sharing.catching.Done()
			s.catchUpViewed(ctx, l, n)
		}()
	}
}

// catchUpViewed catches l up with the store if it has live viewers and lacks step n (n 0: any
// step).
func (s *Server) catchUpViewed(ctx context.Context, l *live, n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.broken || len(l.subs) == 0 || n > 0 && len(l.g.Log) >= n {
		return
	}
	if err := s.catchUp(ctx, l); err != nil && ctx.Err() == nil {
		s.cfg.Logf("game %s catch-up: %v", l.rec.ID, err)
	}
}

// pollDue says whether an event stream of a Shared server, at its tick-th 2-second tick,
// should look in the store itself: every tick without a listener, every pollEvery-th with one.
func (s *Server) pollDue(tick int) bool {
	if s.sharing == nil || !s.sharing.listening.Load() {
		return true
	}
	return tick%pollEvery == 0
}
