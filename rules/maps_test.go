package rules_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// savedKeys is where each ruleset with saved maps holds its map in a scenario file.
var savedKeys = map[string]struct {
	key  string
	wrap bool
	own  []string
}{
	"asl":          {"map", true, nil},
	"lightningwar": {"table", false, []string{"terrain", "roads", "streams", "chokes"}},
}

// TestSavedMapRoundTrip: every ASL and Lightning War scenario of the repository, its map taken
// out, saved (read by the ruleset) and inlined again, sets up the same game and checks the same.
func TestSavedMapRoundTrip(t *testing.T) {
	n := 0
	for _, path := range scenarioFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rs, sc, err := rules.Load(path, data)
		k, ok := savedKeys[strings.ToLower(name(rs))]
		if err != nil || !ok {
			continue
		}
		n++
		saved, file, err := scenario.Split(data, k.key, k.wrap, k.own, "the map")
		if err != nil {
			t.Fatalf("%s: split: %v", path, err)
		}
		info, err := rules.ReadMap(rs.Name(), "the map", saved, rules.Limits{})
		if err != nil {
			t.Errorf("%s: its map does not read alone: %v", path, err)
			continue
		}
		in, err := rules.Inline(path, file, func(string) (string, []byte, error) { return rs.Name(), info.YAML, nil })
		if err != nil {
			t.Errorf("%s: inline: %v", path, err)
			continue
		}
		_, sc2, err := rules.Load(path, in)
		if err != nil {
			t.Errorf("%s: with its map inlined: %v\n%s", path, err, in)
			continue
		}
		if sc.Setup().Hash() != sc2.Setup().Hash() {
			t.Errorf("%s: the setup differs with the map saved and inlined", path)
		}
		if a, b := msgs(rules.Check(sc)), msgs(rules.Check(sc2)); a != b {
			t.Errorf("%s: checks differ: %q, inlined %q", path, a, b)
		}
	}
	if n < 100 {
		t.Errorf("only %d scenarios tried", n)
	}
}

func name(rs rules.Ruleset) string {
	if rs == nil {
		return ""
	}
	return rs.Name()
}

func msgs(fs []rules.Failure) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.Msg + "\n")
	}
	return b.String()
}

// TestReadMapErrors: a saved map's mistakes are placed as a scenario file's are.
func TestReadMapErrors(t *testing.T) {
	for _, c := range []struct {
		ruleset, data, want string
	}{
		{"asl", "boards: [\"2\"]\nterrain:\n  2Z99: woods\n", "m.yaml:3: map.terrain"},
		{"asl", "boards: [\"2\"]\nterrain:\n  2M5: swamp-ish\n", "m.yaml:3: map.terrain.2M5"},
		{"asl", "- 1\n- 2\n", "m.yaml:1: map: expected a mapping"},
		{"asl", "boards: [\n", "m.yaml:1: not valid YAML"},
		{"asl", "saved: other\n", "m.yaml:1: map: {saved: other} needs --store DSN"},
		{"lightningwar", "table: {width: 0}\n", "m.yaml:1: table.width"},
		{"lightningwar", "table: {width: 24, height: 24}\nroads:\n  - {id: r, line: [[1, 1], [x, 2]]}\n", "m.yaml:3: roads"},
		{"lhy", "boards: [\"2\"]\n", "Last Hundred Yards games do not offer saved maps"},
		{"chess", "a: 1\n", "unknown ruleset \"chess\""},
	} {
		_, err := rules.ReadMap(c.ruleset, "m.yaml", []byte(c.data), rules.Limits{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want %s...", c.ruleset, c.data, err, c.want)
		}
	}
	info, err := rules.ReadMap("lightningwar", "m.yaml", []byte("{table: {width: 24, height: 12}, bogus: 1}"), rules.Limits{})
	if err != nil || info.Summary != `24" x 12"` || len(info.Warnings) != 1 || !strings.HasPrefix(string(info.YAML), "table:") {
		t.Errorf("a flow-style table: %+v, %v", info, err)
	}
	info, err = rules.ReadMap("asl", "m.yaml", []byte("rows: [[\"2\", \"3\"], [\"4\", \"5\"]]\n"), rules.Limits{})
	if err != nil || info.Summary != "boards 2, 3 / 4, 5" {
		t.Errorf("two rows of boards: %+v, %v", info, err)
	}
}

// TestInlineRefusals: a reference without a store, to a map that is not there, of another
// ruleset, or beside the fields the saved map brings, is refused at its line.
func TestInlineRefusals(t *testing.T) {
	store := func(name string) (string, []byte, error) {
		switch name {
		case "b2":
			return "asl", []byte("boards: [\"2\"]\n"), nil
		case "t":
			return "lightningwar", []byte("table: {width: 24, height: 24}\n"), nil
		}
		return "", nil, errors.New("no such map")
	}
	asl := "name: x\nmap: {saved: %s}\nunits: []\n"
	for _, c := range []struct {
		file  string
		saved rules.SavedMaps
		want  string
	}{
		{fmt.Sprintf(asl, "b2"), nil, "f.yaml:2: map: {saved: b2} needs --store DSN"},
		{fmt.Sprintf(asl, "nope"), store, "f.yaml:2: map.saved: no such map"},
		{fmt.Sprintf(asl, "t"), store, "f.yaml:2: map.saved: saved map \"t\" is a Lightning War map, and this is an ASL scenario"},
		{"map: {saved: b2, boards: [\"3\"]}\nunits: []\n", store, "f.yaml:1: map: a saved map is referred to by {saved: NAME} alone"},
		{"map: {saved: [b2]}\nunits: []\n", store, "f.yaml:1: map.saved: give the saved map's name"},
		{"{map: {saved: b2}, units: []}\n", store, "f.yaml:1: map: a file that refers to a saved map is written in block style"},
		{"ruleset: lightningwar\ntable: {saved: t}\nterrain: []\n", store, "f.yaml:3: terrain: the saved map \"t\" brings its own terrain"},
		{"ruleset: lightningwar\ntable: {saved: t}\n", nil, "f.yaml:2: table: {saved: t} needs --store DSN"},
		// The reader reads the first document only: a map appended at the end of a later one was lost.
		{"name: x\nmap: {saved: b2}\nunits: []\n---\nname: y\n", store, "f.yaml:2: map: a file that refers to a saved map holds one YAML document, not 2"},
	} {
		data, err := rules.Inline("f.yaml", []byte(c.file), c.saved)
		if err == nil {
			_, _, err = rules.Load("f.yaml", data)
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s...", c.file, err, c.want)
		}
	}
}
