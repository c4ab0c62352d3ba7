package lwgen

import (
	"fmt"
	"math"
	"strings"
)

var initiatives = []string{"low", "medium", "high"}

// toe: each side a battalion (rated) of two companies, each of platoons; the detachments are
// drawn from the platoons. Companies, platoons and units are rated now and then, so that the
// rating a unit takes comes from any level.
func (g *gen) toe() {
	g.b.WriteString("toe:\n")
	for s, side := range Sides {
		p := prefixes[s]
		fmt.Fprintf(&g.b, "  - {id: %sBn, side: %s, initiative: %s}\n", p, side, initiatives[g.r.IntN(3)])
		for c := 1; c <= 2; c++ {
			fmt.Fprintf(&g.b, "  - {id: %sCoy%d, parent: %sBn%s}\n", p, c, p, g.rating(3))
		}
		for pl := 1; pl <= g.s.Dets+1; pl++ {
			fmt.Fprintf(&g.b, "  - {id: %sPl%d, parent: %sCoy%d%s}\n", p, pl, p, 1+pl%2, g.rating(3))
		}
	}
}

// rating is now and then an Initiative field (one time in n).
func (g *gen) rating(n int) string {
	if g.r.IntN(n) == 0 {
		return ", initiative: " + initiatives[g.r.IntN(3)]
	}
	return ""
}

// The kinds of detachment, in turn: every kind of unit, riders aboard carriers, leaders.
const (
	kindInfantry = iota
	kindTanks
	kindMotorised
	kindCavalry
	kindMotorcycles
	kindGuns
	kindMixed
	kindRecon
	nKinds
)

// detachments: each side's, of a kind in turn from a random start, placed apart from the
// others on its own half of the table (now and then anywhere), faced toward the enemy or any
// way, in line, column or a drawn shape, hidden or revealed.
func (g *gen) detachments() {
	start := g.r.IntN(nKinds)
	for s, side := range Sides {
		for i := 0; i < g.s.Dets; i++ {
			d := genDet{id: fmt.Sprintf("%sD%d", prefixes[s], i+1), side: side}
			g.forces(&d, s, (start+i+s*3)%nKinds, i+1)
			g.dets = append(g.dets, d)
		}
	}
	var us strings.Builder
	for _, u := range g.units {
		fmt.Fprintf(&us, "  - {id: %s, formation: %s, type: %s%s}\n", u.id, u.formation, u.kind, u.fields)
	}
	g.b.WriteString("units:\n" + us.String())
	g.b.WriteString("detachments:\n")
	for i := range g.dets {
		g.place(&g.dets[i], i >= g.s.Dets)
	}
}

