package lhy

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Fire resolution (13.x). The markers placed on a hex are each rolled once: an SADRM against a
// nationality in the hex, an MDRM against the hex, an ATDRM against one vehicle. Small-arms and
// mortar results pick one target per nationality; anti-tank results act on the vehicle they
// are on; each unit suffers only the worst result that reaches it (a vehicle's is weighed in its
// anti-tank stage, the others' in the fire's ledger, fates.go); Collateral Damage is applied
// once, at the end, and then each unit not a vehicle is told its single result.

// kill is a vehicle destroyed in a way that causes Collateral Damage.
type kill struct {
	unit int
	mg   bool // by anti-tank fire from an MG: a Towed Gun in the hex survives
}

// collateral gathers what Collateral Damage will act on (13.3.7).
type collateral struct {
	assault      bool     // during an Assault: the open-terrain Disruption does not apply
	destroyed    []kill   // vehicles destroyed by a natural-10 mortar hit or by a firer with ATV > 0
	unloadedFrom [][2]int // (unit, vehicle): Riders/Passengers of the destroyed vehicles
}

// rolled is one marker's roll.
type rolled struct {
	m       *Marker
	natural int
	ffar    int
}

func (m *Marker) label(g *Game) string {
	switch m.Kind {
	case SADRM:
		return fmt.Sprintf("SADRM %+d on %s", m.DRM, m.Nation)
	case MDRM:
		return fmt.Sprintf("MDRM %+d (MV %d)", m.DRM, m.MV)
	}
	s := fmt.Sprintf("ATDRM %+d on %s", m.DRM, g.name(m.Target))
	var opts []string
	if m.ATV >= 0 { // a firer without an ATV shows none
		opts = append(opts, fmt.Sprintf("ATV %d", m.ATV))
	}
	if m.MG {
		opts = append(opts, "MG")
	}
	if m.Enfilad {
		opts = append(opts, "enfiladed")
	}
	if len(opts) > 0 {
		s += " (" + strings.Join(opts, ", ") + ")"
	}
	return s
}

// fireTargets are the non-vehicular units of a nationality in h that fire can select, in
// the priority of 13.1.3: unconcealed undisrupted combat units, Concealed undisrupted combat
// units, Disrupted combat units, non-combat units; Riders and Passengers left out against
// an MDRM. They are listed in out (past 12 units, in a longer list).
func (g *Game) fireTargets(h Hex, n Nation, mortar bool, out *[12]int) []int {
	rank := func(u *Unit) int {
		switch {
		case u.Combat && !u.Disrupted && !u.Concealed:
			return 0
		case u.Combat && !u.Disrupted:
			return 1
		case u.Combat:
			return 2
		}
		return 3
	}
	var buf [12]int
	in := g.inBuf(h, &buf)
	first := 4 // the first category with a unit in it
	for _, i := range in {
		if u := &g.Units[i]; !u.Vehicular() && u.Nation == n && !(mortar && u.Rider != "") {
			first = min(first, rank(u))
		}
	}
	cands := out[:0]
	for _, i := range in {
		if u := &g.Units[i]; !u.Vehicular() && u.Nation == n && !(mortar && u.Rider != "") && rank(u) == first {
			cands = append(cands, i)
		}
	}
	return cands
}

// byAssaultThenSA breaks a Cohesion tie: the better Assault value, then small-arms value.
func byAssaultThenSA(a, b *Unit) int {
	if a.Assault != b.Assault {
		return int(a.Assault) - int(b.Assault)
	}
	return int(a.SA) - int(b.SA)
}

// fireVars are what a fire resolution carries from its dice to its results.
type fireVars struct {
	best     ints  // per nationality in the hex, in order: the marker (index+1; 0 none) of its highest SADRM/MDRM result, and its natural roll
	tens     int   // mortar natural 10s with MV 2 or more still to apply (13.1.7)
	at       ints  // per vehicle fired at, in order: the marker (index+1; 0 none) of its most detrimental anti-tank result, and its natural roll
	shocked  ints  // the AFVs a mortar's natural 10 has Shocked in this fire (13.1.7); those fired at with anti-tank markers are Shocked by their anti-tank stage, which weighs it with their own result
	fates    fates // the non-vehicular units the fire has reached, whose single worst result so far their state shows, said at the end of the fire (fates.go)
	kills    ints  // the vehicles destroyed with Collateral Damage: unit, 1 if by an MG (a Towed Gun survives)
	aboard   ints  // unit, vehicle: the Riders and Passengers Collateral Damage acts on (13.3.7)
	naturals ints  // each marker's natural roll, kept only for the report's texts
}

