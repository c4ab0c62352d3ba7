package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestReachLinesAreUnique: umpire reach prints each place once, and no two different
// positions alike: a vehicle in Bypass is written with the hexside it straddles and its CAFP
// (D2.32), so Bypassing K2 along K2-J1 toward J2 and toward K1 are two lines, as are a VCA
// change at the CAFP (D2.33) and the centre of a hex. The scenarios use VBM (D2.3).
func TestReachLinesAreUnique(t *testing.T) {
	cases := []struct {
		file, unit string
		vbm        bool // it can reach some Bypass position
	}{
		{"../../testdata/examples/d2.33-bypass-k2.yaml", "Tiger", true},
		{"../../testdata/d2/2.33-ex-continue-bypass.yaml", "TIGER", true},
		{"../../testdata/examples/d2.21-continue-bypass-in-ff6.yaml", "BT7", true},
		{"../../testdata/examples/d2.3-vbm-uphill.yaml", "V", true},
		{"../../testdata/d2/2.3-vbm-from-stopped.yaml", "T1", true},
		// At the board's edge hexspines point off the map, where hexes have no names.
		{"../../testdata/examples/d2.24-reverse-uphill-16mp.yaml", "BT7", false},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			code, out, errs := runCmd("reach", c.file, c.unit)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")[1:]
			seen := map[string]bool{}
			bypass := 0
			for _, l := range lines {
				if seen[l] {
					t.Errorf("printed twice: %q", l)
				}
				seen[l] = true
				if strings.Contains(l, " bypass ") {
					bypass++
					if !strings.Contains(l, " CAFP ") {
						t.Errorf("a Bypass position without its CAFP: %q", l)
					}
				}
			}
			if c.vbm && bypass == 0 {
				t.Errorf("no Bypass position among the %d lines", len(lines))
			}
		})
	}
}

