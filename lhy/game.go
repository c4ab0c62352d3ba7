package lhy

import (
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/refusal"
)

// Game is the state the procedures read and change: the map, the units, the date, the
// Assaults declared and not yet resolved, and the results of the last Assault still to be
// carried out (retreats, Vehicle Destruction Attempts, Advance).
type Game struct {
	Map   *Map // shared between clones: never changed by a step
	Units []Unit
	Date  Date // the scenario date (0: unknown; DRMs "after 9/43" then do not apply)
	Night bool // Retreats at night are at most 3 hexes (14.3.3)
	Turn  int

	// Readings are the questions the player aid leaves open that this game answers other than
	// by default (readings.go); the zero set plays every default.
	Readings ReadingSet

	Assaults []Assault // declared, not yet resolved
	After    *After    // what the last resolved Assault still asks for
	IPs      []Hex     // Improved Positions left by destroyed Fighting Positions (13.3.6)
	// Objectives are what the scenario sets the sides to do (objective.go). They are hashed
	// apart (the ruleset's Hash adds them): a game without them hashes as before.
	Objectives []Objective `hash:"-"`
}

// Date is a month, as year*12 + month-1.
type Date int

// MakeDate is the date of a month (1..12) of a year.
func MakeDate(year, month int) Date { return Date(year*12 + month - 1) }

func (d Date) String() string {
	if d == 0 {
		return "unknown"
	}
	return fmt.Sprintf("%d/%02d", int(d)%12+1, int(d)/12%100)
}

// After9_43 reports whether the date is after September 1943 (the aid's "after 9/43").
func (d Date) After9_43() bool { return d != 0 && d > MakeDate(1943, 9) }

// Assault is a declared Assault: the hex assaulted and the attacking units, each with the hex
// it goes in from.
type Assault struct {
	Target      Hex
	Attackers   []int // unit indexes
	From        []Hex // per attacker: the hex it enters the target from
	Envelopment bool  // declared with Coordinated Activation
}

// After is what the last Assault's result still asks the players to do (14.3): who must
// retreat and how far, who may attempt a Vehicle Destruction, who may Advance.
type After struct {
	Target                 Hex
	Attackers, Defenders   []int
	AttackerSide, DefSide  string
	Loser                  Who
	Retreat                []int // units that must still retreat
	RetreatMin, RetreatMax int
	VDA                    Who         // the sides the row gives a Vehicle Destruction Attempt (14.3.2)
	VDAMade                Who         // the sides that have made theirs (one per side)
	Advance                Who         // the side that may Advance
	Unloaded               map[int]int // rider unit -> the vehicle it unloaded from in this Assault
}

// VDAOpen is the sides that may still make their Vehicle Destruction Attempt: those the row
// gives one that have not made it (14.3.2).
func (a *After) VDAOpen() Who { return a.VDA &^ a.VDAMade }

// Refusal is a step the rules forbid: the rule it breaks and why. A refused step changes
// nothing.
type Refusal = refusal.Refusal

func refuse(rule, format string, args ...any) *Refusal { return refusal.New(rule, format, args...) }

// Event is one thing a step did, with the rule behind it. Key is the fact without the dice
// faces ("GE1 Casualty"); the odds count outcomes by their keys.
type Event struct {
	Text string
	Rule string
	Key  string
}

// Report is a step's explanation: its DRM terms, the roll, the table row and what happened.
type Report struct {
	Line      string
	Verb      string
	Terms     []Term
	Net       int
	Breakdown string // "+2 [Cohesion 7 vs 5] -1 [Concealed] = +1"
	Natural   int    // the main roll (0 if none)
	Final     int
	Row       string // the Assault Results row ("10-13")
	Loser     string
	Rolls     []Roll
	Events    []Event

	quiet bool       // working out odds: keep the keys, skip the texts
	facts []unitKeys // a quiet report's keys of unit facts made so far, by unit (fact)
}

