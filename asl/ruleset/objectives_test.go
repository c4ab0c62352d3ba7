package ruleset

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

// playFile loads a scenario text and plays its moves, as `umpire check` does.
func playFile(t *testing.T, name string, data []byte) (rules.Scenario, rules.Game, []*rules.Report) {
	t.Helper()
	_, sc, err := rules.Load(name, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	g, played := rules.Play(sc, nil, nil)
	return sc, g, played.Steps
}

// TestObjectiveFiles: every scenario of testdata/objectives passes its expectations, whose
// points were worked by hand from the objectives' rules in each file's comments; and each
// side's points written one more fail, naming the objectives: the expectation is compared.
func TestObjectiveFiles(t *testing.T) {
	files, err := filepath.Glob("../../testdata/objectives/*.yaml")
	if err != nil || len(files) < 5 {
		t.Fatalf("the objective scenarios: %v %v", files, err)
	}
	points := regexp.MustCompile(`(objectives: \{[^}]*?)(\w+): (\d+)`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, g, steps := playFile(t, f, data)
		if fails := sc.Check(g, steps); len(fails) > 0 {
			t.Errorf("%s: %+v", f, fails)
		}
		m := points.FindSubmatch(data)
		if m == nil {
			t.Fatalf("%s has no objectives: expectation", f)
		}
		n, _ := strconv.Atoi(string(m[3]))
		wrong := strings.Replace(string(data), string(m[0]), string(m[1])+string(m[2])+": "+strconv.Itoa(n+1), 1)
		sc, g, steps = playFile(t, f, []byte(wrong))
		fails := sc.Check(g, steps)
		if len(fails) != 1 || !strings.Contains(fails[0].Msg, "objectives: "+string(m[2])+" expected "+strconv.Itoa(n+1)+" points, got "+strconv.Itoa(n)) {
			t.Errorf("%s with %s written %d: the check says %+v", f, m[2], n+1, fails)
		}
	}
}

// objectiveScene is a small scenario whose objectives: block is objs.
func objectiveScene(objs string) string {
	return `name: objective errors
ruleset: asl
map:
  boards: ["2"]
units:
  - {id: T1, side: German, vehicle: PzKpfw IVH, at: 2A5, vca: 2B4-2B5}
  - {id: S1, side: German, infantry: {name: 4-6-7}, at: 2A7}
  - {id: R1, side: Russian, vehicle: T-34 M40, at: 2K5, vca: 2L4-2L5}
objectives:
` + objs
}

// TestObjectiveErrors: a mistaken objective is an error at its line that says what is wrong,
// never an objective that silently scores nothing.
func TestObjectiveErrors(t *testing.T) {
	for _, c := range []struct{ objs, want string }{
		{"  - {exit: east}\n", "missing: whose objective it is (German, Russian)"},
		{"  - {side: Finn, exit: east}\n", `"Finn" has no units (the sides are German, Russian)`},
		{"  - {side: German}\n", "an objective asks one thing: exit, reach, hold or mobile (found 0)"},
		{"  - {side: German, exit: east, hold: [2A5]}\n", "found 2"},
		{"  - {side: German, exit: up}\n", `expected a board edge (north, east, south, west) or a list of hexes, found "up"`},
		{"  - {side: German, reach: [2ZZ99]}\n", "objectives[0].reach"},
		{"  - {side: German, reach: []}\n", "expected at least one hex"},
		{"  - {side: German, mobile: [R1]}\n", "R1 is Russian's, not German's"},
		{"  - {side: German, mobile: [S1]}\n", "only a vehicle is Mobile or not"},
		{"  - {side: German, mobile: [T9]}\n", `no unit "T9"`},
		{"  - {side: German, hold: [2A5], units: [T1]}\n", "hold counts every unit of the side"},
		{"  - {side: German, exit: east, points: -1}\n", "expected a whole number 0..1000"},
		{"  - {side: German, reach: [2A5], points: {T1: 2}}\n", "a hex's points are one number"},
		{"  - {side: German, exit: east, points: {R1: 2}}\n", `"R1" is no unit of German`},
		{"  - {side: German, exit: east, by: 0}\n", "expected a whole number 1..1000"},
	} {
		_, _, err := rules.Load("o.yaml", []byte(objectiveScene(c.objs)))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "o.yaml:1") {
			t.Errorf("%q: got %v, want an error at line 1x saying %q", c.objs, err, c.want)
		}
	}
}

// TestObjectivesHashed: the objectives' state is in the game's hash (a replay that reached a
// hex and one that did not differ), and a game without objectives hashes as its core alone,
// as it did before objectives were (stored games replay to the hashes they logged).
func TestObjectivesHashed(t *testing.T) {
	src := objectiveScene("  - {side: German, reach: [2B5]}\n")
	_, sc, err := rules.Load("o.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	a, b := sc.Setup(), sc.Setup()
	for _, line := range []string{"T1 start", "T1 enter 2B5", "T1 reverse 2A5"} {
		act, err := a.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Do(act, 1, dice.NewSeeded(1)); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	if p := rules.Scores([]string{"German"}, rules.ObjectivesOf(a))[0]; p != 1 {
		t.Fatalf("2B5 reached and left: %d points, want 1 (reached for good)", p)
	}
	// b stands where a stands, its objective as at the setup (2B5 not reached): only the
	// objective differs.
	fresh := b.(*Game).G.Objectives[0]
	b = a.Clone()
	b.(*Game).G.Objectives[0] = fresh
	if rules.Hash(b.(*Game).G) != rules.Hash(a.(*Game).G) {
		t.Fatal("the cores differ: the test is not comparing objectives alone")
	}
	if a.Hash() == b.Hash() {
		t.Error("a game that reached 2B5 hashes as one that did not")
	}
	_, warned, err := rules.Load("w.yaml", []byte(objectiveScene("  - {side: German, exit: east, when: 3}\n")))
	if err != nil || len(warned.File().Warnings) != 1 || !strings.Contains(warned.File().Warnings[0], "when") {
		t.Errorf("an objective's unknown key: %v, warnings %v; want one warning naming it", err, warned.File().Warnings)
	}
	_, plain, err := rules.Load("p.yaml", []byte(strings.Split(src, "objectives:")[0]))
	if err != nil {
		t.Fatal(err)
	}
	if g := plain.Setup(); g.Hash() != rules.Hash(g.(*Game).G) {
		t.Error("a game without objectives does not hash as its core")
	}
}