// TestReachBypassPositions: the D2.33 EX, from CAFP K2-J1-J2 after 3½ MP: one MP to change its
// VCA at the CAFP plus two MP of VBM along K2-J2 reach CAFP K2-K3-J2 for 6½ MP in all; one MP
// to change its VCA to J2-J1 plus two MP to Bypass into J2 reach CAFP J2-J1-I2 for 6½ MP.
func TestReachBypassPositions(t *testing.T) {
	code, out, errs := runCmd("reach", "../../testdata/examples/d2.33-bypass-k2.yaml", "Tiger", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	type row struct {
		Hex, Position, Motion string
		MP                    float64
	}
	var rows []row
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r row
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	// cafp reads a Bypass position "bypass A-B CAFP X-Y-Z" as its hexside and its CAFP's hexes.
	cafp := func(pos string) (string, map[string]bool) {
		f := strings.Fields(pos)
		if len(f) != 4 || f[0] != "bypass" || f[2] != "CAFP" {
			return "", nil
		}
		set := map[string]bool{}
		for _, h := range strings.Split(f[3], "-") {
			set[h] = true
		}
		return f[1], set
	}
	want := []struct {
		hex, side string
		cafp      []string
		mp        float64
	}{
		{"1K2", "1K2-1J2", []string{"1K2", "1K3", "1J2"}, 6.5},
		{"1J2", "1J2-1J1", []string{"1J2", "1J1", "1I2"}, 6.5},
		{"1K2", "1K2-1J1", []string{"1K2", "1J1", "1J2"}, 3.5}, // where it is
	}
	for _, w := range want {
		found := false
		for _, r := range rows {
			side, set := cafp(r.Position)
			if r.Hex != w.hex || side != w.side || r.Motion != "moving" || len(set) != 3 {
				continue
			}
			all := true
			for _, h := range w.cafp {
				all = all && set[h]
			}
			if all {
				found = true
				if r.MP != w.mp {
					t.Errorf("%s along %s, CAFP %v: %v MP, want %v", w.hex, w.side, w.cafp, r.MP, w.mp)
				}
			}
		}
		if !found {
			t.Errorf("no moving Bypass of %s along %s with CAFP %v", w.hex, w.side, w.cafp)
		}
	}
}

// TestPathPrintsNoRollItDidNotMake: umpire path plans; it rolls nothing. A check the route
// calls for is printed with its DRM, the outcome the route needs and its chance, never with a
// made-up roll ("DR 2 (1,1)"). T1 is stopped in woods 2M3 facing N2-N3: to face L2-M2 it pays
// 1 [Start] + 2 + 2 [two hexspines in Woods] = 5 MP and checks Bog for each hexspine (D2.11)
// with +1 [normal ground pressure]: Final DR >= 12 bogs, so DR 11 or 12, 3/36 = 1/12 each; it
// arrives Mobile with (11/12)^2 = 121/144. Going forward into Open Ground rolls nothing.
func TestPathPrintsNoRollItDidNotMake(t *testing.T) {
	f := t.TempDir() + "/woods.yaml"
	os.WriteFile(f, []byte(`name: woods
ruleset: asl
seed: 1
map:
  boards: ["2"]
  terrain: {2M3: woods}
units:
  - {id: T1, side: German, vehicle: {name: PzKpfw IVH, mp: 12, class: tank}, at: 2M3, vca: N2-N3}
`), 0o644)
	cases := []struct {
		name   string
		args   []string
		checks int
		chance string
	}{
		{"two Bog Checks", []string{"2M3", "--vca", "L2-M2"}, 2, "121/144"},
		{"no check", []string{"2O3"}, 0, "1 (100.0%)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCmd(append([]string{"path", f, "T1"}, c.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if strings.Contains(out, "DR 2") || strings.Contains(out, "(1,1)") || strings.Contains(out, "->") {
				t.Errorf("path prints a roll it did not make:\n%s", out)
			}
			if n := strings.Count(out, "not rolled: the route needs not bogged [Final DR >= 12 bogs, chance 1/12 = 8.3%; D8.2]"); n != c.checks {
				t.Errorf("%d Bog Checks printed, want %d:\n%s", n, c.checks, out)
			}
			if !strings.Contains(out, "chance of arriving Mobile "+c.chance) {
				t.Errorf("no chance %s:\n%s", c.chance, out)
			}
			code, out, _ = runCmd(append([]string{"path", f, "T1", "--json"}, c.args...)...)
			if code != 0 {
				t.Fatalf("--json: exit %d", code)
			}
			checks := 0
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				var step struct {
					Dice   []json.RawMessage `json:"dice"`
					Checks []struct {
						Odds, Needs string
					} `json:"checks"`
				}
				if err := json.Unmarshal([]byte(l), &step); err != nil {
					t.Fatal(err)
				}
				if len(step.Dice) > 0 {
					t.Errorf("--json reports dice rolled: %s", l)
				}
				for _, ch := range step.Checks {
					checks++
					if ch.Odds != "1/12" || ch.Needs != "not bogged" {
						t.Errorf("check %+v", ch)
					}
				}
			}
			if checks != c.checks {
				t.Errorf("--json: %d checks, want %d", checks, c.checks)
			}
		})
	}
}

// TestReachMaxRisk: --max-risk P keeps to places reached Mobile with a chance of at least 1-P.
// From CAFP K2-J1-J2 the D2.33 EX's Tiger enters the building in J2 with a +4 Bog Check: Final
// DR >= 12 bogs, so DR 8 or more, 15/36; it arrives Mobile with 7/12 = 58.3%. With --max-risk
// 0.1 no place is printed below 90%.
func TestReachMaxRisk(t *testing.T) {
	file := "../../testdata/examples/d2.33-bypass-k2.yaml"
	_, all, _ := runCmd("reach", file, "Tiger")
	if !strings.Contains(all, "1J2    VCA 1I3-1J3") || !strings.Contains(all, "Mobile 58.3%") {
		t.Fatalf("no entry into J2 at 58.3%%:\n%s", all)
	}
	code, safe, errs := runCmd("reach", file, "Tiger", "--max-risk", "0.1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, l := range strings.Split(safe, "\n") {
		var pct float64
		if _, m, ok := strings.Cut(l, "Mobile "); ok {
			if _, err := fmt.Sscanf(m, "%f%%", &pct); err != nil || pct < 90 {
				t.Errorf("--max-risk 0.1 prints a riskier place: %q", l)
			}
		}
	}
}
