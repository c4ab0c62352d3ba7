package game

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// limitFiles are real scenario files of each ruleset, with what each limit counts in them.
var limitFiles = []string{
	"../server/demo.yaml",
	"../server/demo-lhy.yaml",
	"../server/demo-lw.yaml",
	"../testdata/examples/d14.212-t26-platoon.yaml",
	"../testdata/examples/e11.21-convoy-gap.yaml",
	"../testdata/lhy/10.5.2.2-range-heroic-3-hexes.yaml",
	"../testdata/lightningwar/bands-in-halves.yaml",
	"../testdata/d2/bog-then-end.yaml",
	"rows.yaml",
}

// rowsFile is an ASL map of two rows of boards.
const rowsFile = "name: two rows\nmap: {rows: [[\"2\", \"3\", \"4\"], [\"5\", \"6\", \"7\"]]}\nunits: [{id: A, side: German, vehicle: {name: PzKpfw IVH, mp: 12, class: tank}, at: 5B2, vca: 5C2-5C3}]\n"

// counted is what each limit counts in a scenario file, worked out from its YAML as the
// limits' documentation says (0: the file's ruleset does not count it).
func counted(t *testing.T, data []byte) map[string]int {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Content[0]
	top := map[string]*yaml.Node{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		top[root.Content[i].Value] = root.Content[i+1]
	}
	n := func(key string) int {
		if v := top[key]; v != nil {
			return len(v.Content)
		}
		return 0
	}
	out := map[string]int{rules.LimitBody: len(data), rules.LimitMoves: n("moves"), rules.LimitLine: longest(root, true)}
	num := func(v *yaml.Node) int { x, _ := strconv.ParseFloat(v.Value, 64); return int(x) }
	switch rs, _ := rules.Named(data); rs {
	case "asl":
		var rows [][]string
		if err := top["map"].Decode(&struct {
			Boards *[]string   `yaml:"boards"`
			Rows   *[][]string `yaml:"rows"`
		}{Rows: &rows}); err != nil {
			t.Fatal(err)
		}
		var one struct {
			Boards []string `yaml:"boards"`
		}
		top["map"].Decode(&one)
		if one.Boards != nil {
			rows = [][]string{one.Boards}
		}
		out[rules.LimitBoards] = len(rows) * len(rows[0])
		out[rules.LimitHexes] = (len(rows[0])*32 + 1) * (len(rows)*10 + 1)
		out[rules.LimitUnits], out[rules.LimitGroups] = n("units"), n("groups")
	case "lhy":
		c, r := 33, 10
		for i := 0; top["map"] != nil && i+1 < len(top["map"].Content); i += 2 {
			if k := top["map"].Content[i]; k.Value == "size" {
				sz := top["map"].Content[i+1].Content
				c, r = num(sz[0]), num(sz[1])
			}
		}
		out[rules.LimitHexes], out[rules.LimitUnits] = c*r, n("units")
	case "lightningwar":
		w, h := 72.0, 48.0
		if tb := top["table"]; tb != nil {
			for i := 0; i+1 < len(tb.Content); i += 2 {
				v, _ := strconv.ParseFloat(tb.Content[i+1].Value, 64)
				if tb.Content[i].Value == "width" {
					w = v
				} else {
					h = v
				}
			}
		}
		out[rules.LimitHexes] = int(math.Ceil(w * h))
		out[rules.LimitUnits] = max(n("units"), n("detachments"))
	}
	return out
}

// longest is the longest key or value of a document, the top level's free text left out.
func longest(n *yaml.Node, top bool) int {
	m := len(n.Value)
	for i, c := range n.Content {
		if top && i%2 == 1 && scenario.Contains(scenario.FreeText, n.Content[i-1].Value) {
			continue
		}
		m = max(m, longest(c, false))
	}
	return m
}

