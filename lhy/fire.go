package lhy

import (
	"fmt"
	"sort"
)

// Fire resolution (13.x). The markers placed on a hex are each rolled once: an SADRM against a
// nationality in the hex, an MDRM against the hex, an ATDRM against one vehicle. Small-arms and
// mortar results pick one target per nationality; anti-tank results act on the vehicle they
// are on; each unit suffers only the worst result that reaches it; Collateral Damage is applied
// once, at the end.

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
	s := fmt.Sprintf("ATDRM %+d on %s (ATV %d", m.DRM, g.name(m.Target), m.ATV)
	if m.MG {
		s += ", MG"
	}
	if m.Enfilad {
		s += ", enfiladed"
	}
	return s + ")"
}

// fireTargets are the non-vehicular units of a nationality in h that fire can select, in
// the priority of 13.1.3: unconcealed undisrupted combat units, Concealed undisrupted combat
// units, Disrupted combat units, non-combat units; Riders and Passengers left out against
// an MDRM.
func (g *Game) fireTargets(h Hex, n Nation, mortar bool) []int {
	var cats [4][]int
	for _, i := range g.In(h) {
		u := &g.Units[i]
		if u.Vehicular() || u.Nation != n || (mortar && u.Rider != "") {
			continue
		}
		switch {
		case u.Combat && !u.Disrupted && !u.Concealed:
			cats[0] = append(cats[0], i)
		case u.Combat && !u.Disrupted:
			cats[1] = append(cats[1], i)
		case u.Combat:
			cats[2] = append(cats[2], i)
		default:
			cats[3] = append(cats[3], i)
		}
	}
	for _, c := range cats {
		if len(c) > 0 {
			return c
		}
	}
	return nil
}

// byAssaultThenSA breaks a Cohesion tie: the better Assault value, then small-arms value.
func byAssaultThenSA(a, b *Unit) int {
	if a.Assault != b.Assault {
		return int(a.Assault) - int(b.Assault)
	}
	return int(a.SA) - int(b.SA)
}

