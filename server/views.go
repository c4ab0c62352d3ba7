package server

import (
	"encoding/json"

	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/rules"
)

// The JSON the API answers with; docs/api.md shows each. The state is the ruleset's own view
// (rules.Game.View) with the head every ruleset shares (the practice opponent in it, when the
// game has one); a step is its rules.StepView.

type entryView struct {
	N      int      `json:"n"`
	Line   string   `json:"line"`
	Rolls  []string `json:"rolls"`
	Report any      `json:"report"` // the ruleset's report of the step (rules.StepView.Report)
	Text   string   `json:"text"`
	Hash   string   `json:"hash,omitempty"`
	Hidden bool     `json:"hidden,omitempty"` // another side's step, not shown (hidden movement)
	// Reason is why the practice opponent took the step: for its side and the referee only.
	Reason string `json:"reason,omitempty"`
}

func hashString(h [32]byte) string { return rules.HashString(h) }

// view is the state of g (after step at) as role sees it; the map is left out unless withMap
// (it changes only when a wreck is added, and answers to a step carry only what moved). The
// ruleset decides what the role may know.
func view(l *live, g *game.Game, role string, at int, withMap bool) any {
	all := g.Rules().Sides()
	h := l.hash
	if g != l.g {
		h = g.Hash()
	}
	head := rules.Head{ID: l.rec.ID, Name: l.rec.Name, Ruleset: g.Ruleset().Name(), Role: role, MayMove: mayMove(role, all), Sides: all,
		N: len(l.g.Log), At: at, Hash: hashString(h), OffRecord: l.offRecord, Opponent: g.Opponent()}
	return g.Rules().View(head, withMap)
}

// entryOf is step n (from 1) of l's log with its report, as role may see it.
func entryOf(l *live, n int, role string) (entryView, error) {
	e := l.g.Log[n-1]
	rep, err := l.reports.at(n - 1)
	if err != nil {
		return entryView{}, err
	}
	sv := l.g.Rules().StepView(rep, e.Rolls, role)
	ev := entryView{N: e.N, Line: sv.Line, Rolls: []string{}, Report: sv.Report, Text: sv.Text, Hidden: sv.Hidden, Reason: reasonFor(l, e, role)}
	for _, r := range sv.Rolls {
		ev.Rolls = append(ev.Rolls, r.String())
	}
	return ev, nil
}

// reasonFor is the opponent's reason for step e as role may read it: its own side and the
// referee read it (in hidden movement it names what the other side may not know); "" for
// every other role, and for a player's step.
func reasonFor(l *live, e game.Entry, role string) string {
	op := l.g.Opponent()
	if e.Reason == "" || op == nil || (role != Referee && role != op.Side) {
		return ""
	}
	return e.Reason
}

// roleHash is the hash of the live state as role is shown it (rules.RoleHasher).
func roleHash(l *live, role string) string {
	if rh, ok := l.g.Rules().(rules.RoleHasher); ok {
		return rh.HashFor(role, l.hash)
	}
	return hashString(l.hash)
}

// stepEvent is the event stream's message for step n, as role may see it, with the hash of
// the state role is shown.
func stepEvent(l *live, n int, role string) ([]byte, error) {
	ev, err := entryOf(l, n, role)
	if err != nil {
		return nil, err
	}
	ev.Hash = roleHash(l, role)
	return json.Marshal(ev)
}

// publish tells every subscriber of step n (each as its role may see it); one that has fallen
// behind is dropped (its page reconnects and reloads). The caller holds l.mu.
func (l *live) publish(n int) {
	if len(l.subs) == 0 {
		return
	}
	msgs := map[string][]byte{}
	// A game without hidden information shows every role the same step and hash
	// (rules.Game.StepView): one message serves every stream, made once, under the game's lock.
	_, hidden := l.g.Rules().(rules.Gatekeeper)
	_, perRole := l.g.Rules().(rules.RoleHasher)
	same := !hidden && !perRole
	for ch, role := range l.subs {
		key := role
		if same {
			key = ""
		}
		msg, ok := msgs[key]
		if !ok {
			var err error
			if msg, err = stepEvent(l, n, role); err != nil {
				msg = nil // the stream is dropped: its page reconnects, reloads and says what failed
			}
			msgs[key] = msg
		}
		if msg == nil {
			delete(l.subs, ch)
			close(ch)
			continue
		}
		select {
		case ch <- msg:
		default:
			delete(l.subs, ch)
			close(ch)
		}
	}
}
