package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/store"
)

// The recorded games (testdata/recorded) are a SQLite database of games of every ruleset made
// before the ruleset contract (issue 17), with the state hash after every step and what the API
// answered each role. Every later server must open them, replay them to the same hashes and
// answer the same. A change of rules may record them again with
//
//	go test ./server -run TestRecordedGames -record
//
// and its note then says what changed and why.
var record = flag.Bool("record", false, "make testdata/recorded again from today's server")

// reanswer records the API's answers again over the same database (its games, their hashes
// checked as before), for a change that means to alter what the API says:
//
//	go test ./server -run TestRecordedGames -reanswer
var reanswer = flag.Bool("reanswer", false, "record the API's answers to the recorded games again")

// rehash records again only the state hashes of the recorded games (their logs replayed as
// before, the API's answers still checked), for a change of how a ruleset represents its state
// that changes no outcome:
//
//	go test ./server -run TestRecordedGames -rehash
var rehash = flag.Bool("rehash", false, "record the recorded games' state hashes again, nothing else")

// recordedGame is one game of recorded.json.
type recordedGame struct {
	ID      string            `json:"id"`
	File    string            `json:"file"`
	Ruleset string            `json:"ruleset"`
	Tokens  map[string]string `json:"tokens"`
	// Hashes[n] is the state's hash after step n (0: the setup).
	Hashes []string `json:"hashes"`
	// Answers maps "ROLE GET PATH (STATUS)" to the JSON the API answered: the whole answer
	// for the state and log, its digest (canonicalJSON's SHA-256) for each replay.
	Answers map[string]json.RawMessage `json:"answers"`
}

// recordedFiles are the scenarios the games start from; each is recorded twice: created with
// its own moves, and created bare with its moves then submitted one by one through the API as
// the referee (the server's dice).
var recordedFiles = []string{
	"server/demo.yaml",
	"testdata/examples/d14.212-t26-platoon.yaml",
	"testdata/e11/11.2-road-rate.yaml",
	"testdata/examples/e11.21-convoy-gap.yaml",
	"server/demo-lhy.yaml",
	"testdata/lhy/14.3-advance-reinforce.yaml",
	"testdata/lhy/14.3-manual-example.yaml",
	"server/demo-lw.yaml",
	"testdata/lightningwar/orders-continue-after-halt.yaml",
	"testdata/lightningwar/mire-tow-freed-third-turn.yaml",
}

// demoMoves are steps added to the demo games (which have no moves of their own).
var demoMoves = map[string][]string{
	"server/demo.yaml":     {"PzIV start", "PzIV enter 2K4", "PzIV enter 2L4", "mph Russian", "P1 start", "P1: T26A vca 2R3-2S4, T26B -"},
	"server/demo-lhy.yaml": {"assault C4 US1 US2 USL", "resolve C4", "turn", "fire E5: sa +1"},
	"server/demo-lw.yaml":  {"movement", "reveal Tanks", "halt PzZug", "movement 1/2", "movement 2/2", "order Rifles path 40,16: dig in", "movement"},
}

// probes are steps each role submits to the demo games at their end, which the referee refuses
// or the link may not play: their answers (the refusal's report and state) are recorded too.
var probes = map[string][]string{
	"server/demo.yaml":     {"PzIV enter 2A1", "T26A enter 2A1", "PzIV fly", "BT7 start"},
	"server/demo-lhy.yaml": {"fire E5: at T1 +2 atv 1", "retreat GE1 C3 C2", "fly C4", "assault Z99 US1"},
	"server/demo-lw.yaml":  {"halt NOSUCH", "halt PzZug", "order Tanks path 99,99", "order PzZug path 99,99", "join Rifles into Tanks", "fly"},
}

// probePaths are further GETs recorded for the demo games.
var probePaths = map[string][]string{
	"server/demo.yaml":     {"/units/PzIV/steps", "/units/PzIV/reach", "/units/T26A/steps", "/units/T26B/reach?max_risk=0.1", "/units/NOSUCH/steps", "/odds?line=PzIV+start"},
	"server/demo-lhy.yaml": {"/odds?line=" + url.QueryEscape("assault C4 US1 US2 USL"), "/odds?line=" + url.QueryEscape("fire E5: sa +1"), "/units/US1/steps"},
	"server/demo-lw.yaml":  {"/units/PzZug/steps", "/odds?line=movement"},
}

