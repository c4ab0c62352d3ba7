package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestServeProfiler: --pprof serves Go's profiler on its own address, and says where.
func TestServeProfiler(t *testing.T) {
	var out strings.Builder
	if err := serveProfiler("127.0.0.1:0", &out); err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(out.String(), "profiler on ")
	url := strings.TrimSpace(rest)
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("it says %q", out.String())
	}
	resp, err := http.Get(url + "goroutine?debug=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the goroutine profile: %d", resp.StatusCode)
	}
	if err := serveProfiler("256.0.0.1:1", &out); err == nil {
		t.Error("an address that cannot be listened on was taken")
	}
}
