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
