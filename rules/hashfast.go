package rules

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"math"
	"reflect"
	"sort"
	"sync"
	"unsafe"
)

// The state hash is taken after every step the server accepts, over the whole state (a map of
// thousands of hexes included), so it is on the server's hot path. Walking the state with
// reflect.Value cost a reflect call per field; instead each type gets, once, an encoder that
// reads its memory directly and writes exactly the bytes the walk wrote (hasher.value, kept
// for maps and interfaces, and as the tests' oracle), so the hashes are the same.

// encoder appends the encoding of the value of its type at p.
type encoder func(h *hasher, p unsafe.Pointer, depth int)

// encoders memoizes each type's encoder.
var encoders sync.Map // reflect.Type -> encoder

// encoderOf is t's encoder, built on first use.
func encoderOf(t reflect.Type) encoder {
	if e, ok := encoders.Load(t); ok {
		return e.(encoder)
	}
	b := &encoderBuilder{done: map[reflect.Type]*encoder{}}
	e := b.build(t)
	encoders.Store(t, e)
	return e
}

// encoderBuilder builds the encoders of a type and the types it holds; a type met again while
// its own encoder is being built (a recursive type) is called through a pointer filled later.
type encoderBuilder struct{ done map[reflect.Type]*encoder }

func (b *encoderBuilder) build(t reflect.Type) encoder {
	if e, ok := encoders.Load(t); ok {
		return e.(encoder)
	}
	if slot, ok := b.done[t]; ok {
		if *slot != nil {
			return *slot
		}
		return func(h *hasher, p unsafe.Pointer, d int) { (*slot)(h, p, d) }
	}
	slot := new(encoder)
	b.done[t] = slot
	*slot = b.make(t)
	return *slot
}

func (b *encoderBuilder) make(t reflect.Type) encoder {
	switch t.Kind() {
	case reflect.Bool:
		return func(h *hasher, p unsafe.Pointer, _ int) {
			if *(*bool)(p) {
				h.b = append(h.b, 1)
			} else {
				h.b = append(h.b, 0)
			}
		}
	case reflect.Int8, reflect.Uint8:
		return func(h *hasher, p unsafe.Pointer, _ int) { h.b = append(h.b, *(*byte)(p)) }
	case reflect.Int16, reflect.Uint16:
		return func(h *hasher, p unsafe.Pointer, _ int) {
			h.b = binary.LittleEndian.AppendUint16(h.b, *(*uint16)(p))
		}
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if t.Size() == 4 {
			return func(h *hasher, p unsafe.Pointer, _ int) {
				h.b = binary.LittleEndian.AppendUint32(h.b, *(*uint32)(p))
			}
		}
		return func(h *hasher, p unsafe.Pointer, _ int) { h.u64(*(*uint64)(p)) }
	case reflect.Float32:
		return func(h *hasher, p unsafe.Pointer, _ int) { h.u64(math.Float64bits(float64(*(*float32)(p)))) }
	case reflect.Float64:
		return func(h *hasher, p unsafe.Pointer, _ int) { h.u64(math.Float64bits(*(*float64)(p))) }
	case reflect.String:
		return func(h *hasher, p unsafe.Pointer, _ int) {
			s := *(*string)(p)
			h.u64(uint64(len(s)))
			h.b = append(h.b, s...)
		}
	case reflect.Pointer:
		elem := b.build(t.Elem())
		return func(h *hasher, p unsafe.Pointer, d int) {
			q := *(*unsafe.Pointer)(p)
			if q == nil {
				h.b = append(h.b, 0)
				return
			}
			h.b = append(h.b, 1)
			if d+1 > 64 {
				panic("rules.Hash: value nested too deep (a cycle?)")
			}
			elem(h, q, d+1)
		}
	case reflect.Slice:
		return b.sequence(t.Elem(), func(p unsafe.Pointer) (unsafe.Pointer, int) {
			s := (*sliceHeader)(p)
			return s.data, s.len
		})
	case reflect.Array:
		n := t.Len()
		return b.sequence(t.Elem(), func(p unsafe.Pointer) (unsafe.Pointer, int) { return p, n })
	case reflect.Struct:
		return b.structure(t)
	case reflect.Map:
		return b.mapping(t)
	case reflect.Interface:
		// Rare in a state: the reflect walk reads the interface's dynamic type.
		return func(h *hasher, p unsafe.Pointer, d int) { h.value(reflect.NewAt(t, p).Elem(), d) }
	}
	return func(*hasher, unsafe.Pointer, int) {} // functions, channels: not part of a state
}

// flatOp is one part of a flat value (one made only of numbers, booleans, strings and arrays
// and structs of them: no pointers to follow): where it is and how it is written.
type flatOp struct {
	off  uintptr
	kind uint8
	n    uint64 // opLen: the array length written
}