// forces makes the units of detachment d of side s, of kind k, from platoon pl (and now and
// then one unit of the next platoon: an Irregular Detachment).
func (g *gen) forces(d *genDet, s, k, pl int) {
	n := 1 + g.r.IntN(g.s.Units)
	form := fmt.Sprintf("%sPl%d", prefixes[s], pl)
	add := func(kind, fields string, vehicle bool, mph float64) *genUnit {
		u := &genUnit{id: fmt.Sprintf("%sU%d", prefixes[s], len(g.units)+1), side: Sides[s], formation: form, kind: kind,
			vehicle: vehicle, mph: mph, fields: fields}
		if g.r.IntN(6) == 0 {
			u.fields += g.rating(1)
		}
		if g.r.IntN(5) == 0 {
			u.fields += ", base: " + pt(0.5+float64(g.r.IntN(4))*0.5, 0.5+float64(g.r.IntN(5))*0.5)
		}
		g.units = append(g.units, u)
		d.units = append(d.units, u)
		return u
	}
	vehicle := func(kind string) {
		tracked := kind == "tank" || kind == "halftrack" && g.r.IntN(2) == 0
		xc := 6 + 2*g.r.IntN(6)
		road := xc + 2*g.r.IntN(8)
		f := fmt.Sprintf(", size: %s, road: %d, xc: %d", []string{"AT", "light", "small", "medium", "large", "heavy"}[g.r.IntN(6)], road, xc)
		if tracked {
			f = ", tracked: true" + f
		} else if g.r.IntN(2) == 0 {
			f = ", wheeled: true" + f
		}
		if g.r.IntN(5) == 0 {
			f += fmt.Sprintf(", mire: %+d", g.r.IntN(5)-2)
		}
		if g.r.IntN(3) == 0 {
			f += fmt.Sprintf(", mg: %d", 1+g.r.IntN(4))
		}
		if g.r.IntN(10) == 0 {
			f += ", mired: true"
		}
		if g.r.IntN(12) == 0 {
			f += ", leader: true"
		}
		add(kind, f, true, float64(road))
	}
	infantry := func() *genUnit {
		f := ""
		if g.r.IntN(8) == 0 {
			f += ", ran: true"
		}
		return add("infantry", f, false, 8)
	}
	leader := func() {
		if g.r.IntN(3) > 0 {
			add("infantry", ", leader: true", false, 8).leader = true
		}
	}
	for i := 0; i < n; i++ {
		switch k {
		case kindInfantry:
			infantry()
		case kindTanks:
			vehicle("tank")
		case kindMotorised:
			if i%3 == 0 {
				vehicle("truck")
				u := d.units[len(d.units)-1]
				u.carries = 1 + g.r.IntN(3)
				u.fields += fmt.Sprintf(", carries: %d", u.carries)
			} else {
				infantry()
			}
		case kindCavalry:
			if i%2 == 1 {
				add("pack-horse", "", false, 4)
			} else {
				f := ""
				if g.r.IntN(3) == 0 {
					f = ", mounted: false"
				}
				add("cavalry", f, false, 16)
			}
		case kindMotorcycles:
			f := fmt.Sprintf(", xc: %d", 10+2*g.r.IntN(6))
			if g.r.IntN(3) == 0 {
				f += ", mounted: false"
			}
			add("motorcycle", f, true, 30)
		case kindGuns:
			if i%2 == 0 {
				add("gun", "", false, 4)
			} else {
				infantry()
			}
		case kindMixed:
			switch i % 3 {
			case 0:
				vehicle([]string{"halftrack", "car", "vehicle"}[g.r.IntN(3)])
			case 1:
				infantry()
			default:
				vehicle("tank")
			}
		case kindRecon:
			if i == 0 || g.r.IntN(2) == 0 {
				vehicle("car")
			} else {
				add("motorcycle", ", xc: 16", true, 30)
			}
		}
	}
	if k == kindInfantry || k == kindGuns || k == kindMotorised || k == kindMixed {
		leader()
	}
	d.recon = k == kindRecon
	// riders: infantry aboard a carrier of the detachment, as many as it carries
	for _, c := range d.units {
		room := c.carries
		for _, u := range d.units {
			if room > 0 && u.kind == "infantry" && u.aboard == "" && g.r.IntN(2) == 0 {
				u.aboard, room = c.id, room-1
				u.fields += ", aboard: " + c.id
			}
		}
	}
	// now and then a unit of the next platoon: an Irregular Detachment
	if len(d.units) > 1 && g.r.IntN(4) == 0 {
		u := d.units[len(d.units)-1]
		if u.aboard == "" && u.carries == 0 {
			u.formation = fmt.Sprintf("%sPl%d", prefixes[s], pl+1)
		}
	}
}

// standing are the units of d that stand on a base of their own (not riding aboard).
func (d *genDet) standing() []*genUnit {
	var out []*genUnit
	for _, u := range d.units {
		if u.aboard == "" {
			out = append(out, u)
		}
	}
	return out
}

// place writes detachment d: where it stands (apart from those placed before it), its
// facing, formation, kind and whether it is revealed. east: it is the Soviet side's.
func (g *gen) place(d *genDet, east bool) {
	n := len(d.standing())
	radius := 1 + float64(n)*1.6
	var x, y float64
	for try := 0; try < 40; try++ {
		lo, hi := 2.0, g.w*0.45
		if east {
			lo, hi = g.w*0.55, g.w-2
		}
		if g.r.IntN(6) == 0 {
			lo, hi = 2, g.w-2
		}
		x, y = lo+g.r.Float64()*(hi-lo), 2+g.r.Float64()*(g.h-4)
		if g.r.IntN(5) == 0 && len(g.roads) > 0 { // on a road
			rd := g.roads[g.r.IntN(len(g.roads))]
			x = 2 + g.r.Float64()*(g.w-4)
			y = yOn(rd, x)
		}
		free := true
		for _, t := range g.taken {
			if math.Hypot(t[0]-x, t[1]-y) < t[2]+radius+1 {
				free = false
			}
		}
		for _, b := range g.bridges {
			if math.Hypot(b[0]-x, b[1]-y) < radius+3 {
				free = false
			}
		}
		if free {
			break
		}
	}
	g.taken = append(g.taken, [3]float64{x, y, radius})
	d.x, d.y = x, y
	var ids []string
	for _, u := range d.units {
		ids = append(ids, u.id)
	}
	f := fmt.Sprintf("id: %s, units: [%s], at: %s", d.id, strings.Join(ids, ", "), pt(x, y))
	facing := 90
	if east {
		facing = 270
	}
	if g.r.IntN(3) == 0 {
		facing = g.r.IntN(360)
	}
	f += fmt.Sprintf(", facing: %d", facing)
	switch g.r.IntN(10) {
	case 0, 1, 2:
		f += ", formation: column"
	case 3, 4, 5:
		var offs []string
		for i := 0; i < n; i++ { // a wedge, its point ahead
			c := float64(i) - float64(n-1)/2
			offs = append(offs, pt(c*3, -math.Abs(c)*2))
		}
		f += ", formation: [" + strings.Join(offs, ", ") + "]"
	case 6:
		f += ", formation: line"
	}
	if d.recon {
		f += ", kind: " + []string{"recon", "fo"}[g.r.IntN(2)]
	}
	if g.r.IntN(3) == 0 {
		f += ", revealed: true"
	}
	fmt.Fprintf(&g.b, "  - {%s}\n", f)
}