const recordedDir = "../testdata/recorded"

// bare is the scenario without its moves and dice script, and its moves.
func bare(t *testing.T, data []byte) ([]byte, []string) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Content[0]
	var moves []string
	var kept []*yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		switch root.Content[i].Value {
		case "moves":
			for _, m := range root.Content[i+1].Content {
				moves = append(moves, m.Value)
			}
			continue
		case "dice", "expect":
			continue
		}
		kept = append(kept, root.Content[i], root.Content[i+1])
	}
	root.Content = kept
	out, err := yaml.Marshal(&doc)
	if err != nil {
		t.Fatal(err)
	}
	return out, moves
}

// answers is what the API tells each role of a game: its state, log and every replay. edit,
// if not nil, rewrites each answer first (rehashed: today's hashes back to the recorded ones).
func answers(t *testing.T, c *client, rg *recordedGame, n int, edit func([]byte) []byte) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	paths := []string{"/api/games/" + rg.ID, "/api/games/" + rg.ID + "/log"}
	for k := 0; k <= n; k++ {
		paths = append(paths, fmt.Sprintf("/api/games/%s/replay?n=%d", rg.ID, k))
	}
	for _, p := range probePaths[strings.TrimSuffix(rg.File, " (moves through the API)")] {
		paths = append(paths, "/api/games/"+rg.ID+p)
	}
	for role, tok := range rg.Tokens {
		for _, line := range probes[strings.TrimSuffix(rg.File, " (moves through the API)")] {
			body, _ := json.Marshal(map[string]any{"n": n + 1, "line": line})
			req, _ := http.NewRequest("POST", c.base+"/api/games/"+rg.ID+"/steps", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+tok)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if edit != nil {
				b = edit(b)
			}
			if resp.StatusCode == http.StatusCreated {
				t.Fatalf("%s: probe %q was accepted for %s", rg.File, line, role)
			}
			out[fmt.Sprintf("%s POST %s (%d)", role, line, resp.StatusCode)] = json.RawMessage(b)
		}
		for _, p := range paths {
			req, _ := http.NewRequest("GET", c.base+p, nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if edit != nil {
				b = edit(b)
			}
			if strings.Contains(p, "/replay?") {
				sum := sha256.Sum256(canonicalJSON(b))
				b, _ = json.Marshal(hex.EncodeToString(sum[:]))
			}
			out[fmt.Sprintf("%s GET %s (%d)", role, p, resp.StatusCode)] = json.RawMessage(b)
		}
	}
	return out
}

