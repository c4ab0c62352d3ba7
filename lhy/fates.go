package lhy

import (
	"fmt"
	"strings"
)

// One result per unit (rules-notes 2.4: each unit suffers only the single most detrimental result
// of a fire). A fire resolution rolls each marker once and may reach one unit by several ways: the
// small-arms or mortar result on its nationality (as the unit selected, or as one that loses
// Concealment or checks Cohesion), a Shock of the vehicle it rides, a mortar's natural 10, anti-
// tank fire on a Fighting Position, and Collateral Damage, which comes once, at the end. The
// unit suffers only the most detrimental of them, and is told only that one.
//
// A fate keeps, for one resolution, each non-vehicular unit's worst result so far. Every result
// reaching such a unit in the resolution goes through it (befall, spare, reveal) and is weighed
// against the unit as it stood before the resolution: a unit Disrupted by the small arms is not
// "Disrupted already" for Collateral Damage in the same fire (two Disruptions in one fire are
// one Disruption, not a Casualty), and a worse result replaces a lesser one. The results are
// said at the end of the resolution (flush), one line per unit. Vehicles take their anti-tank
// and mortar results through the anti-tank stage, which already weighs them (fire.go).
//
// The ranking, most detrimental first (rules-notes 2.4 and 13.1.5 order the results of one roll
// by how far the FFAR beats the Cohesion; a step lost is worse than a Disruption, which a
// Recover undoes; the lost Concealment is what a result equal to the Cohesion does, less than
// a Disruption; Regrouping, what Collateral Damage gives a Japanese or Russian unit in place of a
// Disruption, ranks just below it):
//
//	eliminated or Destroyed > Casualty > Disrupted > Regrouping > loses Concealment > no effect
//
// A result of one rule that the rule itself makes in two parts is one result, weighed by its
// worse part: Collateral Damage Disrupts a vehicle's Riders and then has them check Cohesion; a
// failed check costs the Disrupted unit a step, and its result is that Casualty (the unit stays
// Disrupted). A unit that loses its Concealment and suffers worse is told the worse, the lost
// Concealment named in its text.
type fate uint8

const (
	fateNone fate = iota
	fateSpared
	fateRevealed
	fateRegrouping
	fateDisrupted
	fateCasualty
	fateEliminated
)

// fates is the ledger of one resolution: per unit touched, in the order first touched, 6
// integers: unit, worst fate, 1 if it lost its Concealment, and its Disrupted (1/0), Regrouping
// (1/0) and steps before the resolution. texts holds, when the report keeps texts, each entry's
// rule and text ("rule\x01text", entries ended by \x00); it stays empty when working out odds,
// so that states differing only in words are merged.
type fates struct {
	units ints
	texts string
}

const fateWidth = 6

