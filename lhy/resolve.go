package lhy

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/words"
)

// Counting limits of 14.0: per side at most this many of each count in an Assault.
const (
	MaxCombatSteps = 4 // non-vehicular combat steps
	MaxLeaders     = 1
	MaxLATW        = 1
	MaxFT          = 1
	MaxVehicles    = 1
)

// AssaultRange is how far a unit may assault from (10.5.2.2): 2 hexes on foot (3 if Heroic),
// 3 for a vehicle.
func AssaultRange(u *Unit) int {
	switch {
	case u.Vehicular():
		return 3
	case u.Heroic:
		return 3
	}
	return 2
}

// eligible refuses a unit that may not assault (14.0) or not from where it is (10.5.2.2): its
// state (States, for verb: VerbAssault or VerbReinforce), then what it is and where.
func (g *Game) eligible(i int, target Hex, verb Verb) *Refusal {
	u := &g.Units[i]
	if u.Eliminated {
		return refuse("14.0", "%s is not on the map", u.ID)
	}
	if r := g.mayAct(i, verb, target); r != nil {
		return r
	}
	switch {
	case u.Rider != "":
		return refuse("14.0", "%s is aboard %s: unload it first", u.ID, u.Rider)
	case u.Kind == TowedGun:
		return refuse("14.0", "%s is %s: it defends, it does not assault", u.ID, words.A(u.Kind.String()))
	}
	if u.Assaulted && (!u.Advanced || u.SecondAssault) {
		if u.SecondAssault {
			return refuse("14.3", "%s has made its second Assault this turn already", u.ID)
		}
		return refuse("14.3", "%s has already assaulted this turn; only an Advance lets it assault again", u.ID)
	}
	d := hex.Distance(u.At, target)
	if d == 0 {
		return refuse("14.0", "%s is in %s already", u.ID, g.hexName(target))
	}
	if rng := AssaultRange(u); d > rng {
		return refuse("10.5.2.2", "%s is %d hexes from %s; it may assault from at most %d", u.ID, d, g.hexName(target), rng)
	}
	if u.Kind == AFV {
		for j := range g.Units {
			if g.Units[j].Rider == u.ID && !g.Units[j].Eliminated {
				return refuse("14.0", "%s carries %s: an AFV assaults only without Riders", u.ID, g.Units[j].ID)
			}
		}
	}
	if u.Kind == FV || u.Kind == HT {
		for _, j := range g.In(target) {
			if k := g.Units[j].Kind; (k == AFV || k == TowedGun) && g.Units[j].Side != u.Side {
				return refuse("14.0", "%s is %s: an FV or HT may not assault an AFV or Towed Gun (%s)", u.ID, words.A(u.Kind.String()), g.Units[j].ID)
			}
		}
	}
	return nil
}

// entry is the hex a unit goes into the target from: its own if adjacent, else the target's
// neighbour nearest to it [default].
func (g *Game) entry(i int, target Hex) Hex {
	u := &g.Units[i]
	if u.At.Adjacent(target) {
		return u.At
	}
	best, bd := Hex{}, 1<<30
	for _, n := range g.Map.Neighbors(target) {
		if d := hex.Distance(n, u.At); d < bd {
			best, bd = n, d
		}
	}
	return best
}

// force is one side of an Assault: the units present and those that count.
type force struct {
	all     []int // every unit taking part (the result applies to all)
	counted []int // the units that count toward the DRM (14.0 limits)
}

// count checks the 14.0 limits for a side's units in the order given. strict refuses a side
// over a limit (the attacker's, under the reading attack-limit-refused); otherwise the first
// units that fit count.
func (g *Game) count(idx []int, strict bool) ([]int, *Refusal) {
	steps, leaders, latw, ft, veh := 0, 0, 0, 0, 0
	var counted []int
	for _, i := range idx {
		u := &g.Units[i]
		if u.Rider != "" {
			continue // aboard: unloads with the result, does not fight
		}
		var over string
		switch {
		case u.Vehicular():
			if veh++; veh > MaxVehicles {
				over = fmt.Sprintf("at most %d vehicle", MaxVehicles)
			}
		case u.Kind == Leader:
			if leaders++; leaders > MaxLeaders {
				over = fmt.Sprintf("at most %d leader", MaxLeaders)
			}
		case u.Kind == LATW:
			if latw++; latw > MaxLATW {
				over = fmt.Sprintf("at most %d LATW", MaxLATW)
			}
		case u.Kind == FT:
			if ft++; ft > MaxFT {
				over = fmt.Sprintf("at most %d FT", MaxFT)
			}
		case u.Combat:
			if steps += int(u.Steps); steps > MaxCombatSteps {
				over = fmt.Sprintf("at most %d non-vehicular combat steps", MaxCombatSteps)
				steps -= int(u.Steps)
			}
		}
		if over != "" {
			if strict {
				return nil, refuse("14.0", "%s would be one too many: a side counts %s in an Assault %s", u.ID, over, g.tag(AttackLimitRefused))
			}
			continue
		}
		counted = append(counted, i)
	}
	return counted, nil
}

// defenders are the units in the hex, best Cohesion first, the ones that count chosen first.
func (g *Game) defenders(target Hex, side string) force {
	var all []int
	for _, i := range g.In(target) {
		if g.Units[i].Side != side {
			all = append(all, i)
		}
	}
	order := append([]int(nil), all...)
	sort.SliceStable(order, func(a, b int) bool {
		ua, ub := &g.Units[order[a]], &g.Units[order[b]]
		if ua.Combat != ub.Combat {
			return ua.Combat
		}
		return ua.EffCohesion() > ub.EffCohesion()
	})
	counted, _ := g.count(order, false)
	return force{all: all, counted: counted}
}

func (g *Game) declare(a Action, rep *Report) error {
	if _, ok := g.declared(a.Hex); ok {
		return refuse("14.0", "an Assault on %s is already declared: reinforce it", g.hexName(a.Hex))
	}
	side := g.Units[a.Units[0]].Side
	for _, i := range a.Units {
		if g.Units[i].Side != side {
			return refuse("14.0", "%s and %s are on different sides", g.name(a.Units[0]), g.name(i))
		}
	}
	def := g.defenders(a.Hex, side)
	if len(def.all) == 0 {
		return refuse("14.0", "there is no enemy unit in %s to assault", g.hexName(a.Hex))
	}
	if err := g.admit(a, nil, rep); err != nil {
		return err
	}
	as := Assault{Target: a.Hex, Envelopment: a.Envelopment}
	for k, i := range a.Units {
		as.Attackers = append(as.Attackers, i)
		from := a.From[k]
		if !a.FromSet[k] {
			from = g.entry(i, a.Hex)
		} else if !from.Adjacent(a.Hex) || hex.Distance(from, g.Units[i].At) >= hex.Distance(g.Units[i].At, a.Hex) && from != g.Units[i].At {
			return refuse("14.0", "%s: %s is not a hex next to %s on its way in", g.name(i), g.hexName(from), g.hexName(a.Hex))
		}
		as.From = append(as.From, from)
	}
	if a.Envelopment {
		if err := g.envelopment(as); err != nil {
			return err
		}
	}
	g.Assaults = append(g.Assaults, as)
	rep.add("14.0", "", "%s assault %s (defending: %s)", g.names(a.Units), g.hexName(a.Hex), g.names(def.all))
	return nil
}

