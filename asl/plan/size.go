package plan

import "unsafe"

// The sizes below are what a cache of answers (the server's, asl/ruleset's planCache) counts
// against its budget: the bytes a Result or Graph keeps reachable, to within the allocator's
// rounding. They count capacities, not lengths (that is what is held), and a map as its
// entries plus a control byte each, at the load Go's maps keep (7/8 full at most).

// mapBytes is about what a map of n entries of k+v bytes holds.
func mapBytes(n int, k, v uintptr) int64 {
	return int64(n) * int64(k+v+1) * 8 / 7
}

// Bytes is about how much memory r keeps: its labels, the index of States and the scratch
// copy of the game its CanStop tries run on.
func (r *Result) Bytes() int64 {
	if r == nil {
		return 0
	}
	n := int64(unsafe.Sizeof(*r))
	n += int64(cap(r.Labels)) * int64(unsafe.Sizeof(Label{}))
	n += mapBytes(len(r.byKey), unsafe.Sizeof(State{}), 4)
	if g := r.game; g != nil {
		n += int64(unsafe.Sizeof(*g)) + int64(cap(g.Units))*int64(unsafe.Sizeof(g.Units[0:1][0]))
		for i := range g.Groups {
			n += int64(cap(g.Groups[i].Members)+cap(g.Groups[i].WaitUnits)) * 8
		}
		n += int64(cap(g.Groups)) * int64(unsafe.Sizeof(g.Groups[0:1][0]))
	}
	return n
}

// Bytes is about how much memory gr keeps: its States, edges, steps and index.
func (gr *Graph) Bytes() int64 {
	if gr == nil {
		return 0
	}
	n := int64(unsafe.Sizeof(*gr))
	n += int64(cap(gr.States)) * int64(unsafe.Sizeof(State{}))
	n += int64(cap(gr.first)) * 4
	n += int64(cap(gr.edges)) * int64(unsafe.Sizeof(edge{}))
	n += int64(cap(gr.probs)) * 8
	n += int64(cap(gr.acts)) * 4
	n += int64(cap(gr.steps)) * int64(unsafe.Sizeof(gr.steps[0:1][0]))
	n += int64(cap(gr.fixed))
	n += mapBytes(len(gr.index), unsafe.Sizeof(State{}), 4)
	return n
}

// Bytes is about how much memory the query buffers q keep between queries.
func (q *Query) Bytes() int64 {
	n := int64(cap(q.Ways))*int64(unsafe.Sizeof(Way{})) + int64(cap(q.best)+cap(q.pend))*8
	for _, b := range q.bucket {
		n += int64(cap(b)) * int64(unsafe.Sizeof(pending{}))
	}
	for _, s := range q.sure {
		n += int64(cap(s)) * int64(unsafe.Sizeof(offer{}))
	}
	return n + int64(cap(q.bucket)+cap(q.sure))*24
}