// TestLimits: each limit takes a real scenario file at exactly what the file holds, and
// refuses it one below, with a *rules.LimitError whose message names the count, the cap and
// the server flag that sets it.
func TestLimits(t *testing.T) {
	names := []string{rules.LimitBody, rules.LimitLine, rules.LimitBoards, rules.LimitHexes, rules.LimitUnits, rules.LimitGroups, rules.LimitMoves}
	for _, file := range limitFiles {
		data, err := os.ReadFile(file)
		if file == "rows.yaml" {
			data, err = []byte(rowsFile), nil
		}
		if err != nil {
			t.Fatal(err)
		}
		counts := counted(t, data)
		for _, name := range names {
			got := counts[name]
			if got < 2 {
				continue // the file has none to count (a cap is at least 1)
			}
			t.Run(file[strings.LastIndex(file, "/")+1:]+"/"+name, func(t *testing.T) {
				lim := rules.Limits{}
				field := map[string]*int{rules.LimitBody: &lim.Body, rules.LimitLine: &lim.Line, rules.LimitBoards: &lim.Boards,
					rules.LimitHexes: &lim.Hexes, rules.LimitUnits: &lim.Units, rules.LimitGroups: &lim.Groups, rules.LimitMoves: &lim.Moves}[name]
				*field = got
				if _, _, err := CreateLimited(file, data, dice.NewSeeded(1), lim); err != nil {
					t.Fatalf("at the cap (%s %d): %v", name, got, err)
				}
				*field = got - 1
				_, err := OpenLimited(file, data, lim)
				var le *rules.LimitError
				if !errors.As(err, &le) {
					t.Fatalf("one over the cap (%s %d): %v, not a *rules.LimitError", name, got-1, err)
				}
				flag := rules.Flags[name]
				want := fmt.Sprintf("this server takes at most %d (%s)", got-1, flag)
				if le.Name != name || le.Max != got-1 || le.Got != got || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), strconv.Itoa(got)) {
					t.Fatalf("one over the cap: %+v: %v (want %q and %d)", le, err, want, got)
				}
			})
		}
	}
}

// TestLimitsUnsetAreCeilings: a zero Limits is umpire's ceilings, and the message then names
// no flag; the CLI's files all load under it (cmd/umpire's tests check them all).
func TestLimitsUnsetAreCeilings(t *testing.T) {
	rows := make([]string, 1001)
	for i := range rows {
		rows[i] = strconv.Quote(strconv.Itoa(i + 1))
	}
	unit := "units: [{id: A, side: German, vehicle: {name: PzKpfw IVH, mp: 12, class: tank}, at: 1B2, vca: 1C2-1C3}]\n"
	data := []byte("map: {boards: [" + strings.Join(rows, ", ") + "]}\n" + unit)
	_, err := Open("wide.yaml", data)
	if err == nil || !strings.Contains(err.Error(), "the scenario names 1001 boards; umpire takes at most 1000") {
		t.Fatalf("1,001 boards: %v", err)
	}
	if _, err := Open("wide.yaml", []byte("map: {boards: ["+strings.Join(rows[:40], ", ")+"]}\n"+unit)); err != nil {
		t.Fatalf("40 boards in a row under the ceilings: %v", err)
	}
}

// TestManyBoardsRefusedCheaply: a small file naming 20,000 boards is refused under the
// server's default limits before any of them is laid out: quickly, and allocating little more
// than reading its YAML does (it used to make a game of 174 MB).
func TestManyBoardsRefusedCheaply(t *testing.T) {
	rows := make([]string, 20000)
	for i := range rows {
		rows[i] = strconv.Itoa(i + 1)
	}
	data := []byte("map: {boards: [" + strings.Join(rows, ",") + "]}\nunits: []\n")
	var yamlOnly, ours runtime.MemStats
	measure := func(ms *runtime.MemStats, f func()) {
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(ms)
		ms.TotalAlloc -= before.TotalAlloc
	}
	measure(&yamlOnly, func() {
		var doc yaml.Node
		yaml.Unmarshal(data, &doc)
	})
	start := time.Now()
	var err error
	measure(&ours, func() { _, err = OpenLimited("many.yaml", data, rules.DefaultLimits()) })
	took := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), "the scenario names 20000 boards; this server takes at most 16 (--max-boards)") {
		t.Fatalf("20,000 boards: %v", err)
	}
	// Reading the YAML is one pass (a node per board); the named() sniff of the ruleset and
	// the strings of the board list make at most a few more.
	if ours.TotalAlloc > 4*yamlOnly.TotalAlloc+1<<20 {
		t.Errorf("refusing 20,000 boards allocated %d bytes; reading the YAML alone %d", ours.TotalAlloc, yamlOnly.TotalAlloc)
	}
	if took > 2*time.Second {
		t.Errorf("refusing 20,000 boards took %v", took)
	}
}