// hashes replays the stored log step by step.
func hashes(t *testing.T, st store.Store, id string) []string {
	rec, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := st.Entries(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Open(rec.Name, rec.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	h := g.Hash()
	out := []string{hashString(h)}
	for _, e := range entries {
		if _, err := g.ApplyEntry(e); err != nil {
			t.Fatalf("game %s: %v", id, err)
		}
		h = g.Hash()
		out = append(out, hashString(h))
	}
	return out
}

func makeRecorded(t *testing.T) {
	db := filepath.Join(recordedDir, "games.db")
	os.MkdirAll(recordedDir, 0o755)
	for _, f := range []string{db, db + "-wal", db + "-shm"} {
		os.Remove(f)
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Store: st, Dice: func(string) dice.Source { return dice.NewSeeded(17) }})
	c := serveTest(t, s)
	var games []*recordedGame
	for _, f := range recordedFiles {
		data, err := os.ReadFile(filepath.Join("..", f))
		if err != nil {
			t.Fatal(err)
		}
		cr := c.create(data)
		games = append(games, &recordedGame{ID: cr.ID, File: f, Ruleset: cr.Ruleset, Tokens: cr.Tokens})
		b, moves := bare(t, data)
		if extra := demoMoves[f]; extra != nil {
			moves = extra
			n := cr.N
			for _, line := range extra {
				if code, _ := c.submit(cr, Referee, n+1, line); code == http.StatusCreated {
					n++
				}
			}
		}
		cr = c.create(b)
		n := cr.N
		for _, line := range moves {
			if code, _ := c.submit(cr, Referee, n+1, line); code == http.StatusCreated {
				n++
			}
		}
		games = append(games, &recordedGame{ID: cr.ID, File: f + " (moves through the API)", Ruleset: cr.Ruleset, Tokens: cr.Tokens})
	}
	for _, rg := range games {
		rg.Hashes = hashes(t, st, rg.ID)
		rg.Answers = answers(t, c, rg, len(rg.Hashes)-1, nil)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	b, _ := json.MarshalIndent(games, "", " ")
	if err := os.WriteFile(filepath.Join(recordedDir, "games.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRecordedGames opens a copy of the recorded database: every game replays to its recorded
// hashes, and the API answers every role as it did.
func TestRecordedGames(t *testing.T) {
	if *record {
		makeRecorded(t)
	}
	b, err := os.ReadFile(filepath.Join(recordedDir, "games.json"))
	if err != nil {
		t.Fatal(err)
	}
	var games []*recordedGame
	if err := json.Unmarshal(b, &games); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(recordedDir, "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "games.db")
	os.WriteFile(db, data, 0o644)
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c := serveTest(t, New(Config{Store: st, Dice: func(string) dice.Source { return dice.NewSeeded(17) }}))
	rulesets := map[string]int{}
	for _, rg := range games {
		rulesets[rg.Ruleset]++
		got := hashes(t, st, rg.ID)
		if *rehash {
			rehashed(t, c, rg, got)
		}
		if fmt.Sprint(got) != fmt.Sprint(rg.Hashes) {
			t.Errorf("%s (%s): hashes after each step\n got %v\nwant %v", rg.ID, rg.File, got, rg.Hashes)
		}
		ans := answers(t, c, rg, len(rg.Hashes)-1, nil)
		if *reanswer {
			rg.Answers = ans
			continue
		}
		for k, want := range rg.Answers {
			if got, ok := ans[k]; !ok {
				t.Errorf("%s (%s): no answer to %s", rg.ID, rg.File, k)
			} else if !sameJSON(got, want) {
				t.Errorf("%s (%s): %s answered\n %s\nwant\n %s", rg.ID, rg.File, k, got, want)
			}
		}
	}
	if *reanswer || *rehash {
		b, _ := json.MarshalIndent(games, "", " ")
		if err := os.WriteFile(filepath.Join(recordedDir, "games.json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(rulesets) != 3 || len(games) < 12 {
		t.Errorf("recorded games by ruleset: %v", rulesets)
	}
}

// rehashed records a game's hashes again as got, today's, and in its answers each recorded
// hash where it appears (a state's "hash"), provided that every answer, today's hashes put
// back to the recorded ones, is what was recorded: nothing but the hashes may change.
func rehashed(t *testing.T, c *client, rg *recordedGame, got []string) {
	if len(got) != len(rg.Hashes) {
		t.Fatalf("%s (%s): %d states replayed, %d recorded", rg.ID, rg.File, len(got), len(rg.Hashes))
	}
	var back, forth []string
	for k := range got {
		back = append(back, got[k], rg.Hashes[k])
		forth = append(forth, rg.Hashes[k], got[k])
	}
	undo := strings.NewReplacer(back...)
	was := answers(t, c, rg, len(got)-1, func(b []byte) []byte { return []byte(undo.Replace(string(b))) })
	for k, want := range rg.Answers {
		if !sameJSON(was[k], want) {
			t.Fatalf("%s (%s): %s answers other than the hashes: not rehashed\n %s\nwant\n %s", rg.ID, rg.File, k, was[k], want)
		}
	}
	redo := strings.NewReplacer(forth...)
	now := answers(t, c, rg, len(got)-1, nil)
	for k, want := range rg.Answers {
		if strings.HasPrefix(string(want), "\"") { // a replay's digest: today's answer's
			rg.Answers[k] = now[k]
		} else {
			rg.Answers[k] = json.RawMessage(redo.Replace(string(want)))
		}
	}
	rg.Hashes = got
}

// sameJSON: a and b are the same JSON value (key order and spacing aside).
func sameJSON(a, b []byte) bool { return string(canonicalJSON(a)) == string(canonicalJSON(b)) }

// canonicalJSON is b with its keys sorted and no spacing (b itself if it is not JSON).
func canonicalJSON(b []byte) []byte {
	var x any
	if json.Unmarshal(b, &x) != nil {
		return b
	}
	out, _ := json.Marshal(x)
	return out
}
