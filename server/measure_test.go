package server

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/store"
)

// measureView is the part of a /measure answer the tests read.
type measureView struct {
	Inches, Metres float64
	Legs           []struct {
		Ground string
		Cost   float64
		Choke  string
	}
	Streams []struct {
		Stream  string
		Bridged bool
	}
	Det *struct {
		ID      string
		Known   bool
		Why     string
		Turns   float64
		Seconds int
	}
	Error string
}

// TestMeasure: the ruler of the Lightning War demo for each role. The line along the Kursk road
// from 4,16 to 30,16 is 26" = 1300 m of road, through the Mill bridge (a choke point) over the
// Mill Brook; PzZug's tanks (24 MPH on road = 12" a turn) take 26 / 12 = 2.17 turns. A side may
// name only its own and the revealed detachments: the Russian rifles are a 404 to the German,
// worded exactly as a name nobody has, until the referee reveals them; then the German gets no
// time for the Russian tanks (their speed is not his to know). Bad and missing points, and
// over-long parameters, are 400s; an ASL game has no ruler.
func TestMeasure(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv := New(Config{Store: st})
	c := serveTest(t, srv)
	cr, err := srv.DemoLW(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ge, ru, ref, sp := cr.Tokens["German"], cr.Tokens["Russian"], cr.Tokens[Referee], cr.Tokens[Spectator]
	get := func(tok, q string) (int, measureView, string) {
		t.Helper()
		var m measureView
		code := c.do("GET", "/api/games/"+cr.ID+"/measure?"+q, tok, nil, &m)
		return code, m, m.Error
	}
	code, m, _ := get(ge, "from=4,16&to=30,16&det=PzZug")
	if code != http.StatusOK || m.Inches != 26 || m.Metres != 1300 || len(m.Streams) != 1 || !m.Streams[0].Bridged ||
		m.Det == nil || !m.Det.Known || m.Det.Turns != 2.167 || m.Det.Seconds != 130 {
		t.Fatalf("the German's ruler along the road: %d %+v %+v", code, m, m.Det)
	}
	if m.Legs[1].Choke != "Mill bridge" || m.Legs[1].Ground != "Road" || m.Legs[1].Cost != 1 {
		t.Errorf("the bridge leg: %+v", m.Legs[1])
	}
	// The Russian rifles and a name nobody has: the same 404, but for the name.
	c1, _, e1 := get(ge, "from=1,1&to=2,2&det=Rifles")
	c2, _, e2 := get(ge, "from=1,1&to=2,2&det=Nobody")
	if c1 != http.StatusNotFound || c2 != http.StatusNotFound || strings.ReplaceAll(e1, "Rifles", "X") != strings.ReplaceAll(e2, "Nobody", "X") {
		t.Errorf("the German naming Rifles: %d %q; Nobody: %d %q", c1, e1, c2, e2)
	}
	if code, m, _ := get(ref, "from=45,16&to=36,16&det=Rifles"); code != http.StatusOK || m.Det == nil || m.Det.Turns != 4.5 {
		t.Errorf("the referee's ruler for Rifles (9\" walking 2\" a turn): %d %+v", code, m.Det)
	}
	if code, m, _ := get(ru, "from=45,16&to=36,16&det=Rifles"); code != http.StatusOK || m.Det == nil || !m.Det.Known {
		t.Errorf("the Russian's ruler for his own Rifles: %d %+v", code, m.Det)
	}
	// revealed, the Russian tanks: the German may name them, but not know their speed
	if code := c.do("POST", "/api/games/"+cr.ID+"/steps", ref, []byte(`{"n": 1, "line": "reveal Tanks"}`), nil); code != http.StatusCreated {
		t.Fatalf("reveal Tanks: %d", code)
	}
	code, m, _ = get(ge, "from=1,1&to=2,2&det=Tanks")
	if code != http.StatusOK || m.Det == nil || m.Det.Known || !strings.Contains(m.Det.Why, "not known") {
		t.Errorf("the German's ruler for the revealed Tanks: %d %+v", code, m.Det)
	}
	if code, _, _ := get(sp, "from=1,1&to=2,2"); code != http.StatusOK {
		t.Errorf("the spectator's ruler: %d", code)
	}
	if code, _, _ := get(sp, "from=1,1&to=2,2&det=PzZug"); code != http.StatusNotFound {
		t.Errorf("the spectator naming the unrevealed PzZug: %d", code)
	}
	long := strings.Repeat("9", 70)
	for q, want := range map[string]int{
		"to=2,2": 400, "from=1,1": 400, "from=x&to=2,2": 400, "from=1,1&to=99,99": 400, "from=1,1&to=NaN,1": 400,
		"from=" + long + "&to=1,1": 400, "from=1,1&to=2,2&det=" + long: 400, "from=1e999,1&to=2,2": 400,
		"from=" + url.QueryEscape("1,1") + "&to=" + url.QueryEscape(" 2 , 2 "): 200,
	} {
		if code, _, msg := get(ge, q); code != want || want != 200 && msg == "" {
			t.Errorf("?%s: %d %q, want %d", q, code, msg, want)
		}
	}
	if code := c.do("GET", "/api/games/"+cr.ID+"/measure?from=1,1&to=2,2", "", nil, nil); code != http.StatusForbidden {
		t.Errorf("no token: %d", code)
	}
	asl, err := srv.Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var e apiError
	if code := c.do("GET", "/api/games/"+asl.ID+"/measure?from=1,1&to=2,2", asl.Tokens[Referee], nil, &e); code != http.StatusBadRequest || !strings.Contains(e.Error, "ruler") {
		t.Errorf("an ASL game's ruler: %d %q", code, e.Error)
	}
}