const (
	op1 uint8 = iota // a byte as it is
	op2              // 2, 4, 8 bytes, little-endian
	op4
	op8
	opBool
	opF32 // written as its float64 bits
	opF64
	opLen    // an array's length, before its elements
	opCopy   // n bytes as they are in memory
	opString // its length, then its bytes
)

// littleEndian: this machine keeps numbers as the hash writes them.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// runs turns the ops whose bytes in memory are the bytes written (a byte, a boolean, which Go
// keeps as 0 or 1, and on a little-endian machine any integer) into copies, and joins copies
// of neighbouring memory into one: a struct of small fields with no padding between them is
// written in one copy.
func runs(ops []flatOp) []flatOp {
	width := map[uint8]uint64{op1: 1, opBool: 1}
	if littleEndian {
		width[op2], width[op4], width[op8] = 2, 4, 8
	}
	var out []flatOp
	for _, o := range ops {
		w, raw := width[o.kind]
		if !raw {
			out = append(out, o)
			continue
		}
		if k := len(out) - 1; k >= 0 && out[k].kind == opCopy && out[k].off+uintptr(out[k].n) == o.off {
			out[k].n += w
			continue
		}
		out = append(out, flatOp{off: o.off, kind: opCopy, n: w})
	}
	return out
}

// flatOps appends the ops of a flat type at offset off; false if t is not flat.
func flatOps(t reflect.Type, off uintptr, ops []flatOp) ([]flatOp, bool) {
	switch t.Kind() {
	case reflect.Bool:
		return append(ops, flatOp{off: off, kind: opBool}), true
	case reflect.Int8, reflect.Uint8:
		return append(ops, flatOp{off: off, kind: op1}), true
	case reflect.Int16, reflect.Uint16:
		return append(ops, flatOp{off: off, kind: op2}), true
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if t.Size() == 4 {
			return append(ops, flatOp{off: off, kind: op4}), true
		}
		return append(ops, flatOp{off: off, kind: op8}), true
	case reflect.Float32:
		return append(ops, flatOp{off: off, kind: opF32}), true
	case reflect.Float64:
		return append(ops, flatOp{off: off, kind: opF64}), true
	case reflect.String:
		return append(ops, flatOp{off: off, kind: opString}), true
	case reflect.Array:
		ops = append(ops, flatOp{kind: opLen, n: uint64(t.Len())})
		for i := 0; i < t.Len(); i++ {
			var ok bool
			if ops, ok = flatOps(t.Elem(), off+uintptr(i)*t.Elem().Size(), ops); !ok {
				return nil, false
			}
		}
		return ops, true
	case reflect.Struct:
		for _, i := range fieldsOf(t) {
			f := t.Field(i)
			var ok bool
			if ops, ok = flatOps(f.Type, off+f.Offset, ops); !ok {
				return nil, false
			}
		}
		return ops, true
	}
	return nil, false
}

// flat writes a flat value by its ops.
func (h *hasher) flat(ops []flatOp, p unsafe.Pointer) {
	for i := range ops {
		o := &ops[i]
		q := unsafe.Add(p, o.off)
		switch o.kind {
		case op1:
			h.b = append(h.b, *(*byte)(q))
		case op2:
			h.b = binary.LittleEndian.AppendUint16(h.b, *(*uint16)(q))
		case op4:
			h.b = binary.LittleEndian.AppendUint32(h.b, *(*uint32)(q))
		case op8:
			h.u64(*(*uint64)(q))
		case opBool:
			if *(*bool)(q) {
				h.b = append(h.b, 1)
			} else {
				h.b = append(h.b, 0)
			}
		case opF32:
			h.u64(math.Float64bits(float64(*(*float32)(q))))
		case opF64:
			h.u64(math.Float64bits(*(*float64)(q)))
		case opLen:
			h.u64(o.n)
		case opCopy:
			h.b = append(h.b, unsafe.Slice((*byte)(q), o.n)...)
		case opString:
			str := *(*string)(q)
			h.u64(uint64(len(str)))
			h.b = append(h.b, str...)
		}
	}
}

// mapping encodes a map as the reflect walk does: its length, then each key's encoding and its
// value's, in the order of the keys' encodings.
func (b *encoderBuilder) mapping(t reflect.Type) encoder {
	kenc, venc := b.build(t.Key()), b.build(t.Elem())
	type item struct{ k, v [2]int } // spans of the buffer below
	return func(h *hasher, p unsafe.Pointer, d int) {
		m := reflect.NewAt(t, p).Elem()
		n := m.Len()
		h.u64(uint64(n))
		if n == 0 {
			return
		}
		var buf hasher // keys and values, encoded aside to be sorted (no flush: spans)
		items := make([]item, 0, n)
		kbox, vbox := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
		for it := m.MapRange(); it.Next(); {
			kbox.SetIterKey(it)
			vbox.SetIterValue(it)
			var x item
			x.k[0] = len(buf.b)
			kenc(&buf, kbox.Addr().UnsafePointer(), d+1)
			x.k[1] = len(buf.b)
			venc(&buf, vbox.Addr().UnsafePointer(), d+1)
			x.v = [2]int{x.k[1], len(buf.b)}
			items = append(items, x)
		}
		span := func(s [2]int) []byte { return buf.b[s[0]:s[1]] }
		sort.Slice(items, func(i, j int) bool { return string(span(items[i].k)) < string(span(items[j].k)) })
		for _, x := range items {
			h.b = append(h.b, span(x.k)...)
			h.b = append(h.b, span(x.v)...)
			h.spill()
		}
	}
}