// admit checks the newcomers' eligibility, the company they keep (leaders, LATWs and FTs with a
// combat unit; FVs and HTs with infantry or an AFV; or reinforcing a combat unit of the same
// platoon) and the counting limits.
func (g *Game) admit(a Action, already []int, rep *Report) error {
	verb := VerbAssault
	if a.Verb == "reinforce" {
		verb = VerbReinforce
	}
	for _, i := range a.Units {
		if r := g.eligible(i, a.Hex, verb); r != nil {
			return r
		}
		for _, j := range already {
			if i == j {
				return refuse("14.0", "%s is in this Assault already", g.name(i))
			}
		}
	}
	all := append(append([]int(nil), already...), a.Units...)
	for _, i := range a.Units {
		u := &g.Units[i]
		samePlatoon := func(j int) bool {
			w := &g.Units[j]
			return w.Combat && u.Platoon != "" && w.Platoon == u.Platoon
		}
		switch u.Kind {
		case Leader, LATW, FT:
			ok := false
			for _, j := range a.Units {
				ok = ok || g.Units[j].Combat
			}
			for _, j := range already {
				ok = ok || samePlatoon(j)
			}
			if !ok {
				return refuse("14.0", "%s is %s: it assaults only with a combat unit, or reinforcing a combat unit of its platoon", u.ID, words.A(u.Kind.String()))
			}
		case FV, HT:
			ok := false
			for _, j := range a.Units {
				k := g.Units[j].Kind
				ok = ok || k == Squad || k == Section || k == AFV
			}
			for _, j := range already {
				ok = ok || samePlatoon(j)
			}
			if !ok {
				return refuse("14.0", "%s is %s: it assaults only with friendly infantry or an AFV, or reinforcing a combat unit of its platoon", u.ID, words.A(u.Kind.String()))
			}
		}
	}
	if _, r := g.count(all, g.reads(AttackLimitRefused)); r != nil {
		return r
	}
	return nil
}

// envelopment checks what the +2 asks: a Coordinated Activation, so attackers from two hexes
// or more [default], and no counted attacker Out of Command unless Heroic (14.0 ★).
func (g *Game) envelopment(as Assault) error {
	for _, i := range as.Attackers {
		u := &g.Units[i]
		if u.OutOfCommand && !u.Heroic {
			return refuse("14.0", "Envelopment: %s is Out of Command (and not Heroic)", u.ID)
		}
	}
	froms := map[Hex]bool{}
	for k, f := range as.From {
		if g.Units[as.Attackers[k]].Kind != Leader {
			froms[f] = true
		}
	}
	if len(froms) < 2 {
		return refuse("14.0", "Envelopment needs attackers going in from two hexes or more, a leader not counting")
	}
	return nil
}

func (g *Game) reinforce(a Action, rep *Report) error {
	k, ok := g.declared(a.Hex)
	if !ok {
		return refuse("14.0", "no Assault on %s has been declared to reinforce", g.hexName(a.Hex))
	}
	as := &g.Assaults[k]
	side := g.Units[as.Attackers[0]].Side
	for _, i := range a.Units {
		if g.Units[i].Side != side {
			return refuse("14.0", "%s is not on the attacking side", g.name(i))
		}
	}
	if err := g.admit(a, as.Attackers, rep); err != nil {
		return err
	}
	for k, i := range a.Units {
		as.Attackers = append(as.Attackers, i)
		f := a.From[k]
		if !a.FromSet[k] {
			f = g.entry(i, a.Hex)
		}
		as.From = append(as.From, f)
	}
	rep.add("14.0", "", "%s reinforce the Assault on %s", g.names(a.Units), g.hexName(a.Hex))
	return nil
}

// AssaultTerms are the DRM of an Assault as the attacker sees it (14.0), each labelled.
func (g *Game) AssaultTerms(as Assault, att, def force) []Term {
	var terms []Term
	add := func(d AssaultDRM) {
		terms = append(terms, Term{Value: AssaultDRMs[d].Value, Label: AssaultDRMs[d].Label, Rule: "14.0"})
	}
	bestOf := func(idx []int) (int, bool) {
		b, any := 0, false
		for _, i := range idx {
			u := &g.Units[i]
			if u.Combat && u.EffCohesion() > 0 {
				b, any = max(b, u.EffCohesion()), true
			}
		}
		return b, any
	}
	ab, aok := bestOf(att.counted)
	db, dok := bestOf(def.counted)
	if t, ok := CohesionTerm(ab, db, aok && dok); ok {
		terms = append(terms, t)
	}
	info := g.Map.Info(as.Target)
	has := func(idx []int, f func(*Unit) bool) bool {
		for _, i := range idx {
			if f(&g.Units[i]) {
				return true
			}
		}
		return false
	}
	nonVeh := has(def.all, func(u *Unit) bool { return !u.Vehicular() && u.Rider == "" })
	if info.Terrain == UrbanBuilding && has(def.all, func(u *Unit) bool { return !u.Vehicular() && u.Rider == "" && (u.Combat || u.Kind == Leader) }) {
		add(DRMUrbanBuilding)
	}
	uphill := len(as.From) > 0
	for _, f := range as.From {
		uphill = uphill && g.Map.Info(f).Level < info.Level
	}
	if uphill {
		add(DRMUphill)
	}
	if has(def.counted, func(u *Unit) bool { return u.Combat && u.Concealed }) {
		add(DRMConcealed)
	}
	if nonVeh {
		wall := len(as.From) > 0
		for _, f := range as.From {
			wall = wall && g.Map.Side(f, as.Target)&Wall != 0
		}
		switch {
		case g.HasIP(as.Target):
			add(DRMIP)
		case info.Terrain == RuralBuilding:
			add(DRMRuralBuilding)
		case wall:
			add(DRMWall)
		}
	}
	companies := map[string]bool{}
	for _, i := range att.counted {
		if c := g.Units[i].Company; c != "" {
			companies[c] = true
		}
	}
	if len(companies) > 1 {
		add(DRMFragmented)
	}
	if has(att.counted, func(u *Unit) bool { return u.Vehicular() && u.Motion }) {
		add(DRMAttackerMotion)
	}
	if has(def.counted, func(u *Unit) bool { return u.Vehicular() && u.Motion }) {
		add(DRMDefenderMotion)
	}
	if has(def.all, func(u *Unit) bool { return u.Regrouping }) {
		add(DRMRegrouping)
	}
	fp := has(def.all, func(u *Unit) bool { return u.Kind == FP })
	if fp && has(att.counted, func(u *Unit) bool { return u.Heroic }) {
		add(DRMHeroicVsFP)
	}
	if as.Envelopment {
		add(DRMEnvelopment)
	}
	hard := fp || info.Terrain == UrbanBuilding || has(def.all, func(u *Unit) bool { return u.Kind == TowedGun })
	if hard && has(att.counted, func(u *Unit) bool { return u.Kind == LATW }) {
		add(DRMLATW)
	}
	if hard && has(att.counted, func(u *Unit) bool { return u.Kind == FT }) {
		add(DRMFT)
	}
	return terms
}