// fireSetup is what a fire resolution knows before its dice: the hex, the markers (an SADRM
// already one worse for a Regrouping firer), the nationalities of its non-vehicular units and
// the vehicles fired at, each in order.
type fireSetup struct {
	h       Hex
	markers []Marker
	nations []Nation
	targets []int
	slot    []int     // per marker: its nationality (SADRM) or target (ATDRM) index
	whys    []string  // per marker: its label (empty when the report is quiet)
	lowest  [][11]int // per anti-tank marker and natural roll: the lowest natural roll with the same result
	harm    [][11]int // per anti-tank marker and natural roll: how detrimental its result is (atHarm)
}

// firePlan checks a fire resolution's markers (13.1) and plans it: one d10 per marker, then,
// nationality by nationality, the highest small-arms or mortar result; each mortar natural 10;
// vehicle by vehicle, the best anti-tank result; Collateral Damage.
func (g *Game) firePlan(a Action, rep *Report) (*plan[fireVars], error) {
	f, err := g.fireMarkers(a, rep)
	if err != nil {
		return nil, err
	}
	f.lowestFaces(g)
	f.whys = make([]string, len(f.markers))
	p := &plan[fireVars]{fold: f.fold, whys: f.whys}
	p.v = fireVars{best: zeros(2 * len(f.nations)), at: zeros(2 * len(f.targets)), fates: newFates(g)}
	if !rep.quiet {
		p.v.naturals = zeros(len(f.markers))
		for k := range f.markers {
			f.whys[k] = f.markers[k].label(g)
		}
	}
	// Riders and Passengers of vehicles with an ATDRM: Collateral Damage applies to them even
	// after they unload (13.3.7).
	for k := range f.markers {
		if m := &f.markers[k]; m.Kind == ATDRM {
			for j := range g.Units {
				if g.Units[j].Rider == g.Units[m.Target].ID && !g.Units[j].Eliminated {
					p.v.aboard = p.v.aboard.plus(j, m.Target)
				}
			}
		}
	}
	var sa, tens, mortars []int
	for k, m := range f.markers {
		switch {
		case m.Kind == SADRM:
			sa = append(sa, k)
		case m.Kind == MDRM:
			sa = append(sa, k)
			mortars = append(mortars, k)
			if m.MV >= MortarHitMV {
				tens = append(tens, k)
			}
		}
	}
	// Small arms and mortar: one target per nationality.
	for ni := range f.nations {
		p.stages = append(p.stages, stage[fireVars]{dice: sa, play: f.smallArmsStage(ni),
			idle: func(v *fireVars) bool { return v.best.at(2*ni) == 0 }})
	}
	// A mortar acts on vehicles only by a natural 10 with MFA MV 2 or more (13.1.7): short of
	// one, it says it had no effect on the hex's vehicles that no anti-tank marker speaks for,
	// whether or not the hex holds units on foot as well.
	if len(mortars) > 0 {
		var spared []int
		for _, j := range g.In(f.h) {
			if g.Units[j].Vehicular() && !containsInt(f.targets, j) {
				spared = append(spared, j)
			}
		}
		if who := g.names(spared); len(spared) > 0 {
			p.stages = append(p.stages, stage[fireVars]{dice: mortars, idle: func(v *fireVars) bool { return v.tens > 0 }, play: func(g *Game, rep *Report, v *fireVars, r roller) error {
				if v.tens > 0 {
					return nil // the natural 10 speaks for itself
				}
				rep.note("13.1.7", "no effect on "+who, func() string {
					return "no effect on " + who + ": a mortar hits vehicles only with a natural 10 and MFA MV 2 or more"
				})
				return nil
			}})
		}
	}
	// A mortar's natural 10 with MFA MV >= 2 (13.1.7).
	if len(tens) > 0 {
		p.stages = append(p.stages, stage[fireVars]{dice: tens, idle: func(v *fireVars) bool { return v.tens == 0 }, play: func(g *Game, rep *Report, v *fireVars, r roller) error {
			n := v.tens
			v.tens = 0
			for range n {
				if err := g.mortarTen(f.h, f.targets, v, rep, r); err != nil {
					return err
				}
			}
			return nil
		}})
	}
	// Anti-tank fire, vehicle by vehicle.
	for ti := range f.targets {
		var on []int
		for k := range f.markers {
			if f.markers[k].Kind == ATDRM && f.slot[k] == ti {
				on = append(on, k)
			}
		}
		p.stages = append(p.stages, stage[fireVars]{dice: on,
			play: func(g *Game, rep *Report, v *fireVars, r roller) error {
				return g.antiTank(f, ti, on, v, rep, r)
			},
			forget: func(v *fireVars) { f.forgetAT(ti, v) },
		})
	}
	// Collateral Damage, once at the end; then each unit's single result (rules-notes 2.4).
	p.stages = append(p.stages, stage[fireVars]{idle: func(v *fireVars) bool { return v.kills == "" && v.fates.units == "" }, play: func(g *Game, rep *Report, v *fireVars, r roller) error {
		if len(rep.Terms) > 0 {
			rep.Breakdown = breakdown(rep.Terms)
		}
		defer v.fates.flush(g, rep)
		if v.kills.len() == 0 {
			return nil
		}
		var kills [8]kill
		var aboard [16][2]int
		cd := collateral{destroyed: kills[:0], unloadedFrom: aboard[:0]}
		for i := 0; i < v.kills.len(); i += 2 {
			cd.destroyed = append(cd.destroyed, kill{unit: v.kills.at(i), mg: v.kills.at(i+1) == 1})
		}
		for i := 0; i < v.aboard.len(); i += 2 {
			cd.unloadedFrom = append(cd.unloadedFrom, [2]int{v.aboard.at(i), v.aboard.at(i + 1)})
		}
		v.kills, v.aboard = "", ""
		return g.collateralDamage(f.h, cd, &v.fates, rep, r)
	}})
	return p, nil
}

