package server

import (
	"encoding/json"
	"fmt"
	"net/http"
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