// assaultVars are what an Assault carries from its roll to its results: the roll until its
// first results are applied, then the row of the Assault Results table.
type assaultVars struct {
	roll  int
	row   int
	urban int // the losing unit (index+1; 0 none) that took the Urban Assault Casualty (14.3.1)
}

// resolution is an Assault set up: the hex, the forces, the net DRM, and the rows' labels.
type resolution struct {
	as       Assault
	att, def force
	net      int
	labels   [len(AssaultResults)]string
}

// resolvePlan sets up the resolution of the k-th declared Assault (14.0-14.3): it takes the
// Assault off the declared ones, marks the attackers, keeps one Heroic marker per nationality
// and works out the DRM; then it plans the roll and its results (or a resolution without a
// roll).
func (g *Game) resolvePlan(k int, rep *Report) (procedure, error) {
	as := g.Assaults[k]
	g.Assaults = append(g.Assaults[:k:k], g.Assaults[k+1:]...)
	attSide := g.Units[as.Attackers[0]].Side
	att := force{all: as.Attackers}
	att.counted, _ = g.count(as.Attackers, false)
	for _, i := range as.Attackers {
		if u := &g.Units[i]; u.Rider == "" && !containsInt(att.counted, i) {
			rep.note("14.0", "", func() string {
				return fmt.Sprintf("%s takes part without counting: a side counts at most %d non-vehicular combat steps, %d leader, %d LATW, %d FT and %d vehicle %s",
					u.ID, MaxCombatSteps, MaxLeaders, MaxLATW, MaxFT, MaxVehicles, g.tag(AttackLimitRefused))
			})
		}
	}
	def := g.defenders(as.Target, attSide)
	if len(def.all) == 0 {
		rep.add("14.0", "no defender", "%s is empty: the Assault ends without a roll", g.hexName(as.Target))
		return &plan[struct{}]{}, nil
	}
	defSide := g.Units[def.all[0]].Side
	for _, i := range as.Attackers {
		if u := &g.Units[i]; u.Assaulted && u.Advanced {
			u.SecondAssault = true
		}
		g.Units[i].Assaulted = true
	}
	g.heroicLimit(append(append([]int(nil), att.all...), def.all...), rep)

	// The window after the Assault opens now; the stages fill it in.
	g.After = &After{Target: as.Target, Attackers: att.all, Defenders: def.all, AttackerSide: attSide, DefSide: defSide, Unloaded: map[int]int{}}
	if imm := g.immediate(att, def); imm != nil {
		return whole(imm), nil
	}

	rep.Terms = g.AssaultTerms(as, att, def)
	rep.Net, rep.Breakdown = NetDRM(rep.Terms)
	rs := &resolution{as: as, att: att, def: def, net: rep.Net}
	for i := range AssaultResults {
		rs.labels[i] = AssaultResults[i].Label()
	}
	return &plan[assaultVars]{
		whys: []string{"Assault"},
		fold: func(v *assaultVars, _ *Report, _, face int) { v.roll = face },
		stages: []stage[assaultVars]{
			{dice: []int{0}, play: rs.results},
			{play: rs.losers},
		},
	}, nil
}

// results applies the roll: the row, Concealment lost, Riders and Passengers unloaded, the
// leaders' and Fighting Positions' loss on a natural 1 or 10, Urban Assault.
func (rs *resolution) results(g *Game, rep *Report, v *assaultVars, r roller) error {
	as, att, def := rs.as, rs.att, rs.def
	af := g.After
	roll := v.roll
	final := roll + rs.net
	ri, _ := Row(final)
	loser := Loser(final)
	label := rs.labels[ri]
	rep.Natural, rep.Final, rep.Row, rep.Loser = roll, final, label, loser.String()
	rep.note("14.3", "row "+label, func() string {
		return fmt.Sprintf("d10 %d %+d = %d: row %s, the %s loses", roll, rs.net, final, label, loser)
	})
	af.Loser = loser
	*v = assaultVars{row: ri}

	// Every unit of the Assault is revealed: it loses Concealment [default: rules-notes 2 is
	// silent; a unit that has fought hand to hand is known].
	for _, i := range append(append([]int(nil), att.all...), def.all...) {
		if u := &g.Units[i]; u.Concealed {
			u.Concealed = false
			rep.note("14.3", rep.fact(g, i, factLosesConcealment), func() string { return u.ID + " loses Concealment: it fought in an Assault [default]" })
		}
	}
	// Riders and Passengers of the vehicles in the Assault unload.
	for _, i := range append(append([]int(nil), att.all...), def.all...) {
		if !g.Units[i].Vehicular() {
			continue
		}
		for j := range g.Units {
			if g.Units[j].Rider == g.Units[i].ID && !g.Units[j].Eliminated {
				af.Unloaded[j] = i
				g.unload(j, "14.3", rep, "the vehicle is in an Assault")
			}
		}
	}
	// Leaders and Fighting Positions: a loss on a natural 1 (attacker's) or 10 (defender's).
	for _, side := range []struct {
		idx  []int
		roll int
		who  string
	}{{att.all, LeaderLossAttacker, "attacker"}, {def.all, LeaderLossDefender, "defender"}} {
		if roll != side.roll {
			continue
		}
		for _, i := range side.idx {
			if k := g.Units[i].Kind; k == Leader || k == FP {
				g.eliminate(i, "14.3", rep, rep.reason(func() string {
					return fmt.Sprintf("the %s's %s is lost on a natural %d [default: rules-notes 2.3]", side.who, k, roll)
				}))
			}
		}
	}
	// Urban Assault (14.3.1).
	if g.Map.Info(as.Target).Terrain == UrbanBuilding {
		who := UrbanAssaultOn(roll, final)
		for _, s := range []struct {
			w   Who
			idx []int
		}{{Attacker, att.all}, {Defender, def.all}} {
			if who != s.w && who != Both {
				continue
			}
			var cands []int
			for _, i := range s.idx {
				if u := &g.Units[i]; !u.Eliminated && u.Combat && !u.Vehicular() {
					cands = append(cands, i)
				}
			}
			b, err := g.best(cands, "Urban Assault", r, nil)
			if err != nil {
				return err
			}
			if b >= 0 {
				g.casualty(b, "14.3.1", rep, "Urban Assault, no Disruption")
				if s.w == loser {
					v.urban = b + 1
				}
			}
		}
	}
	return nil
}