// fold takes the k-th marker's roll into the results: the highest small-arms or mortar result
// on each nationality (an SADRM before an MDRM at equal results, otherwise the first), the
// mortar's natural 10s, and the most detrimental anti-tank result on each vehicle, each roll
// judged alone (atHarm; among equally detrimental ones the highest FFAR, then the first; a
// natural 2 or less is ignored, 13.3), so that the order the markers are written in changes
// no result.
func (f *fireSetup) fold(v *fireVars, rep *Report, k, face int) {
	m := &f.markers[k]
	rep.note("13.1", "", func() string { return fmt.Sprintf("%s: d10 %d %+d = %d", f.whys[k], face, m.DRM, face+m.DRM) })
	if !rep.quiet {
		v.naturals = v.naturals.with(k, face)
	}
	ffar := face + m.DRM
	better := func(i int) {
		b := v.best.at(2*i) - 1
		if b >= 0 {
			bm := &f.markers[b]
			bffar := v.best.at(2*i+1) + bm.DRM
			if ffar < bffar || ffar == bffar && !(m.Kind == SADRM && bm.Kind == MDRM) {
				return
			}
		}
		v.best = v.best.with2(2*i, k+1, face)
	}
	switch m.Kind {
	case SADRM:
		better(f.slot[k])
	case MDRM:
		for i := range f.nations {
			better(i)
		}
		if face == MortarHitNatural && m.MV >= MortarHitMV {
			v.tens++
		}
	case ATDRM:
		t := f.slot[k]
		if face <= ATIgnoreAtMost {
			return
		}
		if b := v.at.at(2*t) - 1; b >= 0 {
			bface := v.at.at(2*t + 1)
			h, bh := f.harm[k][face], f.harm[b][bface]
			if h < bh || h == bh && ffar <= bface+f.markers[b].DRM {
				return
			}
		}
		v.at = v.at.with2(2*t, k+1, face)
	}
}

// smallArmsStage applies the highest SADRM/MDRM result on the ni-th nationality.
func (f *fireSetup) smallArmsStage(ni int) func(g *Game, rep *Report, v *fireVars, r roller) error {
	return func(g *Game, rep *Report, v *fireVars, r roller) error {
		k := v.best.at(2*ni) - 1
		if k < 0 {
			return nil
		}
		nat := v.best.at(2*ni + 1)
		v.best = v.best.with2(2*ni, 0, 0)
		m := &f.markers[k]
		return g.smallArms(f, ni, rolled{m: m, natural: nat, ffar: nat + m.DRM}, v, rep, r)
	}
}

// fireMarkers checks the markers before any roll and sets the resolution up.
func (g *Game) fireMarkers(a Action, rep *Report) (*fireSetup, error) {
	h := a.Hex
	in := g.In(h)
	if len(in) == 0 {
		return nil, refuse("13.1", "there is no unit in %s to fire on", g.hexName(h))
	}
	markers := append([]Marker(nil), a.Markers...)
	rep.Terms = nil
	var nations []Nation
	for _, i := range in {
		if u := &g.Units[i]; !u.Vehicular() {
			found := false
			for _, n := range nations {
				found = found || n == u.Nation
			}
			if !found {
				nations = append(nations, u.Nation)
			}
		}
	}
	f := &fireSetup{h: h, markers: markers, nations: nations, slot: make([]int, len(markers))}
	for k := range markers {
		m := &markers[k]
		switch m.Kind {
		case SADRM:
			if err := g.placeSADRM(m, h, nations, rep); err != nil {
				return nil, err
			}
			for i, n := range nations {
				if n == m.Nation {
					f.slot[k] = i
				}
			}
		case MDRM:
			if len(nations) == 0 && !g.anyVehicle(h) {
				return nil, refuse("13.1", "nothing in %s for the MDRM", g.hexName(h))
			}
		case ATDRM:
			t := &g.Units[m.Target]
			if t.Eliminated || t.At != h {
				return nil, refuse("13.3", "%s is not in %s", t.ID, g.hexName(h))
			}
			if !t.HasAV() {
				return nil, refuse("13.3", "%s has no AV: an ATDRM goes on a vehicle or Fighting Position", t.ID)
			}
			if !containsInt(f.targets, m.Target) {
				f.targets = append(f.targets, m.Target)
			}
			for i, x := range f.targets {
				if x == m.Target {
					f.slot[k] = i
				}
			}
		}
	}
	return f, nil
}

