package lightningwar

import (
	"fmt"
	"strings"
)

// Initiative is a unit's or a detachment's Initiative rating. The zero value is "not rated".
type Initiative int8

const (
	NoInitiative Initiative = iota
	Low
	MediumInitiative
	High
)

func (i Initiative) String() string {
	switch i {
	case Low:
		return "Low"
	case MediumInitiative:
		return "Medium"
	case High:
		return "High"
	}
	return "unrated"
}

// ParseInitiative reads low, medium or high.
func ParseInitiative(s string) (Initiative, error) {
	switch strings.ToLower(s) {
	case "low", "l":
		return Low, nil
	case "medium", "m":
		return MediumInitiative, nil
	case "high", "h":
		return High, nil
	}
	return 0, fmt.Errorf("unknown Initiative %q (low, medium, high)", s)
}

// Formation is a node of the Table of Organization and Equipment above the units: a battalion,
// a company, a platoon. Its Initiative, when given, rates the units under it that have none.
type Formation struct {
	ID         string
	Name       string
	Parent     string // "" for the top of a side's TO&E
	Side       string // set on the top formation; the others inherit it
	Initiative Initiative
}

// Unit is a model or stand on the TO&E: a tank, a squad, a gun, a troop of horse.
type Unit struct {
	ID         string
	Name       string
	Formation  string // the TO&E node it belongs to
	Type       UnitType
	Initiative Initiative // from the TO&E (or its formation's)
	BaseW      float64    // its base's width and depth, metres (0: DefaultBase) [rules-notes 3.6]
	BaseD      float64

	// Vehicles (and motorcycle troops' machines).
	Tracked  bool
	Tank     bool // a vehicle the scenario calls a tank (Reserve Movement's danger ground)
	Size     Size
	RoadMPH  float64
	CrossMPH float64
	MireMod  int // the vehicle's own modifier to the Miring roll
	MG       int // machinegun firepower (doubled in an overrun)
	Carries  int // infantry stands it can carry (0: none)

	// State.
	Mired     bool
	Mounted   bool   // cavalry and motorcycle troops: on their horses or machines
	In        string // the vehicle or horses carrying this infantry stand
	Ran       bool   // it has run (infantry), last on RanTurn — it may not run the next turn
	RanTurn   int
	BusyTurn  int    // a turn it spends stationary (mounting, dismounting, towing)
	TowedBy   string // the vehicle towing this mired one out
	TowStart  int    // the turn the tow began
	FreedTurn int    // the turn it escaped the mire,
	FreedAt   Point  // and where: the crossing it checks no more that turn
	Leader    bool   // a leader (or HQ) stand: Reserve Movement needs one
	Destroyed bool
}

// IsVehicle reports whether the unit moves as a vehicle now: a vehicle, or mounted motorcycle
// troops.
func (u *Unit) IsVehicle() bool {
	return u.Type == Vehicle || u.Type == Motorcycle && u.Mounted
}

// IsTank reports whether the unit is a tank: a vehicle the scenario calls one.
func (u *Unit) IsTank() bool { return u.Type == Vehicle && u.Tank }

// RanLast reports whether the unit ran on the turn before turn.
func (u *Unit) RanLast(turn int) bool { return u.Ran && u.RanTurn == turn-1 }

// TOE is a side's Table of Organization and Equipment: formations and the units under them.
type TOE struct {
	Formations map[string]*Formation
	Order      []string // formations as listed
}

// parentOf is the TO&E node above id (a unit's formation or a formation's parent).
func (g *Game) parentOf(id string) string {
	if u, ok := g.units[id]; ok {
		return u.Formation
	}
	if f, ok := g.Formations[id]; ok {
		return f.Parent
	}
	return ""
}

// chain is id and every node above it, from id up to the top.
func (g *Game) chain(id string) []string {
	var c []string
	for n := id; n != "" && len(c) < 64; n = g.parentOf(n) {
		c = append(c, n)
	}
	return c
}

// depth is how many levels id lies below the top of its TO&E.
func (g *Game) depth(id string) int { return len(g.chain(id)) - 1 }

// commonNode is the lowest TO&E node holding every one of ids.
func (g *Game) commonNode(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	cand := g.chain(ids[0])
	for _, id := range ids[1:] {
		up := map[string]bool{}
		for _, n := range g.chain(id) {
			up[n] = true
		}
		for len(cand) > 0 && !up[cand[0]] {
			cand = cand[1:]
		}
	}
	if len(cand) == 0 {
		return ""
	}
	return cand[0]
}

// children lists the direct subordinates of a formation (formations and units), as listed.
func (g *Game) children(id string) []string {
	var out []string
	for _, f := range g.formationOrder {
		if g.Formations[f].Parent == id {
			out = append(out, f)
		}
	}
	for _, u := range g.Units {
		if u.Formation == id {
			out = append(out, u.ID)
		}
	}
	return out
}

