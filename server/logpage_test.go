package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// logAnswer is a page of the log as the API answers it, with each entry left as JSON.
type logAnswer struct {
	N       int               `json:"n"`
	Entries []json.RawMessage `json:"entries"`
	Next    *int              `json:"next"`
	Error   string            `json:"error"`
}

// numbers are the step numbers of a page's entries.
func (a logAnswer) numbers(t *testing.T) []int {
	t.Helper()
	out := []int{}
	for _, e := range a.Entries {
		var v struct {
			N int `json:"n"`
		}
		if err := json.Unmarshal(e, &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v.N)
	}
	return out
}

// stepsFrom is the numbers from a to b.
func stepsFrom(a, b int) []int {
	out := []int{}
	for k := a; k <= b; k++ {
		out = append(out, k)
	}
	return out
}

// TestLogPages: a log of 2,500 steps read by pages. Without parameters the answer is the first
// 1,000 steps and next: 1001; ?from=N&limit=M gives the steps from N, at most M of them, and
// next only when steps remain; a page past the end is empty. A limit over 1,000, or a from or
// limit that is not a whole number of at least 1, is 400 saying what it takes.
func TestLogPages(t *testing.T) {
	const steps = 2500
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	cr := c.create(lhyTurns(steps))
	if cr.N != steps {
		t.Fatalf("the game has %d steps, want %d", cr.N, steps)
	}
	for _, tc := range []struct {
		query string
		code  int
		from  int // the first step of the page; 0: none
		to    int
		next  int // 0: no next
		msg   string
	}{
		{"", 200, 1, 1000, 1001, ""},
		{"from=1001", 200, 1001, 2000, 2001, ""},
		{"from=2001", 200, 2001, 2500, 0, ""},
		{"from=2001&limit=1000", 200, 2001, 2500, 0, ""},
		{"from=1501&limit=1000", 200, 1501, 2500, 0, ""},
		{"from=1500&limit=1000", 200, 1500, 2499, 2500, ""},
		{"from=5&limit=3", 200, 5, 7, 8, ""},
		{"limit=1", 200, 1, 1, 2, ""},
		{"from=2500&limit=1", 200, 2500, 2500, 0, ""},
		{"from=2501", 200, 0, 0, 0, ""},
		{"from=9223372036854775807&limit=1000", 200, 0, 0, 0, ""},
		{"from=007&limit=%2B2", 200, 7, 8, 9, ""},
		{"limit=1001", 400, 0, 0, 0, "limit is at most 1000 steps a page, not 1001"},
		{"from=1&limit=99999999", 400, 0, 0, 0, "limit is at most 1000 steps a page"},
		{"limit=0", 400, 0, 0, 0, `limit is how many steps to give, from 1 to 1000; "0" is not one`},
		{"limit=-5", 400, 0, 0, 0, "limit is how many steps to give, from 1 to 1000"},
		{"limit=ten", 400, 0, 0, 0, `"ten" is not one`},
		{"limit=1e3", 400, 0, 0, 0, "limit is how many steps to give"},
		{"from=0", 400, 0, 0, 0, `from is the number of the first step to give, counted from 1`},
		{"from=-1", 400, 0, 0, 0, "from is the number of the first step to give"},
		{"from=1.5", 400, 0, 0, 0, `"1.5" is not one`},
		{"from=99999999999999999999", 400, 0, 0, 0, "from is the number of the first step to give"},
		{"from=" + strings.Repeat("9", 500), 400, 0, 0, 0, `"` + strings.Repeat("9", 40) + `" is not one`},
		{"from=NaN", 400, 0, 0, 0, "from is the number"},
	} {
		var a logAnswer
		code := c.do("GET", "/api/games/"+cr.ID+"/log?"+tc.query, cr.Tokens[Spectator], nil, &a)
		if code != tc.code {
			t.Errorf("?%.60s: %d %q, want %d", tc.query, code, a.Error, tc.code)
			continue
		}
		if tc.code != 200 {
			if !strings.Contains(a.Error, tc.msg) || a.Entries != nil {
				t.Errorf("?%.60s: %q, want it to say %q (and no entries)", tc.query, a.Error, tc.msg)
			}
			continue
		}
		want := []int{}
		if tc.from > 0 {
			want = stepsFrom(tc.from, tc.to)
		}
		if got := a.numbers(t); a.N != steps || !reflect.DeepEqual(got, want) {
			t.Errorf("?%s: n %d, %d entries (%v...), want steps %d to %d", tc.query, a.N, len(got), got[:min(3, len(got))], tc.from, tc.to)
		}
		switch {
		case tc.next == 0 && a.Next != nil:
			t.Errorf("?%s: next %d, want none", tc.query, *a.Next)
		case tc.next != 0 && (a.Next == nil || *a.Next != tc.next):
			t.Errorf("?%s: next %v, want %d", tc.query, a.Next, tc.next)
		}
	}
	if after := c.state(cr, Referee); after.N != steps {
		t.Errorf("after the reads the game is at step %d, want %d", after.N, steps)
	}
}

