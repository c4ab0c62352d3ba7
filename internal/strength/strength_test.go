package strength

import (
	"testing"
	"time"
)

// A tally counts strict wins only, sums the points and takes the p99 of the turns' times.
func TestTally(t *testing.T) {
	var tl Tally
	tl.Add(3, 1, 3, 0, time.Second)
	tl.Add(2, 2, 1, 1, 2*time.Second, 3*time.Second)
	if line := tl.Add(5, 0, 4, 0); line != "scenario 3: umpire 5, random 0, greedy 4" {
		t.Errorf("line %q", line)
	}
	if tl.N != 3 || tl.BeatRandom != 2 || tl.BeatGreedy != 2 || tl.Refused != 1 || tl.Points != [3]int{10, 3, 8} {
		t.Errorf("tally %+v", tl)
	}
	if tl.P99() != 3*time.Second {
		t.Errorf("p99 %v, want 3s", tl.P99())
	}
	if (&Tally{}).P99() != 0 {
		t.Errorf("an empty tally's p99 is not 0")
	}
}

// Play plays each seed once, in order, and tallies what it gives.
func TestPlay(t *testing.T) {
	var seeds []uint64
	tl := Play(t, 3, func(seed uint64) Score {
		seeds = append(seeds, seed)
		return Score{Umpire: int(seed), Random: 1, Greedy: 2, Turns: []time.Duration{time.Duration(seed)}}
	})
	if len(seeds) != 3 || seeds[0] != 1 || seeds[2] != 3 || tl.N != 3 || tl.BeatRandom != 2 || tl.BeatGreedy != 1 || tl.P99() != 3 {
		t.Errorf("seeds %v, tally %+v", seeds, tl)
	}
}
