package server

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/listing"
)

// TestDemoVehiclesAreListed (issue 32): the ASL demo, which is also the new-game page's example
// (GET /api/examples/asl), names every vehicle by its Chapter H listing, so their MP are the
// listing's (the PzKpfw IVH's 13, the ZIS-5's 21), and each name names one listing of the
// unit's side.
func TestDemoVehiclesAreListed(t *testing.T) {
	for name, data := range map[string][]byte{"server/demo.yaml": demoScenario, "GET /api/examples/asl": examples["asl"].data} {
		var doc struct {
			Units []struct {
				ID, Side string
				Vehicle  yaml.Node
			}
		}
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(doc.Units) == 0 {
			t.Fatalf("%s: no units", name)
		}
		for _, u := range doc.Units {
			if u.Vehicle.Kind != yaml.ScalarNode {
				t.Errorf("%s: %s's vehicle is not named by its listing (vehicle: NAME)", name, u.ID)
				continue
			}
			if l, msg := aslfile.PickListing(u.Vehicle.Value, "", "", "", u.Side); l == nil {
				t.Errorf("%s: %s: %s", name, u.ID, msg)
			}
		}
	}
	if errs := aslfile.CheckVehicles("demo.yaml", demoScenario); len(errs) != 0 {
		t.Errorf("the demo's vehicles: %v", errs)
	}
}

// TestExamplesSayTheirNumbers (issue 32): a rulebook example (a file citing an EX) whose vehicle
// carries its own facts under a listing's name, with other MP than the listing's, says so on
// that line.
func TestExamplesSayTheirNumbers(t *testing.T) {
	own := regexp.MustCompile(`\{name: ([^,}]+), mp: (\d+)`)
	ex := regexp.MustCompile(`\bEX\b`)
	var files []string
	for _, dir := range []string{"../testdata", "../cmd/umpire/demo"} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".yaml") {
				files = append(files, path)
			}
			return nil
		})
	}
	said := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || !ex.Match(data) {
			continue
		}
		for i, line := range strings.Split(string(data), "\n") {
			m := own.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			named := listing.Lookup(listing.Query{Name: m[1]}).Named
			if len(named) == 0 || named[0].FullName() != m[1] || m[2] == strconv.Itoa(named[0].MP) {
				continue
			}
			if strings.Contains(line, "#") && strings.Contains(line[strings.LastIndex(line, "}"):], "listing") {
				said++
				continue
			}
			if !seenBefore(data, i, m[0]) {
				t.Errorf("%s:%d: the %s has %s MP, its listing %d: say so on the line (# ... listing ...)", f, i+1, m[1], m[2], named[0].MP)
			}
		}
	}
	if said < 20 {
		t.Errorf("only %d examples say their numbers are not the listings'", said)
	}
}

// seenBefore: the same vehicle facts were on an earlier line of the file (one note a file).
func seenBefore(data []byte, line int, facts string) bool {
	return strings.Contains(strings.Join(strings.Split(string(data), "\n")[:line], "\n"), facts)
}