// losers applies the row to the losers (Casualty and Cohesion Check columns, Regrouping), then
// the Retreat, the Vehicle Destruction Attempts and the Advance it gives.
func (rs *resolution) losers(g *Game, rep *Report, v *assaultVars, r roller) error {
	att, def := rs.att, rs.def
	af := g.After
	row := &AssaultResults[v.row]
	loser := af.Loser
	losers := def.all
	if loser == Attacker {
		losers = att.all
	}
	if err := g.loserResults(row, rs.labels[v.row], losers, v.urban-1, rep, r); err != nil {
		return err
	}
	// Retreat (14.3.3), unless every enemy unit is eliminated.
	winners := att.all
	if loser == Attacker {
		winners = def.all
	}
	alive := false
	for _, i := range winners {
		alive = alive || !g.Units[i].Eliminated
	}
	af.RetreatMin, af.RetreatMax = row.RetreatMin, row.RetreatMax
	if alive {
		for _, i := range losers {
			g.mustRetreat(i, af, rep)
		}
	} else {
		rep.add("14.3.3", "no Retreat", "every enemy unit is eliminated: no Retreat")
	}
	af.VDA = row.VehicleDestruction
	af.Advance = row.Advance
	if row.Advance != Nobody {
		rep.add("14.3", row.Advance.String()+" may Advance", "the %s may Advance", row.Advance)
	}
	if row.VehicleDestruction != Nobody && g.vdaPossible(af) {
		rep.add("14.3.2", "", "Vehicle Destruction Attempt open to: %s", row.VehicleDestruction)
	}
	return nil
}

// Leader and Fighting Position loss rolls of an Assault [default: rules-notes 2.3]: the
// attacker's on a natural 1, the defender's on a natural 10.
const (
	LeaderLossAttacker = 1
	LeaderLossDefender = 10
)

// Label is the row's Final Assault Result range as printed ("10-13", "14", "<=-2").
func (r *AssaultRow) Label() string {
	switch {
	case r.Min == r.Max:
		return fmt.Sprint(r.Min)
	case r.Min <= MinFinal:
		return fmt.Sprintf("<=%d", r.Max)
	case r.Max >= MaxFinal:
		return fmt.Sprintf(">=%d", r.Min)
	}
	if r.Min < 0 {
		return fmt.Sprintf("%d..%d", r.Min, r.Max)
	}
	return fmt.Sprintf("%d-%d", r.Min, r.Max)
}

// heroicLimit keeps one Heroic marker per nationality among the units of an Assault (14.0).
func (g *Game) heroicLimit(idx []int, rep *Report) {
	seen := map[Nation]bool{}
	for _, i := range idx {
		u := &g.Units[i]
		if !u.Heroic {
			continue
		}
		if seen[u.Nation] {
			u.Heroic = false
			rep.add("14.0", u.ID+" loses Heroic", "%s loses its Heroic marker: one per nationality in an Assault", u.ID)
			continue
		}
		seen[u.Nation] = true
	}
}

// immediate is the resolution of 14.0 made without a roll that applies to these forces, as a
// stage to play, or nil if none applies: Towed Guns, Carriers, FVs and Shocked AFVs against a
// single non-Shocked AFV, or LATWs against a single undisrupted non-Shocked unit, are
// eliminated; if only non-combat units fight the lesser Cohesion retreats, if only AFVs the
// lesser ATV (a tie picked at random).
func (g *Game) immediate(att, def force) func(g *Game, rep *Report, r roller) error {
	live := func(idx []int) []int {
		var out []int
		for _, i := range idx {
			if !g.Units[i].Eliminated && g.Units[i].Rider == "" {
				out = append(out, i)
			}
		}
		return out
	}
	A, D := live(att.all), live(def.all)
	all := func(idx []int, f func(*Unit) bool) bool {
		for _, i := range idx {
			if !f(&g.Units[i]) {
				return false
			}
		}
		return len(idx) > 0
	}
	eliminate := func(text, why string) func(g *Game, rep *Report, r roller) error {
		return func(g *Game, rep *Report, r roller) error {
			rep.add("14.0", "immediate", text, g.names(D), g.name(A[0]))
			for _, i := range D {
				g.eliminate(i, "14.0", rep, why)
			}
			return nil
		}
	}
	// 1. Towed Guns, Carriers, FVs and Shocked AFVs against a single non-Shocked AFV.
	if len(A) == 1 && g.Units[A[0]].Kind == AFV && !g.Units[A[0]].Shocked &&
		all(D, func(u *Unit) bool {
			return u.Kind == TowedGun || u.Kind == Carrier || u.Kind == FV || (u.Kind == AFV && u.Shocked)
		}) {
		return eliminate("resolved without a roll: %s against the single AFV %s", "defending against a single non-Shocked AFV")
	}
	// 2. LATWs against a single undisrupted non-Shocked unit.
	if len(A) == 1 && !g.Units[A[0]].Disrupted && !g.Units[A[0]].Shocked && all(D, func(u *Unit) bool { return u.Kind == LATW }) {
		return eliminate("resolved without a roll: the LATW %s against the single unit %s", "a LATW defending against a single undisrupted unit")
	}
	// 3. Only non-combat units: the lesser Cohesion retreats. 4. Only AFVs: the lesser ATV.
	nonCombat := func(u *Unit) bool { return !u.Combat }
	afv := func(u *Unit) bool { return u.Kind == AFV }
	var value func(*Unit) int
	var what string
	switch {
	case all(A, nonCombat) && all(D, nonCombat):
		value, what = (*Unit).EffCohesion, "Cohesion"
	case all(A, afv) && all(D, afv):
		value, what = func(u *Unit) int { return int(u.ATV) }, "ATV"
	default:
		return nil
	}
	return func(g *Game, rep *Report, r roller) error {
		best := func(idx []int) int {
			b := -100
			for _, i := range idx {
				b = max(b, value(&g.Units[i]))
			}
			return b
		}
		a, d := best(A), best(D)
		// A side of AFVs without an ATV (-1) has none to show: it is said so, not "ATV -1".
		say := func(v int) string {
			if what == "ATV" && v < 0 {
				return "none"
			}
			return fmt.Sprint(v)
		}
		loser := Attacker
		switch {
		case a > d:
			loser = Defender
		case a == d:
			k, err := r.pick(rep.cat("equal ", what, " ", say(a), ": which side retreats"), 2)
			if err != nil {
				return err
			}
			if k == 1 {
				loser = Defender
			}
		}
		rep.note("14.0", "immediate: "+loser.String()+" retreats", func() string {
			return fmt.Sprintf("resolved without a roll: only %s fight, %s %s vs %s: the %s retreats",
				map[string]string{"Cohesion": "non-combat units", "ATV": "AFVs"}[what], what, say(a), say(d), loser)
		})
		af := g.After
		af.Loser = loser
		af.RetreatMin, af.RetreatMax = 2, 4
		losers := D
		if loser == Attacker {
			losers = A
		}
		for _, i := range losers {
			g.mustRetreat(i, af, rep)
		}
		return nil
	}
}

