package dice

import (
	"reflect"
	"testing"
)

// TestRecordReplay: a Replay of what a Recorder kept gives the same rolls in the same order,
// and refuses to go off the record (another kind, one roll too many).
func TestRecordReplay(t *testing.T) {
	rec := &Recorder{Src: NewSeeded(42)}
	kinds := []Kind{DR, Dr, DR, DR, Dr}
	var want []Roll
	for _, k := range kinds {
		x, err := rec.Roll(k)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, x)
	}
	if !reflect.DeepEqual(rec.Rolls, want) {
		t.Fatalf("recorded %v, rolled %v", rec.Rolls, want)
	}
	rp := &Replay{Rolls: rec.Rolls}
	for i, k := range kinds {
		x, err := rp.Roll(k)
		if err != nil || x != want[i] {
			t.Fatalf("roll %d: %v %v, want %v", i+1, x, err, want[i])
		}
	}
	if rp.Remaining() != 0 {
		t.Errorf("%d left", rp.Remaining())
	}
	if _, err := rp.Roll(DR); err == nil {
		t.Error("a roll past the record was given")
	}
	rp2 := &Replay{Rolls: rec.Rolls}
	if _, err := rp2.Roll(Dr); err == nil {
		t.Error("a dr was given where a DR was recorded")
	}
	if rp2.Remaining() != len(kinds) {
		t.Error("a refused roll was used up")
	}
}

// TestRollText: every roll the dice can make survives MarshalText/UnmarshalText (a single die's
// D1 is its total, as every Source gives it), and rolls the dice cannot make are refused.
func TestRollText(t *testing.T) {
	var all []Roll
	for a := int8(1); a <= 6; a++ {
		all = append(all, Roll{Kind: Dr, D1: a, Total: a})
		for b := int8(1); b <= 6; b++ {
			all = append(all, Roll{Kind: DR, D1: a, D2: b, Total: a + b})
		}
	}
	for s := int8(2); s <= 12; s++ {
		all = append(all, Roll{Kind: DR, Total: s})
	}
	for s := int8(1); s <= 10; s++ {
		all = append(all, Roll{Kind: D10, D1: s, Total: s})
	}
	for _, r := range all {
		b, _ := r.MarshalText()
		var back Roll
		if err := back.UnmarshalText(b); err != nil || back != r {
			t.Errorf("%v: read back as %v, %v", r, back, err)
		}
	}
	for _, bad := range []string{"", "DR", "DR 13", "DR 1", "dr 0", "dr 7", "DR 7 (3,5)", "DR 7 (0,7)", "DR 7 (3,4) x", "dr 5 (2,3)", "Dr 5", "DR 07", "d10 0", "d10 11", "d10 3 (1,2)"} {
		var r Roll
		if err := r.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("%q read as %v, want an error", bad, r)
		}
	}
}

// FuzzRollText: reading any text either fails or gives a roll that writes back the same.
func FuzzRollText(f *testing.F) {
	for _, s := range []string{"DR 7 (3,4)", "DR 7", "dr 5", "DR 12 (6,6)", "dr 9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var r Roll
		if err := r.UnmarshalText([]byte(s)); err != nil {
			return
		}
		if b, _ := r.MarshalText(); string(b) != s {
			t.Errorf("%q read as %v, which writes %q", s, r, b)
		}
	})
}
