package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/umpire-referee/umpire/rules"
)

// The odds of a proposed step (rules.Oddser), worked out on a copy of the game without
// holding it.

// oddsWait bounds how long an odds request waits for a free enumerator and for its answer.
// An enumeration given up is cancelled (its context is done); it holds its slot until it has
// stopped, so at most cap(Server.oddsSlots) cores are ever busy working out odds.
var oddsWait = 10 * time.Second

var errOddsBusy = errors.New("the odds of this step take too long to work out now (too many dice, or the server is busy): try again, or ask for fewer markers")

// enumerate works out a step's odds in one of the server's enumeration slots.
func (s *Server) enumerate(ctx context.Context, o rules.Oddser, line string, n int) (any, error) {
	timer := time.NewTimer(oddsWait)
	defer timer.Stop()
	select {
	case s.oddsSlots <- struct{}{}:
	case <-timer.C:
		return nil, errOddsBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	type result struct {
		out any
		err error
	}
	// The enumeration stops by itself once the request is answered or given up.
	ectx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan result, 1)
	go func() {
		defer func() { <-s.oddsSlots }()
		defer func() {
			if p := recover(); p != nil {
				done <- result{nil, fmt.Errorf("the odds could not be worked out: %v", p)}
			}
		}()
		out, err := o.Odds(ectx, line, n)
		done <- result{out, err}
	}()
	select {
	case res := <-done:
		return res.out, res.err
	case <-timer.C:
		return nil, errOddsBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// odds answers the exact distribution of a proposed step without playing it. In a game of
// hidden information (a rules.Gatekeeper) only the referee may ask: the odds of a step are
// worked out on the whole game, and would tell a side what it may not know.
func (s *Server) odds(w http.ResponseWriter, r *http.Request) {
	l, role, ok := s.open(w, r)
	if !ok {
		return
	}
	if _, hidden := l.g.Rules().(rules.Gatekeeper); hidden && role != Referee {
		l.mu.Unlock()
		fail(w, http.StatusForbidden, "in a game of hidden information only the referee's link may ask for odds: they are worked out on everything the referee knows")
		return
	}
	if s.cfg.Shared {
		if err := s.catchUp(r.Context(), l); err != nil {
			s.cfg.Logf("game %s catch-up: %v", l.rec.ID, err)
		}
	}
	// The enumeration runs on a copy, without holding the game.
	var o rules.Oddser
	_, able := l.g.Rules().(rules.Oddser)
	if able {
		o = l.g.Rules().Clone().(rules.Oddser)
	}
	rs, n := l.g.Ruleset(), len(l.g.Log)
	l.mu.Unlock()
	if !able {
		fail(w, http.StatusBadRequest, "%v", rules.Lacks(rs, "odds before a roll"))
		return
	}
	line := strings.TrimSpace(r.URL.Query().Get("line"))
	if overLimit(w, s.cfg.Limits.Check(rules.LimitLine, len(line), fmt.Sprintf("the step's notation is %d bytes", len(line)))) {
		return
	}
	if line == "" {
		fail(w, http.StatusBadRequest, "odds?line=STEP: give the step to weigh, in the game's notation")
		return
	}
	out, err := s.enumerate(r.Context(), o, line, n)
	var bad *rules.BadLine
	var ref *rules.Refusal
	switch {
	case errors.Is(err, errOddsBusy):
		fail(w, http.StatusServiceUnavailable, "%v", err)
	case r.Context().Err() != nil:
		// the client left
	case errors.As(err, &bad):
		fail(w, http.StatusBadRequest, "%v", bad.Err)
	case errors.As(err, &ref):
		writeJSON(w, http.StatusUnprocessableEntity, apiError{Error: ref.Msg, Rule: ref.Rule, N: n})
	case err != nil:
		writeJSON(w, http.StatusUnprocessableEntity, apiError{Error: err.Error(), N: n})
	default:
		writeJSON(w, http.StatusOK, out)
	}
}