// mustRetreat puts a losing unit on the Retreat list, or eliminates it if it cannot retreat:
// an unloaded Towed Gun, a Shocked AFV, a Fighting Position (14.3.3).
func (g *Game) mustRetreat(i int, after *After, rep *Report) {
	u := &g.Units[i]
	if u.Eliminated {
		return
	}
	switch {
	case u.Kind == TowedGun && u.Rider == "":
		g.eliminate(i, "14.3.3", rep, "an unloaded Towed Gun cannot retreat")
		return
	case u.Kind == AFV && u.Shocked:
		g.eliminate(i, "14.3.3", rep, "a Shocked AFV cannot retreat")
		return
	case u.Kind == FP:
		g.eliminate(i, "14.3.3", rep, "a Fighting Position cannot retreat")
		return
	}
	after.Retreat = append(after.Retreat, i)
	switch {
	case u.Vehicular():
		rep.note("14.3.3", u.ID+" must retreat", func() string {
			return fmt.Sprintf("%s must retreat 1 to %d hexes with its %d MP, and is then in Motion", u.ID, VehicleRetreatMP, VehicleRetreatMP)
		})
	case g.Night:
		rep.note("14.3.3", u.ID+" must retreat", func() string {
			lo, hi := g.RetreatRange(i)
			return fmt.Sprintf("%s must retreat %s (a Retreat is at most %d hexes at night)", u.ID, hexesText(lo, hi), RetreatLimit)
		})
	case after.RetreatMin == after.RetreatMax:
		rep.note("14.3.3", u.ID+" must retreat", func() string { return fmt.Sprintf("%s must retreat %d hexes", u.ID, after.RetreatMin) })
	default:
		rep.note("14.3.3", u.ID+" must retreat", func() string {
			return fmt.Sprintf("%s must retreat %d-%d hexes", u.ID, after.RetreatMin, after.RetreatMax)
		})
	}
}

// loserResults applies the Casualty and Cohesion Check columns and Regrouping to the losers;
// urban is the loser that took the Urban Assault Casualty (-1 none).
func (g *Game) loserResults(row *AssaultRow, label string, losers []int, urban int, rep *Report, r roller) error {
	// Who the columns touch: the non-vehicular units on the map, but Fighting Positions (they
	// make the loss roll, and a losing one is eliminated in the Retreat), leaders under the
	// reading leader-loss-roll-only, and under the other reading of urban-assault-stacks the
	// unit the Urban Assault hit.
	var jr, other []int
	wasDisrupted := map[int]bool{}
	for _, i := range losers {
		u := &g.Units[i]
		if u.Eliminated || u.Vehicular() || u.Kind == FP {
			continue
		}
		if u.Kind == Leader {
			if g.reads(LeaderLossRollOnly) {
				rep.note("14.3", "", func() string {
					return "the losers' columns pass the leader " + u.ID + " by: only the loss roll harms a leader " + g.tag(LeaderLossRollOnly)
				})
				continue
			}
			rep.note("14.3", "", func() string {
				return fmt.Sprintf("the leader %s takes the losers' columns like any loser %s", u.ID, g.tag(LeaderLossRollOnly))
			})
		}
		if i == urban {
			if !g.reads(UrbanAssaultStacks) {
				rep.note("14.3.1", "", func() string {
					return fmt.Sprintf("the losers' columns pass %s by: the Urban Assault hit was its whole result %s", u.ID, g.tag(UrbanAssaultStacks))
				})
				continue
			}
			rep.note("14.3.1", "", func() string {
				return fmt.Sprintf("%s, hit by the Urban Assault, takes the losers' columns as well %s", u.ID, g.tag(UrbanAssaultStacks))
			})
		}
		wasDisrupted[i] = u.Disrupted
		if u.Nation.JapaneseOrRussian() {
			jr = append(jr, i)
		} else {
			other = append(other, i)
		}
	}
	// Japanese and Russian losers: the best takes the Casualty.
	jrBest := -1
	if len(jr) > 0 {
		var err error
		jrBest, err = g.best(jr, "Casualty (Japanese/Russian: the best)", r, nil)
		if err != nil {
			return err
		}
	}
	switch row.Casualty {
	case AllLosers:
		for _, i := range other {
			g.casualty(i, "14.3", rep, rep.cat("row ", label))
		}
	case DisruptedLosers:
		for _, i := range other {
			if wasDisrupted[i] {
				g.casualty(i, "14.3", rep, rep.cat("row ", label, ", Disrupted loser"))
			}
		}
	}
	if jrBest >= 0 {
		g.casualty(jrBest, "14.3", rep, rep.cat("row ", label, ", the best Japanese/Russian loser"))
	}
	checks := func(idx []int) error {
		for _, i := range idx {
			if i == jrBest || g.Units[i].Eliminated {
				continue
			}
			if err := g.cohesionCheck(i, "14.3", rep, r); err != nil {
				return err
			}
		}
		return nil
	}
	switch row.Cohesion {
	case UndisruptedLosers:
		var und []int
		for _, i := range append(append([]int(nil), other...), jr...) {
			if !wasDisrupted[i] && !g.Units[i].Disrupted {
				und = append(und, i)
			}
		}
		if err := checks(und); err != nil {
			return err
		}
	case DisruptFirst:
		var und []int
		for _, i := range append(append([]int(nil), other...), jr...) {
			if !wasDisrupted[i] && !g.Units[i].Eliminated && i != jrBest {
				und = append(und, i)
				if g.Units[i].Nation.JapaneseOrRussian() {
					g.regroup(i, "14.3", rep, rep.cat("row ", label, ", Japanese/Russian do not Disrupt"))
				} else {
					g.disrupt(i, "14.3", rep, rep.cat("row ", label, ", Disrupt first"), false)
				}
			}
		}
		if err := checks(und); err != nil {
			return err
		}
	case JapaneseRussianOthers:
		if err := checks(jr); err != nil {
			return err
		}
	}
	if row.Regrouping {
		for _, i := range jr {
			g.regroup(i, "14.3", rep, rep.cat("row ", label))
		}
	}
	return nil
}

// ---- after the Assault ----

func (g *Game) vdaPossible(a *After) bool {
	for _, s := range []Who{Attacker, Defender} {
		if a.VDAOpen()&s == 0 {
			continue
		}
		own, enemy := a.Attackers, a.Defenders
		if s == Defender {
			own, enemy = enemy, own
		}
		var can, target bool
		for _, i := range own {
			can = can || g.canAttempt(i)
		}
		for _, i := range enemy {
			target = target || (g.Units[i].Vehicular() && !g.Units[i].Eliminated)
		}
		if can && target {
			return true
		}
	}
	return false
}

// canAttempt: a combat unit, LATW or FP whose state allows it (States: undisrupted, not
// Regrouping, not Shocked) may make a Vehicle Destruction Attempt (14.3.2).
func (g *Game) canAttempt(i int) bool {
	u := &g.Units[i]
	_, barred := g.barring(i, VerbVDA, u.At)
	return !u.Eliminated && barred == nil && (u.Combat || u.Kind == LATW || u.Kind == FP)
}

