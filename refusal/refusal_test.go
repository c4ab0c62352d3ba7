package refusal

import (
	"errors"
	"fmt"
	"testing"
)

func TestError(t *testing.T) {
	r := New("D2.11", "%s has no MP left", "T1")
	if r.Error() != "D2.11: T1 has no MP left" {
		t.Errorf("%q", r.Error())
	}
	r.At = &Place{File: "x.yaml", Line: 12}
	if r.Error() != "x.yaml:12: D2.11: T1 has no MP left" {
		t.Errorf("%q", r.Error())
	}
	var got *Refusal
	if err := fmt.Errorf("step 3: %w", r); !errors.As(err, &got) || got != r {
		t.Error("a wrapped refusal is not found by errors.As")
	}
}
