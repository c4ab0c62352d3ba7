package ruleset

import (
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/rules"
)

// TestInfantryCostsPrintInMF: Infantry spend Movement Factors, vehicles MP (A4.1, D2.1). In an
// Armored Assault (D14.33) each part of the Impulse is costed on its own; the squad's part is
// printed in MF, the AFVs' in MP, in the text and in the JSON's mf mark.
func TestInfantryCostsPrintInMF(t *testing.T) {
	// A radioless platoon A (3M3), B (3M4) in Motion, squad S with B; roads M3-N3 and M4-N4.
	// Along the road an AFV pays ½ MP (Terrain Chart road rate) and the squad 1 MF.
	src := `name: Armored Assault costs
ruleset: asl
seed: 1
map:
  boards: ["3"]
  roads: [M3-N3, M4-N4]
units:
  - {id: A, side: Russian, vehicle: {name: T26 M33, mp: 12, class: tank, radio: false}, at: M3, vca: N2-N3, motion: true}
  - {id: B, side: Russian, vehicle: {name: T26 M33, mp: 12, class: tank, radio: false}, at: M4, vca: N3-N4, motion: true}
  - {id: S, side: Russian, infantry: {name: 4-4-7}, at: M4}
groups:
  - {id: P1, kind: platoon, members: [A, B]}
  - {id: AA, kind: armored-assault, members: [A, B, S]}
moves:
  - "AA: A enter N3, B enter N4, S enter N4"
  - S end
`
	sc, err := Ruleset{}.Load("aa.yaml", []byte(src), rules.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	_, out := rules.Play(sc, nil, nil)
	if len(out.Steps) != 2 {
		t.Fatalf("%d steps played", len(out.Steps))
	}
	impulse, end := stepOf(out.Steps[0]), stepOf(out.Steps[1])
	if impulse.MF {
		t.Errorf("the Armored Assault Impulse is reported as the vehicles' MP, not MF: %+v", impulse)
	}
	cases := []struct {
		unit string
		mf   bool
		cost string // its own cost as printed
	}{
		{"A", false, "½ [road] = ½ MP"},
		{"B", false, "½ [road] = ½ MP"},
		{"S", true, "1 [road] = 1 MF"},
	}
	text := aslfile.FormatStep(impulse)
	for _, c := range cases {
		var m *aslfile.MemberOut
		for k := range impulse.Members {
			if impulse.Members[k].Unit == c.unit {
				m = &impulse.Members[k]
			}
		}
		if m == nil {
			t.Fatalf("no member %s in %+v", c.unit, impulse.Members)
		}
		if m.MF != c.mf || m.Breakdown != c.cost {
			t.Errorf("%s: mf %v, cost %q; want mf %v, cost %q", c.unit, m.MF, m.Breakdown, c.mf, c.cost)
		}
		line := ""
		for _, l := range strings.Split(text, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == c.unit {
				line = l
			}
		}
		measure := map[bool]string{false: "MP", true: "MF"}[c.mf]
		if !strings.Contains(line, " "+measure+" ") || !strings.HasSuffix(line, c.cost) {
			t.Errorf("%s's line does not count its cost in %s: %q", c.unit, measure, line)
		}
	}
	// The squad's own step afterwards: 0 MF, its total the 1 MF it spent.
	if !end.MF || end.Breakdown != "0 MF" || end.Total != 1 {
		t.Errorf("S end: mf %v, %q, total %v", end.MF, end.Breakdown, end.Total)
	}
	if line := aslfile.FormatStep(end); !strings.Contains(line, "0 MF  total 1") {
		t.Errorf("S end prints %q", line)
	}
}