// TestLogPagesHidden: a Lightning War log read by pages of every size shows each role the
// same entries as the whole log does, filtered the same way: a side's pages never hold the
// other side's orders.
func TestLogPagesHidden(t *testing.T) {
	c := serveTest(t, sqliteServer(t, Config{}))
	cr := c.create([]byte(lwHiddenScenario))
	for i, st := range lwPlaythrough {
		c.mustStep(cr, st.role, i+1, st.line)
	}
	for _, role := range []string{"Blue", "Red", Referee, Spectator} {
		var whole logAnswer
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[role], nil, &whole); code != 200 || len(whole.Entries) != len(lwPlaythrough) || whole.Next != nil {
			t.Fatalf("%s's whole log: %d, %d entries, next %v", role, code, len(whole.Entries), whole.Next)
		}
		for _, limit := range []int{1, 2, 3, 7, 1000} {
			var got []json.RawMessage
			for from, pages := 1, 0; from != 0; pages++ {
				if pages > len(lwPlaythrough) {
					t.Fatalf("%s, limit %d: more pages than steps", role, limit)
				}
				var a logAnswer
				q := url.Values{"from": {itoa(from)}, "limit": {itoa(limit)}}
				if code := c.do("GET", "/api/games/"+cr.ID+"/log?"+q.Encode(), cr.Tokens[role], nil, &a); code != 200 || len(a.Entries) > limit {
					t.Fatalf("%s's page from %d, limit %d: %d, %d entries", role, from, limit, code, len(a.Entries))
				}
				got = append(got, a.Entries...)
				from = 0
				if a.Next != nil {
					from = *a.Next
				}
			}
			if !reflect.DeepEqual(got, whole.Entries) {
				t.Errorf("%s's log read in pages of %d differs from the whole log", role, limit)
			}
			if role == "Blue" {
				for _, e := range got {
					if strings.Contains(string(e), "PLUGH-RED-ORDER") || strings.Contains(string(e), "REDWOMBAT") {
						t.Fatalf("Blue's page holds Red's secret: %s", e)
					}
				}
			}
		}
	}
}

// FuzzLog: any from and limit sent to the log of the hidden-movement Lightning War game are
// answered 200 or 400 with JSON, never a panic or a 500; a 200 is the steps of the whole log
// from from, at most limit of them (1,000 when not given), each exactly as the token's whole
// log shows it, and next is the step after the page's last when the log goes on. role picks
// the token (0 Blue, 1 Red, 2 the referee, 3 the spectator).
func FuzzLog(f *testing.F) {
	for _, q := range [][2]string{{"", ""}, {"1", "1"}, {"3", "2"}, {"19", "5"}, {"20", ""}, {"0", ""}, {"", "0"}, {"-1", "-1"},
		{"x", ""}, {"", "1001"}, {"", "1000"}, {"1.0", ""}, {"9223372036854775807", "1000"}, {"9223372036854775808", ""},
		{" 1", ""}, {"1 ", ""}, {"0x10", ""}, {"1_0", ""}, {"+3", "+2"}, {"\x00", "\x00"}, {"٣", ""}} {
		for role := range uint8(4) {
			f.Add(q[0], q[1], role)
		}
	}
	s := fuzzServer(f)
	cr, err := s.Create(context.Background(), "hidden.yaml", []byte(lwHiddenScenario))
	if err != nil {
		f.Fatal(err)
	}
	roles := []string{"Blue", "Red", Referee, Spectator}
	for i, st := range lwPlaythrough {
		body, _ := json.Marshal(map[string]any{"n": i + 1, "line": st.line})
		if w := call(s, "POST", "/api/games/"+cr.ID+"/steps", cr.Tokens[st.role], body); w.Code != http.StatusCreated {
			f.Fatalf("step %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	whole := map[string][]json.RawMessage{}
	for _, role := range roles {
		var a logAnswer
		json.Unmarshal(call(s, "GET", "/api/games/"+cr.ID+"/log", cr.Tokens[role], nil).Body.Bytes(), &a)
		whole[role] = a.Entries
	}
	f.Fuzz(func(t *testing.T, from, limit string, role uint8) {
		who := roles[role%4]
		q := url.Values{}
		if from != "" {
			q.Set("from", from)
		}
		if limit != "" {
			q.Set("limit", limit)
		}
		w := call(s, "GET", "/api/games/"+cr.ID+"/log?"+q.Encode(), cr.Tokens[who], nil)
		var a logAnswer
		if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
			t.Fatalf("%d: not JSON: %q", w.Code, w.Body.Bytes())
		}
		switch w.Code {
		case http.StatusBadRequest:
			if a.Error == "" || a.Entries != nil {
				t.Fatalf("400 without a message, or with entries: %s", w.Body.Bytes())
			}
			return
		case http.StatusOK:
		default:
			t.Fatalf("%d: %s", w.Code, w.Body.Bytes())
		}
		nums := a.numbers(t)
		all := whole[who]
		if len(nums) == 0 {
			if a.Next != nil {
				t.Fatalf("an empty page with next %d", *a.Next)
			}
			return
		}
		first, last := nums[0], nums[len(nums)-1]
		if !reflect.DeepEqual(a.Entries, all[first-1:last]) {
			t.Fatalf("?%s (%s): the page's steps %d to %d differ from the whole log's", q.Encode(), who, first, last)
		}
		if (last < len(all)) != (a.Next != nil) || a.Next != nil && *a.Next != last+1 {
			t.Fatalf("?%s: the page ends at step %d of %d, next %v", q.Encode(), last, len(all), a.Next)
		}
	})
}
