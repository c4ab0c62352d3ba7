// Package strength counts a practice opponent's strength trial, the same way for every
// ruleset: umpire and two baseline players (a random one and a greedy one) each play the same
// side of the same scenarios with the same dice seed; umpire beats a baseline in a scenario
// when it scores strictly more objective points. A Tally gathers the scenarios' scores, the
// steps the referee refused umpire and the time it took over each of its turns, and reports
// them as a benchmark's metrics. The trials themselves (asl/opponent, lightningwar/opponent,
// lhy/opponent) live beside the players they measure.
package strength

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"
)

// Scenarios is how many scenarios a whole trial plays: UMPIRE_STRENGTH_N, else 50.
func Scenarios() int {
	if v, err := strconv.Atoi(os.Getenv("UMPIRE_STRENGTH_N")); err == nil && v > 0 {
		return v
	}
	return 50
}

// Tally is a trial's count so far.
type Tally struct {
	N                      int // scenarios played
	BeatRandom, BeatGreedy int
	Refused                int             // umpire's steps the referee refused
	Points                 [3]int          // umpire's, the random player's and the greedy one's, summed
	Turns                  []time.Duration // umpire's time over each of its turns
}

// Add counts one scenario: each player's points, the steps the referee refused umpire, and
// umpire's time over each of its turns there. It returns the scenario's line for a verbose
// run.
func (t *Tally) Add(umpire, random, greedy, refused int, turns ...time.Duration) string {
	t.N++
	if umpire > random {
		t.BeatRandom++
	}
	if umpire > greedy {
		t.BeatGreedy++
	}
	t.Refused += refused
	t.Points[0] += umpire
	t.Points[1] += random
	t.Points[2] += greedy
	t.Turns = append(t.Turns, turns...)
	return fmt.Sprintf("scenario %d: umpire %d, random %d, greedy %d", t.N, umpire, random, greedy)
}

// P99 is the 99th percentile of umpire's time over a turn (0 when none was timed).
func (t *Tally) P99() time.Duration {
	if len(t.Turns) == 0 {
		return 0
	}
	s := slices.Clone(t.Turns)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*99/100)]
}

// Report gives b the trial's metrics: the share of scenarios in which umpire beats each
// baseline, the steps refused, the mean points of each player, and the p99 of umpire's time
// over a turn, named perTurn ("p99-s/MPh", "p99-s/turn").
func (t *Tally) Report(b *testing.B, perTurn string) {
	n := float64(max(1, t.N))
	b.ReportMetric(100*float64(t.BeatRandom)/n, "%beats-random")
	b.ReportMetric(100*float64(t.BeatGreedy)/n, "%beats-greedy")
	b.ReportMetric(float64(t.Refused), "refused")
	b.ReportMetric(float64(t.Points[0])/n, "pts-umpire")
	b.ReportMetric(float64(t.Points[1])/n, "pts-random")
	b.ReportMetric(float64(t.Points[2])/n, "pts-greedy")
	b.ReportMetric(t.P99().Seconds(), perTurn)
}

// Score is one scenario's result: each player's points, the steps the referee refused umpire,
// umpire's time over each of its turns, and a note for a verbose run's line.
type Score struct {
	Umpire, Random, Greedy int
	Refused                int
	Turns                  []time.Duration
	Note                   string
}

// Play plays scenarios 1 to n (play gives one seed's Score) and tallies them, logging each
// scenario's line in a verbose run.
func Play(t testing.TB, n int, play func(seed uint64) Score) *Tally {
	var tl Tally
	for seed := uint64(1); seed <= uint64(n); seed++ {
		s := play(seed)
		if line := tl.Add(s.Umpire, s.Random, s.Greedy, s.Refused, s.Turns...); testing.Verbose() {
			t.Log(line + s.Note)
		}
	}
	return &tl
}
