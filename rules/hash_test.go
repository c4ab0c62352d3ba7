package rules

import (
	"crypto/sha256"
	"reflect"
	"strings"
	"testing"
)

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

// reflectHash is Hash as it was first written, walking the value with reflect: the oracle the
// compiled encoders must match byte for byte.
func reflectHash(v any) [32]byte {
	h := hasher{b: make([]byte, 0, 8<<10)}
	h.value(reflect.ValueOf(v), 0)
	return sha256.Sum256(h.b)
}

// TestHashMatchesReflectWalk: the compiled encoders give the reflect walk's digest for values
// of every kind a state holds: widths of ints, floats, strings, nil and shared pointers,
// slices and arrays of structs, maps, interfaces, a recursive type, skipped fields.
func TestHashMatchesReflectWalk(t *testing.T) {
	type node struct {
		V    int16
		Next *node
	}
	type flat struct {
		A int8
		B uint16
		C int32
		D int64
		E bool
		F float32
		G float64
		H uint
		I uintptr
	}
	type state struct {
		Name   string
		Flats  []flat
		Arr    [3]flat
		Ptr    *flat
		Nil    *flat
		List   *node
		M      map[string][]int
		MK     map[[2]int]flat
		Any    any
		NilAny any
		Bytes  []byte
		Fn     func()
		Ch     chan int
		skip   []int `hash:"-"`
		inner  struct{ a, b int8 }
		Empty  []flat
	}
	f := flat{-3, 65535, -70000, -1 << 40, true, 1.5, -2.25, 7, 9}
	s := state{Name: "Gefechtsaufklärung", Flats: []flat{f, {}, f}, Arr: [3]flat{f}, Ptr: &f,
		List: &node{1, &node{-2, &node{3, nil}}}, M: map[string][]int{"b": {1, 2}, "a": nil},
		MK: map[[2]int]flat{{1, 2}: f, {-1, 0}: {}}, Any: &f, Bytes: []byte("xyz"), skip: []int{1}}
	s.inner.a, s.inner.b = -1, 2
	type padded struct {
		A int8
		B int64
		C bool
	}
	type named struct {
		S string
		N int16
	}
	more := []any{
		[]uint16{1, 65535, 7}, []padded{{-1, 1 << 50, true}, {}}, []named{{"a", -2}, {"", 3}},
		map[[2]int]bool{{1, 2}: true, {0, -1}: false}, map[string]*flat{"x": &f, "y": nil},
		[2][3]int8{{1, -2, 3}, {4, 5, -6}}, [0]int{}, []bool{true, false}, []float32{1.5, -0.25},
		struct {
			P  padded
			Ns []named
			X  *padded
		}{padded{3, 4, true}, []named{{"z", 9}}, &padded{}},
	}
	for i, v := range append([]any{s, &s, f, []flat{f}, 7, int8(-7), "x", nil, (*state)(nil), map[int]int{1: 2}, [2]string{"a", "b"}}, more...) {
		if got, want := Hash(v), reflectHash(v); got != want {
			t.Errorf("value %d (%T): compiled %x, reflect walk %x", i, v, got[:6], want[:6])
		}
	}
	big := make([]flat, 5000) // past the 4 KiB the stream hands to SHA-256 at a time
	for i := range big {
		big[i].C = int32(i)
	}
	raw := make([]uint16, 30000) // written as its memory, in one piece
	for i := range raw {
		raw[i] = uint16(i * 7)
	}
	strs := make([]named, 3000)
	for i := range strs {
		strs[i] = named{strings.Repeat("s", i%9), int16(i)}
	}
	for i, v := range []any{big, raw, strs} {
		if Hash(v) != reflectHash(v) {
			t.Errorf("long value %d (%T): the streamed digest differs", i, v)
		}
	}
}
