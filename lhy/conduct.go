package lhy

import "fmt"

// What a unit in each state may do: one table, States, and one gate, Game.mayAct, that every
// verb asks before it lets a unit act. A verb that names a unit (a firer, an attacker, the unit
// that Advances, attempts a Vehicle Destruction, Recovers, Withdraws or Retreats) asks the gate
// for that unit; the gate refuses the step, citing the cell's rule line, when any state the unit
// is in bars the verb. The verbs' own checks (range, side, the row's Advance...) come after.

// Verb is a kind of step a unit takes part in, as the table States reads it.
type Verb uint8

// The verbs the table answers for.
const (
	VerbFire      Verb = iota // fires small arms, named as a firer (sa ... by UNIT)
	VerbAssault               // goes into an Assault (assault, declare)
	VerbReinforce             // joins a declared Assault (reinforce)
	VerbAdvance               // Advances after an Assault (14.3)
	VerbVDA                   // makes a Vehicle Destruction Attempt (14.3.2)
	VerbRecover               // rolls to Recover
	VerbWithdraw              // Withdraws 1 to 4 hexes
	VerbRetreat               // Retreats after losing an Assault (14.3.3)
	NumVerbs
)

func (v Verb) String() string {
	return [NumVerbs]string{"fire", "assault", "reinforce", "advance", "vda", "recover", "withdraw", "retreat"}[v]
}

// UnitState is a state a unit may be in that limits what it may do: a row of States.
type UnitState uint8

// The states of the table. A unit may be in several (a Disrupted Fighting Position).
const (
	GoodOrder  UnitState = iota // neither Disrupted, Regrouping nor Shocked
	Disrupted                   // marked Disrupted
	Regrouping                  // marked Regrouping (14.3): an undisrupted non-vehicular unit
	Shocked                     // a Shocked AFV (13.3.5)
	FPState                     // a Fighting Position: it never moves (rules-notes 2.3)
	NumStates
)

func (s UnitState) String() string {
	return [NumStates]string{"in good order", "Disrupted", "Regrouping", "Shocked", "a Fighting Position"}[s]
}

// Holds reports whether u is in the state.
func (s UnitState) Holds(u *Unit) bool {
	switch s {
	case GoodOrder:
		return !u.Disrupted && !u.Regrouping && !u.Shocked
	case Disrupted:
		return u.Disrupted
	case Regrouping:
		return u.Regrouping
	case Shocked:
		return u.Shocked
	case FPState:
		return u.Kind == FP
	}
	return false
}

// Leave is what a cell of the table lets a unit do.
type Leave uint8

// What a cell allows.
const (
	Allowed      Leave = iota // the state does not bar the verb
	Barred                    // the state bars the verb
	AdjacentOnly              // small-arms fire at an adjacent hex only (and one worse: placeSADRM)
)

// Cell is what a unit in one state may do with one verb, and the rule line that says so: a seed
// section ("14.0") or a line of the rules-notes ("rules-notes 2.3"). Why completes a refusal
// "U1 is Disrupted: ...".
type Cell struct {
	Leave Leave
	Rule  string
	Why   string
}