// placeSADRM checks an SADRM: the nationality it is on (the only one in the hex if unnamed)
// and its firers, each of a state that lets it fire at h (States); a Regrouping firer makes it
// one worse (14.3).
func (g *Game) placeSADRM(m *Marker, h Hex, nations []Nation, rep *Report) error {
	if m.Nation == "" {
		if len(nations) != 1 {
			return refuse("13.1", "an SADRM is placed on a nationality: name it (sa GE %+d); %s holds %d", m.DRM, g.hexName(h), len(nations))
		}
		m.Nation = nations[0]
	}
	ok := false
	for _, n := range nations {
		ok = ok || n == m.Nation
	}
	if !ok {
		return refuse("13.1", "no %s non-vehicular unit in %s for the SADRM", m.Nation, g.hexName(h))
	}
	regrouping := ""
	for _, f := range m.By {
		w := &g.Units[f]
		switch {
		case w.Eliminated:
			return refuse("13.1", "%s is not on the map", w.ID)
		}
		if r := g.mayAct(f, VerbFire, h); r != nil {
			return r
		}
		if w.Regrouping && regrouping == "" {
			regrouping = w.ID
		}
	}
	if regrouping != "" { // a Regrouping firer: the marker's DRM is one worse
		m.DRM += RegroupingFireDRM
		rep.Terms = append(rep.Terms, Term{Value: RegroupingFireDRM, Label: regrouping + " Regrouping", Rule: "14.3"})
	}
	return nil
}

func (g *Game) anyVehicle(h Hex) bool {
	for _, i := range g.In(h) {
		if g.Units[i].Vehicular() {
			return true
		}
	}
	return false
}

// smallArms applies the highest SADRM/MDRM result on the ni-th nationality to its selected
// target (13.1.3-13.1.6): the target's result, the Concealment lost, the Riders unloaded and the
// others' Cohesion Checks. Each unit's result goes to the fire's ledger (v.fates), which keeps
// the single most detrimental result of the fire for it (rules-notes 2.4).
func (g *Game) smallArms(f *fireSetup, ni int, x rolled, v *fireVars, rep *Report, r roller) error {
	h, n := f.h, f.nations[ni]
	l := &v.fates
	mortar := x.m.Kind == MDRM
	var tb [12]int
	cands := g.fireTargets(h, n, mortar, &tb)
	if len(cands) == 0 {
		if v.tens > 0 {
			return nil // the natural 10 unloads them: its facts name them (13.1.7)
		}
		// Only Riders and Passengers, whom an MDRM does not select: no effect on them.
		var buf [12]int
		for _, j := range g.inBuf(h, &buf) {
			if w := &g.Units[j]; w.Nation == n && !w.Vehicular() {
				l.spare(g, rep, j, "13.1.3", func() string {
					return fmt.Sprintf("no effect on %s: the %s selects no Rider or Passenger, and %s has no other %s unit", w.ID, x.m.Kind, g.hexName(h), n)
				})
			}
		}
		return nil
	}
	t, err := g.best(cands, "fire target", r, byAssaultThenSA)
	if err != nil {
		return err
	}
	u := &g.Units[t]
	ffar := x.ffar
	var buf [12]int
	for _, j := range g.inBuf(h, &buf) {
		ld := &g.Units[j]
		if ld.Kind == Leader && !ld.Disrupted && ld.Side == u.Side && ld.Platoon != "" && ld.Platoon == u.Platoon && ld.EffCohesion() > u.EffCohesion() {
			ffar += PlatoonLeaderDRM
			rep.Terms = append(rep.Terms, Term{Value: PlatoonLeaderDRM, Label: "with its platoon leader " + ld.ID, Rule: "13.1.4"})
			break
		}
	}
	c := u.EffCohesion()
	rep.note("13.1.3", "", func() string {
		return fmt.Sprintf("the highest result on %s is %s (%d); it selects %s (Cohesion %d); FFAR %d", n, x.m.Kind, x.ffar, u.ID, c, ffar)
	})
	if ffar < c {
		l.spare(g, rep, t, "13.1.5", func() string {
			return fmt.Sprintf("no effect on %s: FFAR %d < Cohesion %d, %s unharmed", u.ID, ffar, c, u.ID)
		})
		return nil
	}
	revealed := u.Concealed // the target loses its Concealment
	for _, j := range g.inBuf(h, &buf) {
		w := &g.Units[j]
		if w.Nation == n && !w.Vehicular() && w.Concealed {
			l.reveal(g, rep, j, "4.3.1.1", func() string {
				return fmt.Sprintf("%s loses Concealment (FFAR %d >= Cohesion %d)", w.ID, ffar, c)
			})
		}
	}
	if ffar == c {
		if revealed {
			// The target is not Disrupted: it lost its Concealment, and that result names it.
			rep.note("13.1.5", "", func() string {
				return fmt.Sprintf("FFAR %d = Cohesion %d: no Disruption, %s unharmed", ffar, c, u.ID)
			})
			return nil
		}
		l.spare(g, rep, t, "13.1.5", func() string {
			return fmt.Sprintf("FFAR %d = Cohesion %d: no Disruption, %s unharmed", ffar, c, u.ID)
		})
		return nil
	}
	rider := u.Rider != "" && !u.Passenger
	vehicle := u.Rider
	if err := l.befall(g, rep, t, func(sink *Report) error { g.fireHit(t, ffar, c, sink); return nil }); err != nil {
		return err
	}
	if rider {
		for j := range g.Units {
			if g.Units[j].Rider == vehicle && !g.Units[j].Passenger {
				g.unload(j, "13.1.6", rep, "a Rider was hit")
			}
		}
	}
	if n.JapaneseOrRussian() {
		return nil
	}
	for _, j := range g.In(h) {
		w := &g.Units[j]
		if j == t || w.Nation != n || w.Vehicular() {
			continue
		}
		if w.Disrupted {
			if g.reads(FireCheckUndisruptedOnly) {
				rep.note("13.1.6", "", func() string {
					return fmt.Sprintf("%s is Disrupted already and does not check %s", w.ID, g.tag(FireCheckUndisruptedOnly))
				})
				continue
			}
			rep.note("13.1.6", "", func() string {
				return fmt.Sprintf("%s is Disrupted already and checks as well: a failure costs it a step %s", w.ID, g.tag(FireCheckUndisruptedOnly))
			})
		}
		if err := l.befall(g, rep, j, func(sink *Report) error { return g.cohesionCheck(j, "13.1.6", sink, r) }); err != nil {
			return err
		}
	}
	return nil
}

