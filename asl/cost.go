package asl

import (
	"strconv"
	"strings"
)

// Term is one labelled number of a cost: "1 [Open Ground]", with the rule it comes from.
type Term struct {
	V     MP
	Label string
	Rule  string
	// K, when more than 1, multiplies this term alone: "{2 [wreck/vehicle on road] x 2 [Convoy]}"
	// (E11.23 doubles only the D2.14 part of an entry cost).
	K      int
	KLabel string
	KRule  string
}

// value is the MP the term adds.
func (t Term) value() MP {
	if t.K > 1 {
		return t.V * MP(t.K)
	}
	return t.V
}

func (t Term) String() string {
	if t.K > 1 {
		return "{" + term(t.V, t.Label) + " x " + strconv.Itoa(t.K) + " [" + t.KLabel + "]}"
	}
	return term(t.V, t.Label)
}

// costOp is a step applied after the base terms: a multiplier (K > 0) or an added term.
type costOp struct {
	K int
	Term
}

// Cost is the MP of one step as the rulebook's examples write it: a sum of labelled terms,
// then multipliers and additions in the order they apply, e.g.
//
//	(2 [VBM] x 1 [Open Ground] = 2) x 4 [Reverse] = 8 +1 [Start] = 9 MP
//
// Cost is a fixed-size value, so building one does not allocate.
type Cost struct {
	base [8]Term
	ops  [6]costOp
	nb   uint8
	no   uint8
	mf   bool // counted in Movement Factors (Infantry, Cavalry), not MP
}

// reset empties the cost (the terms past the counts are never read).
func (c *Cost) reset() { c.nb, c.no, c.mf = 0, 0, false }

// InMF marks the cost as Movement Factors, which Infantry and Cavalry spend instead of MP
// (A4.1): it then prints "= N MF".
func (c *Cost) InMF() { c.mf = true }

// MF reports a cost in Movement Factors.
func (c *Cost) MF() bool { return c.mf }

// unit is what the cost counts: "MP", or "MF".
func (c *Cost) unit() string {
	if c.mf {
		return "MF"
	}
	return "MP"
}

// Add adds a term: to the base sum while no multiplier has been applied, else after it.
func (c *Cost) Add(v MP, label, rule string) {
	if c.no == 0 && int(c.nb) < len(c.base) {
		c.base[c.nb] = Term{V: v, Label: label, Rule: rule}
		c.nb++
		return
	}
	c.addOp(costOp{0, Term{V: v, Label: label, Rule: rule}})
}

// AddScaled adds a term that a multiplier of its own scales: k x (v [label]), printed in braces.
func (c *Cost) AddScaled(v MP, label, rule string, k int, klabel, krule string) {
	t := Term{V: v, Label: label, Rule: rule, K: k, KLabel: klabel, KRule: krule}
	if c.no == 0 && int(c.nb) < len(c.base) {
		c.base[c.nb] = t
		c.nb++
		return
	}
	c.addOp(costOp{0, t})
}

// Plus adds a term after everything so far (Start and Stop MP, which no multiplier touches).
func (c *Cost) Plus(v MP, label, rule string) {
	c.addOp(costOp{0, Term{V: v, Label: label, Rule: rule}})
}

// Times multiplies everything so far by k.
func (c *Cost) Times(k int, label, rule string) { c.addOp(costOp{k, Term{Label: label, Rule: rule}}) }

func (c *Cost) addOp(o costOp) {
	if int(c.no) < len(c.ops) {
		c.ops[c.no] = o
		c.no++
	}
}

// Empty reports a cost with no terms.
func (c *Cost) Empty() bool { return c.nb == 0 && c.no == 0 }

// Total is the MP the cost comes to.
func (c *Cost) Total() MP {
	var t MP
	for i := 0; i < int(c.nb); i++ {
		t += c.base[i].value()
	}
	for i := 0; i < int(c.no); i++ {
		if o := c.ops[i]; o.K > 0 {
			t *= MP(o.K)
		} else {
			t += o.value()
		}
	}
	return t
}

// Rules lists the rule ids the terms cite, each once, in order.
func (c *Cost) Rules() []string {
	var rs []string
	for i := 0; i < int(c.nb); i++ {
		rs = addRule(addRule(rs, c.base[i].Rule), c.base[i].KRule)
	}
	for i := 0; i < int(c.no); i++ {
		rs = addRule(addRule(rs, c.ops[i].Rule), c.ops[i].KRule)
	}
	return rs
}

// addRule appends a rule id to a list unless it is empty or already there.
func addRule(rs []string, r string) []string {
	if r == "" {
		return rs
	}
	for _, x := range rs {
		if x == r {
			return rs
		}
	}
	return append(rs, r)
}

func term(v MP, label string) string { return v.String() + " [" + label + "]" }

// String prints the cost the rulebook's way, ending "= N MP" (or "= N MF").
func (c Cost) String() string {
	if c.Empty() {
		return "0 " + c.unit()
	}
	var b strings.Builder
	var cur MP
	for i := 0; i < int(c.nb); i++ {
		t := c.base[i]
		if i > 0 {
			b.WriteString(" +")
		}
		b.WriteString(t.String())
		cur += t.value()
	}
	e := b.String()
	simple := c.nb == 1 // a single term: a multiplier is written before it
	lastMul := false
	for i := 0; i < int(c.no); i++ {
		o := c.ops[i]
		if o.K > 0 {
			switch {
			case simple:
				e = strconv.Itoa(o.K) + " [" + o.Label + "] x " + e
			case e == "":
				e = "0"
			default:
				e = "(" + e + " = " + cur.String() + ") x " + strconv.Itoa(o.K) + " [" + o.Label + "]"
			}
			cur *= MP(o.K)
			simple = false
			lastMul = true
			continue
		}
		switch {
		case e == "":
			e = o.Term.String()
		case lastMul:
			e += " = " + cur.String() + " +" + o.Term.String()
		default:
			e += " +" + o.Term.String()
		}
		cur += o.value()
		simple = false
		lastMul = false
	}
	return e + " = " + cur.String() + " " + c.unit()
}

// DRM is a labelled sum of dice modifiers: "+1 [normal ground pressure] +3 [½ MP entry] = +4".
type DRM struct {
	terms [8]struct {
		V     int
		Label string
	}
	n uint8
}

// Add adds a modifier (zero modifiers are kept out).
func (d *DRM) Add(v int, label string) {
	if v == 0 || int(d.n) >= len(d.terms) {
		return
	}
	d.terms[d.n].V, d.terms[d.n].Label = v, label
	d.n++
}

// Keep adds a modifier that is named even when it is zero: "+0 [maker Czech (t)]".
func (d *DRM) Keep(v int, label string) {
	if int(d.n) >= len(d.terms) {
		return
	}
	d.terms[d.n].V, d.terms[d.n].Label = v, label
	d.n++
}

// Total is the sum of the modifiers.
func (d *DRM) Total() int {
	t := 0
	for i := 0; i < int(d.n); i++ {
		t += d.terms[i].V
	}
	return t
}

func signed(v int) string {
	if v >= 0 {
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}

func (d DRM) String() string {
	if d.n == 0 {
		return "no DRM"
	}
	var b strings.Builder
	for i := 0; i < int(d.n); i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(signed(d.terms[i].V) + " [" + d.terms[i].Label + "]")
	}
	if d.n > 1 {
		b.WriteString(" = " + signed(d.Total()))
	}
	return b.String()
}
