package lightningwar

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestPolygonValidate(t *testing.T) {
	for _, c := range []struct {
		name string
		pg   Polygon
		want string // "" valid, else a fragment of the error
	}{
		{"square", rect(0, 0, 4, 4), ""},
		{"concave L", Polygon{Inch(0, 0), Inch(4, 0), Inch(4, 1), Inch(1, 1), Inch(1, 4), Inch(0, 4)}, ""},
		{"clockwise", Polygon{Inch(0, 0), Inch(0, 4), Inch(4, 4), Inch(4, 0)}, ""},
		{"two corners", Polygon{Inch(0, 0), Inch(4, 0)}, "at least 3"},
		{"repeated corner", Polygon{Inch(0, 0), Inch(4, 0), Inch(4, 0), Inch(0, 4)}, "same point"},
		{"closed twice", Polygon{Inch(0, 0), Inch(4, 0), Inch(0, 4), Inch(0, 0)}, "same point"},
		{"in a line", Polygon{Inch(0, 0), Inch(2, 0), Inch(4, 0)}, "fold back"},
		{"bow tie", Polygon{Inch(0, 0), Inch(4, 4), Inch(4, 0), Inch(0, 4)}, "crosses itself"},
		{"touches itself", Polygon{Inch(0, 0), Inch(4, 0), Inch(4, 4), Inch(2, 0), Inch(0, 4)}, "crosses itself"},
		{"folds back", Polygon{Inch(0, 0), Inch(4, 0), Inch(2, 0), Inch(2, 3)}, "fold back"},
		{"not a number", Polygon{Inch(0, 0), {math.NaN(), 0}, Inch(0, 4)}, "not a number"},
	} {
		err := c.pg.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v, want valid", c.name, err)
		case c.want != "" && err == nil:
			t.Errorf("%s: valid, want an error with %q", c.name, c.want)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

func TestContains(t *testing.T) {
	l := Polygon{Inch(0, 0), Inch(4, 0), Inch(4, 1), Inch(1, 1), Inch(1, 4), Inch(0, 4)}
	for _, c := range []struct {
		x, y float64
		in   bool
	}{{0.5, 0.5, true}, {3, 0.5, true}, {0.5, 3, true}, {3, 3, false}, {4, 0.5, true}, {5, 0.5, false}, {-0.1, 2, false}} {
		if got := l.Contains(Inch(c.x, c.y)); got != c.in {
			t.Errorf("(%v,%v): got %v, want %v", c.x, c.y, got, c.in)
		}
	}
}

// capsuleSpan must agree with the distance measured point by point.
func TestCapsuleSpanAgreesWithSampling(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pt := func() Point { return Inch(r.Float64()*20, r.Float64()*20) }
	for i := 0; i < 2000; i++ {
		a, b, c, d := pt(), pt(), pt(), pt()
		w := metres(r.Float64() * 3)
		lo, hi, ok := capsuleSpan(a, b, c, d, w)
		for k := 0; k <= 200; k++ {
			tt := float64(k) / 200
			in := DistToSegment(lerp(a, b, tt), c, d) <= w
			got := ok && tt >= lo-1e-9 && tt <= hi+1e-9
			if in != got && math.Abs(DistToSegment(lerp(a, b, tt), c, d)-w) > 1e-6 {
				t.Fatalf("case %d t=%v: within=%v, span [%v,%v] ok=%v", i, tt, in, lo, hi, ok)
			}
		}
	}
}

func TestPiecesFollowTheGround(t *testing.T) {
	tb := &Table{Width: metres(40), Height: metres(20), Features: []Feature{
		{ID: "w", Area: rect(10, 0, 20, 20), HasGround: true, Ground: Woods},
		{ID: "h", Area: rect(15, 0, 30, 20), HasSlope: true, Slope: Steep},
	}, Roads: []Road{{ID: "r", Line: Polyline{Inch(0, 5), Inch(40, 5)}, HalfWidth: RoadHalfWidth}},
		Streams: []Stream{{ID: "s", Line: Polyline{Inch(25, 0), Inch(25, 20)}}}}
	pcs := tb.pieces(Polyline{Inch(0, 10), Inch(40, 10)})
	var got []string
	for _, pc := range pcs {
		s := trim(inchesOf(pc.s0)) + "-" + trim(inchesOf(pc.s1)) + " " + pc.place.Label() + " " + trim(pc.place.Cost())
		if pc.stream {
			s += " stream"
		}
		got = append(got, s)
	}
	want := []string{"0-10 Open 1", "10-15 Woods 3", "15-20 Woods + Steep Slope 5", "20-25 Open + Steep Slope 3",
		"25-30 Open + Steep Slope 3 stream", "30-40 Open 1"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("pieces:\n got %s\nwant %s", strings.Join(got, "; "), strings.Join(want, "; "))
	}
	// along the road the ground does not count but the slope does (rules-notes 3.3), and the
	// stream is bridged: a piece begins at the bridge (where a base beside the road fords the
	// stream), over the same ground
	got = nil
	for _, pc := range tb.pieces(Polyline{Inch(0, 5), Inch(40, 5)}) {
		if !pc.place.OnRoad || pc.stream {
			t.Errorf("road piece %v-%v: %+v stream=%v", pc.s0, pc.s1, pc.place, pc.stream)
		}
		got = append(got, trim(inchesOf(pc.s0))+"-"+trim(inchesOf(pc.s1))+" "+pc.place.Label()+" "+trim(pc.place.Cost()))
	}
	want = []string{"0-10 Road 1", "10-15 Road 1", "15-20 Road + Steep Slope 3", "20-25 Road + Steep Slope 3", "25-30 Road + Steep Slope 3", "30-40 Road 1"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("road pieces:\n got %s\nwant %s", strings.Join(got, "; "), strings.Join(want, "; "))
	}
}

// appendTrim writes every number as strconv's shortest form of it rounded to hundredths.
func TestAppendTrimIsShortestForm(t *testing.T) {
	want := func(v float64) string {
		v = math.Round(v*100) / 100
		if v == 0 {
			v = 0
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	vs := []float64{0, math.Copysign(0, -1), -0.004, 0.005, -0.005, 0.015, 1, -1, 0.1, 0.05, 12.3, 12.34, 1e9 - 0.01,
		999999999.995, 1e9, 1e12, -1e15, 1e300, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN(), 5e-324}
	r := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		e := r.IntN(14) - 3
		v := (r.Float64()*2 - 1) * math.Pow(10, float64(e))
		vs = append(vs, v, math.Round(v*100)/100, (math.Round(v*100)+0.5)/100)
	}
	for _, v := range vs {
		if got := string(appendTrim(nil, v)); got != want(v) {
			t.Fatalf("appendTrim(%v) = %q, want %q", v, got, want(v))
		}
	}
}
