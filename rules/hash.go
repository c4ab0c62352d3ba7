package rules

import (
	"encoding/binary"
	"math"
	"reflect"
	"sort"
	"sync"
)

// Hash is a digest of everything a value holds, unexported fields included, following
// pointers, in a fixed order (map keys sorted): two states hash alike exactly when they are
// alike. Fields tagged `hash:"-"` (scratch buffers) are left out; so are functions and
// channels. It is how a replayed game is shown to reach the state the live one did.
func Hash(v any) [32]byte { return fastHash(v) }

// hasher is the byte stream a Hash digests. flush, when set, hands what is there to the digest
// (the stream is long; a map key's encoding, kept to sort by, has none).
type hasher struct {
	b     []byte
	flush func()
}

func (h *hasher) u64(x uint64) { h.b = binary.LittleEndian.AppendUint64(h.b, x) }

// uint writes x in the width of its type (1, 2, 4 or 8 bytes): a map's many small fields stay
// small to digest.
func (h *hasher) uint(x uint64, size uintptr) {
	switch size {
	case 1:
		h.b = append(h.b, byte(x))
	case 2:
		h.b = binary.LittleEndian.AppendUint16(h.b, uint16(x))
	case 4:
		h.b = binary.LittleEndian.AppendUint32(h.b, uint32(x))
	default:
		h.u64(x)
	}
}

// hashedFields memoizes, per struct type, the indexes of the fields Hash reads (those not
// tagged `hash:"-"`); looking tags up on every value was most of Hash's time.
var hashedFields sync.Map // reflect.Type -> []int

func fieldsOf(t reflect.Type) []int {
	if f, ok := hashedFields.Load(t); ok {
		return f.([]int)
	}
	var idx []int
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Tag.Get("hash") != "-" {
			idx = append(idx, i)
		}
	}
	hashedFields.Store(t, idx)
	return idx
}

func (h *hasher) value(v reflect.Value, depth int) {
	if depth > 64 {
		panic("rules.Hash: value nested too deep (a cycle?)")
	}
	switch v.Kind() {
	case reflect.Invalid:
		h.b = append(h.b, 0)
	case reflect.Bool:
		if v.Bool() {
			h.b = append(h.b, 1)
		} else {
			h.b = append(h.b, 0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		h.uint(uint64(v.Int()), v.Type().Size())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		h.uint(v.Uint(), v.Type().Size())
	case reflect.Float32, reflect.Float64:
		h.u64(math.Float64bits(v.Float()))
	case reflect.String:
		h.u64(uint64(v.Len()))
		h.b = append(h.b, v.String()...)
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			h.b = append(h.b, 0)
			return
		}
		h.b = append(h.b, 1)
		h.value(v.Elem(), depth+1)
	case reflect.Slice, reflect.Array:
		h.u64(uint64(v.Len()))
		for i := 0; i < v.Len(); i++ {
			h.value(v.Index(i), depth+1)
		}
	case reflect.Map:
		keys := v.MapKeys()
		type kv struct {
			k []byte
			v reflect.Value
		}
		items := make([]kv, len(keys))
		for i, k := range keys {
			sub := hasher{}
			sub.value(k, depth+1)
			items[i] = kv{sub.b, v.MapIndex(k)}
		}
		sort.Slice(items, func(i, j int) bool { return string(items[i].k) < string(items[j].k) })
		h.u64(uint64(len(items)))
		for _, it := range items {
			h.b = append(h.b, it.k...)
			h.value(it.v, depth+1)
		}
	case reflect.Struct:
		for _, i := range fieldsOf(v.Type()) {
			h.value(v.Field(i), depth+1)
		}
	}
}

// HashAlong is h, the digest of a state, taken together with extra, a part of the state the
// state's own hash leaves out (a scenario's objectives): h itself when there is none, so that
// a state from before the part existed hashes as it always did and stored games replay.
func HashAlong[T any](h [32]byte, extra []T) [32]byte {
	if len(extra) == 0 {
		return h
	}
	return Hash(struct {
		Core  [32]byte
		Extra []T
	}{h, extra})
}
