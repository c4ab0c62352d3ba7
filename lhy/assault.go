// Package lhy is the Last Hundred Yards rules core: Assault (14.0) and fire resolution (13.x).
// It does no I/O and keeps no globals; dice come from a dice.Source (the d10, read 1..10).
//
// This first part holds the Assault's arithmetic: DRM terms with their labels, the net DRM
// clamped to [-4, +4] with the Cohesion difference clamped to [-3, +3] inside it (14.0), the
// Assault Results table (14.3) as data, and the exact odds of each row for a given net DRM.
package lhy

import (
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/dice"
)

// Term is one DRM of a roll, with its label and the rule it comes from.
type Term struct {
	Value int
	Label string
	Rule  string
}

func (t Term) String() string { return fmt.Sprintf("%+d [%s]", t.Value, t.Label) }

// Clamps of 14.0.
const (
	NetDRMLimit      = 4 // the Assault's net DRM stays within [-4, +4]
	CohesionDRMLimit = 3 // the Cohesion difference DRM stays within [-3, +3]
)

func clamp(v, limit int) int { return max(-limit, min(limit, v)) }

// CohesionTerm is the Cohesion difference DRM (14.0): the attacker's best Cohesion minus the
// defender's, clamped to [-3, +3]. It applies only if both sides have a combat unit (ok false
// otherwise).
func CohesionTerm(attackerBest, defenderBest int, bothHaveCombat bool) (Term, bool) {
	if !bothHaveCombat {
		return Term{}, false
	}
	d := clamp(attackerBest-defenderBest, CohesionDRMLimit)
	label := fmt.Sprintf("Cohesion %d vs %d", attackerBest, defenderBest)
	if d != attackerBest-defenderBest {
		label += fmt.Sprintf(", clamped from %+d", attackerBest-defenderBest)
	}
	return Term{Value: d, Label: label, Rule: "14.0"}, true
}

// NetDRM is the terms' sum clamped to [-4, +4] (14.0), with a breakdown such as
// "+3 [Cohesion 8 vs 5] -2 [urban building] = +1".
func NetDRM(terms []Term) (net int, breakdown string) {
	sum := 0
	var b strings.Builder
	for i, t := range terms {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
		sum += t.Value
	}
	net = clamp(sum, NetDRMLimit)
	if len(terms) == 0 {
		b.WriteString("no DRM")
	}
	fmt.Fprintf(&b, " = %+d", sum)
	if net != sum {
		fmt.Fprintf(&b, ", clamped to %+d", net)
	}
	return net, b.String()
}

// Who is a side, both, or neither.
type Who uint8

// Sides of an Assault.
const (
	Nobody Who = iota
	Attacker
	Defender
	Both
)

func (w Who) String() string { return [...]string{"nobody", "attacker", "defender", "both"}[w] }

// Casualties says which of the losing units take a Casualty.
type Casualties uint8

// Casualty columns of the Assault Results table.
const (
	AllLosers       Casualties = iota // every losing unit (Japanese/Russian: the best only)
	DisruptedLosers                   // the Disrupted losing units (Japanese/Russian: the best only)
)

// CohesionChecks says which of the losing units check Cohesion.
type CohesionChecks uint8

// Cohesion Check columns of the Assault Results table.
const (
	UndisruptedLosers     CohesionChecks = iota // the undisrupted losing units
	DisruptFirst                                // the undisrupted losing units, after Disrupting
	JapaneseRussianOthers                       // only Japanese/Russian: the losers not taking the Casualty
)

// AssaultRow is one row of the Assault Results table (14.3), for Final Assault Results Min..Max.
// The loser is the defender on 6 or more, the attacker on 5 or less.
type AssaultRow struct {
	Min, Max int
	// UrbanAssault is the side whose best-Cohesion combat unit takes a Casualty without
	// Disrupting (14.3.1) when the natural roll is within UrbanRoll.
	UrbanAssault Who
	UrbanRoll    [2]int
	// VehicleDestruction: who may attempt it (14.3.2).
	VehicleDestruction Who
	// Retreat: how many hexes the loser retreats (14.3.3): at least RetreatMin, at most
	// RetreatMax.
	RetreatMin, RetreatMax int
	Casualty               Casualties
	Cohesion               CohesionChecks
	// Advance: the side that may advance.
	Advance Who
	// Regrouping: Japanese/Russian losers are marked Regrouping.
	Regrouping bool
}

// AssaultResults is the Assault Results table of 14.3, as rules-notes 2.3 restores it, from
// the best Final Assault Result down. The Final Assault Result runs from -3 (roll 1, DRM -4) to
// 14 (roll 10, DRM +4).
var AssaultResults = [...]AssaultRow{
	{Min: 14, Max: 14, VehicleDestruction: Attacker, RetreatMin: 4, RetreatMax: 4,
		Casualty: AllLosers, Cohesion: JapaneseRussianOthers, Advance: Attacker, Regrouping: true},
	{Min: 10, Max: 13, VehicleDestruction: Both, RetreatMin: 2, RetreatMax: 4,
		Casualty: DisruptedLosers, Cohesion: DisruptFirst, Regrouping: true},
	{Min: 6, Max: 9, UrbanAssault: Both, UrbanRoll: [2]int{6, 7}, VehicleDestruction: Both, RetreatMin: 2, RetreatMax: 4,
		Casualty: AllLosers, Cohesion: UndisruptedLosers},
	{Min: 2, Max: 5, UrbanAssault: Attacker, UrbanRoll: [2]int{4, 5}, VehicleDestruction: Both, RetreatMin: 2, RetreatMax: 4,
		Casualty: AllLosers, Cohesion: UndisruptedLosers},
	{Min: -1, Max: 1, VehicleDestruction: Both, RetreatMin: 2, RetreatMax: 4,
		Casualty: DisruptedLosers, Cohesion: DisruptFirst, Regrouping: true},
	{Min: -3, Max: -2, VehicleDestruction: Defender, RetreatMin: 4, RetreatMax: 4,
		Casualty: AllLosers, Cohesion: JapaneseRussianOthers, Advance: Defender, Regrouping: true},
}

// Lowest and highest Final Assault Results.
const (
	MinFinal = 1 - NetDRMLimit
	MaxFinal = 10 + NetDRMLimit
)

// Row is the index in AssaultResults of the row for a Final Assault Result; ok is false outside
// -3..14.
func Row(final int) (int, bool) {
	for i, r := range AssaultResults {
		if final >= r.Min && final <= r.Max {
			return i, true
		}
	}
	return 0, false
}

// Loser is the side that loses the Assault at a Final Assault Result (14.3).
func Loser(final int) Who {
	if final >= 6 {
		return Defender
	}
	return Attacker
}

// UrbanAssaultOn is who suffers an Urban Assault (14.3.1) at this natural roll and Final
// Assault Result, Nobody if none.
func UrbanAssaultOn(roll, final int) Who {
	i, ok := Row(final)
	if !ok {
		return Nobody
	}
	r := &AssaultResults[i]
	if r.UrbanAssault != Nobody && roll >= r.UrbanRoll[0] && roll <= r.UrbanRoll[1] {
		return r.UrbanAssault
	}
	return Nobody
}

// RowOdds is the exact chance of each row of AssaultResults at a net DRM (clamped first), by
// enumerating the d10.
func RowOdds(net int) [len(AssaultResults)]dice.Prob {
	net = clamp(net, NetDRMLimit)
	var out [len(AssaultResults)]dice.Prob
	for i, r := range AssaultResults {
		out[i] = dice.Pd10(net, func(_, final int) bool { return final >= r.Min && final <= r.Max })
	}
	return out
}
