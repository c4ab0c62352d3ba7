package lhy

import (
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// TestTableCoversEveryResult: every Final Assault Result from -3 to 14 falls in exactly one row,
// and the loser flips between 5 and 6 (14.3).
func TestTableCoversEveryResult(t *testing.T) {
	for f := MinFinal; f <= MaxFinal; f++ {
		n := 0
		for _, r := range AssaultResults {
			if f >= r.Min && f <= r.Max {
				n++
			}
		}
		if n != 1 {
			t.Errorf("Final %d is in %d rows", f, n)
		}
	}
	if MinFinal != -3 || MaxFinal != 14 {
		t.Errorf("Final runs %d..%d, want -3..14 (d10 with DRM clamped to ±4)", MinFinal, MaxFinal)
	}
	if _, ok := Row(15); ok {
		t.Error("15 has a row")
	}
	if Loser(6) != Defender || Loser(5) != Attacker {
		t.Error("the loser should flip between 5 (attacker) and 6 (defender)")
	}
}

func TestClamps(t *testing.T) {
	for _, c := range []struct {
		att, def, want int
	}{{8, 5, 3}, {8, 4, 3}, {4, 9, -3}, {6, 7, -1}} {
		term, ok := CohesionTerm(c.att, c.def, true)
		if !ok || term.Value != c.want {
			t.Errorf("Cohesion %d vs %d: %+d, want %+d", c.att, c.def, term.Value, c.want)
		}
	}
	if _, ok := CohesionTerm(8, 5, false); ok {
		t.Error("a Cohesion DRM without combat units on both sides")
	}
	cases := []struct {
		terms []Term
		want  int
		text  string
	}{
		{[]Term{{3, "Cohesion 8 vs 5", "14.0"}, {-2, "urban building", "14.0"}}, 1, "+3 [Cohesion 8 vs 5] -2 [urban building] = +1"},
		{[]Term{{3, "c", ""}, {2, "Envelopment", ""}, {1, "Regrouping", ""}}, 4, "+3 [c] +2 [Envelopment] +1 [Regrouping] = +6, clamped to +4"},
		{[]Term{{-3, "c", ""}, {-2, "u", ""}}, -4, "-3 [c] -2 [u] = -5, clamped to -4"},
		{nil, 0, "no DRM = +0"},
	}
	for _, c := range cases {
		net, text := NetDRM(c.terms)
		if net != c.want || text != c.text {
			t.Errorf("NetDRM: %+d %q, want %+d %q", net, text, c.want, c.text)
		}
	}
}

// TestRowOddsMatchEveryRoll: for every net DRM, the exact odds of each row sum to 1 and equal
// the share of the ten rolls that land in it when each is rolled (scripted) in turn.
func TestRowOddsMatchEveryRoll(t *testing.T) {
	for net := -6; net <= 6; net++ {
		odds := RowOdds(net)
		var count [len(AssaultResults)]int64
		for roll := 1; roll <= 10; roll++ {
			src := &dice.Script{Values: []int{roll}}
			r, err := src.Roll(dice.D10)
			if err != nil {
				t.Fatal(err)
			}
			i, ok := Row(int(r.Total) + clamp(net, NetDRMLimit))
			if !ok {
				t.Fatalf("roll %d net %+d: no row", roll, net)
			}
			count[i]++
		}
		var sum float64
		for i := range odds {
			if odds[i] != dice.NewProb(count[i], 10) {
				t.Errorf("net %+d row %d..%d: odds %v, rolls %d/10", net, AssaultResults[i].Min, AssaultResults[i].Max, odds[i], count[i])
			}
			sum += odds[i].Float()
		}
		if sum < 0.999999 || sum > 1.000001 {
			t.Errorf("net %+d: odds sum to %v", net, sum)
		}
	}
	// Net 0: 10-13 on a 10 only, 6-9 on 6..9, 2-5 on 2..5, -1..1 on a 1.
	o := RowOdds(0)
	if o[1] != dice.NewProb(1, 10) || o[2] != dice.NewProb(4, 10) || o[3] != dice.NewProb(4, 10) || o[4] != dice.NewProb(1, 10) {
		t.Errorf("net 0 odds %v", o)
	}
}

func TestUrbanAssault(t *testing.T) {
	for _, c := range []struct {
		roll, final int
		want        Who
	}{{6, 6, Both}, {7, 9, Both}, {8, 9, Nobody}, {5, 5, Attacker}, {4, 2, Attacker}, {3, 5, Nobody}, {6, 10, Nobody}} {
		if got := UrbanAssaultOn(c.roll, c.final); got != c.want {
			t.Errorf("roll %d final %d: %v, want %v", c.roll, c.final, got, c.want)
		}
	}
}