// yOn is the height of a road from the left edge to the right at x.
func yOn(rd [][2]float64, x float64) float64 {
	for i := 0; i+1 < len(rd); i++ {
		a, b := rd[i], rd[i+1]
		if x >= a[0] && x <= b[0] && b[0] > a[0] {
			return a[1] + (b[1]-a[1])*(x-a[0])/(b[0]-a[0])
		}
	}
	return rd[0][1]
}

// orders: most detachments have written orders at set-up, toward the enemy's side of the
// table along a path of one to three legs (a reconnaissance or FO detachment now and then a
// goal alone), walking or at the run or gallop where its units may; a detachment with a
// leader is now and then ordered on Reserve Movement, along a path long enough for both its
// moves.
func (g *gen) orders() {
	var out []string
	for i := range g.dets {
		d := &g.dets[i]
		if g.r.IntN(4) == 0 {
			continue
		}
		f := "to: " + d.id
		dir := 1.0
		if d.side == Sides[1] {
			dir = -1
		}
		leader := false
		fastest, foot, mounted := 0.0, true, true
		for _, u := range d.units {
			leader = leader || strings.Contains(u.fields, "leader: true")
			fastest = math.Max(fastest, u.mph)
			foot = foot && u.kind == "infantry" && u.aboard == ""
			mounted = mounted && u.kind == "cavalry" && !strings.Contains(u.fields, "mounted: false")
		}
		switch {
		case d.recon && g.r.IntN(2) == 0:
			f += ", goal: " + g.point(d.x+dir*g.w/3, d.y)
		case leader && g.r.IntN(2) == 0:
			f += ", path: [" + g.zigzag(d.x, d.y, 2.5*fastest/2+4) + "], reserve: true"
		default:
			var ps []string
			x, y := d.x, d.y
			for j := 0; j <= g.r.IntN(3); j++ {
				x, y = x+dir*(3+g.r.Float64()*g.w/4), y+g.r.Float64()*12-6
				ps = append(ps, g.point(x, y))
			}
			f += ", path: [" + strings.Join(ps, ", ") + "]"
		}
		switch {
		case foot && g.r.IntN(3) == 0:
			f += ", pace: run"
		case mounted && g.r.IntN(2) == 0:
			f += ", pace: gallop"
		}
		if g.r.IntN(3) == 0 {
			f += fmt.Sprintf(", text: advance to phase line %d", 1+g.r.IntN(9))
		}
		out = append(out, "  - {"+f+"}\n")
	}
	if len(out) > 0 {
		g.b.WriteString("orders:\n" + strings.Join(out, ""))
	}
}

// point is x, y brought onto the table (1" in from its edges).
func (g *gen) point(x, y float64) string {
	return pt(math.Max(1, math.Min(g.w-1, x)), math.Max(1, math.Min(g.h-1, y)))
}

// zigzag is a path from x, y across the table, at least long inches long.
func (g *gen) zigzag(x, y, long float64) string {
	var ps []string
	for acc := 0.0; acc < long && len(ps) < 16; {
		nx, ny := 1+g.r.Float64()*(g.w-2), 1+g.r.Float64()*(g.h-2)
		acc += math.Hypot(nx-x, ny-y)
		x, y = nx, ny
		ps = append(ps, pt(x, y))
	}
	return strings.Join(ps, ", ")
}