// fireHit applies a small-arms or mortar FFAR above the Cohesion c to its target t (13.1.5): it
// Disrupts, or takes a Casualty instead when Heroic, Japanese or Russian, at FFAR 10 or more, or
// when Disrupted already.
func (g *Game) fireHit(t, ffar, c int, rep *Report) {
	u := &g.Units[t]
	if u.Heroic || u.Nation.JapaneseOrRussian() || ffar >= CasualtyFFAR || u.Disrupted {
		why := "Heroic"
		switch {
		case ffar >= CasualtyFFAR:
			why = "FFAR 10 or more"
		case u.Nation.JapaneseOrRussian():
			why = "Japanese/Russian"
		case u.Disrupted && !u.Heroic:
			why = "already Disrupted: a Disrupted unit that would Disrupt again takes a Casualty (rules-notes 2.4)"
		}
		g.casualty(t, "13.1.5", rep, rep.reason(func() string { return fmt.Sprintf("FFAR %d > Cohesion %d, %s", ffar, c, why) }))
		return
	}
	g.disrupt(t, "13.1.5", rep, rep.reason(func() string { return fmt.Sprintf("FFAR %d > Cohesion %d", ffar, c) }), false)
}

// mortarTen applies a mortar's natural 10 with MFA MV 2 or more (13.1.7), in the aid's order:
// first every Rider and Passenger in the hex unloads, then one vehicle, picked at random among
// those in the hex, is Destroyed, or Shocked if it is an AFV. The pick comes after the unloading,
// so a Shocked AFV has no Riders left to unload and check Cohesion (13.3.5); those of a Destroyed
// vehicle are left to Collateral Damage at the end of the fire. An AFV the fire's anti-tank
// markers are on (targets) is Shocked by its anti-tank stage, which weighs the Shock with their
// result: the single most detrimental result (rules-notes 2.4); an AFV a natural 10 has
// Shocked already in this fire suffers it once.
func (g *Game) mortarTen(h Hex, targets []int, fv *fireVars, rep *Report, r roller) error {
	var buf [12]int
	in := g.inBuf(h, &buf)
	for _, j := range in {
		if v := g.Units[j].Rider; v != "" {
			if vi, ok := g.Unit(v); ok {
				fv.aboard = fv.aboard.plus(j, vi)
			}
		}
	}
	for _, j := range in {
		g.unload(j, "13.1.7", rep, "a mortar's natural 10: every Rider and Passenger in the hex unloads first")
	}
	var veh []int
	for _, j := range in {
		if g.Units[j].Vehicular() {
			veh = append(veh, j)
		}
	}
	if len(veh) == 0 {
		return nil
	}
	sort.Ints(veh)
	k, err := r.pick(rep.cat("mortar 10 (Riders and Passengers unloaded): which vehicle, among ", g.names(veh)), len(veh))
	if err != nil {
		return err
	}
	v := veh[k]
	if g.Units[v].Kind == AFV {
		if fv.shocked.has(v) {
			return nil
		}
		fv.shocked = fv.shocked.plus(v)
		if containsInt(targets, v) {
			return nil
		}
		return g.shock(v, "13.1.7", rep, "a mortar's natural 10", &fv.fates, r)
	}
	fv.kills = fv.kills.plus(v, 0)
	g.eliminate(v, "13.1.7", rep, "a mortar's natural 10 with MFA MV 2 or more")
	return nil
}

