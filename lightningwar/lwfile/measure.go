package lwfile

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/scenario"
)

// The ruler in a scenario's expect: block. An item keyed `measure X1,Y1 X2,Y2` (or `measure
// X1,Y1 X2,Y2 det D`) measures that line on the table as the referee knows it at the end of
// play (umpire lw measure) and checks its fields.

// LWMeasureExpect are the fields a `measure` expectation may check.
var LWMeasureExpect = []string{"inches", "metres", "legs", "leg", "streams", "turns", "seconds", "time", "error"}

// measureKey is what a `measure ...` key asks for.
type measureKey struct {
	from, to lw.Point
	det      string
}

// readMeasureKey reads `measure X1,Y1 X2,Y2 [det D]`.
func readMeasureKey(key string) (measureKey, error) {
	var k measureKey
	f := strings.Fields(key)
	if len(f) != 3 && !(len(f) == 5 && f[3] == "det") {
		return k, fmt.Errorf("%q: write measure X1,Y1 X2,Y2 (or measure X1,Y1 X2,Y2 det D)", key)
	}
	var err error
	if k.from, err = lw.ParsePoint(f[1]); err != nil {
		return k, err
	}
	if k.to, err = lw.ParsePoint(f[2]); err != nil {
		return k, err
	}
	if len(f) == 5 {
		k.det = f[4]
	}
	return k, nil
}

// checkMeasure measures as e asks on g (the referee's ruler) and checks e's fields: inches and
// metres to a hundredth; legs (one text per leg, in order, each contained in the leg's line as
// umpire lw measure prints it); leg and streams (each contained in some leg's or crossing's
// line); turns to a hundredth, seconds exactly, time contained in the time's line; error
// contained in the refusal.
func checkMeasure(g *lw.Game, e scenario.Expectation, fail func(line int, format string, args ...any)) {
	k, _ := readMeasureKey(e.Group)
	m, err := g.Measure(lw.RefereeView, k.from, k.to, k.det)
	for _, f := range e.Fields {
		if f.Key == "error" {
			if err == nil || !strings.Contains(err.Error(), f.Value) {
				fail(f.Line, "%s error: got %v, want %s", e.Group, err, f.Value)
			}
			continue
		}
		if err != nil {
			fail(f.Line, "%s: %v", e.Group, err)
			return
		}
		if msg := measureField(m, f); msg != "" {
			fail(f.Line, "%s %s: %s", e.Group, f.Key, msg)
		}
	}
}

// measureField checks one field of a measurement ("" when it matches).
func measureField(m *lw.Measurement, f scenario.ExpField) string {
	lines := strings.Split(strings.TrimSuffix(m.Text(), "\n"), "\n")
	legs, rest := lines[1:1+len(m.Legs)], lines[1+len(m.Legs):]
	want := strings.Split(f.Value, "\n")
	near := func(got float64) string {
		v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(f.Value), `"`), 64)
		if err != nil || math.Abs(v-got) > 0.005+1e-9 {
			return fmt.Sprintf("got %s, want %s", strconv.FormatFloat(math.Round(got*100)/100, 'f', -1, 64), f.Value)
		}
		return ""
	}
	contains := func(in []string, x string) bool {
		for _, l := range in {
			if strings.Contains(l, strings.TrimSpace(x)) {
				return true
			}
		}
		return false
	}
	t := m.Time
	switch f.Key {
	case "inches":
		return near(m.Length / lw.MetresPerInch)
	case "metres":
		return near(m.Length)
	case "legs":
		if len(want) != len(legs) {
			return fmt.Sprintf("%d legs, want %d: %s", len(legs), len(want), strings.Join(legs, " |"))
		}
		for i, w := range want {
			if !strings.Contains(legs[i], strings.TrimSpace(w)) {
				return fmt.Sprintf("leg %d is %q, want it to hold %q", i+1, strings.TrimSpace(legs[i]), w)
			}
		}
	case "leg", "streams":
		in := legs
		if f.Key == "streams" {
			in = rest
		}
		for _, w := range want {
			if !contains(in, w) {
				return fmt.Sprintf("none holds %q: %s", w, strings.Join(in, " |"))
			}
		}
	case "turns", "seconds", "time":
		switch {
		case t == nil:
			return "no detachment was named (measure X1,Y1 X2,Y2 det D)"
		case f.Key == "time":
			if !strings.Contains(t.Text(), f.Value) {
				return fmt.Sprintf("got %q, want it to hold %q", t.Text(), f.Value)
			}
		case !t.Known:
			return "no time: " + t.Why
		case f.Key == "turns":
			return near(t.Turns)
		case !scenario.SameValue(f.Value, strconv.Itoa(t.Seconds())):
			return fmt.Sprintf("got %d, want %s", t.Seconds(), f.Value)
		}
	}
	return ""
}