// States is the table: per state, per verb, what a unit may do and the rule line it rests on.
// Every verb asks it through Game.mayAct.
var States = [NumStates][NumVerbs]Cell{
	GoodOrder: {
		VerbFire:      {Allowed, "13.1", ""},
		VerbAssault:   {Allowed, "14.0", ""},
		VerbReinforce: {Allowed, "14.0", ""},
		VerbAdvance:   {Allowed, "rules-notes 2.3", ""},
		VerbVDA:       {Allowed, "14.3.2", ""},
		// Recovery is the way out of Disruption, Regrouping or Shock.
		VerbRecover:  {Barred, "rules-notes 2.5", "it has nothing to recover from"},
		VerbWithdraw: {Allowed, "14.3", ""},
		VerbRetreat:  {Allowed, "14.3.3", ""},
	},
	Disrupted: {
		// The aid states no fire for a Disrupted unit; a Regrouping one (the milder state, which
		// Japanese and Russian units take where others Disrupt) may only fire small arms at an
		// adjacent hex, Recover or Withdraw. A Disrupted unit is read as no freer: it may
		// Recover or Withdraw, and not fire.
		VerbFire:      {Barred, "rules-notes 2.3", "it may only Recover or Withdraw [default: a Regrouping unit, the milder state, fires only at an adjacent hex]"},
		VerbAssault:   {Barred, "14.0", "a Disrupted unit may not assault"},
		VerbReinforce: {Barred, "14.0", "a Disrupted unit may not assault"},
		VerbAdvance:   {Barred, "rules-notes 2.3", "only a unit eligible for an Assault may Advance"},
		VerbVDA:       {Barred, "14.3.2", "a Vehicle Destruction Attempt takes an undisrupted combat unit, LATW or FP"},
		VerbRecover:   {Allowed, "rules-notes 2.5", ""},
		VerbWithdraw:  {Allowed, "rules-notes 2.3", ""},
		VerbRetreat:   {Allowed, "14.3.3", ""},
	},
	Regrouping: {
		VerbFire:      {AdjacentOnly, "14.3", "it fires small arms only at an adjacent hex"},
		VerbAssault:   {Barred, "14.0", "a Regrouping unit may not assault"},
		VerbReinforce: {Barred, "14.0", "a Regrouping unit may not assault"},
		VerbAdvance:   {Barred, "rules-notes 2.3", "only a unit eligible for an Assault may Advance"},
		VerbVDA:       {Barred, "14.3", "it may only fire small arms at an adjacent hex, Recover or Withdraw"},
		VerbRecover:   {Allowed, "14.3", ""},
		VerbWithdraw:  {Allowed, "14.3", ""},
		// The Retreat is the row's, not the unit's choice: a Japanese or Russian loser is marked
		// Regrouping and retreats all the same.
		VerbRetreat: {Allowed, "14.3.3", ""},
	},
	Shocked: {
		VerbFire:      {Barred, "13.3.5", "it may only Recover"},
		VerbAssault:   {Barred, "14.0", "a Shocked unit may not assault"},
		VerbReinforce: {Barred, "14.0", "a Shocked unit may not assault"},
		VerbAdvance:   {Barred, "rules-notes 2.3", "only a unit eligible for an Assault may Advance"},
		VerbVDA:       {Barred, "13.3.5", "it may only Recover"},
		VerbRecover:   {Allowed, "13.3.5", ""},
		VerbWithdraw:  {Barred, "13.3.5", "it may only Recover"},
		VerbRetreat:   {Barred, "14.3.3", "a Shocked AFV that loses is eliminated, it does not retreat"},
	},
	FPState: {
		VerbFire:      {Allowed, "13.1", ""},
		VerbAssault:   {Barred, "rules-notes 2.3", "an FP never moves: it defends, it does not assault"},
		VerbReinforce: {Barred, "rules-notes 2.3", "an FP never moves: it defends, it does not assault"},
		VerbAdvance:   {Barred, "rules-notes 2.3", "an FP never moves"},
		VerbVDA:       {Allowed, "14.3.2", ""},
		VerbRecover:   {Allowed, "rules-notes 2.5", ""},
		VerbWithdraw:  {Barred, "rules-notes 2.3", "an FP never moves"},
		VerbRetreat:   {Barred, "14.3.3", "a Fighting Position that loses is eliminated, it does not retreat"},
	},
}

// mayAct is the gate every verb passes a unit through: it refuses unit i the verb when a state
// the unit is in bars it (States), citing that cell's rule; at is the hex the verb aims at (the
// hex fired on), read by the cells that depend on it. Nil: the unit's state lets it act.
func (g *Game) mayAct(i int, v Verb, at Hex) *Refusal {
	if s, c := g.barring(i, v, at); c != nil {
		return refuse(c.Rule, "%s", stateRefusal(g.Units[i].ID, s, c))
	}
	return nil
}

// barring is the first state unit i is in whose cell bars it the verb v aimed at at, and that
// cell; a nil cell when none does. It words no refusal: a verb that only asks whether a unit
// may act (the odds ask it many times) asks this.
func (g *Game) barring(i int, v Verb, at Hex) (UnitState, *Cell) {
	u := &g.Units[i]
	for s := range NumStates {
		if !s.Holds(u) {
			continue
		}
		c := &States[s][v]
		if c.Leave == Barred || c.Leave == AdjacentOnly && !u.At.Adjacent(at) {
			return s, c
		}
	}
	return 0, nil
}

// stateRefusal is the words of a refusal by cell c of state s: "U1 is Disrupted: ...".
func stateRefusal(id string, s UnitState, c *Cell) string {
	return fmt.Sprintf("%s is %s: %s", id, s, c.Why)
}
