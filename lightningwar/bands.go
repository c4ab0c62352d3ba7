package lightningwar

import (
	"fmt"
	"strconv"
	"strings"
)

// The Movement Phase band by band (rules-notes 3.2). Movement is simultaneous in reality, but
// the order of the phase lets a detachment of higher Initiative react, within its orders, to
// what those of lower Initiative did: forced moves go first, then discretionary actions, then
// the Low, Medium and High Initiative detachments, the sides alternating within each band. The
// referee may play the phase (or each part of a phase split into halves or quarters) a band at
// a time, `movement band Low`: the bands up to and including Low are played and the phase
// pauses there. Between the bands a side may steer its reconnaissance and FO detachments
// (`route`) in the light of what the lower bands revealed; `movement band Medium`, `movement
// band High` or a plain `movement` (`movement K/N` for a part) plays on.

// PhaseBands are the bands of the Movement Phase in the order they move.
var PhaseBands = [...]string{BandForced, BandDiscretionary, BandLow, BandMedium, BandHigh}

// BandIndex is the band's place in PhaseBands (-1: not a band, or "").
func BandIndex(b string) int { return bandIndex(b) }

// bandIndex is the band's place in PhaseBands (-1: not a band).
func bandIndex(b string) int {
	for i, x := range PhaseBands {
		if x == b {
			return i
		}
	}
	return -1
}

// ParseBand reads the name of a band the referee may pause after: Low, Medium or High (any
// case; l, m, h). The forced and discretionary bands are played with the Low band.
func ParseBand(s string) (string, bool) {
	switch strings.ToLower(s) {
	case "low", "l":
		return BandLow, true
	case "medium", "m":
		return BandMedium, true
	case "high", "h":
		return BandHigh, true
	}
	return "", false
}

// UnderWay reports whether this turn's Movement Phase has begun (a part or a band of it has
// been played) and not yet ended.
func (g *Game) UnderWay() bool { return g.Parts > 0 }

// NextMovement is the Movement Phase step the referee plays next: `movement` (or `movement
// 1/2`, `movement band Low` ...) before the phase, the rest of the part under way (`movement`,
// `movement 2/4`), or the next part.
func (g *Game) NextMovement() string {
	if g.Parts <= 1 {
		return "movement"
	}
	return "movement " + strconv.Itoa(g.Part+1) + "/" + strconv.Itoa(g.Parts)
}

// phaseSpan checks a movement step against the phase so far and gives the bands it plays, by
// their places in PhaseBands: from the first band of its part not yet played to the band it
// names (High when it names none). A step for another part than the one under way (or the
// next), or for a band already played, is refused [Movement Phase in halves or quarters,
// Movement order].
func (g *Game) phaseSpan(a Action) (from, to int, err error) {
	if g.Parts == 0 && a.K != 1 {
		return 0, 0, refuse(RuleSplit, "the next part to play is movement (or movement 1/2, 1/4)")
	}
	if g.Parts > 0 && (a.N != g.Parts || a.K != g.Part+1) {
		next := g.NextMovement()
		if g.Band != "" {
			next += " (the rest of the part under way), or " + next + " band " + PhaseBands[bandIndex(g.Band)+1]
		}
		return 0, 0, refuse(RuleSplit, "the Movement Phase is under way: the next part to play is %s", next)
	}
	from, to = 0, len(PhaseBands)-1
	if g.Band != "" {
		from = bandIndex(g.Band) + 1
	}
	if a.Band != "" {
		to = bandIndex(a.Band)
	}
	if to < from {
		return 0, 0, refuse(RuleOrder, "the %s band of this part has been played (up to the %s band): play %s, or %s band %s",
			a.Band, g.Band, g.NextMovement(), g.NextMovement(), PhaseBands[from])
	}
	return from, to, nil
}

// inBands keeps the slots whose band is from the from-th to the to-th of PhaseBands.
func inBands(slots []Slot, from, to int) []Slot {
	if from == 0 && to == len(PhaseBands)-1 {
		return slots
	}
	out := slots[:0:0]
	for _, sl := range slots {
		if i := bandIndex(sl.Band); i >= from && i <= to {
			out = append(out, sl)
		}
	}
	return out
}

// endBands closes a movement step that played the bands up to the to-th: the part is over
// when it played the High band (and the phase when that was its last part); otherwise the
// phase pauses, and the log says which bands are still to move.
func (g *Game) endBands(a Action, to int, rep *Report) {
	if to < len(PhaseBands)-1 {
		g.Band = PhaseBands[to]
		part := ""
		if a.N > 1 {
			part = fmt.Sprintf(" of part %d/%d", a.K, a.N)
		}
		rest := strings.Join(PhaseBands[to+1:], " and ") + " bands are"
		if to+2 == len(PhaseBands) {
			rest = PhaseBands[to+1] + " band is"
		}
		rep.event("", "", RuleOrder, fmt.Sprintf("the Movement Phase pauses after the %s band%s: the %s still to move (%s, or %s band %s)",
			g.Band, part, rest, g.NextMovement(), g.NextMovement(), PhaseBands[to+1]))
		return
	}
	g.Part, g.Band = a.K, ""
	if a.K == a.N {
		g.endPhase(rep)
	}
}