// Clone is an independent copy of the game (the map is shared: steps never change it).
func (g *Game) Clone() *Game {
	c := *g
	c.Units = append([]Unit(nil), g.Units...)
	c.Objectives = append([]Objective(nil), g.Objectives...)
	if g.Assaults != nil {
		c.Assaults = make([]Assault, len(g.Assaults))
		for i, a := range g.Assaults {
			a.Attackers = append([]int(nil), a.Attackers...)
			a.From = append([]Hex(nil), a.From...)
			c.Assaults[i] = a
		}
	}
	if g.After != nil {
		a := *g.After
		a.Attackers = append([]int(nil), a.Attackers...)
		a.Defenders = append([]int(nil), a.Defenders...)
		a.Retreat = append([]int(nil), a.Retreat...)
		a.Unloaded = make(map[int]int, len(g.After.Unloaded))
		for k, v := range g.After.Unloaded {
			a.Unloaded[k] = v
		}
		c.After = &a
	}
	c.IPs = append([]Hex(nil), g.IPs...)
	return &c
}

// cloneInto makes dst an independent copy of g, as Clone does, reusing dst's storage.
func (g *Game) cloneInto(dst *Game) {
	units, assaults, after, ips := dst.Units, dst.Assaults, dst.After, dst.IPs
	*dst = *g
	dst.Units = append(units[:0], g.Units...)
	dst.Assaults = assaults[:0]
	for _, a := range g.Assaults {
		a.Attackers = append([]int(nil), a.Attackers...)
		a.From = append([]Hex(nil), a.From...)
		dst.Assaults = append(dst.Assaults, a)
	}
	if g.Assaults == nil {
		dst.Assaults = nil
	}
	dst.After = nil
	if g.After != nil {
		if after == nil {
			after = &After{}
		}
		unloaded := after.Unloaded
		a, r, d := after.Attackers, after.Retreat, after.Defenders
		*after = *g.After
		after.Attackers = append(a[:0], g.After.Attackers...)
		after.Defenders = append(d[:0], g.After.Defenders...)
		after.Retreat = append(r[:0], g.After.Retreat...)
		if unloaded == nil {
			unloaded = make(map[int]int, len(g.After.Unloaded))
		}
		clear(unloaded)
		for k, v := range g.After.Unloaded {
			unloaded[k] = v
		}
		after.Unloaded = unloaded
		dst.After = after
	}
	dst.IPs = append(ips[:0], g.IPs...)
}

// Unit finds a unit by id (case-insensitive).
func (g *Game) Unit(id string) (int, bool) {
	for i := range g.Units {
		if strings.EqualFold(g.Units[i].ID, id) {
			return i, true
		}
	}
	return 0, false
}

// HasIP reports whether h holds an Improved Position.
func (g *Game) HasIP(h Hex) bool {
	if g.Map.Info(h).IP {
		return true
	}
	for _, x := range g.IPs {
		if x == h {
			return true
		}
	}
	return false
}

// inBuf is In in buf's storage (no allocation for a hex of a few units).
func (g *Game) inBuf(h Hex, buf *[12]int) []int {
	out := buf[:0]
	for i := range g.Units {
		if !g.Units[i].Eliminated && g.Units[i].At == h {
			out = append(out, i)
		}
	}
	return out
}

// In lists the units in h that are on the map.
func (g *Game) In(h Hex) []int {
	var out []int
	for i := range g.Units {
		if !g.Units[i].Eliminated && g.Units[i].At == h {
			out = append(out, i)
		}
	}
	return out
}

func (g *Game) name(i int) string { return g.Units[i].ID }

func (g *Game) hexName(h Hex) string { return g.Map.Name(h) }

// Apply plays one step of notation (see Parse) with dice from src. It returns the step's
// report, or a *Refusal (or a notation error) and leaves the game as it was.
func (g *Game) Apply(line string, src dice.Source) (*Report, error) {
	a, err := Parse(g, line)
	if err != nil {
		return nil, err
	}
	return g.Do(a, src)
}

// Do plays a parsed step. A refusal or a dice error leaves the game unchanged.
func (g *Game) Do(a Action, src dice.Source) (*Report, error) {
	c := g.Clone()
	r := &liveRoller{src: src}
	rep, err := c.do(a, r)
	if err != nil {
		return nil, err
	}
	rep.Rolls = r.rolls
	*g = *c
	return rep, nil
}

func (g *Game) do(a Action, r roller) (*Report, error) {
	_, quiet := r.(*pathRoller)
	rep := &Report{Line: a.Text, Verb: a.Verb, quiet: quiet}
	p, err := g.procedure(a, rep)
	if err != nil {
		return nil, err
	}
	if err := p.live(g, rep, r); err != nil {
		return nil, err
	}
	return rep, nil
}

