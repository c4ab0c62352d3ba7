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

// MarshalText writes a roll as its String form: "DR 7 (3,4)", "DR 7" when the dice are not
// known (a scripted total), "dr 5", "d10 9". Logs keep rolls in this form.
func (r Roll) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a roll written by MarshalText, checking that it is a roll the dice can
// make.
func (r *Roll) UnmarshalText(b []byte) error {
	var out Roll
	s := string(b)
	var kind string
	var total, d1, d2 int
	n, _ := fmt.Sscanf(s, "%s %d (%d,%d)", &kind, &total, &d1, &d2)
	switch {
	case kind == "DR" && n == 4 && fmt.Sprintf("DR %d (%d,%d)", total, d1, d2) == s:
		if d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6 || d1+d2 != total {
			return fmt.Errorf("roll %q: dice %d and %d do not make %d", s, d1, d2, total)
		}
		out = Roll{Kind: DR, D1: int8(d1), D2: int8(d2), Total: int8(total)}
	case kind == "DR" && n == 2 && fmt.Sprintf("DR %d", total) == s:
		if total < 2 || total > 12 {
			return fmt.Errorf("roll %q: a DR is 2 to 12", s)
		}
		out = Roll{Kind: DR, Total: int8(total)}
	case kind == "dr" && n == 2 && fmt.Sprintf("dr %d", total) == s:
		if total < 1 || total > 6 {
			return fmt.Errorf("roll %q: a dr is 1 to 6", s)
		}
		out = Roll{Kind: Dr, D1: int8(total), Total: int8(total)}
	case kind == "d10" && n == 2 && fmt.Sprintf("d10 %d", total) == s:
		if total < 1 || total > 10 {
			return fmt.Errorf("roll %q: a d10 is 1 to 10", s)
		}
		out = Roll{Kind: D10, D1: int8(total), Total: int8(total)}
	default:
		return fmt.Errorf("roll %q: write \"DR 7 (3,4)\", \"DR 7\", \"dr 5\" or \"d10 9\"", s)
	}
	*r = out
	return nil
}
