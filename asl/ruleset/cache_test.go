package ruleset

import (
	"reflect"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// TestPlanCacheBoundedByBytes: the plans kept never pass the limit, whatever is asked; the
// least recently used go first; and an answer is the same whether it was kept or not.
func TestPlanCacheBoundedByBytes(t *testing.T) {
	g, id := reachGames(nil)["demo"]()
	oracle, _ := reachGames(nil)["demo"]()
	r, err := oracle.reach(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Bytes() < 100<<10 {
		t.Fatalf("a demo Result holds only %d bytes: the sizes are not counted", r.Bytes())
	}
	// The second click compiles the unit's graph, and the graph answers every max_risk after
	// it. Room for the graph and two and a half views, not three: the Result of the first
	// click (its answer the biggest of all) goes first.
	for _, risk := range []float64{0.01, 0} {
		if _, err := g.Reach(id, risk); err != nil {
			t.Fatal(err)
		}
	}
	if g.plans.graph == nil {
		t.Fatal("no graph compiled at the second click")
	}
	vb := viewBytes(g.plans.get(planKey{0, 0}).view)
	limit := g.plans.graphBytes + 2*vb + vb/2
	g.SetCacheLimit(limit)
	kept := func(risk float64) bool { // without marking it used
		a := g.plans.answers[planKey{0, risk}]
		return a != nil && a.view != nil
	}
	if kept(0.01) || !kept(0) {
		t.Errorf("a lower limit kept the first click's answer (%v) or shed the second's (%v)", kept(0.01), !kept(0))
	}
	for _, risk := range []float64{0.02, 0.03, 0.01} {
		v, err := g.Reach(id, risk)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := oracle.Reach(id, risk)
		if !reflect.DeepEqual(v, want) {
			t.Errorf("max_risk %v: the limited cache answers differently", risk)
		}
		if b := g.CacheBytes(); b > limit || b <= 0 {
			t.Errorf("after max_risk %v the cache holds %d bytes, limit %d", risk, b, limit)
		}
	}
	if g.plans.graph == nil {
		t.Fatal("the graph that fits was not kept")
	}
	if kept(0) || kept(0.02) || !kept(0.03) || !kept(0.01) {
		t.Errorf("kept 0: %v, 0.02: %v, 0.03: %v, 0.01: %v; want the two most recent", kept(0), kept(0.02), kept(0.03), kept(0.01))
	}
	// A use makes an answer recent: asking 0.03 again, then a new one, sheds 0.01.
	g.Reach(id, 0.03)
	g.Reach(id, 0.04)
	if !kept(0.03) || kept(0.01) {
		t.Errorf("after a use of 0.03 and a new 0.04: kept 0.03 %v, 0.01 %v", kept(0.03), kept(0.01))
	}
	// Shedding to nothing keeps nothing, and the next answer is still right.
	g.ShedCache(0)
	if b := g.CacheBytes(); b != 0 {
		t.Errorf("shed to 0, the cache still holds %d bytes", b)
	}
	v, _ := g.Reach(id, 0)
	want, _ := oracle.Reach(id, 0)
	if !reflect.DeepEqual(v, want) {
		t.Error("after shedding, the answer differs")
	}
}

// TestPlanCacheTooBigNotKept: an answer bigger than the whole limit is given and not kept,
// and a graph bigger than the limit is not compiled click after click.
func TestPlanCacheTooBigNotKept(t *testing.T) {
	g, id := reachGames(nil)["demo"]()
	oracle, _ := reachGames(nil)["demo"]()
	g.SetCacheLimit(1 << 10)
	for _, risk := range []float64{0, 0.05} {
		v, err := g.Reach(id, risk)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := oracle.Reach(id, risk)
		if !reflect.DeepEqual(v, want) {
			t.Errorf("max_risk %v: answers differently under a tiny limit", risk)
		}
		// The oracle's path comes from its graph, this one's from the search: ways of the
		// same cost and chance may differ in their steps.
		p, _ := g.Path(id, "2Q4", "", risk)
		o, _ := oracle.Path(id, "2Q4", "", risk)
		if p, o := p.(PathView), o.(PathView); p.MP != o.MP || p.PExact != o.PExact || !p.Reachable {
			t.Errorf("max_risk %v: the path costs %v MP at %s under a tiny limit, %v at %s without", risk, p.MP, p.PExact, o.MP, o.PExact)
		}
	}
	if b := g.CacheBytes(); b != 0 {
		t.Errorf("a 1 KB limit keeps %d bytes", b)
	}
	// After a step of its own the unit's graph would be compiled; it does not fit.
	a, _ := g.Parse(id + " start")
	if _, err := g.Do(a, 1, dice.Lowest{}); err != nil {
		t.Fatal(err)
	}
	g.Reach(id, 0)
	if g.plans.graph != nil || g.plans.tooBig != 1 || g.CacheBytes() != 0 {
		t.Errorf("graph kept %v, tooBig %d, %d bytes: a graph over the limit is not kept and not compiled again", g.plans.graph != nil, g.plans.tooBig, g.CacheBytes())
	}
}

// TestPlanCacheKeepsTheGraphBeforeAnswers: an answer that does not fit beside the compiled
// graph is given and not kept; it never pushes the graph out, which would be compiled again
// at the next click (a flood of reach requests, each with a new max_risk, compiled a 16-board
// graph at every one).
func TestPlanCacheKeepsTheGraphBeforeAnswers(t *testing.T) {
	g, id := reachGames(nil)["demo"]()
	oracle, _ := reachGames(nil)["demo"]()
	g.Reach(id, 0)
	a, _ := g.Parse(id + " start")
	if _, err := g.Do(a, 1, dice.Lowest{}); err != nil {
		t.Fatal(err)
	}
	oracle.Do(a, 1, dice.Lowest{})
	g.Reach(id, 0)
	graph := g.plans.graph
	if graph == nil {
		t.Fatal("no graph compiled at the second click")
	}
	limit := g.plans.graphBytes + viewBytes(g.plans.get(planKey{0, 0}).view)/2
	g.SetCacheLimit(limit)
	for _, risk := range []float64{0.01, 0.02, 0, 0.03} {
		v, err := g.Reach(id, risk)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := oracle.Reach(id, risk); !reflect.DeepEqual(v, want) {
			t.Errorf("max_risk %v: answered differently with no room for answers", risk)
		}
		if g.plans.graph != graph {
			t.Fatalf("max_risk %v: the graph was dropped or compiled again to keep an answer", risk)
		}
		if b := g.CacheBytes(); b > limit {
			t.Errorf("max_risk %v: the cache holds %d bytes, limit %d", risk, b, limit)
		}
	}
}

// TestPlanCacheCountsTheGraph: a compiled graph is counted, and shed when the limit falls.
func TestPlanCacheCountsTheGraph(t *testing.T) {
	g, id := reachGames(nil)["demo"]()
	g.Reach(id, 0)
	a, _ := g.Parse(id + " start")
	if _, err := g.Do(a, 1, dice.Lowest{}); err != nil {
		t.Fatal(err)
	}
	g.Reach(id, 0)
	if g.plans.graph == nil {
		t.Fatal("no graph compiled at the second click")
	}
	gb := g.plans.graph.bytes()
	if got := g.CacheBytes(); got < gb {
		t.Fatalf("cache counts %d bytes, the graph alone %d", got, gb)
	}
	g.SetCacheLimit(gb / 2)
	if g.plans.graph != nil || g.CacheBytes() > gb/2 {
		t.Errorf("limit %d: graph kept %v, %d bytes", gb/2, g.plans.graph != nil, g.CacheBytes())
	}
}
