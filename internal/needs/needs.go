// Package needs is how a test says that something outside Go it needs is missing from the
// machine (a Chromium for the browser tests, a PostgreSQL server for the store and server
// tests): on a developer's machine the test skips and says why; under CI=true it fails, since a
// continuous-integration run that skipped its browser or database tests would pass without
// having run them. scripts/test installs and starts both where it can.
package needs

import (
	"fmt"
	"os"
	"testing"
)

// Missing skips tb with the message, or fails it under CI=true.
func Missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	msg := fmt.Sprintf(format, args...)
	if Strict() {
		tb.Fatalf("%s (CI=true: a CI run must have it, so the test fails instead of skipping)", msg)
	}
	tb.Skip(msg)
}

// Strict reports whether a missing need fails the test: the environment has CI=true.
func Strict() bool { return os.Getenv("CI") == "true" }
