package asl

import (
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/refusal"
)

// Refusal is a step the rules forbid. It names the rule and says why; the game is unchanged.
type Refusal = refusal.Refusal

func refuse(rule, format string, args ...any) *Refusal { return refusal.New(rule, format, args...) }

// refuse is a refusal of this game's. A Scratch game (a planner's) keeps the rule and the
// message unformatted, in the one refusal it reuses: nobody reads it past the next try, and
// formatting and allocating every refused try was a fifth of a planner's time.
func (g *Game) refuse(rule, format string, args ...any) *Refusal {
	if g.Scratch {
		g.refused = Refusal{Rule: rule, Msg: format}
		return &g.refused
	}
	return refusal.New(rule, format, args...)
}

// RollEvent is a die roll made during a step, with what it was for and what it meant.
type RollEvent struct {
	For    string // "Bog Check", "Mechanical Reliability", "ESB", "Motion attempt", ...
	Rule   string
	Roll   dice.Roll
	DRM    DRM
	Final  int
	Need   string // the condition, e.g. "Final DR >= 12 bogs"
	Result string // what happened, e.g. "Bogged"
	// Odds is the exact chance, before the roll, of the outcome Need names (bogging,
	// breaking down, an ESB failing, a Motion attempt succeeding).
	Odds dice.Prob
	// Risk is the exact chance, before the roll, that it stops the moving vehicle: Bogged,
	// Immobilized, stalled, or held by a failed NTC. Zero-valued (Den 0) for other rolls.
	Risk dice.Prob
}

// Event is something a step made happen besides spending MP.
type Event struct {
	Rule string
	Text string
}

// Result is what an accepted step did. It is filled in place (no allocation) by [Game.Step].
type Result struct {
	Cost  Cost // the MP this step spent, with its breakdown
	Total MP   // the unit's MP spent so far this MPh, after the step
	// CaseA is the To Hit DRM of a TCA change (tca steps).
	CaseA    DRM
	HasCaseA bool
	// Hindrances is the number of LOS Hindrances a los step found (E11.4).
	Hindrances int
	rolls      [6]RollEvent
	events     [8]Event
	nr, ne     uint8
}

// Reset clears a Result for reuse. Only the counts go back to zero: the terms, rolls and
// events past them are never read, and clearing all 3½ KB of them was a fifth of a planner's
// time.
func (r *Result) Reset() {
	r.Cost.reset()
	r.Total, r.HasCaseA, r.Hindrances, r.nr, r.ne = 0, false, 0, 0, 0
	r.CaseA.n = 0
}

// Rolls are the dice rolled in the step, in order.
func (r *Result) Rolls() []RollEvent { return r.rolls[:r.nr] }

// Events are what the step made happen, in order.
func (r *Result) Events() []Event { return r.events[:r.ne] }

func (r *Result) roll(e RollEvent) {
	if int(r.nr) < len(r.rolls) {
		r.rolls[r.nr] = e
		r.nr++
	}
}

func (r *Result) event(rule, text string) {
	if int(r.ne) < len(r.events) {
		r.events[r.ne] = Event{rule, text}
		r.ne++
	}
}

// Mobile is the chance, before the rolls, that the step's checks all let the vehicle go on
// (the product of 1 - Risk over its rolls): 1 for a step that rolls nothing risky.
func (r *Result) Mobile() float64 {
	p := 1.0
	for _, e := range r.Rolls() {
		if e.Risk.Den > 0 {
			p *= 1 - e.Risk.Float()
		}
	}
	return p
}

// Rules are all rule ids the step cites: its cost terms, rolls and events.
func (r *Result) Rules() []string {
	rs := r.Cost.Rules()
	for _, e := range r.Rolls() {
		rs = addRule(rs, e.Rule)
	}
	for _, e := range r.Events() {
		rs = addRule(rs, e.Rule)
	}
	return rs
}