// EffectiveAV is the armour anti-tank fire compares with: the AEV when enfiladed (if it has
// one), less 1 in Motion when lessInMotion (the reading at-motion-lowers-av, its default).
func (u *Unit) EffectiveAV(enfiladed, lessInMotion bool) int {
	av := int(u.AV)
	if enfiladed && u.AEV >= 0 {
		av = int(u.AEV)
	}
	if u.Motion && lessInMotion {
		av--
	}
	return av
}

// Anti-tank rolls of 2 or less are ignored (13.3).
const ATIgnoreAtMost = 2

// antiTank applies the best ATDRM result on the ti-th vehicle fired at (13.3.3-13.3.6); on are
// the markers on it.
func (g *Game) antiTank(f *fireSetup, ti int, on []int, v *fireVars, rep *Report, r roller) error {
	t := f.targets[ti]
	u := &g.Units[t]
	if !rep.quiet {
		for _, k := range on {
			if nat := v.naturals.at(k); nat <= ATIgnoreAtMost {
				rep.add("13.3", "", "%s: natural %d is ignored", f.markers[k].label(g), nat)
			}
		}
	}
	best := v.at.at(2*ti) - 1
	nat := v.at.at(2*ti + 1)
	v.at = v.at.with2(2*ti, 0, 0)
	if u.Eliminated {
		return nil // destroyed earlier in this fire (a mortar's natural 10): said then
	}
	if best < 0 {
		return g.atSpared(t, v, rep, r, func() string {
			return fmt.Sprintf("no effect on %s: every anti-tank roll on it was a natural %d or less", u.ID, ATIgnoreAtMost)
		})
	}
	x := rolled{m: &f.markers[best], natural: nat, ffar: nat + f.markers[best].DRM}
	lower := g.reads(MotionLowersAV)
	res, eav := antiTankResult(u, x, lower)
	// The armour compared with, as the texts say it: "AV 4 (5 -1 in Motion) [default: ...]".
	// The reading at-motion-lowers-av is named only where it decided the result.
	arm := func() string {
		what, base := "AV", int(u.AV)
		if x.m.Enfilad && u.AEV >= 0 {
			what, base = "AEV", int(u.AEV)
		}
		tag := ""
		if other, _ := antiTankResult(u, x, !lower); other != res {
			tag = " " + g.tag(MotionLowersAV)
		}
		switch {
		case u.Motion && lower:
			return fmt.Sprintf("%s %d (%d -1 in Motion)%s", what, eav, base, tag)
		case u.Motion:
			return fmt.Sprintf("%s %d (not lowered in Motion)%s", what, eav, tag)
		}
		return fmt.Sprintf("%s %d", what, eav)
	}
	switch res {
	case atDestroyed:
		if x.m.ATV > 0 && u.Vehicular() {
			mg := 0
			if x.m.MG {
				mg = 1
			}
			v.kills = v.kills.plus(t, mg)
		}
		why := rep.reason(func() string { return fmt.Sprintf("FFAR %d > %s", x.ffar, arm()) })
		if !u.Vehicular() { // a Fighting Position: its result is weighed with the small arms'
			return v.fates.befall(g, rep, t, func(sink *Report) error { g.eliminate(t, "13.3.6", sink, why); return nil })
		}
		g.eliminate(t, "13.3.6", rep, why)
	case atShockedEqual:
		return g.shock(t, "13.3.5", rep, rep.reason(func() string { return fmt.Sprintf("FFAR %d = %s", x.ffar, arm()) }), &v.fates, r)
	case atShocked10:
		return g.shock(t, "13.3.5", rep, rep.reason(func() string {
			return fmt.Sprintf("natural 10, FFAR %d at most 2 below %s", x.ffar, arm())
		}), &v.fates, r)
	case atNoEffect:
		return g.atSpared(t, v, rep, r, func() string {
			return fmt.Sprintf("no effect on %s: FFAR %d vs %s, %s unharmed", u.ID, x.ffar, arm(), u.ID)
		})
	}
	return nil
}

// atSpared gives unit t, which anti-tank fire left as it was (why says so), its single result:
// a vehicle a mortar's natural 10 has Shocked in this fire is Shocked (13.1.7), the single most
// detrimental result (rules-notes 2.4); a Fighting Position's "no effect" goes to the fire's
// ledger, to be weighed with what small arms did to it; otherwise no effect.
func (g *Game) atSpared(t int, v *fireVars, rep *Report, r roller, why func() string) error {
	u := &g.Units[t]
	switch {
	case v.shocked.has(t):
		return g.shock(t, "13.1.7", rep, "a mortar's natural 10", &v.fates, r)
	case !u.Vehicular():
		v.fates.spare(g, rep, t, "13.3", why)
	default:
		rep.note("13.3", rep.fact(g, t, factNoEffect), why)
	}
	return nil
}

