package plan

// minHeap is a binary heap, least first by less. The planners' queues are typed heaps, not a
// container/heap, which boxed every item pushed: an allocation per relaxed edge.
type minHeap[T any] struct {
	items []T
	less  func(a, b T) bool
}

func (q *minHeap[T]) Len() int { return len(q.items) }

// push adds x.
func (q *minHeap[T]) push(x T) {
	h := append(q.items, x)
	for k := len(h) - 1; k > 0; {
		p := (k - 1) / 2
		if !q.less(h[k], h[p]) {
			break
		}
		h[p], h[k] = h[k], h[p]
		k = p
	}
	q.items = h
}

// pop removes and returns the least item.
func (q *minHeap[T]) pop() T {
	h := q.items
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for k := 0; ; {
		l, m := 2*k+1, k
		if l < n && q.less(h[l], h[m]) {
			m = l
		}
		if r := l + 1; r < n && q.less(h[r], h[m]) {
			m = r
		}
		if m == k {
			break
		}
		h[k], h[m] = h[m], h[k]
		k = m
	}
	q.items = h
	return top
}

// distQueue orders distItems by distance.
type distQueue = minHeap[distItem]

func newDistQueue() *distQueue {
	return &distQueue{less: func(a, b distItem) bool { return a.d < b.d }}
}

// indexQueue orders indexes into a caller's slice by less.
type indexQueue = minHeap[int]
