package server

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// lhyAssaultScenario is a Last Hundred Yards game in which GE's squad A1 (Cohesion 7) stands
// next to the American squad U1 (Cohesion 4) in C5, the hex GE must clear this turn: umpire,
// playing GE, assaults at once.
const lhyAssaultScenario = `name: umpire assaults
ruleset: lhy
units:
  - {id: A1, side: GE, kind: squad, at: C6, cohesion: 7}
  - {id: U1, side: US, kind: squad, at: C5, cohesion: 4}
objectives:
  - {side: GE, clear: [C5], points: 2, by: 1}
`

// TestServerOpponentLHY: a Last Hundred Yards game created with umpire playing GE, whose squad
// stands next to an American squad in a hex GE must clear this turn. As the game is created,
// umpire makes the Assault through the API, its reason given to GE and not to US; the
// American then takes its own steps as any player does.
func TestServerOpponentLHY(t *testing.T) {
	c := serveTest(t, sqliteServer(t, Config{}))
	cr := c.create([]byte(lhyAssaultScenario + "opponent: {side: GE, boldness: 0.5}\n"))
	deadline := time.Now().Add(15 * time.Second)
	var lg logEntries
	for {
		lg = logEntries{}
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens["GE"], nil, &lg); code == http.StatusOK && lg.N > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("umpire made no step")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if e := lg.Entries[0]; e.Line != "assault C5 A1" || !strings.Contains(e.Reason, "A1 assault C5") {
		t.Errorf("GE reads %+v", e)
	}
	lg = logEntries{}
	if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens["US"], nil, &lg); code != http.StatusOK || len(lg.Entries) == 0 {
		t.Fatalf("the American's log: %d %+v", code, lg)
	}
	if e := lg.Entries[0]; e.Reason != "" || e.Line != "assault C5 A1" {
		t.Errorf("the American reads umpire's reason: %+v", e)
	}
}