func (g *Game) fire(a Action, rep *Report, r roller) error {
	h := a.Hex
	in := g.In(h)
	if len(in) == 0 {
		return refuse("13.1", "there is no unit in %s to fire on", g.hexName(h))
	}
	markers := append([]Marker(nil), a.Markers...)
	rep.Terms = nil
	// Check the markers before any roll.
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
	for k := range markers {
		m := &markers[k]
		switch m.Kind {
		case SADRM:
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
				case w.Disrupted:
					return refuse("13.3.2", "%s is Disrupted: it may only Recover or Withdraw", w.ID)
				case w.Shocked:
					return refuse("13.3.5", "%s is Shocked: it may only Recover", w.ID)
				case w.Regrouping && !w.At.Adjacent(h):
					return refuse("14.3", "%s is Regrouping: it fires small arms only at an adjacent hex", w.ID)
				}
				if w.Regrouping && regrouping == "" {
					regrouping = w.ID
				}
			}
			if regrouping != "" { // a Regrouping firer: the marker's DRM is one worse
				m.DRM--
				rep.Terms = append(rep.Terms, Term{Value: -1, Label: regrouping + " Regrouping", Rule: "14.3"})
			}
		case MDRM:
			if len(nations) == 0 && !g.anyVehicle(h) {
				return refuse("13.1", "nothing in %s for the MDRM", g.hexName(h))
			}
		case ATDRM:
			t := &g.Units[m.Target]
			if t.Eliminated || t.At != h {
				return refuse("13.3", "%s is not in %s", t.ID, g.hexName(h))
			}
			if !t.HasAV() {
				return refuse("13.3", "%s has no AV: an ATDRM goes on a vehicle or Fighting Position", t.ID)
			}
		}
	}
	cd := collateral{}
	// Riders and Passengers of vehicles with an ATDRM: Collateral Damage applies to them even
	// after they unload (13.3.7).
	for k := range markers {
		if m := &markers[k]; m.Kind == ATDRM {
			for j := range g.Units {
				if g.Units[j].Rider == g.Units[m.Target].ID && !g.Units[j].Eliminated {
					cd.unloadedFrom = append(cd.unloadedFrom, [2]int{j, m.Target})
				}
			}
		}
	}
	// Roll once for each marker.
	res := make([]rolled, len(markers))
	for k := range markers {
		m := &markers[k]
		why := ""
		if !rep.quiet {
			why = m.label(g)
		}
		f, err := r.d10(why)
		if err != nil {
			return err
		}
		res[k] = rolled{m: m, natural: f, ffar: f + m.DRM}
		rep.add("13.1", "", "%s: d10 %d %+d = %d", why, f, m.DRM, f+m.DRM)
	}
	// Small arms and mortar: one target per nationality.
	for _, n := range nations {
		best := -1
		for k := range res {
			m := res[k].m
			if (m.Kind == SADRM && m.Nation == n) || m.Kind == MDRM {
				if best < 0 || res[k].ffar > res[best].ffar || (res[k].ffar == res[best].ffar && m.Kind == SADRM && res[best].m.Kind == MDRM) {
					best = k
				}
			}
		}
		if best < 0 {
			continue
		}
		if err := g.smallArms(h, n, res[best], rep, r); err != nil {
			return err
		}
	}
	// A mortar's natural 10 with MFA MV >= 2 (13.1.7).
	for k := range res {
		if x := res[k]; x.m.Kind == MDRM && x.natural == 10 && x.m.MV >= 2 {
			if err := g.mortarTen(h, &cd, rep, r); err != nil {
				return err
			}
		}
	}
	// Anti-tank fire, vehicle by vehicle.
	var targets []int
	for k := range res {
		if m := res[k].m; m.Kind == ATDRM && !containsInt(targets, m.Target) {
			targets = append(targets, m.Target)
		}
	}
	for _, t := range targets {
		if err := g.antiTank(t, res, &cd, rep, r); err != nil {
			return err
		}
	}
	if len(rep.Terms) > 0 {
		rep.Breakdown = breakdown(rep.Terms)
	}
	if len(cd.destroyed) > 0 {
		return g.collateralDamage(h, cd, rep, r)
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

// smallArms applies the highest SADRM/MDRM result on a nationality to its selected target
// (13.1.3-13.1.6).
func (g *Game) smallArms(h Hex, n Nation, x rolled, rep *Report, r roller) error {
	mortar := x.m.Kind == MDRM
	cands := g.fireTargets(h, n, mortar)
	if len(cands) == 0 {
		rep.add("13.1.3", "", "%s: no %s unit the %s can select", g.hexName(h), n, x.m.Kind)
		return nil
	}
	t, err := g.best(cands, "fire target", r, byAssaultThenSA)
	if err != nil {
		return err
	}
	u := &g.Units[t]
	ffar := x.ffar
	for _, j := range g.In(h) {
		l := &g.Units[j]
		if l.Kind == Leader && !l.Disrupted && l.Side == u.Side && l.Platoon != "" && l.Platoon == u.Platoon && l.EffCohesion() > u.EffCohesion() {
			ffar--
			rep.Terms = append(rep.Terms, Term{Value: -1, Label: "with its platoon leader " + l.ID, Rule: "13.1.4"})
			break
		}
	}
	c := u.EffCohesion()
	rep.add("13.1.3", "", "the highest result on %s is %s (%d); it selects %s (Cohesion %d); FFAR %d", n, x.m.Kind, x.ffar, u.ID, c, ffar)
	if ffar < c {
		rep.add("13.1.5", u.ID+" unharmed", "FFAR %d < Cohesion %d: no effect", ffar, c)
		return nil
	}
	for _, j := range g.In(h) {
		w := &g.Units[j]
		if w.Nation == n && !w.Vehicular() && w.Concealed {
			w.Concealed = false
			rep.add("4.3.1.1", w.ID+" loses Concealment", "%s loses Concealment (FFAR %d >= Cohesion %d)", w.ID, ffar, c)
		}
	}
	if ffar == c {
		rep.add("13.1.5", u.ID+" unharmed", "FFAR %d = Cohesion %d: no Disruption", ffar, c)
		return nil
	}
	rider := u.Rider != "" && !u.Passenger
	vehicle := u.Rider
	if u.Heroic || u.Nation.JapaneseOrRussian() || ffar >= 10 {
		why := "Heroic"
		switch {
		case ffar >= 10:
			why = "FFAR 10 or more"
		case u.Nation.JapaneseOrRussian():
			why = "Japanese/Russian"
		}
		g.casualty(t, "13.1.5", rep, fmt.Sprintf("FFAR %d > Cohesion %d, %s", ffar, c, why))
	} else {
		g.disrupt(t, "13.1.5", rep, fmt.Sprintf("FFAR %d > Cohesion %d", ffar, c), false)
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
		if j != t && w.Nation == n && !w.Vehicular() && !w.Disrupted {
			if err := g.cohesionCheck(j, "13.1.6", rep, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// mortarTen: all Riders and Passengers in the hex unload and one random vehicle is Destroyed,
// an AFV Shocked instead (13.1.7).
func (g *Game) mortarTen(h Hex, cd *collateral, rep *Report, r roller) error {
	for _, j := range g.In(h) {
		if v := g.Units[j].Rider; v != "" {
			if vi, ok := g.Unit(v); ok {
				cd.unloadedFrom = append(cd.unloadedFrom, [2]int{j, vi})
			}
		}
	}
	for _, j := range g.In(h) {
		g.unload(j, "13.1.7", rep, "a mortar's natural 10")
	}
	var veh []int
	for _, j := range g.In(h) {
		if g.Units[j].Vehicular() {
			veh = append(veh, j)
		}
	}
	if len(veh) == 0 {
		return nil
	}
	sort.Ints(veh)
	k, err := r.pick("mortar 10: which vehicle, among "+g.names(veh), len(veh))
	if err != nil {
		return err
	}
	v := veh[k]
	if g.Units[v].Kind == AFV {
		return g.shock(v, "13.1.7", rep, "a mortar's natural 10", r)
	}
	cd.destroyed = append(cd.destroyed, kill{unit: v})
	g.eliminate(v, "13.1.7", rep, "a mortar's natural 10 with MFA MV 2 or more")
	return nil
}

// EffectiveAV is the armour anti-tank fire compares with: the AEV when enfiladed (if it has
// one), less 1 in Motion [default: the aid's "AV is reduced if in motion"].
func (u *Unit) EffectiveAV(enfiladed bool) int {
	av := int(u.AV)
	if enfiladed && u.AEV >= 0 {
		av = int(u.AEV)
	}
	if u.Motion {
		av--
	}
	return av
}

// Anti-tank rolls of 2 or less are ignored (13.3).
const ATIgnoreAtMost = 2

// antiTank applies the best ATDRM result on vehicle t (13.3.3-13.3.6).
func (g *Game) antiTank(t int, res []rolled, cd *collateral, rep *Report, r roller) error {
	u := &g.Units[t]
	best := -1
	for k := range res {
		x := res[k]
		if x.m.Kind != ATDRM || x.m.Target != t {
			continue
		}
		if x.natural <= ATIgnoreAtMost {
			rep.add("13.3", "", "%s: natural %d is ignored", x.m.label(g), x.natural)
			continue
		}
		if best < 0 || x.ffar > res[best].ffar {
			best = k
		}
	}
	if best < 0 || u.Eliminated {
		return nil
	}
	x := res[best]
	eav := u.EffectiveAV(x.m.Enfilad)
	what := "AV"
	if x.m.Enfilad && u.AEV >= 0 {
		what = "AEV"
	}
	if u.Motion {
		what += " -1 in Motion"
	}
	switch {
	case x.ffar > eav:
		if x.m.ATV > 0 && u.Vehicular() {
			cd.destroyed = append(cd.destroyed, kill{unit: t, mg: x.m.MG})
		}
		g.eliminate(t, "13.3.6", rep, fmt.Sprintf("FFAR %d > %s %d", x.ffar, what, eav))
	case u.Kind == AFV && x.ffar == eav:
		return g.shock(t, "13.3.5", rep, fmt.Sprintf("FFAR %d = %s %d", x.ffar, what, eav), r)
	case u.Kind == AFV && x.natural == 10 && x.ffar >= eav-2:
		return g.shock(t, "13.3.5", rep, fmt.Sprintf("natural 10, FFAR %d >= %s %d - 2", x.ffar, what, eav), r)
	default:
		rep.add("13.3", u.ID+" unharmed", "%s: FFAR %d vs %s %d: no effect", u.ID, x.ffar, what, eav)
	}
	return nil
}

// shock marks an AFV Shocked (one already Shocked stays so); its Riders unload and check
// Cohesion (13.3.5).
func (g *Game) shock(t int, rule string, rep *Report, why string, r roller) error {
	u := &g.Units[t]
	if u.Shocked {
		rep.add(rule, u.ID+" Shocked", "%s stays Shocked (%s)", u.ID, why)
	} else {
		u.Shocked = true
		rep.add(rule, u.ID+" Shocked", "%s is Shocked (%s)", u.ID, why)
	}
	for j := range g.Units {
		if g.Units[j].Rider == u.ID && !g.Units[j].Eliminated {
			g.unload(j, rule, rep, "its vehicle is Shocked")
			if err := g.cohesionCheck(j, rule, rep, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// collateralDamage applies 13.3.7 once, at the end of a fire resolution (or after a vehicle
// is destroyed in an Assault).
func (g *Game) collateralDamage(h Hex, cd collateral, rep *Report, r roller) error {
	rep.add("13.3.7", "Collateral Damage", "Collateral Damage in %s", g.hexName(h))
	for _, j := range g.In(h) {
		g.unload(j, "13.3.7", rep, "Collateral Damage")
	}
	cdDisrupt := func(j int, why string) {
		if g.Units[j].Nation.JapaneseOrRussian() {
			g.regroup(j, "13.3.7", rep, why+" (Japanese/Russian: Regrouping)")
		} else {
			g.disrupt(j, "13.3.7", rep, why, false)
		}
	}
	for _, k := range cd.destroyed {
		v := g.Units[k.unit].ID
		if !k.mg {
			for _, j := range g.In(h) {
				if g.Units[j].Kind == TowedGun {
					g.eliminate(j, "13.3.7", rep, "Collateral Damage from "+v)
				}
			}
		}
		for _, p := range cd.unloadedFrom {
			if p[1] != k.unit || g.Units[p[0]].Eliminated {
				continue
			}
			cdDisrupt(p[0], "was aboard "+v)
			if err := g.cohesionCheck(p[0], "13.3.7", rep, r); err != nil {
				return err
			}
		}
		if cd.assault || g.Map.Info(h).Terrain != Open || g.HasIP(h) {
			continue
		}
		var onFoot []int
		for _, j := range g.In(h) {
			if u := &g.Units[j]; u.OnFoot() && !u.Disrupted && !(u.Nation.JapaneseOrRussian() && u.Regrouping) {
				onFoot = append(onFoot, j)
			}
		}
		if len(onFoot) == 0 {
			continue
		}
		p, err := r.pick("Collateral Damage in the open: which unit, among "+g.names(onFoot), len(onFoot))
		if err != nil {
			return err
		}
		cdDisrupt(onFoot[p], "Collateral Damage in open terrain")
	}
	return nil
}
