package lhy

import (
	"fmt"
	"strings"
)

// The player aid (the seed lhy-assault-fire-player-aid, restored in rules-notes 2) leaves some
// questions open: a cell is damaged, a bullet may belong to one line or to the one above it, a
// footnote does not say how far it reaches. Where such a question decides what happens, the
// project plays one answer, the default, and says so; a scenario may choose the other answer
// with `readings: {KEY: no}`. Readings is the table of those questions, in one place.

// Reading is one question the player aid leaves open (an index into Readings).
type Reading uint8

// The readings, in the order of Readings.
const (
	LeaderLossRollOnly       Reading = iota // leaders lose only by the loss roll of an Assault
	UrbanAssaultStacks                      // the Urban Assault Casualty comes on top of the row's results
	FireCheckUndisruptedOnly                // only undisrupted units check Cohesion after a fire hit
	MotionLowersAV                          // anti-tank fire compares with the AV less 1 in Motion
	OpenTerrainCDPerVehicle                 // the open-terrain Disruption of Collateral Damage is per destroyed vehicle
	AttackLimitRefused                      // an attacker over a counting limit of 14.0 is refused
	NumReadings                             // the number of readings
)

// ReadingRow is a row of Readings: the key scenario files and step texts name the reading by,
// the rule it reads, what the default answer does and what the other one does, and why the
// default was chosen. A scenario answers "yes" (the default) or "no" (the other reading).
type ReadingRow struct {
	Key     string
	Rule    string
	Default string // what the default reading does
	Other   string // what a scenario gets with `KEY: no`
	Why     string // why the default is the default
}

// Readings is the table of the readings the player aid leaves open, by Reading.
var Readings = [NumReadings]ReadingRow{
	LeaderLossRollOnly: {Key: "leader-loss-roll-only", Rule: "14.3",
		Default: "a leader in an Assault is lost only by its side's loss roll (attacker's natural 1, defender's natural 10): the Casualty and Cohesion Check columns of the losers pass it by",
		Other:   "a losing leader also takes the losers' columns like any other loser: a Casualty eliminates it, it checks Cohesion where the row asks",
		Why:     "the aid gives leaders and FPs a loss roll of their own, set apart from the columns, and a leader has no step for a column to take"},
	UrbanAssaultStacks: {Key: "urban-assault-stacks", Rule: "14.3.1",
		Default: "the Urban Assault Casualty comes on top of the row's results: a losing unit hit by it still takes the row's Casualty and Cohesion Check",
		Other:   "the Urban Assault Casualty is that unit's whole result: the row's Casualty, Disruption and Cohesion Check pass it by, as 14.3.1 says it does not Disrupt",
		Why:     "the aid's Urban Assault column sits beside the Casualty column of the same row, and nothing says one replaces the other"},
	FireCheckUndisruptedOnly: {Key: "fire-check-undisrupted-only", Rule: "13.1.6",
		Default: "after a fire hit, only the undisrupted non-vehicular units in the hex check Cohesion",
		Other:   "the Disrupted units check too, and a failure costs them a Casualty",
		Why:     "the Cohesion Check is what makes a unit Disrupt; the aid's Assault table checks only undisrupted losers, and fire is read the same way"},
	MotionLowersAV: {Key: "at-motion-lowers-av", Rule: "13.3",
		Default: "anti-tank fire compares its result with the AV (or AEV) less 1 when the vehicle is in Motion",
		Other:   "Motion does not change the armour anti-tank fire compares with (it is only an Assault DRM)",
		Why:     "the aid's note that a moving vehicle's AV is lower is read as a rule of its own, not only as the reason for the Assault DRM it stands beside"},
	OpenTerrainCDPerVehicle: {Key: "open-terrain-cd-per-vehicle", Rule: "13.3.7",
		Default: "Collateral Damage in open terrain (no IP, not in an Assault) Disrupts one undisrupted unit on foot for each vehicle destroyed",
		Other:   "it Disrupts one such unit once per Collateral Damage, however many vehicles were destroyed",
		Why:     "the open-terrain line comes after the aid's list of what each destroyed vehicle does, and is read as one more item of it"},
	AttackLimitRefused: {Key: "attack-limit-refused", Rule: "14.0",
		Default: "an attacker that would go over a counting limit of 14.0 (4 non-vehicular combat steps, 1 leader, 1 LATW, 1 FT, 1 vehicle) is refused: the attacker chooses who goes in",
		Other:   "it takes part without counting: the first units declared that fit count toward the DRM, and the result applies to all, as for the defender",
		Why:     "the defender cannot choose who is in its hex, the attacker can; a refusal lets the attacker choose, where counting would choose for it"},
}

// ReadingSet is the readings a game plays other than their default: bit r set plays the other
// answer of Readings[r]. The zero set plays every default.
type ReadingSet uint8

// Default reports whether the set plays the default answer of r.
func (s ReadingSet) Default(r Reading) bool { return s&(1<<r) == 0 }

// With is the set with r played by its default (other false) or by the other answer.
func (s ReadingSet) With(r Reading, other bool) ReadingSet {
	if other {
		return s | 1<<r
	}
	return s &^ (1 << r)
}

// String lists the readings played other than their default ("attack-limit-refused: no"), or
// "defaults".
func (s ReadingSet) String() string {
	var parts []string
	for r := range NumReadings {
		if !s.Default(r) {
			parts = append(parts, Readings[r].Key+": no")
		}
	}
	if len(parts) == 0 {
		return "defaults"
	}
	return strings.Join(parts, ", ")
}

// ReadingKeys lists the readings' keys, in order.
func ReadingKeys() []string {
	out := make([]string, NumReadings)
	for r := range NumReadings {
		out[r] = Readings[r].Key
	}
	return out
}

// ParseReading finds the reading a key names (any case).
func ParseReading(key string) (Reading, error) {
	k := strings.ToLower(strings.TrimSpace(key))
	for r := range NumReadings {
		if Readings[r].Key == k {
			return r, nil
		}
	}
	return 0, fmt.Errorf("unknown reading %q (readings: %s)", key, strings.Join(ReadingKeys(), ", "))
}

// ParseReadingValue reads an answer: yes (or true, default) plays the default reading, no (or
// false, other) the other one. other reports which.
func ParseReadingValue(s string) (other bool, err error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "true", "default":
		return false, nil
	case "no", "false", "other":
		return true, nil
	}
	return false, fmt.Errorf("%q is not an answer: write yes (the default reading) or no (the other reading)", s)
}

// reads reports whether g plays the default answer of r.
func (g *Game) reads(r Reading) bool { return g.Readings.Default(r) }

// tag is the note a text ends with where reading r decided something: "[default: KEY]", or
// "[reading: KEY: no]" when the scenario chose the other answer.
func (g *Game) tag(r Reading) string {
	if g.Readings.Default(r) {
		return readingTags[r][0]
	}
	return readingTags[r][1]
}

// readingTags are the tags of each reading, default and other, made once from Readings (a
// step's texts then add no allocation of their own for them).
var readingTags = func() (t [NumReadings][2]string) {
	for r := range NumReadings {
		t[r] = [2]string{"[default: " + Readings[r].Key + "]", "[reading: " + Readings[r].Key + ": no]"}
	}
	return t
}()