// An anti-tank result (13.3.5-13.3.6).
type atResult uint8

// atHarm ranks what marker m's result res does, the most detrimental highest (2.4 of the
// rules-notes: Destroyed > Shocked > no effect); among destructions, one that causes Collateral
// Damage (a firer's ATV above 0, a vehicle) ranks above one that does not, and one not by an MG
// (a Towed Gun in the hex is Destroyed too) above one by an MG.
func atHarm(u *Unit, m *Marker, res atResult) int {
	switch res {
	case atShockedEqual, atShocked10:
		return 1
	case atDestroyed:
		switch {
		case m.ATV <= 0 || !u.Vehicular():
			return 2
		case m.MG:
			return 3
		}
		return 4
	}
	return 0
}

// Anti-tank results.
const (
	atNoEffect     atResult = iota
	atDestroyed             // FFAR above the armour
	atShockedEqual          // an AFV, FFAR equal to the armour
	atShocked10             // an AFV, a natural 10 at most 2 below the armour
)

// antiTankResult is what x does to u, and the armour it is compared with: the AV, the AEV when
// enfiladed, 1 less in Motion when lessInMotion (13.3.5-13.3.6).
func antiTankResult(u *Unit, x rolled, lessInMotion bool) (atResult, int) {
	eav := u.EffectiveAV(x.m.Enfilad, lessInMotion)
	switch {
	case x.ffar > eav:
		return atDestroyed, eav
	case u.Kind == AFV && x.ffar == eav:
		return atShockedEqual, eav
	case u.Kind == AFV && x.natural == ShockNatural && x.ffar >= eav-ShockBelowArmour:
		return atShocked10, eav
	}
	return atNoEffect, eav
}

// lowestFaces works out, for each anti-tank marker, how detrimental each natural roll's result
// is (atHarm), and the lowest natural roll that does to its target what each natural roll does
// (forgetAT). A fire changes no target's kind, armour or Motion, so the target as it is before
// the dice answers for every stage.
func (f *fireSetup) lowestFaces(g *Game) {
	f.lowest = make([][11]int, len(f.markers))
	f.harm = make([][11]int, len(f.markers))
	for k := range f.markers {
		m := &f.markers[k]
		if m.Kind != ATDRM {
			continue
		}
		u := &g.Units[m.Target]
		lower := g.reads(MotionLowersAV)
		for nat := ATIgnoreAtMost + 1; nat <= 10; nat++ {
			res, _ := antiTankResult(u, rolled{m: m, natural: nat, ffar: nat + m.DRM}, lower)
			f.harm[k][nat] = atHarm(u, m, res)
			f.lowest[k][nat] = nat
			for face := ATIgnoreAtMost + 1; face < nat; face++ {
				if r, _ := antiTankResult(u, rolled{m: m, natural: face, ffar: face + m.DRM}, lower); r == res {
					f.lowest[k][nat] = face
					break
				}
			}
		}
	}
}

// forgetAT rewrites the ti-th vehicle's best anti-tank result into the lowest natural roll of the
// same marker with the same result: the odds then work the stage out once per result, not
// once per roll.
func (f *fireSetup) forgetAT(ti int, v *fireVars) {
	if k := v.at.at(2*ti) - 1; k >= 0 {
		v.at = v.at.with(2*ti+1, f.lowest[k][v.at.at(2*ti+1)])
	}
}

// shock marks an AFV Shocked (one already Shocked stays so); its Riders unload and check
// Cohesion (13.3.5).
func (g *Game) shock(t int, rule string, rep *Report, why string, l *fates, r roller) error {
	u := &g.Units[t]
	if u.Shocked {
		rep.note(rule, rep.fact(g, t, factShocked), func() string { return fmt.Sprintf("%s stays Shocked (%s)", u.ID, why) })
	} else {
		u.Shocked = true
		rep.note(rule, rep.fact(g, t, factShocked), func() string { return fmt.Sprintf("%s is Shocked (%s)", u.ID, why) })
	}
	for j := range g.Units {
		if g.Units[j].Rider == u.ID && !g.Units[j].Eliminated {
			g.unload(j, rule, rep, "its vehicle is Shocked")
			if err := l.befall(g, rep, j, func(sink *Report) error { return g.cohesionCheck(j, rule, sink, r) }); err != nil {
				return err
			}
		}
	}
	return nil
}