// Regular reports whether a set of units is a Regular Detachment: a natural subset of the
// TO&E. Our reading of the seed's definition [default]: take the lowest TO&E node holding
// every unit; any of its direct subordinates may be left out, but each one the set touches
// must be there whole but for single units excluded from it (no formation under it left out
// entirely), and excluded units must be the exception: more than half of its units are there. So two of a company's three platoons are
// Regular, and so is a company less one tank; a platoon of one company with a platoon of
// another is Irregular (each company is there only in part), and so, one level down, is a
// squad of one platoon with a squad of another.
func (g *Game) Regular(units []string) bool {
	if len(units) <= 1 {
		return true
	}
	in := map[string]bool{}
	for _, u := range units {
		in[u] = true
	}
	top := g.commonNode(units)
	if top == "" {
		return false // units of different sides' TO&Es
	}
	if in[top] {
		return true
	}
	for _, c := range g.children(top) {
		if g.touches(c, in) && !g.nearlyWhole(c, in) {
			return false
		}
	}
	return true
}

// touches reports whether node holds any unit of the set.
func (g *Game) touches(node string, in map[string]bool) bool {
	if _, ok := g.units[node]; ok {
		return in[node]
	}
	for _, c := range g.children(node) {
		if g.touches(c, in) {
			return true
		}
	}
	return false
}

// nearlyWhole reports whether node is in the set whole but for a few units left out: no
// formation under it is left out entirely, and more than half of its units are in the set.
func (g *Game) nearlyWhole(node string, in map[string]bool) bool {
	if _, ok := g.units[node]; ok {
		return true // a single unit may be in or left out
	}
	have, all := g.count(node, in)
	if 2*have <= all {
		return false
	}
	var formations func(n string) bool
	formations = func(n string) bool {
		for _, c := range g.children(n) {
			if _, isUnit := g.units[c]; isUnit {
				continue
			}
			if !g.touches(c, in) || !formations(c) {
				return false
			}
		}
		return true
	}
	return formations(node)
}

// count is how many units lie under node, and how many of them are in the set.
func (g *Game) count(node string, in map[string]bool) (have, all int) {
	if _, ok := g.units[node]; ok {
		if in[node] {
			return 1, 1
		}
		return 0, 1
	}
	for _, c := range g.children(node) {
		h, a := g.count(c, in)
		have, all = have+h, all+a
	}
	return have, all
}

// unitInitiative is a unit's rating, or the nearest formation's above it.
func (g *Game) unitInitiative(id string) Initiative {
	if u, ok := g.units[id]; ok && u.Initiative != NoInitiative {
		return u.Initiative
	}
	// up the chain of command (see chain: at most 63 levels above the unit)
	n := g.parentOf(id)
	for up := 1; n != "" && up < 64; up++ {
		if f := g.Formations[n]; f != nil && f.Initiative != NoInitiative {
			return f.Initiative
		}
		n = g.parentOf(n)
	}
	return NoInitiative
}

// InitiativeCount is the count of a detachment's units by Initiative, before and after the
// pairing of High with Low.
type InitiativeCount struct {
	Low, Medium, High int // as rated
	Pairs             int // High-Low pairs counted as one Medium each
	Regular           bool
	Result            Initiative
}

func (c InitiativeCount) String() string {
	s := fmt.Sprintf("%d Low, %d Medium, %d High", c.Low, c.Medium, c.High)
	if c.Pairs > 0 {
		s += fmt.Sprintf("; %d High-Low pair(s) count as Medium: %d Low, %d Medium, %d High",
			c.Pairs, c.Low-c.Pairs, c.Medium+c.Pairs, c.High-c.Pairs)
	}
	if !c.Regular {
		s += "; Irregular: one lower"
	}
	return s + " = " + c.Result.String()
}

// CountInitiative works out a detachment's Initiative from its units' ratings [seed]: each
// pair of a High and a Low unit counts as one Medium (for this count only); the rating with
// the greatest count wins, the worse on a tie. An Irregular Detachment is one lower, but never
// below Low.
func CountInitiative(ratings []Initiative, regular bool) InitiativeCount {
	c := InitiativeCount{Regular: regular}
	for _, r := range ratings {
		switch r {
		case Low:
			c.Low++
		case MediumInitiative:
			c.Medium++
		case High:
			c.High++
		}
	}
	c.Pairs = min(c.Low, c.High)
	l, m, h := c.Low-c.Pairs, c.Medium+c.Pairs, c.High-c.Pairs
	// greatest count, the worse on a tie: check from Low up, keep only a strictly greater count
	best := l
	c.Result = Low
	if m > best {
		c.Result, best = MediumInitiative, m
	}
	if h > best {
		c.Result = High
	}
	if l+m+h == 0 {
		c.Result = Low
	}
	if !regular && c.Result > Low {
		c.Result--
	}
	return c
}

// DetachmentInitiative is the Initiative of detachment d, with its working.
func (g *Game) DetachmentInitiative(d *Detachment) InitiativeCount {
	var room [16]Initiative
	rs := room[:0]
	for _, id := range d.Units {
		rs = append(rs, g.unitInitiative(id))
	}
	return CountInitiative(rs, g.Regular(d.Units))
}