// procedure sets a step up on g (its checks and the changes made before any die) and returns
// the rest of it, to play or to weigh (plan.go).
func (g *Game) procedure(a Action, rep *Report) (procedure, error) {
	if a.Verb != "retreat" && a.Verb != "vda" && a.Verb != "advance" {
		if err := g.closeAfter(); err != nil {
			return nil, err
		}
	}
	switch a.Verb {
	case "fire":
		p, err := g.firePlan(a, rep)
		if err != nil {
			return nil, err
		}
		return p, nil
	case "assault":
		if err := g.declare(a, rep); err != nil {
			return nil, err
		}
		return g.resolvePlan(len(g.Assaults)-1, rep)
	case "resolve":
		i, ok := g.declared(a.Hex)
		if !ok {
			return nil, refuse("14.0", "no Assault on %s has been declared", g.hexName(a.Hex))
		}
		return g.resolvePlan(i, rep)
	}
	return whole(func(g *Game, rep *Report, r roller) error { return g.play(a, rep, r) }), nil
}

// play plays a step that is not cut into stages.
func (g *Game) play(a Action, rep *Report, r roller) error {
	var err error
	switch a.Verb {
	case "declare":
		err = g.declare(a, rep)
	case "reinforce":
		err = g.reinforce(a, rep)
	case "vda":
		err = g.vda(a, rep, r)
	case "retreat":
		err = g.retreat(a, rep)
	case "advance":
		err = g.advance(a, rep)
	case "recover":
		err = g.recover(a, rep, r)
	case "withdraw":
		err = g.withdraw(a, rep)
	case "turn":
		g.closeObjectives() // the turn ends: its deadlines are judged
		g.Turn++
		for i := range g.Units {
			g.Units[i].Assaulted, g.Units[i].Advanced, g.Units[i].SecondAssault = false, false, false
		}
		rep.Events = append(rep.Events, Event{Text: fmt.Sprintf("turn %d", g.Turn), Key: "new turn"})
	default:
		err = fmt.Errorf("unknown verb %q", a.Verb)
	}
	return err
}

// closeAfter ends the window after an Assault; it refuses while a loser has not retreated.
func (g *Game) closeAfter() error {
	if g.After == nil {
		return nil
	}
	var left []string
	for _, i := range g.After.Retreat {
		left = append(left, g.name(i))
	}
	if len(left) > 0 {
		return refuse("14.3.3", "%s must retreat first (retreat UNIT HEX..., or retreat UNIT eliminated if no Retreat is possible)", strings.Join(left, ", "))
	}
	g.After = nil
	return nil
}

func (g *Game) declared(h Hex) (int, bool) {
	for i, a := range g.Assaults {
		if a.Target == h {
			return i, true
		}
	}
	return 0, false
}

func (rep *Report) add(rule, key, format string, args ...any) {
	if rep.quiet {
		if key != "" {
			rep.Events = append(rep.Events, Event{Rule: rule, Key: key})
		}
		return
	}
	rep.Events = append(rep.Events, Event{Text: fmt.Sprintf(format, args...), Rule: rule, Key: key})
}

// note is add with the text made by text, and only when the report keeps texts: the odds
// play the stages of a step many times on quiet reports, and formatting the texts there (even
// boxing their arguments) would be most of the work.
func (rep *Report) note(rule, key string, text func() string) {
	if rep.quiet {
		if key != "" {
			rep.Events = append(rep.Events, Event{Rule: rule, Key: key})
		}
		return
	}
	rep.Events = append(rep.Events, Event{Text: text(), Rule: rule, Key: key})
}

// reason is a reason for a report's text, made by f only when the report keeps texts.
func (rep *Report) reason(f func() string) string {
	if rep.quiet {
		return ""
	}
	return f()
}

// cat is a reason for a report's text, its parts joined: nothing when the report is quiet
// (no text is kept).
func (rep *Report) cat(parts ...string) string {
	if rep.quiet {
		return ""
	}
	return strings.Join(parts, "")
}

// A unitFact is a fact said of one unit, its key the unit's ID and a few words.
type unitFact uint8

