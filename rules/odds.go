package rules

import (
	"context"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/dice"
)

// The odds of a step before its roll, for a ruleset whose step reports each roll it made (ASL,
// Lightning War): [Weigh] plays the step once per path of its dice (dice.Enumerate) and adds up
// what the paths rolled into an [OddsView], the API's answer to GET odds.

// MaxOddsPaths bounds the dice paths Weigh enumerates for one step: a step with more is refused
// rather than left to run.
const MaxOddsPaths = 200_000

// RollSeen is one roll a path of a step made, as the ruleset reports it.
type RollSeen struct {
	Who  string // the unit, group or detachment that rolled
	For  string // "Bog Check", "Miring"
	Rule string
	Kind string // "DR", "dr"
	DRM  int
	DRMs string // the DRM's terms
	Need string // what the roll needs, "Final DR >= 12 bogs"
	// Odds is the referee's own chance of the result Need names ("1/36"), if it gives one.
	Odds string
	// Result is what the roll did on this path. A check's is its result alone ("not bogged");
	// a roll whose total itself matters (a Delay DR) says its total too.
	Result string
}

// Fact is the roll's result as an outcome lists it: "PzIV Bog Check: not bogged".
func (r RollSeen) Fact() string {
	if r.Who == "" {
		return r.For + ": " + r.Result
	}
	return r.Who + " " + r.For + ": " + r.Result
}

// OddsView is the exact odds of a proposed step before its roll: each roll it would make, with
// its chance of being made and of each of its results, the chance of each fact, and every
// distinct outcome. A step that rolls nothing has no rolls and one certain outcome, no facts.
type OddsView struct {
	Line     string        `json:"line"`
	Verb     string        `json:"verb"`
	N        int           `json:"n"` // the step the odds are for is n+1
	Rolls    []RollOdds    `json:"rolls"`
	Facts    []OddsFact    `json:"facts"`
	Outcomes []OddsOutcome `json:"outcomes"`
	Paths    int           `json:"paths"` // the dice paths enumerated
}

// RollOdds is one roll a step may make: the chance it is made at all (p, exact), and the chance
// of each result when it is (its results add up to 1).
type RollOdds struct {
	Who      string       `json:"who,omitempty"`
	For      string       `json:"for"`
	Rule     string       `json:"rule"`
	Kind     string       `json:"kind"`
	DRM      int          `json:"drm"`
	DRMTerms string       `json:"drm_terms,omitempty"`
	Need     string       `json:"need,omitempty"`
	Odds     string       `json:"odds,omitempty"` // the referee's chance of what Need names
	P        float64      `json:"p"`
	Exact    string       `json:"exact"`
	Results  []RollResult `json:"results"`
}

// RollResult is one result of a roll and its chance when the roll is made.
type RollResult struct {
	Result string  `json:"result"`
	P      float64 `json:"p"`
	Exact  string  `json:"exact"`
}

// OddsFact is a fact's chance over all outcomes.
type OddsFact struct {
	Fact  string  `json:"fact"`
	P     float64 `json:"p"`
	Exact string  `json:"exact"`
}

// OddsOutcome is one distinct outcome of a step: its facts in order ([] for no roll) and its
// chance.
type OddsOutcome struct {
	P     float64  `json:"p"`
	Exact string   `json:"exact"`
	Facts []string `json:"facts"`
}

// rollTally adds up one roll over the paths that make it.
type rollTally struct {
	seen    RollSeen
	p       *big.Rat
	mixed   [3]bool // DRM, Need, Odds differ between paths
	results []string
	by      map[string]*big.Rat
}

