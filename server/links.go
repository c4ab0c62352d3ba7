package server

import (
	"context"
	"sort"
	"time"

	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/store"
)

// A game's links can be issued again (`umpire games --new-links ID`): the store keeps only the
// digests of the tokens, so a lost link cannot be read back, only replaced. NewLinks replaces
// every role's token at once in the store; a server running on that store takes the new ones
// within tokenRecheck of the game's next request (its copy in memory reads the digests again),
// and from then the old links open nothing and the event streams opened with them end.

// tokenRecheck is how long a game in memory trusts the token digests it read from the store:
// a request after that reads them again (one small read per game at most this often).
var tokenRecheck = 5 * time.Second

// NewLinks gives every role of game id (each side, the referee, the spectator) a new token in
// st, replacing the old ones all together, and returns them as Create does (Links are paths:
// put the server's address before them). The old links stop working. A game whose links were
// replaced meanwhile by someone else is store.ErrConflict; an unknown one store.ErrNotFound.
func NewLinks(ctx context.Context, st store.Store, id string) (*Created, error) {
	rec, err := st.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	c := &Created{ID: rec.ID, Name: rec.Name, Tokens: map[string]string{}, Links: map[string]string{}}
	c.Ruleset, _ = rules.Named(rec.Scenario)
	c.Sides = sidesOf(rec)
	now := make(map[string][]byte, len(rec.Tokens))
	for role := range rec.Tokens {
		tok, digest := mintToken()
		now[role] = digest
		c.Tokens[role] = tok
		c.Links[role] = "/play/" + rec.ID + "?k=" + tok
	}
	if err := st.ReplaceTokens(ctx, id, rec.Tokens, now); err != nil {
		return nil, err
	}
	if es, err := st.Entries(ctx, id, 0); err == nil {
		c.N = len(es)
	}
	return c, nil
}

// sidesOf are the sides of a stored game in its scenario's order, or, if the scenario no
// longer loads, the roles its tokens name other than the referee and the spectator, by name.
func sidesOf(rec store.Game) []string {
	if g, err := game.Open(rec.Name, rec.Scenario); err == nil {
		return g.Rules().Sides()
	}
	var sides []string
	for role := range rec.Tokens {
		if role != Referee && role != Spectator {
			sides = append(sides, role)
		}
	}
	sort.Strings(sides)
	return sides
}

// recheckTokens reads the game's token digests from the store again if its copy is older than
// tokenRecheck. If they changed (new links were issued), the copy takes them and the game's
// event streams end: each page reconnects, and only with a current link. A failed read keeps
// the digests the game has. The caller holds l.mu.
func (s *Server) recheckTokens(ctx context.Context, l *live) {
	now := time.Now()
	if now.Sub(l.tokensRead) < tokenRecheck {
		return
	}
	toks, err := s.cfg.Store.Tokens(ctx, l.rec.ID)
	if err != nil {
		if ctx.Err() == nil {
			s.cfg.Logf("game %s: its links could not be read again: %v", l.rec.ID, err)
		}
		return
	}
	l.tokensRead = now
	if store.SameTokens(toks, l.rec.Tokens) {
		return
	}
	l.rec.Tokens = toks
	n := len(l.subs)
	for ch := range l.subs {
		delete(l.subs, ch)
		close(ch) // the stream's handler returns, and its page reconnects with its link
	}
	s.cfg.Logf("game %s has new links: %d event streams closed", l.rec.ID, n)
}
