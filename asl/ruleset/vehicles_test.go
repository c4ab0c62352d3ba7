package ruleset

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
)

// TestVehiclesCommand: `umpire vehicles` lists the matching listings with their movement facts.
func TestVehiclesCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := vehicles([]string{"bt-7", "m37", "--nationality", "russian"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for _, l := range lines {
		if !strings.Contains(l, "BT-7 M37") || !strings.HasSuffix(l, "23 MP red, fully tracked, radioless") {
			t.Errorf("line %q", l)
		}
	}
	out.Reset()
	if code := vehicles([]string{"--nationality", "martian"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `no nationality "martian"`) {
		t.Errorf("a nationality that is none: exit %d, %q", code, errb.String())
	}
}

// TestVehiclesRoute: GET /api/rulesets/asl/vehicles answers the catalog's search.
func TestVehiclesRoute(t *testing.T) {
	route := routeNamed(t, "vehicles")
	get := func(q string) (map[string]any, error) {
		v, _ := url.ParseQuery(q)
		out, err := route.Answer(t.Context(), v, rules.DefaultLimits())
		if err != nil {
			return nil, err
		}
		b, _ := json.Marshal(out)
		var body map[string]any
		json.Unmarshal(b, &body)
		return body, nil
	}
	body, err := get("q=DUKW&nationality=American&limit=1")
	ls, _ := body["listings"].([]any)
	if err != nil || len(ls) != 1 {
		t.Fatalf("DUKW: %v %v", err, body)
	}
	e := ls[0].(map[string]any)
	facts := e["facts"].(map[string]any)
	if e["name"] != "DUKW" || facts["mp"] != 27.0 || facts["truck_type"] != true || facts["amphibious_mp"] != 3.0 || facts["movement"] != "truck" {
		t.Errorf("DUKW: %v", e)
	}
	// Issue 32: the route answers the names players write, and the closest to one that
	// matches nothing.
	if body, err := get("q=hetzer&nationality=german"); err != nil || len(body["listings"].([]any)) != 1 ||
		body["listings"].([]any)[0].(map[string]any)["name"] != "JgdPz 38(t)" || body["closest"] != nil {
		t.Errorf("hetzer: %v %v", err, body)
	}
	if body, err := get("q=Panther+Z&nationality=german"); err != nil || len(body["listings"].([]any)) != 0 ||
		len(body["closest"].([]any)) != 5 || body["closest"].([]any)[0].(map[string]any)["name"] != "PzKpfw VD" {
		t.Errorf("Panther Z: %v %v", err, body)
	}
	for q, want := range map[string]string{"limit=0": "from 1 to 200", "limit=201": "from 1 to 200", "limit=x": "from 1 to 200",
		"nationality=martian": `no nationality "martian"`, "q=" + strings.Repeat("x", 201): "at most 200"} {
		if body, err := get(q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.20s: %v %v, want an error saying %q", q, err, body, want)
		}
	}
}

// TestVehiclesAsPlayersSay (issue 32): `umpire vehicles` finds a vehicle by the names players
// write (listing.Lookup), first the listings the name names; a name that matches nothing gets
// the closest listings.
func TestVehiclesAsPlayersSay(t *testing.T) {
	for _, c := range []struct {
		args  []string
		first string // the first line's name column
	}{
		{[]string{"T34"}, "T-34 M40"},
		{[]string{"T26"}, "T-26 M33"},
		{[]string{"panther"}, "PzKpfw VG(g)"},
		{[]string{"panther", "--nationality", "german"}, "PzKpfw VD"},
		{[]string{"kv1", "--nationality", "russian"}, "KV-1 M39/40"},
		{[]string{"hetzer", "--nationality", "german"}, "JgdPz 38(t)"},
		{[]string{"sdkfz", "251", "--nationality", "german"}, "SPW 251/1"},
		{[]string{"PzKpfw-IVH"}, "PzKpfw IVH"},
		{[]string{"King", "Tiger"}, "PzKpfw VIB"},
	} {
		var out, errb bytes.Buffer
		if code := vehicles(c.args, &out, &errb); code != 0 {
			t.Errorf("%q: exit %d: %s", c.args, code, errb.String())
			continue
		}
		first, _, _ := strings.Cut(out.String(), "\n")
		if f := strings.Fields(first); len(f) < 2 || !strings.HasPrefix(first[11:], c.first+" ") {
			t.Errorf("%q: first line %q, want %s", c.args, first, c.first)
		}
	}
	var out, errb bytes.Buffer
	if code := vehicles([]string{"Panther", "Z", "--nationality", "german"}, &out, &errb); code != 1 || out.Len() != 0 ||
		!strings.Contains(errb.String(), `no listing matches "Panther Z"; the closest: PzKpfw VD (german MT), PzKpfw VG (german MT)`) {
		t.Errorf("Panther Z: exit %d, %q %q", code, out.String(), errb.String())
	}
}
