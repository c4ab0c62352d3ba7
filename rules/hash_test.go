package rules

import "testing"

// TestHashSeesEveryChange: the hash tells apart states that differ in one unexported field
// and ignores scratch buffers.
func TestHashSeesEveryChange(t *testing.T) {
	type inner struct{ a, b int }
	type outer struct {
		X   *inner
		m   map[string]int
		tmp []int `hash:"-"`
	}
	a := outer{X: &inner{1, 2}, m: map[string]int{"x": 1, "y": 2}, tmp: []int{1}}
	b := outer{X: &inner{1, 2}, m: map[string]int{"y": 2, "x": 1}, tmp: []int{7, 8}}
	if Hash(a) != Hash(b) {
		t.Error("equal states (maps in another order, other scratch) hash apart")
	}
	b.X.b = 3
	if Hash(a) == Hash(b) {
		t.Error("an unexported field behind a pointer was not hashed")
	}
}
