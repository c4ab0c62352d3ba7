package server

import (
	"errors"

	"github.com/umpire-referee/umpire/store"
)

// A game leaving memory, and its event streams.
//
// Each event stream is subscribed to one copy of its game in memory (live.subs), and hears of
// a step only through that copy (live.publish). A copy leaves memory for one of several
// reasons: a step played on it could not be saved (the store failed, or another server took
// the step first), a step another server saved does not replay on it, nobody has used it for
// a while (idle eviction), or the server needs the memory. Whatever the reason, it leaves
// through drop, which closes every stream subscribed to it: a stream left on a copy that is
// gone would stay open and silent for ever, and its page would never learn of another step.
// A closed stream makes the page's EventSource connect again; the new stream opens on the
// game as the store has it (loaded afresh), and its hello event's n tells the page which steps
// to fetch from the log.

// Why a game leaves memory: the reasons drop is given, as the server's log says them.
const (
	whyUnsaved   = "a step could not be saved"
	whyLostRace  = "another server saved the step first"
	whyCatchUp   = "a step another server saved does not replay here"
	whyIdle      = "unused for the idle-eviction time"
	whyReloading = "the copy is broken and is loaded again"
	whyMemory    = "the server is short of memory"
)

// drop takes l out of memory because of why (one of the why... reasons): it is marked
// broken, so a request that found it a moment before loads the game again instead of using
// it; it is no longer the server's copy of the game; and every event stream subscribed to it
// is closed, so each page reconnects to the copy that replaces it and catches up from the
// log. Dropping a copy again does nothing more. The caller holds l.mu.
func (s *Server) drop(l *live, why string) {
	l.broken = true
	s.mu.Lock()
	if s.games[l.rec.ID] == l {
		delete(s.games, l.rec.ID)
	}
	s.mu.Unlock()
	n := len(l.subs)
	if n == 0 {
		return
	}
	for ch := range l.subs {
		delete(l.subs, ch)
		close(ch) // the stream's handler returns, and its page reconnects
	}
	s.cfg.Logf("game %s left memory (%s): %d event streams closed (their pages reconnect)", l.rec.ID, why, n)
}

// dropWhy is why a game whose step could not be saved (err) leaves memory.
func dropWhy(err error) string {
	if errors.Is(err, store.ErrConflict) {
		return whyLostRace
	}
	return whyUnsaved
}