// VDATerms are the DRM of a Vehicle Destruction Attempt by unit i on vehicle t (14.3.2).
func (g *Game) VDATerms(i, t int) []Term {
	u, v := &g.Units[i], &g.Units[t]
	var terms []Term
	add := func(d VDADRM, label string) {
		if label == "" {
			label = VDADRMs[d].Label
		}
		terms = append(terms, Term{Value: VDADRMs[d].Value, Label: label, Rule: "14.3.2"})
	}
	after := g.Date.After9_43()
	jr := u.Nation.JapaneseOrRussian()
	switch {
	case u.Kind == Squad || u.Kind == FP:
		add(VDASquadOrFP, u.Kind.String())
	case u.Nation == German && u.Kind == MG:
		add(VDAGermanMG, "")
	case u.Kind == Section && after:
		add(VDASectionAfter943, "")
	case jr && u.Reduced() && (u.Kind == Squad || u.Kind == Section):
		add(VDAReducedJR, VDADRMs[VDAReducedJR].Label+u.Kind.String())
	}
	switch {
	case u.ATV >= 0:
		add(VDAATV, fmt.Sprintf("%s %d", VDADRMs[VDAATV].Label, u.ATV))
	case u.Nation == German && (u.Kind == Squad || u.Kind == FP) && after:
		add(VDAGermanAfter943, VDADRMs[VDAGermanAfter943].Label+u.Kind.String()+" after 9/43")
	}
	switch {
	case u.Heroic:
		add(VDAHeroic, "")
	case u.AV > VDAAVAbove:
		add(VDAAVOver2, fmt.Sprintf("%s %d", VDADRMs[VDAAVOver2].Label, u.AV))
	case jr && u.Kind == Squad:
		add(VDAJRSquad, "")
	}
	// The target.
	if !g.guarded(t) {
		add(VDAUnguarded, "")
	}
	switch {
	case v.Kind == Carrier:
		add(VDACarrier, "")
	case v.Kind == AFV && v.Shocked:
		add(VDAShockedAFV, "")
	}
	if v.Kind == AFV && v.SunkenViaHedgerow {
		add(VDASunkenHedgerow, "")
	}
	if v.Motion {
		add(VDAMotion, "")
	}
	return terms
}

// guarded reports whether the +3 of 14.3.2 does not apply to vehicle t: it has a good-order
// friendly combat unit with it, or it is neither in nor next to cover (a cover-terrain hex, a
// wall or hedgerow hexside, an IP).
func (g *Game) guarded(t int) bool {
	v := &g.Units[t]
	for _, j := range g.In(v.At) {
		w := &g.Units[j]
		if j != t && w.Side == v.Side && w.Combat && !w.Vehicular() && !w.Disrupted && w.Rider == "" {
			return true
		}
	}
	cover := g.Map.Info(v.At).Terrain.Cover() || g.HasIP(v.At)
	for _, n := range g.Map.Neighbors(v.At) {
		cover = cover || g.Map.Info(n).Terrain.Cover() || g.HasIP(n) || g.Map.Side(v.At, n)&(Wall|Hedgerow) != 0
	}
	return !cover
}

// VDATarget is the roll a Vehicle Destruction Attempt needs: 10 or more (14.3.2).
const VDATarget = 10

func (g *Game) vda(a Action, rep *Report, r roller) error {
	af := g.After
	if af == nil {
		return refuse("14.3.2", "a Vehicle Destruction Attempt follows an Assault's result; there is none open")
	}
	var side Who
	switch {
	case containsInt(af.Attackers, a.Unit):
		side = Attacker
	case containsInt(af.Defenders, a.Unit):
		side = Defender
	default:
		return refuse("14.3.2", "%s did not take part in the Assault on %s", g.name(a.Unit), g.hexName(af.Target))
	}
	switch {
	case af.VDA == Nobody:
		return refuse("14.3.2", "this Assault was resolved without a roll: no row gives a Vehicle Destruction Attempt")
	case af.VDA&side == 0:
		return refuse("14.3.2", "the row of this Assault gives a Vehicle Destruction Attempt only to the %s, not the %s", af.VDA, side)
	}
	if af.VDAMade&side != 0 {
		return refuse("14.3.2", "the %s has made its Vehicle Destruction Attempt already: one per side in an Assault", side)
	}
	if r := g.mayAct(a.Unit, VerbVDA, g.Units[a.Target].At); r != nil {
		return r
	}
	if !g.canAttempt(a.Unit) {
		return refuse("14.3.2", "%s cannot attempt it: it takes an undisrupted combat unit, LATW or FP", g.name(a.Unit))
	}
	enemy := af.Defenders
	if side == Defender {
		enemy = af.Attackers
	}
	if !containsInt(enemy, a.Target) || !g.Units[a.Target].Vehicular() || g.Units[a.Target].Eliminated {
		return refuse("14.3.2", "%s is not an enemy vehicle of this Assault", g.name(a.Target))
	}
	af.VDAMade |= side // one attempt per side
	rep.Terms = g.VDATerms(a.Unit, a.Target)
	sum := 0
	for _, t := range rep.Terms {
		sum += t.Value
	}
	rep.Breakdown = breakdown(rep.Terms)
	rep.Net = sum
	roll, err := r.d10("Vehicle Destruction Attempt")
	if err != nil {
		return err
	}
	rep.Natural, rep.Final = roll, roll+sum
	if rep.Final >= VDATarget {
		rep.add("14.3.2", "", "%s on %s: d10 %d %+d = %d >= %d", g.name(a.Unit), g.name(a.Target), roll, sum, rep.Final, VDATarget)
		g.eliminate(a.Target, "14.3.2", rep, "Vehicle Destruction Attempt")
		cd := collateral{assault: true}
		cd.destroyed = append(cd.destroyed, kill{unit: a.Target})
		for j, v := range af.Unloaded {
			if v == a.Target {
				cd.unloadedFrom = append(cd.unloadedFrom, [2]int{j, v})
			}
		}
		// In unit order, so the Cohesion Checks take the dice in the same order every time.
		sort.Slice(cd.unloadedFrom, func(x, y int) bool { return cd.unloadedFrom[x][0] < cd.unloadedFrom[y][0] })
		// Each unit suffers the single most detrimental result of the Collateral Damage
		// (rules-notes 2.4), said once it is done.
		l := newFates(g)
		err := g.collateralDamage(g.Units[a.Target].At, cd, &l, rep, r)
		l.flush(g, rep)
		return err
	}
	rep.add("14.3.2", g.name(a.Target)+" survives", "%s on %s: d10 %d %+d = %d < %d: no effect", g.name(a.Unit), g.name(a.Target), roll, sum, rep.Final, VDATarget)
	return nil
}

