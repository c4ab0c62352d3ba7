package lhy

import (
	"encoding/binary"
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
// The ledger (fates) follows, for one resolution, each non-vehicular unit's worst result so far.
// Every result reaching such a unit in the resolution goes through it (befall, spare, reveal) and is weighed
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

// fates is the ledger of one resolution. It keeps only what the game does not show: which units
// the resolution has reached, in the order first reached, and which of them it said it left
// unharmed ("no effect"). A unit's worst result so far is what its state shows against its state
// before the resolution (before, the same in every state of one resolution): befall keeps on the
// unit only the state its worst result gave it. So two ways through a resolution that did the
// same to the same units carry the same ledger, and the odds work out what follows once for
// both (they fold a die once per distinct variables, not once per game). texts holds, when the report keeps
// texts, each entry's rule and text ("rule\x01text", entries ended by \x00); it stays empty when
// working out odds, so that states differing only in words are merged.
type fates struct {
	before ints // every unit of the game as the resolution found it (standing)
	units  ints // per unit reached: its index times 2, plus 1 if the resolution spared it
	texts  string
}

// newFates is the ledger of a resolution that begins on g.
func newFates(g *Game) fates {
	b := make([]byte, 4*len(g.Units))
	for j := range g.Units {
		binary.BigEndian.PutUint32(b[4*j:], uint32(standing(&g.Units[j])))
	}
	return fates{before: ints(b)}
}

// standing packs what a result of a fire changes of a unit: its steps, and whether it is
// eliminated, Concealed, Regrouping and Disrupted.
func standing(u *Unit) int {
	return int(u.Steps)<<4 | b2i(u.Eliminated)<<3 | b2i(u.Concealed)<<2 | b2i(u.Regrouping)<<1 | b2i(u.Disrupted)
}

// fateOf is the worst result of the resolution so far for the unit of entry e: what its state
// shows against its state before the resolution, or the "no effect" said for it.
func (l *fates) fateOf(g *Game, e int) fate {
	j := e >> 1
	u, b := &g.Units[j], l.before.at(j)
	switch {
	case u.Eliminated && b&8 == 0:
		return fateEliminated
	case int(u.Steps) < b>>4:
		return fateCasualty
	case u.Disrupted && b&1 == 0:
		return fateDisrupted
	case u.Regrouping && b&2 == 0:
		return fateRegrouping
	case !u.Concealed && b&4 != 0:
		return fateRevealed
	case e&1 == 1:
		return fateSpared
	}
	return fateNone
}

// entry is the index of unit j's entry, adding it if new.
func (l *fates) entry(rep *Report, j int) int {
	for i := range l.units.len() {
		if l.units.at(i)>>1 == j {
			return i
		}
	}
	l.units = l.units.plus(2 * j)
	if !rep.quiet {
		l.texts += "\x01\x00"
	}
	return l.units.len() - 1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setText sets the rule and text of the i-th entry (only when texts are kept).
func (l *fates) setText(rep *Report, i int, rule, text string) {
	if rep.quiet {
		return
	}
	parts := strings.Split(l.texts, "\x00")
	parts[i] = rule + "\x01" + text
	l.texts = strings.Join(parts, "\x00")
}

// spare says the resolution left unit j as it was (why says how), unless it suffers worse.
func (l *fates) spare(g *Game, rep *Report, j int, rule string, why func() string) {
	i := l.entry(rep, j)
	e := l.units.at(i)
	if l.fateOf(g, e) >= fateSpared {
		return
	}
	l.units = l.units.with(i, e|1)
	l.setText(rep, i, rule, rep.reason(why))
}

// reveal takes unit j's Concealment away (4.3.1.1); that is its result unless it suffers worse.
func (l *fates) reveal(g *Game, rep *Report, j int, rule string, why func() string) {
	u := &g.Units[j]
	if !u.Concealed {
		return
	}
	i := l.entry(rep, j)
	was := l.fateOf(g, l.units.at(i))
	u.Concealed = false
	if was < fateRevealed {
		l.setText(rep, i, rule, rep.reason(why))
	}
}

// isResult reports whether key is a result of unit id that the unit primitives give (casualty,
// eliminate, disrupt, regroup: the keys rep.fact makes of them).
func isResult(key, id string) bool {
	rest, ok := strings.CutPrefix(key, id)
	if !ok || rest == "" || rest[0] != ' ' {
		return false
	}
	for _, f := range [...]unitFact{factCasualty, factEliminated, factDestroyed, factDisrupted, factRegrouping} {
		if rest[1:] == f.word() {
			return true
		}
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
	i := l.entry(rep, j)
	e := l.units.at(i)
	was := l.fateOf(g, e)
	// The unit as it stands now, and as it stood before the resolution.
	nowD, nowR, nowS := u.Disrupted, u.Regrouping, u.Steps
	b := l.before.at(j)
	u.Disrupted, u.Regrouping, u.Steps = b&1 == 1, b&2 == 2, int8(b>>4)
	n0 := len(rep.Events)
	err := apply(rep)
	got := l.fateOf(g, e&^1)
	if got == fateRevealed {
		got = fateNone // a Concealment lost is reveal's, not this result's
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
	for i := range l.units.len() {
		e := l.units.at(i)
		f := l.fateOf(g, e)
		if f == fateNone {
			continue
		}
		u := &g.Units[e>>1]
		said := [...]unitFact{fateSpared: factNoEffect, fateRevealed: factLosesConcealment, fateRegrouping: factRegrouping,
			fateDisrupted: factDisrupted, fateCasualty: factCasualty, fateEliminated: removed(u)}[f]
		key := rep.fact(g, e>>1, said)
		if rep.quiet {
			rep.Events = append(rep.Events, Event{Rule: "", Key: key})
			continue
		}
		rule, text, _ := strings.Cut(texts[i], "\x01")
		if b := l.before.at(e >> 1); f > fateRevealed && !u.Concealed && b&4 != 0 {
			text += "; it has lost its Concealment as well (4.3.1.1)"
		}
		rep.Events = append(rep.Events, Event{Text: text, Rule: rule, Key: key})
	}
	l.units, l.texts = "", ""
}
