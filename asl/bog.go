package asl

import (
	"github.com/umpire-referee/umpire/dice"
)

// Bog (D8.2, D8.3; rules-notes 1.3): the check a vehicle makes where the Terrain Chart calls
// for one, its DRM, and the attempt to free a Bogged vehicle.

// BogCase is what a Bog Check's DRM (D8.21) depends on besides the vehicle and the map's
// conditions.
type BogCase struct {
	// HalfMP is the DRM for paying the chart's Z (+3, not with a Minimum Move); HalfDefault
	// says the row's +3 is a project default (rules-notes 1.3).
	HalfMP      int
	HalfDefault bool
	// Row is a DRM of the terrain row's own (debris +1).
	Row       int
	Climb     bool // the hex entered is at a higher level than the hex left
	Abrupt    bool // crossing an Abrupt Elevation Change
	DeepWater bool // leaving a deep stream, neither amphibious nor waterproofed
}

// bogNeed collects what a Bog Check (D8.2) needs: whether one is due, what for, and its DRM.
type bogNeed struct {
	due bool
	why string // what the roll is for, from the bogWhy tables
	BogCase
	// leaving: the check is for leaving back's hex; a vehicle it bogs stays there (D8.2).
	leaving bool
	back    Position
}

// BogDRM is the Bog Check DRM of a vehicle (D8.21, rules-notes 1.3) in a situation under the
// map's conditions.
func BogDRM(v *Vehicle, b BogCase, cond Conditions) DRM {
	var d DRM
	switch {
	case v.GroundPressure < 0:
		// low ground pressure: no DRM (rules-notes 1.3)
	case v.GroundPressure > 0:
		d.Add(2, "high ground pressure")
	default:
		d.Add(1, "normal ground pressure")
	}
	if v.Towing {
		d.Add(1, "towing")
	}
	if !v.FullyTracked() {
		d.Add(1, "not fully tracked")
	}
	if v.Class == Truck || v.TruckType {
		d.Add(1, "truck-type MP")
	}
	switch cond {
	case Mud:
		d.Add(1, "soft/mud ground")
	case Snow:
		d.Add(1, "snow")
	case DeepSnow:
		d.Add(1, "snow")
		d.Add(1, "Deep Snow")
	}
	if b.Abrupt {
		d.Add(1, "Abrupt Elevation Change")
	}
	if b.Climb {
		d.Add(1, "level gained")
	}
	if b.DeepWater {
		d.Add(1, "leaving deep water, not amphibious or waterproofed")
	}
	if b.HalfMP > 0 {
		d.Add(b.HalfMP, halfMPDRMLabel[boolIndex(b.HalfDefault)])
	}
	d.Add(b.Row, "terrain")
	return d
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// btoi is a check's class (dice.Check) from whether its one effect happens: 1 if it does.
func btoi(b bool) int { return boolIndex(b) }

// bogCheck rolls a Bog Check: Final DR >= 12 bogs the vehicle (D8.2, rules-notes 1.3).
func (g *Game) bogCheck(u *Unit, b bogNeed, src dice.Source, r *Result) (bogged bool, err error) {
	if g.deferDR {
		g.pending = append(g.pending, pendingCheck{kind: checkBog, unit: u.ID, bog: b})
		return false, nil
	}
	drm := BogDRM(u.V, b.BogCase, g.Map.Conditions)
	roll, err := dice.Check(src, dice.DR, func(t int) int { return btoi(t+drm.Total() >= 12) })
	if err != nil {
		return false, err
	}
	final := int(roll.Total) + drm.Total()
	e := RollEvent{For: b.why, Rule: "D8.2", Roll: roll, DRM: drm, Final: final, Need: "Final DR >= 12 bogs", Odds: dice.PDRAtLeast(12, drm.Total()), Risk: dice.PDRAtLeast(12, drm.Total())}
	if final >= 12 {
		e.Result = "Bogged"
		r.roll(e)
		u.Immobile, u.Moving, u.Motion = Bogged, false, false
		u.Ended = true
		r.event("D8.2", "Bogged: Immobile until freed; its MPh ends")
		return true, nil
	}
	e.Result = "not bogged"
	r.roll(e)
	return false, nil
}

// BogRemovalFrees is the highest Final dr that frees a Bogged vehicle (D8.3 as rules-notes
// 1.3 quotes it: 1-4), and BogRemovalDefault the note that its DRM are the project's (none).
const (
	BogRemovalFrees   = 4
	BogRemovalDefault = "default: rules-notes 1.3 (no D8.3 DRM)"
)

// unbog is a Bog removal attempt (D8.3): one dr at the start of a later MPh, before any other
// MP; a Final dr of 1-4 frees the vehicle, which stays in its hex and may move on; any other
// dr leaves it Bogged and ends its MPh.
func (g *Game) unbog(u *Unit, src dice.Source, r *Result) error {
	switch {
	case u.Immobile != Bogged:
		return g.refuse("D8.3", "%s is not Bogged (it is %s)", u.ID, u.Immobile)
	case u.Spent > 0 || u.EnteredHex || u.VCAChanged:
		return g.refuse("D8.3", "%s may attempt Bog removal only at the start of its MPh, before it spends any MP", u.ID)
	case u.UnbogTried:
		return g.refuse("D8.3", "%s has already attempted Bog removal this MPh", u.ID)
	}
	roll, err := dice.Check(src, dice.Dr, func(t int) int { return btoi(t <= BogRemovalFrees) })
	if err != nil {
		return err
	}
	u.UnbogTried = true
	frees := dice.Pdr(0, func(f int) bool { return f <= BogRemovalFrees })
	e := RollEvent{For: "Bog removal", Rule: "D8.3", Roll: roll, Final: int(roll.Total), Need: "Final dr <= 4 frees it", Odds: frees,
		Risk: dice.Pdr(0, func(f int) bool { return f > BogRemovalFrees })}
	if int(roll.Total) <= BogRemovalFrees {
		e.Result = "freed"
		r.roll(e)
		u.Immobile = Mobile
		r.event("D8.3", u.ID+" is freed: it is no longer Bogged and may move on (Stopped)")
	} else {
		e.Result = "still Bogged"
		r.roll(e)
		u.Ended = true
		r.event("D8.3", u.ID+" stays Bogged; its MPh ends")
	}
	r.event("D8.3", BogRemovalDefault)
	return nil
}