// entry is the index (in integers) of unit j's entry, adding it if new.
func (l *fates) entry(g *Game, rep *Report, j int) int {
	for i := 0; i < l.units.len(); i += fateWidth {
		if l.units.at(i) == j {
			return i
		}
	}
	u := &g.Units[j]
	l.units = l.units.plus(j, int(fateNone), 0, b2i(u.Disrupted), b2i(u.Regrouping), int(u.Steps))
	if !rep.quiet {
		l.texts += "\x01\x00"
	}
	return l.units.len() - fateWidth
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setText sets the rule and text of the entry at integer index i (only when texts are kept).
func (l *fates) setText(rep *Report, i int, rule, text string) {
	if rep.quiet {
		return
	}
	parts := strings.Split(l.texts, "\x00")
	parts[i/fateWidth] = rule + "\x01" + text
	l.texts = strings.Join(parts, "\x00")
}

// spare says the resolution left unit j as it was (why says how), unless it suffers worse.
func (l *fates) spare(g *Game, rep *Report, j int, rule string, why func() string) {
	i := l.entry(g, rep, j)
	if fate(l.units.at(i+1)) >= fateSpared {
		return
	}
	l.units = l.units.with(i+1, int(fateSpared))
	l.setText(rep, i, rule, rep.reason(why))
}

// reveal takes unit j's Concealment away (4.3.1.1); that is its result unless it suffers worse.
func (l *fates) reveal(g *Game, rep *Report, j int, rule string, why func() string) {
	u := &g.Units[j]
	if !u.Concealed {
		return
	}
	u.Concealed = false
	i := l.entry(g, rep, j)
	l.units = l.units.with(i+2, 1)
	if fate(l.units.at(i+1)) < fateRevealed {
		l.units = l.units.with(i+1, int(fateRevealed))
		l.setText(rep, i, rule, rep.reason(why))
	}
}

// isResult reports whether key is a result of unit id that the unit primitives give (casualty,
// eliminate, disrupt, regroup).
func isResult(key, id string) bool {
	rest, ok := strings.CutPrefix(key, id+" ")
	if !ok {
		return false
	}
	switch rest {
	case "Casualty", "eliminated", "Destroyed", "Disrupted", "Regrouping":
		return true
	}
	return false
}

// befall gives unit j a result of the resolution: apply makes it, on the unit as it stood
// before the resolution, writing to the report it is given. Its other facts (Cohesion Checks,
// unloading, an IP left) are said now; its result is kept if more detrimental than the unit's
// result so far, which it replaces, and otherwise undone, a text saying so.
func (l *fates) befall(g *Game, rep *Report, j int, apply func(sink *Report) error) error {
	u := &g.Units[j]
	if u.Eliminated {
		return nil
	}
	i := l.entry(g, rep, j)
	was := fate(l.units.at(i + 1))
	// The unit as it stands now, and as it stood before the resolution.
	nowD, nowR, nowS := u.Disrupted, u.Regrouping, u.Steps
	preD, preR, preS := l.units.at(i+3) == 1, l.units.at(i+4) == 1, int8(l.units.at(i+5))
	u.Disrupted, u.Regrouping, u.Steps = preD, preR, preS
	n0 := len(rep.Events)
	err := apply(rep)
	got := fateNone
	switch {
	case u.Eliminated:
		got = fateEliminated
	case u.Steps < preS:
		got = fateCasualty
	case u.Disrupted && !preD:
		got = fateDisrupted
	case u.Regrouping && !preR:
		got = fateRegrouping
	}
	keep := got > was
	// The unit's own results come out of the report, to be said once, at the flush; what else
	// the rule said (a check passed, a unit unloading) stays where it was said.
	var texts []string
	rule := ""
	k := n0
	for _, e := range rep.Events[n0:] {
		if !isResult(e.Key, u.ID) {
			rep.Events[k] = e
			k++
			continue
		}
		if !rep.quiet {
			texts = append(texts, e.Text)
			rule = e.Rule
		}
	}
	clear(rep.Events[k:])
	rep.Events = rep.Events[:k]
	if keep {
		l.units = l.units.with(i+1, int(got))
		l.setText(rep, i, rule, strings.Join(texts, "; then "))
	} else {
		u.Disrupted, u.Regrouping, u.Steps = nowD, nowR, nowS
		if len(texts) > 0 {
			rep.note(rule, "", func() string {
				return fmt.Sprintf("%s: not applied, %s suffers only its single most detrimental result of the resolution (rules-notes 2.4)", strings.Join(texts, "; then "), u.ID)
			})
		}
	}
	return err
}

// flush says each unit's single result, in the order the units were first reached, and
// empties the ledger.
func (l *fates) flush(g *Game, rep *Report) {
	var texts []string
	if !rep.quiet {
		texts = strings.Split(l.texts, "\x00")
	}
	for i := 0; i < l.units.len(); i += fateWidth {
		j, f := l.units.at(i), fate(l.units.at(i+1))
		if f == fateNone {
			continue
		}
		u := &g.Units[j]
		key := u.ID + " " + [...]string{"", "", "loses Concealment", "Regrouping", "Disrupted", "Casualty", destroyedOrEliminated(u)}[f]
		if f == fateSpared {
			key = "no effect on " + u.ID
		}
		if rep.quiet {
			rep.Events = append(rep.Events, Event{Rule: "", Key: key})
			continue
		}
		rule, text, _ := strings.Cut(texts[i/fateWidth], "\x01")
		if l.units.at(i+2) == 1 && f > fateRevealed {
			text += "; it has lost its Concealment as well (4.3.1.1)"
		}
		rep.Events = append(rep.Events, Event{Text: text, Rule: rule, Key: key})
	}
	l.units, l.texts = "", ""
}

// destroyedOrEliminated is the word for a unit removed: a vehicle, a Fighting Position, a Towed
// Gun or an LATW is Destroyed, the others eliminated.
func destroyedOrEliminated(u *Unit) string {
	if u.Vehicular() || u.Kind == FP || u.Kind == TowedGun || u.Kind == LATW {
		return "Destroyed"
	}
	return "eliminated"
}
