package server

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestExamples: GET /api/examples/{ruleset} answers each ruleset's built-in demo as the file it
// is, which creates a game of that ruleset as it stands; any other name is a 404 naming the
// examples there are (a long name cut short), and no game is made.
func TestExamples(t *testing.T) {
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	cases := []struct {
		name, want string // want: the demo's bytes, or "" for a 404
		refused    string
	}{
		{"asl", string(demoScenario), ""},
		{"lhy", string(demoLHYScenario), ""},
		{"lightningwar", string(demoLWScenario), ""},
		{"ASL", "", `no example scenario for ruleset "ASL": the examples are asl, lhy, lightningwar`},
		{"chess", "", `no example scenario for ruleset "chess"`},
		{strings.Repeat("x", 5000), "", `"` + strings.Repeat("x", 64) + `…"`},
	}
	for _, tc := range cases {
		resp, err := http.Get(c.base + "/api/examples/" + tc.name)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		label := tc.name[:min(len(tc.name), 20)]
		if tc.want == "" {
			var e apiError
			if resp.StatusCode != http.StatusNotFound || json.Unmarshal(body, &e) != nil || !strings.Contains(e.Error, tc.refused) || !utf8.ValidString(e.Error) || len(e.Error) > 200 {
				t.Errorf("%s: %d %q, want 404 with an error holding %q", label, resp.StatusCode, body, tc.refused)
			}
			continue
		}
		if resp.StatusCode != http.StatusOK || !bytes.Equal(body, []byte(tc.want)) {
			t.Errorf("%s: %d, %d bytes; want 200 and the demo's %d", label, resp.StatusCode, len(body), len(tc.want))
			continue
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/yaml") {
			t.Errorf("%s: Content-Type %q, want application/yaml", label, ct)
		}
		if cd := resp.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="`+examples[tc.name].file+`"`) {
			t.Errorf("%s: Content-Disposition %q, want the demo's file name %s", label, cd, examples[tc.name].file)
		}
		cr := c.create(body)
		if cr.Ruleset != tc.name {
			t.Errorf("%s: the example made a game of ruleset %q", label, cr.Ruleset)
		}
	}
	s.mu.Lock()
	games := len(s.games)
	s.mu.Unlock()
	if games != 3 {
		t.Errorf("%d games, want the 3 the examples made", games)
	}
}

// FuzzExamples: any name asked of GET /api/examples/ is a demo (200) or a short 404 JSON error
// (or the guard's 400 for a path that is not UTF-8), never a panic or a 5xx.
func FuzzExamples(f *testing.F) {
	for _, seed := range []string{"asl", "lhy", "lightningwar", "", "ASL", "asl/", "..", "%2e%2e", "%00", strings.Repeat("é", 3000), "asl?x=1"} {
		f.Add(seed)
	}
	s := New(Config{})
	f.Cleanup(func() { s.Close() })
	f.Fuzz(func(t *testing.T, name string) {
		req, err := http.NewRequest("GET", "http://x/api/examples/"+name, nil)
		if err != nil {
			return // no request a client could send
		}
		w := httptest.NewRecorder()
		s.Handler().ServeHTTP(w, req)
		switch w.Code {
		case http.StatusOK:
			demo := false
			for _, ex := range examples {
				demo = demo || bytes.Equal(w.Body.Bytes(), ex.data)
			}
			if !demo {
				t.Errorf("%q: 200 with %q, not a demo", name, w.Body.String()[:min(w.Body.Len(), 80)])
			}
		case http.StatusBadRequest, http.StatusMovedPermanently, http.StatusTemporaryRedirect:
			// The guard's refusal of a path that is not UTF-8, or the mux's redirect of an
			// unclean one: before the handler.
		case http.StatusNotFound:
			if w.Body.Len() > 1024 {
				t.Errorf("%q: %d with %d bytes", name, w.Code, w.Body.Len())
			}
		default:
			t.Errorf("%q: %d %q", name, w.Code, w.Body.String())
		}
	})
}