// Weigh works out the exact odds of a step: play plays it on a fresh copy of the game with the
// dice src gives and returns the rolls it made, in order. A step play refuses (on any path) is
// that refusal; a step with more than MaxOddsPaths paths, dice.ErrTooManyPaths. It stops when
// ctx is done. The caller fills in the line, verb and n.
func Weigh(ctx context.Context, play func(src dice.Source) ([]RollSeen, error)) (*OddsView, error) {
	tallies := map[string]*rollTally{}
	var order []string
	outcomes := map[string]*OddsOutcome{}
	var outOrder []string
	probs := map[string]*big.Rat{}
	facts := map[string]*big.Rat{}
	var factOrder []string
	paths, err := dice.Enumerate(ctx, MaxOddsPaths, play, func(rolls []RollSeen, p *big.Rat) {
		keys := make([]string, 0, len(rolls))
		count := map[string]int{}
		for _, r := range rolls {
			id := r.Who + "\x00" + r.For
			count[id]++
			id += "\x00" + strconv.Itoa(count[id])
			t := tallies[id]
			if t == nil {
				t = &rollTally{seen: r, p: new(big.Rat), by: map[string]*big.Rat{}}
				tallies[id] = t
				order = append(order, id)
			}
			t.mixed[0] = t.mixed[0] || r.DRM != t.seen.DRM || r.DRMs != t.seen.DRMs
			t.mixed[1] = t.mixed[1] || r.Need != t.seen.Need
			t.mixed[2] = t.mixed[2] || r.Odds != t.seen.Odds
			t.p.Add(t.p, p)
			if t.by[r.Result] == nil {
				t.by[r.Result] = new(big.Rat)
				t.results = append(t.results, r.Result)
			}
			t.by[r.Result].Add(t.by[r.Result], p)
			f := r.Fact()
			keys = append(keys, f)
			if facts[f] == nil {
				facts[f] = new(big.Rat)
				factOrder = append(factOrder, f)
			}
		}
		// A fact counts once per outcome however often a path states it.
		for _, f := range distinct(keys) {
			facts[f].Add(facts[f], p)
		}
		k := strings.Join(keys, "\x00")
		if outcomes[k] == nil {
			outcomes[k] = &OddsOutcome{Facts: keys}
			probs[k] = new(big.Rat)
			outOrder = append(outOrder, k)
		}
		probs[k].Add(probs[k], p)
	})
	if err != nil {
		return nil, err
	}
	out := &OddsView{Rolls: []RollOdds{}, Facts: []OddsFact{}, Outcomes: []OddsOutcome{}, Paths: paths}
	for _, id := range order {
		out.Rolls = append(out.Rolls, tallies[id].view())
	}
	for _, f := range factOrder {
		out.Facts = append(out.Facts, OddsFact{Fact: f, P: ratFloat(facts[f]), Exact: facts[f].RatString()})
	}
	sort.SliceStable(out.Facts, func(i, j int) bool { return out.Facts[i].P > out.Facts[j].P })
	for _, k := range outOrder {
		o := outcomes[k]
		o.P, o.Exact = ratFloat(probs[k]), probs[k].RatString()
		out.Outcomes = append(out.Outcomes, *o)
	}
	sort.SliceStable(out.Outcomes, func(i, j int) bool { return out.Outcomes[i].P > out.Outcomes[j].P })
	return out, nil
}

// view is the roll as the answer gives it: what differs between the paths that make it (its
// DRM after an earlier roll) is left out.
func (t *rollTally) view() RollOdds {
	s := t.seen
	v := RollOdds{Who: s.Who, For: s.For, Rule: s.Rule, Kind: s.Kind, DRM: s.DRM, DRMTerms: s.DRMs, Need: s.Need, Odds: s.Odds,
		P: ratFloat(t.p), Exact: t.p.RatString(), Results: []RollResult{}}
	if t.mixed[0] {
		v.DRM, v.DRMTerms = 0, "depends on the rolls before it"
	}
	if t.mixed[1] {
		v.Need = ""
	}
	if t.mixed[1] || t.mixed[2] {
		v.Odds = ""
	}
	for _, r := range t.results {
		q := new(big.Rat).Quo(t.by[r], t.p)
		v.Results = append(v.Results, RollResult{Result: r, P: ratFloat(q), Exact: q.RatString()})
	}
	sort.SliceStable(v.Results, func(i, j int) bool { return v.Results[i].P > v.Results[j].P })
	return v
}

func distinct(keys []string) []string {
	var out []string
	for _, k := range keys {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func ratFloat(p *big.Rat) float64 {
	f, _ := p.Float64()
	return f
}