// The facts of one unit.
const (
	factCasualty         unitFact = iota // "GE1 Casualty"
	factEliminated                       // "GE1 eliminated"
	factDestroyed                        // "T1 Destroyed"
	factDisrupted                        // "GE1 Disrupted"
	factRegrouping                       // "GE1 Regrouping"
	factLosesConcealment                 // "GE1 loses Concealment"
	factPasses                           // "GE1 passes Cohesion Check"
	factFails                            // "GE1 fails Cohesion Check"
	factUnloads                          // "GE1 unloads"
	factShocked                          // "T1 Shocked"
	factNoEffect                         // "no effect on GE1"
	unitFacts
)

// word is what fact f says of its unit: "Casualty", "passes Cohesion Check".
func (f unitFact) word() string {
	return [...]string{"Casualty", "eliminated", "Destroyed", "Disrupted", "Regrouping", "loses Concealment",
		"passes Cohesion Check", "fails Cohesion Check", "unloads", "Shocked", "no effect"}[f]
}

// of is the key of fact f of the unit named id.
func (f unitFact) of(id string) string {
	if f == factNoEffect {
		return "no effect on " + id
	}
	return id + " " + f.word()
}

// removed is the fact of unit u removed: a vehicle, a Fighting Position, a Towed Gun or an
// LATW is Destroyed, the others eliminated.
func removed(u *Unit) unitFact {
	if u.Vehicular() || u.Kind == FP || u.Kind == TowedGun || u.Kind == LATW {
		return factDestroyed
	}
	return factEliminated
}

// unitKeys are the keys made of one unit's facts.
type unitKeys struct {
	id   string
	keys [unitFacts]string
}

// fact is the key of fact f of unit i of g. A quiet report keeps the keys it makes, by unit and
// fact: the odds play the same stages over and over on one quiet report, and so make each key
// once rather than at every play.
func (rep *Report) fact(g *Game, i int, f unitFact) string {
	id := g.Units[i].ID
	if !rep.quiet {
		return f.of(id)
	}
	if i >= len(rep.facts) {
		rep.facts = append(rep.facts, make([]unitKeys, i+1-len(rep.facts))...)
	}
	k := &rep.facts[i]
	if k.id != id { // none yet, or a unit of another game
		*k = unitKeys{id: id}
	}
	if k.keys[f] == "" {
		k.keys[f] = f.of(id)
	}
	return k.keys[f]
}

// Keys are the report's outcome facts, in order.
func (rep *Report) Keys() []string {
	var out []string
	for _, e := range rep.Events {
		if e.Key != "" {
			out = append(out, e.Key)
		}
	}
	return out
}

// ---- what happens to units ----

// casualty removes a step; the unit is eliminated when none is left.
func (g *Game) casualty(i int, rule string, rep *Report, why string) {
	u := &g.Units[i]
	if u.Eliminated {
		return
	}
	u.Steps--
	if u.Steps <= 0 || u.Kind == Leader {
		g.eliminate(i, rule, rep, rep.cat(why, ": Casualty"))
		return
	}
	rep.note(rule, rep.fact(g, i, factCasualty), func() string {
		return fmt.Sprintf("%s suffers a Casualty (%s), now %d step(s)", u.ID, why, u.Steps)
	})
}

// eliminate removes a unit; a Fighting Position leaves an Improved Position (13.3.6); its
// Riders and Passengers get off where it was.
func (g *Game) eliminate(i int, rule string, rep *Report, why string) {
	u := &g.Units[i]
	if u.Eliminated {
		return
	}
	u.Eliminated = true
	u.Steps = 0
	if g.After != nil { // an eliminated unit owes no Retreat
		k := 0
		for _, j := range g.After.Retreat {
			if j != i {
				g.After.Retreat[k] = j
				k++
			}
		}
		g.After.Retreat = g.After.Retreat[:k]
	}
	verb := removed(u).word()
	rep.note(rule, rep.fact(g, i, removed(u)), func() string { return fmt.Sprintf("%s is %s (%s)", u.ID, verb, why) })
	if u.Kind == FP && !g.HasIP(u.At) {
		g.IPs = append(g.IPs, u.At)
		rep.add("13.3.6", "IP in "+g.hexName(u.At), "an Improved Position replaces the Fighting Position in %s", g.hexName(u.At))
	}
	for j := range g.Units {
		if g.Units[j].Rider == u.ID && !g.Units[j].Eliminated {
			g.unload(j, rule, rep, rep.cat(u.ID, " is ", verb))
		}
	}
}

