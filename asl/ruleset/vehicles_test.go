package ruleset

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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
	h := Ruleset{}.Routes()[0].Handler
	get := func(q string) (int, map[string]any) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/rulesets/asl/vehicles?"+q, nil))
		var body map[string]any
		json.Unmarshal(rec.Body.Bytes(), &body)
		return rec.Code, body
	}
	code, body := get("q=DUKW&nationality=American&limit=1")
	ls, _ := body["listings"].([]any)
	if code != http.StatusOK || len(ls) != 1 {
		t.Fatalf("DUKW: %d %v", code, body)
	}
	e := ls[0].(map[string]any)
	facts := e["facts"].(map[string]any)
	if e["name"] != "DUKW" || facts["mp"] != 27.0 || facts["truck_type"] != true || facts["amphibious_mp"] != 3.0 || facts["movement"] != "truck" {
		t.Errorf("DUKW: %v", e)
	}
	for _, q := range []string{"limit=0", "limit=201", "nationality=martian", "q=" + strings.Repeat("x", 201)} {
		if code, body := get(q); code != http.StatusBadRequest || body["error"] == nil {
			t.Errorf("%s: %d %v", q, code, body)
		}
	}
}
