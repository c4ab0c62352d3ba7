package server

import (
	"context"
	"net/http"
	"time"

	"github.com/umpire-referee/umpire/rules"
)

// The practice opponent. A game whose scenario names an opponent (`opponent: {side, boldness}`)
// has umpire play that side: as soon as it is that side's turn (after the game is created,
// and after every step taken), a driver asks the ruleset for the side's next step
// (rules.Player) and submits it as any step is submitted (Server.playAs: the same gate, the
// same log, store and events), with the referee's authority, so that it may begin the other
// side's turn when its own is over; the ruleset gives it only its own side's steps. Each
// decision is expensive work: it waits for a slot and the work share as an expensive request
// does. Its reason is kept with the step (steps.reason) and shown to its side and the referee
// only. One driver runs per game at a time.

// opponentDecideWait is how long a driver waits for a slot of expensive work before it gives
// up for now (the next step taken starts it again).
const opponentDecideWait = 30 * time.Second

// kickOpponent starts the game's opponent driver if the game has an opponent and none runs.
// The caller holds l.mu.
func (s *Server) kickOpponent(l *live) {
	op := l.g.Opponent()
	if op == nil || l.oppRunning || l.offRecord != "" || l.broken {
		return
	}
	if _, ok := l.g.Rules().(rules.Player); !ok {
		return
	}
	l.oppRunning = true
	s.oppWG.Add(1)
	go s.runOpponent(l.rec.ID, *op)
}

// runOpponent plays op's side of game id while it has a step to take.
func (s *Server) runOpponent(id string, op rules.Opponent) {
	defer s.oppWG.Done()
	var l *live
	defer func() {
		if l != nil {
			l.oppRunning = false
			l.mu.Unlock()
		}
	}()
	for n := 0; n < rules.TurnLimit; n++ {
		if !s.opponentSlot() {
			s.cfg.Logf("game %s: the opponent found no slot for its work; it waits for the next step", id)
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), opponentDecideWait)
		var err error
		l, err = s.lock(ctx, id)
		if err != nil {
			<-s.mem.slots
			cancel()
			l = nil
			return
		}
		start := time.Now()
		d, ok := l.g.Rules().(rules.Player).Decide(op.Side, op.Boldness)
		s.mem.share.charge(time.Now(), time.Since(start))
		<-s.mem.slots
		if !ok || l.offRecord != "" || l.broken {
			cancel()
			return
		}
		r, _ := http.NewRequestWithContext(ctx, http.MethodPost, "/api/games/"+id+"/steps", nil)
		b := newHeld()
		s.playAs(b, r, l, Referee, len(l.g.Log)+1, d.Line, d.Reason)
		code := b.code
		helds.Put(b)
		cancel()
		if code != http.StatusCreated {
			s.cfg.Logf("game %s: the opponent's step %q was answered %d; it stops until the next step", id, d.Line, code)
			return
		}
		l.mu.Unlock()
		l = nil
	}
}

// opponentSlot takes a slot of expensive work for a decision, after the work share's wait, as
// an expensive request would (memory.go); false if none came in time. The caller gives the
// slot back.
func (s *Server) opponentSlot() bool {
	if d := s.mem.share.wait(time.Now()); d > 0 {
		if d > opponentDecideWait {
			return false
		}
		time.Sleep(d)
	}
	select {
	case s.mem.slots <- struct{}{}:
		return true
	case <-time.After(opponentDecideWait):
		return false
	}
}

// givesTurn reports whether a side's step the gate would refuse (it moves only the opponent's
// side) begins the opponent's turn: a player may hand umpire its turn (ASL: `mph German` from
// the Russian's link), not move for it.
func givesTurn(l *live, role string, a rules.Action) bool {
	op := l.g.Opponent()
	if op == nil || role == op.Side || role == Spectator {
		return false
	}
	movers, _, _ := l.g.Rules().Movers(a)
	if len(movers) != 1 || movers[0] != op.Side {
		return false
	}
	return rules.HandsOver(l.g.Rules(), a, *op)
}