func breakdown(terms []Term) string {
	var b strings.Builder
	sum := 0
	for i, t := range terms {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
		sum += t.Value
	}
	if len(terms) == 0 {
		b.WriteString("no DRM")
	}
	fmt.Fprintf(&b, " = %+d", sum)
	return b.String()
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// RetreatLimit is the most hexes a Retreat through river, marsh, jungle, urban building or
// sunken road, across a river, or at night may cover (14.3.3).
const RetreatLimit = 3

// retreatHexes is how far unit i must retreat along path: at least lo, at most hi hexes. limit
// says what holds it to RetreatLimit hexes ("at night", "through C4 (marsh)"), or is empty.
func (g *Game) retreatHexes(i int, path []Hex) (lo, hi int, limit string) {
	af := g.After
	u := &g.Units[i]
	if u.Vehicular() {
		return 1, VehicleRetreatMP, ""
	}
	lo, hi = af.RetreatMin, af.RetreatMax
	if g.Night {
		limit = "at night"
	}
	prev := u.At
	for _, h := range path {
		switch {
		case limit != "":
		case g.Map.Info(h).Terrain.SlowsRetreat():
			limit = fmt.Sprintf("through %s (%s)", g.hexName(h), g.Map.Info(h).Terrain)
		case g.Map.Side(prev, h)&RiverSide != 0:
			limit = fmt.Sprintf("across the river %s-%s", g.hexName(prev), g.hexName(h))
		}
		prev = h
	}
	if limit != "" {
		hi = min(hi, RetreatLimit)
		lo = min(lo, hi)
	}
	if len(path) > 0 {
		first := path[0]
		short := g.Map.Info(first).Terrain.Cover() || g.HasIP(first) || g.Map.Side(u.At, first)&Wall != 0
		for _, j := range g.In(first) {
			short = short || (g.Units[j].Vehicular() && g.Units[j].Side == u.Side)
		}
		if short {
			lo = 1
		}
	}
	return lo, hi, limit
}

// hexesText is "3 hexes" or "2-4 hexes".
func hexesText(lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("%d hexes", lo)
	}
	return fmt.Sprintf("%d-%d hexes", lo, hi)
}

// RetreatRange is how many hexes unit i, which owes a Retreat, must retreat before its path is
// known: 1 to VehicleRetreatMP for a vehicle; the row's range otherwise, at most RetreatLimit at
// night (a path through a hex or hexside that limits it may lower it further, 14.3.3).
func (g *Game) RetreatRange(i int) (lo, hi int) {
	lo, hi, _ = g.retreatHexes(i, nil)
	return lo, hi
}

// VehicleRetreatMP: a vehicle retreats with 4 MP and is marked in Motion (14.3.3); each hex
// costs 1 MP [default].
const VehicleRetreatMP = 4

// retreatStep refuses the step from prev into h for unit i, or nil.
func (g *Game) retreatStep(i int, prev, h Hex) *Refusal {
	u := &g.Units[i]
	af := g.After
	switch {
	case !g.Map.Contains(h):
		return refuse("14.3.3", "%s is off the map", g.hexName(h))
	case !prev.Adjacent(h):
		return refuse("14.3.3", "%s is not next to %s", g.hexName(h), g.hexName(prev))
	case hex.Distance(h, af.Target) <= hex.Distance(prev, af.Target):
		return refuse("14.3.3", "%s is not farther from %s than %s: a Retreat goes away from the Assault [default]", g.hexName(h), g.hexName(af.Target), g.hexName(prev))
	case g.Map.Info(h).Terrain == Impassable || g.Map.Side(prev, h)&Blocked != 0:
		return refuse("14.3.3", "%s cannot be entered from %s (prohibited)", g.hexName(h), g.hexName(prev))
	}
	if u.Vehicular() {
		t := g.Map.Info(h).Terrain
		if t == UrbanBuilding || t == RuralBuilding || t == Marsh || t == Jungle || t == River || g.Map.Side(prev, h)&RiverSide != 0 {
			return refuse("14.3.3", "a vehicle may not retreat into %s (%s) [default]", g.hexName(h), t)
		}
	}
	for _, j := range g.In(h) {
		if g.Units[j].Side != u.Side {
			return refuse("14.3.3", "%s holds the enemy %s", g.hexName(h), g.Units[j].ID)
		}
	}
	return nil
}

// RetreatPaths lists the legal Retreats of unit i (each a path of hexes), at most limit.
func (g *Game) RetreatPaths(i int, limit int) [][]Hex {
	var out [][]Hex
	var path []Hex
	var walk func(prev Hex)
	walk = func(prev Hex) {
		if len(out) >= limit {
			return
		}
		if len(path) > 0 && g.retreatEnd(i, path) == nil {
			out = append(out, append([]Hex(nil), path...))
		}
		if len(path) >= 4 {
			return
		}
		for _, n := range g.Map.Neighbors(prev) {
			if g.retreatStep(i, prev, n) != nil {
				continue
			}
			path = append(path, n)
			walk(n)
			path = path[:len(path)-1]
		}
	}
	walk(g.Units[i].At)
	return out
}

// retreatEnd checks a whole Retreat's length and end hex.
func (g *Game) retreatEnd(i int, path []Hex) *Refusal {
	lo, hi, limit := g.retreatHexes(i, path)
	n := len(path)
	if n < lo || n > hi {
		if g.Units[i].Vehicular() {
			return refuse("14.3.3", "a vehicle retreats 1 to %d hexes with its 4 MP, not %d", hi, n)
		}
		why := ""
		if limit != "" {
			why = fmt.Sprintf(" (%d at most: a Retreat is at most %d hexes %s)", RetreatLimit, RetreatLimit, limit)
		}
		return refuse("14.3.3", "%s must retreat %d-%d hexes%s, not %d", g.name(i), lo, hi, why, n)
	}
	if g.Map.Info(path[n-1]).Impact {
		return refuse("14.3.3", "a Retreat may not end in the mortar impact hex %s", g.hexName(path[n-1]))
	}
	return nil
}

func (g *Game) retreat(a Action, rep *Report) error {
	if r := g.mayAct(a.Unit, VerbRetreat, g.Units[a.Unit].At); r != nil {
		return r
	}
	af := g.After
	if af == nil || !containsInt(af.Retreat, a.Unit) {
		return refuse("14.3.3", "%s has no Retreat to make", g.name(a.Unit))
	}
	i := a.Unit
	u := &g.Units[i]
	if a.NoPath {
		if ps := g.RetreatPaths(i, 1); len(ps) > 0 {
			return refuse("14.3.3", "%s can retreat (for instance %s): it is eliminated only if every Retreat is prohibited", u.ID, g.pathName(ps[0]))
		}
		g.eliminate(i, "14.3.3", rep, "no Retreat possible")
	} else {
		prev := u.At
		for _, h := range a.Path {
			if r := g.retreatStep(i, prev, h); r != nil {
				return r
			}
			prev = h
		}
		if r := g.retreatEnd(i, a.Path); r != nil {
			return r
		}
		u.At = a.Path[len(a.Path)-1]
		if u.Vehicular() {
			u.Motion = true
			rep.add("14.3.3", u.ID+" retreats", "%s retreats %s (%d MP) and is marked in Motion", u.ID, g.pathName(a.Path), len(a.Path))
		} else {
			rep.add("14.3.3", u.ID+" retreats", "%s retreats %s", u.ID, g.pathName(a.Path))
		}
		// Riders go with their vehicle.
		for j := range g.Units {
			if g.Units[j].Rider == u.ID {
				g.Units[j].At = u.At
			}
		}
	}
	k := 0
	for _, j := range af.Retreat {
		if j != i {
			af.Retreat[k] = j
			k++
		}
	}
	af.Retreat = af.Retreat[:k]
	return nil
}

