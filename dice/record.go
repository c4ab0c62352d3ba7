package dice

import "fmt"

// Recorder rolls from Src and keeps every roll in order, so that a saved game can replay
// exactly the dice it rolled (see Replay).
type Recorder struct {
	Src   Source
	Rolls []Roll
}

// Roll implements Source.
func (r *Recorder) Roll(k Kind) (Roll, error) {
	x, err := r.Src.Roll(k)
	if err != nil {
		return x, err
	}
	r.Rolls = append(r.Rolls, x)
	return x, nil
}

// Replay gives back recorded rolls in order. Asking for a different kind of roll than was
// recorded, or for more rolls than there are, is an error: the replay has gone off the record.
type Replay struct {
	Rolls []Roll
	next  int
}

// Remaining is how many recorded rolls have not been given back.
func (r *Replay) Remaining() int { return len(r.Rolls) - r.next }

// Roll implements Source.
func (r *Replay) Roll(k Kind) (Roll, error) {
	if r.next >= len(r.Rolls) {
		return Roll{}, fmt.Errorf("replay asked for roll #%d (%v), but only %d were recorded", r.next+1, k, len(r.Rolls))
	}
	x := r.Rolls[r.next]
	if x.Kind != k {
		return Roll{}, fmt.Errorf("replay asked for a %v as roll #%d, but a %v was recorded", k, r.next+1, x.Kind)
	}
	r.next++
	return x, nil
}
