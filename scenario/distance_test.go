package scenario

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"path", "path", 0}, {"pth", "path", 1}, {"reach", "raech", 2},
		{"kitten", "sitting", 3}, {"", "abc", 3}, {"Panzer IV", "Panzer IVH", 1}, {"ä", "a", 1},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetric)", c.b, c.a, got, c.want)
		}
	}
}
