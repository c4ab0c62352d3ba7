package lhy

import (
	"reflect"
	"testing"
)

// TestSameStateCoversGame: the odds merge two games only when sameState holds, so it must see
// every field a step reads or changes. For each leaf of a game (every field of Game, its units,
// Assaults, IPs and After, recursively), a copy with that one leaf changed, or one more element
// in a list, must not be the same state: a field added to Game and forgotten by sameState fails
// here.
func TestSameStateCoversGame(t *testing.T) {
	m := &Map{}
	base := func() *Game {
		return &Game{
			Map:   m,
			Units: []Unit{{ID: "A"}, {ID: "B"}},
			Date:  MakeDate(1944, 6), Turn: 2,
			Assaults: []Assault{{Target: Hex{X: 1, Y: 2}, Attackers: []int{0}, From: []Hex{{X: 1, Y: 1}}}},
			After: &After{Target: Hex{X: 1, Y: 2}, Attackers: []int{0}, Defenders: []int{1}, AttackerSide: "a", DefSide: "d",
				Retreat: []int{1}, RetreatMin: 1, RetreatMax: 3, Unloaded: map[int]int{0: 1}},
			IPs: []Hex{{X: 3, Y: 3}},
		}
	}
	if !sameState(base(), base()) {
		t.Fatal("two games built alike are not the same state")
	}
	n := 0
	for k := 0; ; k++ {
		g, left := base(), k
		path, ok := perturb(reflect.ValueOf(g).Elem(), "Game", &left)
		if !ok {
			break
		}
		n++
		if sameState(base(), g) {
			t.Errorf("%s changed, yet sameState holds", path)
		}
	}
	if n < 40 {
		t.Errorf("only %d leaves perturbed: the walk missed part of the game", n)
	}
}

// perturb changes the k-th leaf of v (counting down *k) and names it; ok is false when v has
// fewer leaves than k.
func perturb(v reflect.Value, path string, k *int) (string, bool) {
	leaf := func(change func()) (string, bool) {
		if *k == 0 {
			change()
			return path, true
		}
		*k--
		return "", false
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if p, ok := perturb(v.Field(i), path+"."+v.Type().Field(i).Name, k); ok {
				return p, true
			}
		}
		return "", false
	case reflect.Pointer:
		if v.Type() == reflect.TypeFor[*Map]() { // shared, compared by identity
			return leaf(func() { v.Set(reflect.ValueOf(&Map{})) })
		}
		if v.IsNil() {
			return leaf(func() { v.Set(reflect.New(v.Type().Elem())) })
		}
		if p, ok := leaf(func() { v.Set(reflect.Zero(v.Type())) }); ok {
			return p + " (nil)", true
		}
		return perturb(v.Elem(), path, k)
	case reflect.Slice:
		if p, ok := leaf(func() { v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem()))) }); ok {
			return p + " (one more)", true
		}
		for i := 0; i < v.Len(); i++ {
			if p, ok := perturb(v.Index(i), path+"[i]", k); ok {
				return p, true
			}
		}
		return "", false
	case reflect.Map:
		return leaf(func() { v.SetMapIndex(reflect.ValueOf(99), reflect.ValueOf(98)) })
	case reflect.Bool:
		return leaf(func() { v.SetBool(!v.Bool()) })
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return leaf(func() { v.SetInt(v.Int() + 1) })
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return leaf(func() { v.SetUint(v.Uint() + 1) })
	case reflect.String:
		return leaf(func() { v.SetString(v.String() + "x") })
	}
	panic(path + ": a kind of field the walk does not know: " + v.Kind().String())
}