func (g *Game) pathName(p []Hex) string {
	var s []string
	for _, h := range p {
		s = append(s, g.hexName(h))
	}
	return strings.Join(s, " ")
}

func (g *Game) advance(a Action, rep *Report) error {
	af := g.After
	if af == nil || af.Advance == Nobody {
		return refuse("14.3", "no Advance is open: only the 14 and <=-2 rows give one")
	}
	own := af.Attackers
	if af.Advance == Defender {
		own = af.Defenders
	}
	u := &g.Units[a.Unit]
	switch {
	case !containsInt(own, a.Unit):
		return refuse("14.3", "%s is not on the side that may Advance (%s)", u.ID, af.Advance)
	case u.Eliminated:
		return refuse("14.3", "%s is eliminated", u.ID)
	}
	if r := g.mayAct(a.Unit, VerbAdvance, a.Hex); r != nil {
		return r
	}
	switch {
	case u.Advanced:
		return refuse("14.3", "%s has advanced this turn already: Advance is once per turn per unit", u.ID)
	case !u.At.Adjacent(a.Hex) && u.At != a.Hex:
		return refuse("14.3", "%s is not next to %s", g.hexName(a.Hex), u.ID)
	case g.Map.Info(a.Hex).Terrain == Impassable || g.Map.Side(u.At, a.Hex)&Blocked != 0:
		return refuse("14.3", "%s cannot be entered", g.hexName(a.Hex))
	}
	for _, j := range g.In(a.Hex) {
		if g.Units[j].Side != u.Side {
			return refuse("14.3", "%s holds the enemy %s: Advance into it by a second Assault", g.hexName(a.Hex), g.Units[j].ID)
		}
	}
	u.At = a.Hex
	u.Advanced = true
	rep.add("14.3", u.ID+" advances", "%s advances into %s; it may make a second Assault or reinforce one this turn", u.ID, g.hexName(a.Hex))
	return nil
}

// DefaultRecovery is what a unit without a Cohesion (an AFV recovering from Shock) must roll
// at most to recover [default].
const DefaultRecovery = 5

// recover is a Recovery roll [default: rules-notes 2.5]: a d10 at most the unit's Cohesion
// (-1 if a good-order leader of its side is with it, +1 for a Japanese or Russian unit that is
// Regrouping) ends its Disruption, or its Regrouping.
func (g *Game) recover(a Action, rep *Report, r roller) error {
	u := &g.Units[a.Unit]
	if u.Eliminated {
		return refuse("rules-notes 2.5", "%s is not on the map", u.ID)
	}
	if r := g.mayAct(a.Unit, VerbRecover, u.At); r != nil {
		return r
	}
	var terms []Term
	for _, j := range g.In(u.At) {
		w := &g.Units[j]
		if j != a.Unit && w.Kind == Leader && w.Side == u.Side && !w.Disrupted {
			terms = append(terms, Term{Value: RecoverLeaderDRM, Label: "leader " + w.ID, Rule: "12.1"})
			break
		}
	}
	if u.Regrouping && !u.Disrupted && u.Nation.JapaneseOrRussian() {
		terms = append(terms, Term{Value: RecoverRegroupingDRM, Label: "Japanese/Russian Regrouping", Rule: "12.1"})
	}
	sum := 0
	for _, t := range terms {
		sum += t.Value
	}
	rep.Terms, rep.Net, rep.Breakdown = terms, sum, breakdown(terms)
	c := u.EffCohesion()
	if c == 0 {
		c = DefaultRecovery
	}
	f, pass, err := r.check(u.ID+" Recovery", c-sum)
	if err != nil {
		return err
	}
	rep.Natural, rep.Final = f, f+sum
	if !pass {
		rep.add("12.1", u.ID+" does not recover", "%s Recovery: d10 %d %+d = %d > %d: no", u.ID, f, sum, f+sum, c)
		return nil
	}
	switch {
	case u.Shocked:
		u.Shocked = false
	case u.Disrupted:
		u.Disrupted = false
	}
	u.Regrouping = false
	rep.add("12.1", u.ID+" recovers", "%s Recovery: d10 %d %+d = %d <= %d: recovers (%s)", u.ID, f, sum, f+sum, c, u.Status())
	return nil
}

// withdraw is a Withdrawal (10.3.1): a non-vehicular unit, not a Towed Gun or FP, moves 1 to
// 4 hexes, never into an enemy-occupied or mortar impact hex; its Regrouping ends.
func (g *Game) withdraw(a Action, rep *Report) error {
	u := &g.Units[a.Unit]
	if u.Eliminated {
		return refuse("10.3.1", "%s is not on the map", u.ID)
	}
	if r := g.mayAct(a.Unit, VerbWithdraw, u.At); r != nil {
		return r
	}
	switch {
	case u.Vehicular() || u.Kind == TowedGun || u.Kind == FP:
		return refuse("10.3.1", "%s is %s: only non-vehicular units other than Towed Guns and FPs withdraw", u.ID, words.A(u.Kind.String()))
	case u.Rider != "":
		return refuse("10.3.1", "%s is aboard %s", u.ID, u.Rider)
	case len(a.Path) < 1 || len(a.Path) > 4:
		return refuse("10.3.1", "a Withdrawal is 1 to 4 hexes")
	}
	prev := u.At
	for _, h := range a.Path {
		switch {
		case !prev.Adjacent(h):
			return refuse("10.3.1", "%s is not next to %s", g.hexName(h), g.hexName(prev))
		case g.Map.Info(h).Terrain == Impassable || g.Map.Side(prev, h)&Blocked != 0:
			return refuse("10.3.1", "%s cannot be entered from %s", g.hexName(h), g.hexName(prev))
		case g.Map.Info(h).Impact:
			return refuse("11.4.7", "%s is a mortar impact hex", g.hexName(h))
		}
		for _, j := range g.In(h) {
			if g.Units[j].Side != u.Side {
				return refuse("10.3.1", "%s holds the enemy %s", g.hexName(h), g.Units[j].ID)
			}
		}
		prev = h
	}
	u.At = prev
	rep.add("10.3.1", u.ID+" withdraws", "%s withdraws %s", u.ID, g.pathName(a.Path))
	if u.Regrouping {
		u.Regrouping = false
		rep.add("14.3", u.ID+" no longer Regrouping", "%s is no longer Regrouping (it withdrew)", u.ID)
	}
	return nil
}