// disrupt marks a unit Disrupted (its Regrouping ends, 14.3 Regrouping); Japanese and Russian
// units take a Casualty instead when jrCasualty. A unit Disrupted already takes a Casualty: a
// Disrupted unit that would Disrupt again suffers a Casualty (rules-notes 2.4).
func (g *Game) disrupt(i int, rule string, rep *Report, why string, jrCasualty bool) {
	u := &g.Units[i]
	if u.Eliminated {
		return
	}
	if jrCasualty && u.Nation.JapaneseOrRussian() {
		g.casualty(i, rule, rep, rep.cat(why, " (Japanese/Russian: a Casualty, not Disruption)"))
		return
	}
	if u.Disrupted {
		g.casualty(i, rule, rep, rep.cat(why, "; Disrupted already, so a Casualty instead (rules-notes 2.4)"))
		return
	}
	u.Disrupted = true
	u.Regrouping = false
	rep.note(rule, rep.fact(g, i, factDisrupted), func() string { return fmt.Sprintf("%s Disrupts (%s)", u.ID, why) })
}

// regroup marks a unit Regrouping.
func (g *Game) regroup(i int, rule string, rep *Report, why string) {
	u := &g.Units[i]
	if u.Eliminated || u.Disrupted || u.Regrouping || u.Vehicular() {
		return
	}
	u.Regrouping = true
	rep.note(rule, rep.fact(g, i, factRegrouping), func() string { return fmt.Sprintf("%s is marked Regrouping (%s)", u.ID, why) })
}

// cohesionCheck rolls a Cohesion Check: passed on a d10 at most the unit's Cohesion. A failure
// Disrupts an undisrupted unit (a Japanese or Russian one takes a Casualty) and gives a
// Disrupted unit a Casualty [default: rules-notes 2 does not restore the Cohesion Check].
func (g *Game) cohesionCheck(i int, rule string, rep *Report, r roller) error {
	u := &g.Units[i]
	if u.Eliminated {
		return nil
	}
	c := u.EffCohesion()
	f, pass, err := r.check(rep.cat(u.ID, " Cohesion Check"), c)
	if err != nil {
		return err
	}
	if pass {
		rep.note(rule, rep.fact(g, i, factPasses), func() string {
			return fmt.Sprintf("%s Cohesion Check: d10 %d <= %d, passed", u.ID, f, c)
		})
		return nil
	}
	rep.note(rule, rep.fact(g, i, factFails), func() string {
		return fmt.Sprintf("%s Cohesion Check: d10 %d > %d, failed", u.ID, f, c)
	})
	if u.Disrupted {
		g.casualty(i, rule, rep, "failed Cohesion Check while Disrupted")
	} else {
		g.disrupt(i, rule, rep, "failed Cohesion Check", true)
	}
	return nil
}

// unload gets a Rider or Passenger off its vehicle, into the vehicle's hex.
func (g *Game) unload(i int, rule string, rep *Report, why string) {
	u := &g.Units[i]
	if u.Rider == "" || u.Eliminated {
		return
	}
	what := "Rider"
	if u.Passenger {
		what = "Passenger"
	}
	rider := u.Rider
	rep.note(rule, rep.fact(g, i, factUnloads), func() string { return fmt.Sprintf("%s (%s of %s) unloads (%s)", u.ID, what, rider, why) })
	u.Rider, u.Passenger = "", false
}

// best is the unit of idx with the best Cohesion; ties are broken by better, then at random.
func (g *Game) best(idx []int, why string, r roller, better func(a, b *Unit) int) (int, error) {
	if len(idx) == 0 {
		return -1, nil
	}
	var buf [12]int
	top := append(buf[:0], idx[0])
	for _, i := range idx[1:] {
		c := g.Units[i].EffCohesion() - g.Units[top[0]].EffCohesion()
		if c == 0 && better != nil {
			c = better(&g.Units[i], &g.Units[top[0]])
		}
		switch {
		case c > 0:
			top = append(top[:0], i)
		case c == 0:
			top = append(top, i)
		}
	}
	if len(top) == 1 {
		return top[0], nil
	}
	k, err := r.pick(why+": random among "+g.names(top), len(top))
	if err != nil {
		return -1, err
	}
	return top[k], nil
}

func (g *Game) names(idx []int) string {
	var s []string
	for _, i := range idx {
		s = append(s, g.name(i))
	}
	return strings.Join(s, ", ")
}
