package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestEditorParse: the import's reader keeps hex ids that read as numbers by their exponent
// ("2E5") as text, plain booleans, numbers and nulls as themselves, and mappings' keys in the
// file's order.
func TestEditorParse(t *testing.T) {
	c := serveTest(t, New(Config{Store: openStore(t)}))
	var got map[string]any
	if code := c.do("POST", "/api/editor/parse", "", []byte("a: [1, {b: 2E5, c: 0.5, d: true, e: ~}]\n2E5: x\n"), &got); code != http.StatusOK {
		t.Fatalf("parse: %d", code)
	}
	if fmt.Sprint(got) != "map[2E5:x a:[1 map[b:2E5 c:0.5 d:true e:<nil>]]]" {
		t.Errorf("parse: %v", got)
	}
	var raw json.RawMessage
	if code := c.do("POST", "/api/editor/parse", "", []byte("b: 1\na: {z: 1, y: [2]}\n"), &raw); code != http.StatusOK || string(raw) != `{"b":1,"a":{"z":1,"y":[2]}}` {
		t.Errorf("parse keeps the keys' order: %d %s", code, raw)
	}
	if code := c.do("POST", "/api/editor/parse", "", []byte("a: [1"), &got); code != http.StatusBadRequest {
		t.Errorf("parse of a broken file: %d, want 400", code)
	}
}

// TestEditorParseChecksVehicles (issue 32): with ?check=asl the import's reader answers the
// document and the vehicle names that name no listing or several, each at its line, as the
// scenario reader reads them; a name that names one listing (in any spelling) is no problem.
func TestEditorParseChecksVehicles(t *testing.T) {
	c := serveTest(t, New(Config{Store: openStore(t)}))
	file := func(vehicle string) []byte {
		return []byte("name: x\nruleset: asl\nmap: {boards: [\"2\"]}\nunits:\n  - {id: T0, side: German, vehicle: PzKpfw IVH, at: 2E5}\n" +
			"  - {id: T1, side: German, vehicle: " + vehicle + ", at: 2E6}\nmoves: []\n")
	}
	for _, c2 := range []struct{ vehicle, want string }{
		{"Panther", `line 6: units.T1.vehicle: "Panther" names 2 german listings: PzKpfw VD (MT, 15 MP); PzKpfw VG (MT, 15 MP); write the one you mean (vehicle: PzKpfw VD)`},
		{"{listing: Panther Z}", `line 6: units.T1.vehicle: no german listing "Panther Z"; the closest: PzKpfw VD (MT), PzKpfw VG (MT)`},
		{"{listing: M3, nationality: american}", `line 6: units.T1.vehicle: "M3" names 3 american listings: M3 (type: LT`},
		{"hetzer", ""},
		{"{listing: Pz IVH, mp: 12}", ""},
		{"{name: my tank, mp: 12, class: tank}", ""},
	} {
		var got struct {
			Document map[string]any
			Problems []string
		}
		if code := c.do("POST", "/api/editor/parse?check=asl", "", file(c2.vehicle), &got); code != http.StatusOK {
			t.Fatalf("%s: %d", c2.vehicle, code)
		}
		if got.Document["name"] != "x" || len(got.Document["units"].([]any)) != 2 {
			t.Errorf("%s: the document: %v", c2.vehicle, got.Document)
		}
		switch {
		case c2.want == "" && len(got.Problems) != 0:
			t.Errorf("%s: problems %q, want none", c2.vehicle, got.Problems)
		case c2.want != "" && (len(got.Problems) != 1 || !strings.HasPrefix(got.Problems[0], c2.want)):
			t.Errorf("%s: problems %q, want %q", c2.vehicle, got.Problems, c2.want)
		}
	}
	var raw json.RawMessage
	if code := c.do("POST", "/api/editor/parse", "", file("Panther"), &raw); code != http.StatusOK || !strings.HasPrefix(string(raw), `{"name":"x"`) {
		t.Errorf("without check=, the document alone: %d %s", code, raw)
	}
	for q, want := range map[string]string{"martian": `check="martian" is no ruleset (asl`, "lightningwar": "has no import checks"} {
		var e struct{ Error string }
		if code := c.do("POST", "/api/editor/parse?check="+q, "", file("Panther"), &e); code != http.StatusBadRequest || !strings.Contains(e.Error, want) {
			t.Errorf("check=%s: %d %q, want 400 saying %q", q, code, e.Error, want)
		}
	}
}
