package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPlayDemo(t *testing.T) {
	code, out, _ := runCmd("play")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{"umpire play FILE", "(2 [VBM] x 1 [Open Ground] = 2) x 4 [Reverse] = 8 MP", "total 13"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayJSON(t *testing.T) {
	code, out, _ := runCmd("play", "--json", "demo/demo.yaml")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 JSON lines, got %d:\n%s", len(lines), out)
	}
	var step map[string]any
	if err := json.Unmarshal([]byte(lines[1]), &step); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"step", "unit", "action", "mp", "total", "breakdown", "rules"} {
		if _, ok := step[k]; !ok {
			t.Errorf("JSON line lacks %q: %s", k, lines[1])
		}
	}
	if step["mp"].(float64) != 8 || step["total"].(float64) != 9 || step["unit"] != "BT7" {
		t.Errorf("step 2: %s", lines[1])
	}
}

func TestRefusedStepExitsOne(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "r.yaml")
	os.WriteFile(f, []byte(`name: refused
map: {boards: ["2"]}
units:
  - {id: T, side: German, vehicle: {mp: 10, class: tank}, at: 2M3, vca: L2-M2}
moves:
  - T enter N3
  - T enter N4
`), 0o644)
	code, out, _ := runCmd("play", f)
	if code != 1 || !strings.Contains(out, "REFUSED D2.11") || strings.Contains(out, "enter N4") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCmd("play", "--json", f)
	if code != 1 || !strings.Contains(out, `"error":{"rule":"D2.11"`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestCheck(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/examples/*.yaml")
	if len(files) < 10 {
		t.Fatalf("found %d examples", len(files))
	}
	code, out, _ := runCmd(append([]string{"check"}, files...)...)
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(out), "0 failed") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "wrong.yaml")
	os.WriteFile(f, []byte(`name: wrong expectation
map: {boards: ["2"]}
units:
  - {id: T, side: German, vehicle: {mp: 10, class: tank}, at: 2M3, vca: M4-N3}
moves:
  - T enter M4
expect:
  - step 1: {mp: 1}
  - T: {at: 2M4}
`), 0o644)
	code, out, _ = runCmd("check", f, "demo/demo.yaml")
	if code != 1 || !strings.Contains(out, "wrong.yaml:8: step 1 mp: expected 1 MP, got 2") || !strings.Contains(out, "1 passed, 1 failed") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	// A misspelt expectation key would leave the case unchecked: check fails the file, for
	// every ruleset (play only warns).
	for name, src := range map[string]string{
		"asl.yaml": `map: {boards: ["2"]}
units:
  - {id: T, side: German, vehicle: {mp: 10, class: tank}, at: 2M3, vca: M4-N3}
moves:
  - T enter M4
expect:
  - step 1: {mpp: 1}
`,
		"lhy.yaml": `ruleset: lhy
units:
  - {id: U1, side: US, kind: squad, cohesion: 5, at: C5}
moves:
  - "fire C5: sa +1"
dice: [3]
expect:
  - step 1: {eventz: [no effect on U1]}
`,
	} {
		f := filepath.Join(dir, name)
		os.WriteFile(f, []byte(src), 0o644)
		code, out, _ = runCmd("check", f)
		if code != 1 || !strings.Contains(out, "unknown field") || !strings.Contains(out, "0 passed, 1 failed") {
			t.Errorf("%s, a misspelt expectation key: exit %d:\n%s", name, code, out)
		}
	}
	code, out, _ = runCmd("check", filepath.Join(dir, "missing.yaml"))
	if code != 1 || !strings.Contains(out, "0 passed, 1 failed") {
		t.Errorf("a missing file fails: exit %d:\n%s", code, out)
	}
}

func TestUsage(t *testing.T) {
	if code, _, errs := runCmd(); code != 2 || !strings.Contains(errs, "usage") {
		t.Errorf("no args: %d %s", code, errs)
	}
	if code, _, _ := runCmd("fly"); code != 2 {
		t.Errorf("unknown command: %d", code)
	}
	if code, out, _ := runCmd("demo"); code != 0 || !strings.Contains(out, "ruleset: asl") {
		t.Errorf("demo: %d", code)
	}
}

// TestGroupPath: umpire path with a Convoy's id plans its Impulses and prints them as play
// does.
func TestGroupPath(t *testing.T) {
	dir := t.TempDir()
	f := dir + "/c.yaml"
	os.WriteFile(f, []byte(`name: convoy
ruleset: asl
map:
  boards: ["5"]
units:
  - {id: H1, side: German, vehicle: {name: SPW 251/1, mp: 12, class: halftrack}, at: Y6, vca: Z5-Z6, motion: true}
  - {id: H2, side: German, vehicle: {name: SPW 251/1, mp: 12, class: halftrack}, at: X6, vca: Y6-Y7, motion: true}
groups:
  - {id: C1, kind: convoy, members: [H1, H2]}
`), 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{"path", f, "C1", "5AA6"}, &out, &errb); code != 0 {
		t.Fatalf("path: exit %d: %s", code, errb.String())
	}
	// Two Impulses of 1 [Open Ground] +1 [Convoy] (E11.2): Z6 then AA6, H2 one hex behind.
	for _, want := range []string{"C1 reaches 5AA6 in 2 Impulses for 4 MP", "H1 enter 5Z6, H2 enter 5Y6", "+1 [Convoy]"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}

func TestReachAndPath(t *testing.T) {
	dir := t.TempDir()
	f := dir + "/r.yaml"
	os.WriteFile(f, []byte(`name: reach
ruleset: asl
seed: 1
map:
  boards: ["2"]
  terrain: {2N4: woods}
units:
  - {id: T1, side: German, vehicle: {name: PzKpfw IVH, mp: 12, class: tank}, at: 2M4, vca: M5-N4}
`), 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{"path", f, "T1", "2M6"}, &out, &errb); code != 0 {
		t.Fatalf("path: exit %d: %s", code, errb.String())
	}
	// Start + M5 + M6: 3 MP, as notation umpire play prints.
	if !strings.Contains(out.String(), "T1 reaches 2M6 for 3 MP") || !strings.Contains(out.String(), "enter 2M5") {
		t.Errorf("path output:\n%s", out.String())
	}
	// With a VCA: it arrives facing M7-N6; one hexspine more (1 MP, D2.11) somewhere on the way
	// has it face L6-M7.
	out.Reset()
	if code := run([]string{"path", f, "T1", "2M6", "--vca", "L6-M7"}, &out, &errb); code != 0 {
		t.Fatalf("path --vca: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "T1 reaches 2M6 for 4 MP") || !strings.Contains(out.String(), " vca ") {
		t.Errorf("path --vca output:\n%s", out.String())
	}
	errb.Reset()
	if code := run([]string{"path", f, "T1", "2M6", "--vca", "L6-L7"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "its VCAs are") {
		t.Errorf("a VCA that is none of the hex's: exit %d, %s", code, errb.String())
	}
	out.Reset()
	svg := dir + "/r.svg"
	if code := run([]string{"reach", f, "T1", "--svg", svg}, &out, &errb); code != 0 {
		t.Fatalf("reach: exit %d: %s", code, errb.String())
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("no SVG written: %v", err)
	}
	out.Reset()
	if code := run([]string{"reach", f, "T1", "--divide"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "places reached:") {
		t.Errorf("divide: exit %d\n%s", code, out.String())
	}
	if code := run([]string{"path", f, "T1", "2ZZ9"}, &out, &errb); code == 0 {
		t.Error("a bad hex should fail")
	}
}