// collateralDamage applies 13.3.7 once, at the end of a fire resolution (or after a vehicle
// is destroyed in an Assault): every Rider and Passenger in the hex unloads; then, for each
// vehicle destroyed, a Towed Gun in the hex is Destroyed (not by an MG's anti-tank fire), and
// the units that were aboard Disrupt (Japanese and Russian ones are marked Regrouping) and
// check Cohesion; in open terrain without an IP, outside an Assault, one undisrupted unit on
// foot Disrupts, as one more item for each vehicle destroyed, or once after them all (the
// reading open-terrain-cd-per-vehicle). The vehicles are taken in the order the units are
// listed, not in the order the markers that destroyed them are written: what a fire does never
// hangs on that order (rules-notes 2.4). What it does to units not vehicles goes to the ledger
// l, which keeps each unit's single most detrimental result of the resolution (rules-notes
// 2.4): the open-terrain Disruption may pick a unit the fire has given a Casualty (it is not
// Disrupted), and then changes nothing.
func (g *Game) collateralDamage(h Hex, cd collateral, l *fates, rep *Report, r roller) error {
	rep.note("13.3.7", "Collateral Damage", func() string { return "Collateral Damage in " + g.hexName(h) })
	var buf [12]int
	for _, j := range g.inBuf(h, &buf) {
		g.unload(j, "13.3.7", rep, "Collateral Damage")
	}
	open := !cd.assault && g.Map.Info(h).Terrain == Open && !g.HasIP(h)
	perVehicle := g.reads(OpenTerrainCDPerVehicle)
	slices.SortStableFunc(cd.destroyed, func(a, b kill) int { return a.unit - b.unit })
	for n, k := range cd.destroyed {
		v := g.Units[k.unit].ID
		if !k.mg {
			for _, j := range g.inBuf(h, &buf) {
				if g.Units[j].Kind == TowedGun {
					why := rep.cat("Collateral Damage from ", v)
					if err := l.befall(g, rep, j, func(sink *Report) error { g.eliminate(j, "13.3.7", sink, why); return nil }); err != nil {
						return err
					}
				}
			}
		}
		for _, p := range cd.unloadedFrom {
			if p[1] != k.unit || g.Units[p[0]].Eliminated {
				continue
			}
			// Disrupted, then a Cohesion Check: one result, the worse of the two (fates.go).
			j, why := p[0], rep.cat("was aboard ", v)
			if err := l.befall(g, rep, j, func(sink *Report) error {
				g.cdDisrupt(j, sink, why)
				return g.cohesionCheck(j, "13.3.7", sink, r)
			}); err != nil {
				return err
			}
		}
		if open && perVehicle {
			// A second vehicle's Disruption is the reading's doing: it names it.
			if err := g.openTerrainCD(h, n > 0, l, rep, r); err != nil {
				return err
			}
		}
	}
	if !open || perVehicle || len(cd.destroyed) == 0 {
		return nil
	}
	if len(cd.destroyed) > 1 {
		rep.note("13.3.7", "", func() string {
			return "Collateral Damage in open terrain Disrupts one unit once, not once per vehicle destroyed " + g.tag(OpenTerrainCDPerVehicle)
		})
	}
	return g.openTerrainCD(h, false, l, rep, r)
}

// cdDisrupt Disrupts unit j by Collateral Damage; a Japanese or Russian unit is marked
// Regrouping instead (13.3.7).
func (g *Game) cdDisrupt(j int, rep *Report, why string) {
	w := &g.Units[j]
	switch {
	case w.Nation.JapaneseOrRussian() && w.Disrupted:
		rep.note("13.3.7", "", func() string {
			return fmt.Sprintf("%s (%s) is Disrupted already: no further effect, as a Japanese or Russian unit regroups where others Disrupt", w.ID, why)
		})
	case w.Nation.JapaneseOrRussian():
		g.regroup(j, "13.3.7", rep, rep.cat(why, " (Japanese/Russian: Regrouping)"))
	default:
		g.disrupt(j, "13.3.7", rep, why, false)
	}
}

// openTerrainCD Disrupts one undisrupted unit on foot in h, picked at random (13.3.7): Collateral
// Damage in open terrain; tagged names the reading open-terrain-cd-per-vehicle, which decided it.
func (g *Game) openTerrainCD(h Hex, tagged bool, l *fates, rep *Report, r roller) error {
	var buf, foot [12]int
	onFoot := foot[:0]
	for _, j := range g.inBuf(h, &buf) {
		if u := &g.Units[j]; u.OnFoot() && !u.Disrupted && !(u.Nation.JapaneseOrRussian() && u.Regrouping) {
			onFoot = append(onFoot, j)
		}
	}
	if len(onFoot) == 0 {
		return nil
	}
	p, err := r.pick(rep.reason(func() string { return "Collateral Damage in the open: which unit, among " + g.names(onFoot) }), len(onFoot))
	if err != nil {
		return err
	}
	why := "Collateral Damage in open terrain"
	if tagged {
		why = rep.cat(why, " ", g.tag(OpenTerrainCDPerVehicle))
	}
	j := onFoot[p]
	return l.befall(g, rep, j, func(sink *Report) error { g.cdDisrupt(j, sink, why); return nil })
}
