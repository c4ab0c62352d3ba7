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
	for q, want := range map[string]string{"limit=0": "from 1 to 200", "limit=201": "from 1 to 200", "limit=x": "from 1 to 200",
		"nationality=martian": `no nationality "martian"`, "q=" + strings.Repeat("x", 201): "at most 200"} {
		if body, err := get(q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.20s: %v %v, want an error saying %q", q, err, body, want)
		}
	}
}