// sliceHeader is a slice's memory layout.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// sequence encodes a slice or array: its length, then each element.
func (b *encoderBuilder) sequence(et reflect.Type, at func(unsafe.Pointer) (unsafe.Pointer, int)) encoder {
	elem, size := b.build(et), et.Size()
	if ops, ok := flatOps(et, 0, nil); ok {
		ops = runs(ops)
		if len(ops) == 1 && ops[0].kind == opCopy && uintptr(ops[0].n) == size {
			// Each element is written as it is in memory, with no padding: the whole run at once.
			return func(h *hasher, p unsafe.Pointer, _ int) {
				data, n := at(p)
				h.u64(uint64(n))
				if n > 0 {
					h.b = append(h.b, unsafe.Slice((*byte)(data), uintptr(n)*size)...)
				}
				h.spill()
			}
		}
		return func(h *hasher, p unsafe.Pointer, _ int) {
			data, n := at(p)
			h.u64(uint64(n))
			for i := 0; i < n; i++ {
				h.flat(ops, unsafe.Add(data, uintptr(i)*size))
				h.spill()
			}
		}
	}
	return func(h *hasher, p unsafe.Pointer, d int) {
		data, n := at(p)
		h.u64(uint64(n))
		for i := 0; i < n; i++ {
			elem(h, unsafe.Add(data, uintptr(i)*size), d+1)
			h.spill()
		}
	}
}

// structure encodes a struct's hashed fields in order: each run of flat fields by one list of
// ops, each other field by its encoder.
func (b *encoderBuilder) structure(t reflect.Type) encoder {
	type part struct {
		ops []flatOp // a run of flat fields, or
		off uintptr  // one other field, at off
		enc encoder
	}
	var parts []part
	for _, i := range fieldsOf(t) {
		f := t.Field(i)
		if ops, ok := flatOps(f.Type, f.Offset, nil); ok {
			if k := len(parts) - 1; k >= 0 && parts[k].enc == nil {
				parts[k].ops = append(parts[k].ops, ops...)
			} else {
				parts = append(parts, part{ops: ops})
			}
			continue
		}
		parts = append(parts, part{off: f.Offset, enc: b.build(f.Type)})
	}
	for k := range parts {
		if parts[k].enc == nil {
			parts[k].ops = runs(parts[k].ops)
		}
	}
	return func(h *hasher, p unsafe.Pointer, d int) {
		for k := range parts {
			if pt := &parts[k]; pt.enc == nil {
				h.flat(pt.ops, p)
			} else {
				pt.enc(h, unsafe.Add(p, pt.off), d+1)
			}
		}
	}
}

// spill hands the bytes so far to the digest once there are a few KB of them (a stream's
// hasher; a map key's has no flush and keeps them).
func (h *hasher) spill() {
	if len(h.b) >= 4<<10 && h.flush != nil {
		h.flush()
	}
}

// streamHasher is a hasher that hands its bytes to SHA-256 as they pile up, so a big state is
// digested without being held whole in memory.
type streamHasher struct {
	hasher
	d hash.Hash
}

func (s *streamHasher) flush() {
	s.d.Write(s.b)
	s.b = s.b[:0]
}

// streamHashers keeps the buffers and digests of finished hashes for the next: a state is
// hashed after every step, and a fresh 8 KB buffer each time was most of the garbage.
var streamHashers = sync.Pool{New: func() any {
	s := &streamHasher{hasher: hasher{b: make([]byte, 0, 8<<10)}, d: sha256.New()}
	s.hasher.flush = s.flush
	return s
}}

// fastHash is Hash by the compiled encoders, streaming into SHA-256.
func fastHash(v any) [32]byte {
	s := streamHashers.Get().(*streamHasher)
	defer streamHashers.Put(s)
	s.b = s.b[:0]
	s.d.Reset()
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		s.b = append(s.b, 0)
	} else {
		box := reflect.New(rv.Type())
		box.Elem().Set(rv)
		encoderOf(rv.Type())(&s.hasher, box.UnsafePointer(), 0)
	}
	s.flush()
	var out [32]byte
	s.d.Sum(out[:0])
	return out
}
