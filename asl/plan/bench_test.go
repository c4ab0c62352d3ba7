package plan

import (
	"container/heap"
	"math"
	"sync"
	"testing"

	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/umpire-referee/umpire/asl"
)

// The reach benchmarks run on one generated four-board map (Generate(1, 16): 1,300 hexes, a
// 16-MP tank near the middle) and its whole State graph, compiled once. Three ways of finding
// where the tank gets to with its allotment are timed on that same graph:
//
//   - graph: Graph.Reach, the planner's query (a bucket queue over half-MP, Pareto MP and
//     risk, MP windows per edge; buffers reused);
//   - heap: the textbook way, container/heap Dijkstra over adjacency lists, MP only, stopping
//     once the queue holds nothing within the allotment;
//   - gonum: gonum's path.DijkstraFrom on the same States and steps as a simple weighted
//     directed graph (it has no budget, so it always settles the whole graph).
//
// The */all variants settle the whole graph (an allowance no step can exhaust) so that the
// three do the same work.

type arc struct {
	to int32
	w  int32
}

var bench struct {
	once  sync.Once
	game  *asl.Game
	gr    *Graph
	from  int32
	mp    asl.MP
	adj   [][]arc
	gonum *simple.WeightedDirectedGraph
}

func benchSetup(b *testing.B) {
	bench.once.Do(func() {
		g := Generate(1, 16)
		gr, err := Compile(g, 0, 0)
		if err != nil {
			b.Fatal(err)
		}
		u := &g.Units[0]
		from, _ := gr.Node(u)
		bench.game, bench.gr, bench.from, bench.mp = g, gr, from, u.Spent
		bench.adj = make([][]arc, gr.Len())
		bench.gonum = simple.NewWeightedDirectedGraph(0, math.Inf(1))
		for i := range gr.States {
			bench.gonum.AddNode(simple.Node(i))
		}
		for v := range gr.States {
			for e := gr.first[v]; e < gr.first[v+1]; e++ {
				ed := &gr.edges[e]
				w := int32(ed.cost)
				if ed.minimum() {
					w = int32(gr.allot)
				}
				if ed.to == int32(v) {
					continue
				}
				bench.adj[v] = append(bench.adj[v], arc{ed.to, w})
				if old := bench.gonum.WeightedEdge(int64(v), int64(ed.to)); old == nil || old.Weight() > float64(w) {
					bench.gonum.SetWeightedEdge(bench.gonum.NewWeightedEdge(simple.Node(v), simple.Node(ed.to), float64(w)))
				}
			}
		}
	})
}

// heapItem and heapQueue are the textbook Dijkstra's priority queue.
type heapItem struct {
	node int32
	d    int32
}
type heapQueue []heapItem

func (q heapQueue) Len() int           { return len(q) }
func (q heapQueue) Less(i, j int) bool { return q[i].d < q[j].d }
func (q heapQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *heapQueue) Push(x any)        { *q = append(*q, x.(heapItem)) }
func (q *heapQueue) Pop() any          { o := (*q)[len(*q)-1]; *q = (*q)[:len(*q)-1]; return o }

// heapDijkstra is Dijkstra's algorithm as the textbook writes it: distances to every State
// from from, starting at mp, not beyond budget. It returns how many States it settled.
func heapDijkstra(adj [][]arc, from int32, mp, budget int32) int {
	dist := make([]int32, len(adj))
	for i := range dist {
		dist[i] = math.MaxInt32
	}
	dist[from] = mp
	q := &heapQueue{{from, mp}}
	settled := 0
	for q.Len() > 0 {
		it := heap.Pop(q).(heapItem)
		if it.d > dist[it.node] {
			continue
		}
		settled++
		for _, a := range adj[it.node] {
			if d := it.d + a.w; d <= budget && d < dist[a.to] {
				dist[a.to] = d
				heap.Push(q, heapItem{a.to, d})
			}
		}
	}
	return settled
}

func BenchmarkReach(b *testing.B) {
	benchSetup(b)
	gr := bench.gr
	all := *gr
	all.allow = 0x7000 // nothing runs out: every State is settled
	var q Query
	b.Run("graph", func(b *testing.B) {
		gr.Reach(&q, bench.from, bench.mp, 0) // warm the buffers
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			gr.Reach(&q, bench.from, bench.mp, 0)
		}
		b.ReportMetric(float64(len(q.Ways)), "ways")
	})
	b.Run("heap", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n = heapDijkstra(bench.adj, bench.from, int32(bench.mp), int32(gr.allow))
		}
		b.ReportMetric(float64(n), "states")
	})
	b.Run("graph/all", func(b *testing.B) {
		all.Reach(&q, bench.from, bench.mp, 0)
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			all.Reach(&q, bench.from, bench.mp, 0)
		}
		b.ReportMetric(float64(len(q.Ways)), "ways")
	})
	b.Run("heap/all", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n = heapDijkstra(bench.adj, bench.from, int32(bench.mp), math.MaxInt32)
		}
		b.ReportMetric(float64(n), "states")
	})
	b.Run("gonum/all", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			path.DijkstraFrom(simple.Node(bench.from), bench.gonum)
		}
	})
}

// BenchmarkCompile times compiling the whole State graph of the benchmark map. The graph is
// the same however it is built: 67,860 States and 270,666 edges (asserted).
func BenchmarkCompile(b *testing.B) {
	g := Generate(1, 16)
	b.ReportAllocs()
	for b.Loop() {
		gr, err := Compile(g, 0, 0)
		if err != nil {
			b.Fatal(err)
		}
		if gr.Len() != 67860 || gr.Edges() != 270666 {
			b.Fatalf("%d States and %d edges, want 67860 and 270666", gr.Len(), gr.Edges())
		}
		b.ReportMetric(float64(gr.Len()), "states")
		b.ReportMetric(float64(gr.Edges()), "edges")
	}
}

// BenchmarkReachReferee is the referee-driven Reach on the same map and tank, for scale.
func BenchmarkReachReferee(b *testing.B) {
	g := Generate(1, 16)
	for b.Loop() {
		if _, err := Reach(g, 0, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
