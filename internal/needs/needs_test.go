package needs

import (
	"runtime"
	"testing"
)

// TestMissing: without CI a missing need skips the test; with CI=true it fails it.
func TestMissing(t *testing.T) {
	for _, tc := range []struct {
		ci              string
		skipped, failed bool
	}{{"", true, false}, {"false", true, false}, {"true", false, true}} {
		t.Setenv("CI", tc.ci)
		var skipped, failed bool
		done := make(chan struct{})
		// Run in a fake TB on its own goroutine: Skip and Fatal end it with runtime.Goexit.
		tb := &fakeTB{skip: &skipped, fail: &failed}
		go func() {
			defer close(done)
			Missing(tb, "no %s", "Chromium")
		}()
		<-done
		if skipped != tc.skipped || failed != tc.failed {
			t.Errorf("CI=%q: skipped %v failed %v, want %v %v", tc.ci, skipped, failed, tc.skipped, tc.failed)
		}
	}
}

type fakeTB struct {
	testing.TB
	skip, fail *bool
}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Skip(args ...any) {
	*f.skip = true
	runtime.Goexit()
}
func (f *fakeTB) Fatalf(format string, args ...any) {
	*f.fail = true
	runtime.Goexit()
}
