package objective

import "testing"

// TestVerdict: an open verdict answers what the judge finds now; once closed it keeps what the
// judge found then, whatever the judge finds after, and a second Close changes nothing.
func TestVerdict(t *testing.T) {
	var v Verdict
	now := 2
	judge := func() (int, string) { return now, "found" }
	if st := v.Now(5, judge); st != (Status{Points: 2, Max: 5, Detail: "found"}) {
		t.Errorf("open: %+v", st)
	}
	v.Close(judge)
	now = 4
	v.Close(judge)
	if st := v.Now(5, judge); st != (Status{Points: 2, Max: 5, Closed: true, Detail: "found"}) {
		t.Errorf("closed at 2, judged 4 after: %+v", st)
	}
}

func TestFound(t *testing.T) {
	for _, c := range []struct {
		verb        string
		got, missed []string
		want        string
	}{
		{"held", []string{"C4", "D5"}, []string{"E6"}, "held C4, D5; not E6"},
		{"held", nil, []string{"E6"}, "not E6"},
		{"", []string{"T1 exited"}, nil, "T1 exited"},
		{"held", nil, nil, ""},
	} {
		if got := Found(c.verb, c.got, c.missed); got != c.want {
			t.Errorf("Found(%q, %v, %v) = %q, want %q", c.verb, c.got, c.missed, got, c.want)
		}
	}
}
