package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/server"
)

// serveEnv makes the test binary run `umpire serve` instead of the tests: the crash test
// starts it as a child process it can kill.
const serveEnv = "UMPIRE_TEST_RUN_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// child is a server process under test.
type child struct {
	cmd  *exec.Cmd
	base string
}

func startServe(t *testing.T, db string) *child {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// --no-limits: the crash test drives the server from one address as fast as it answers;
	// it tests durability, not the rate limits (server's hostile tests do).
	cmd := exec.Command(exe, "serve", "--addr", "127.0.0.1:0", "--db", db, "--no-demo", "--no-limits")
	cmd.Env = append(os.Environ(), serveEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.Contains(line, "listening on ") {
		t.Fatalf("serve said %q, %v", line, err)
	}
	base := strings.Fields(line[strings.Index(line, "listening on ")+len("listening on "):])[0]
	go io.Copy(io.Discard, out)
	return &child{cmd: cmd, base: base}
}

func (c *child) call(method, path, token string, body any, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		switch b := body.(type) {
		case []byte:
			rd = bytes.NewReader(b)
		default:
			js, _ := json.Marshal(b)
			rd = bytes.NewReader(js)
		}
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%q: %v", b, err)
		}
	}
	return resp.StatusCode, nil
}

// TestCrash kills a server with SIGKILL while clients stream steps into several games (each
// step a random legal one, dice and all), restarts it on the same database, and checks that
// every acknowledged step is there, that the log's line for it is the one acknowledged, and
// that replaying to it gives the state hash the server acknowledged.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	db := filepath.Join(t.TempDir(), "games.db")
	scen, err := os.ReadFile("../../server/demo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	srv := startServe(t, db)
	type created struct {
		ID     string            `json:"id"`
		Tokens map[string]string `json:"tokens"`
	}
	type ack struct{ line, hash string }
	const games = 4
	made := make([]created, games)
	acks := make([]map[int]ack, games)
	for i := range made {
		if code, err := srv.call("POST", "/api/games", "", scen, &made[i]); code != 201 || err != nil {
			t.Fatalf("create: %d %v", code, err)
		}
		acks[i] = map[int]ack{}
	}
	var mu sync.Mutex
	total := 0
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i, g := range made {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 9))
			tok := g.Tokens[server.Referee]
			units := []string{"PzIV", "T26A", "T26B", "Tr1", "Tr2"}
			sides := []string{"German", "Russian"}
			n, phase := 0, 0
			for ctx.Err() == nil {
				var st struct {
					N       int    `json:"n"`
					Phasing string `json:"phasing"`
				}
				if _, err := srv.call("GET", "/api/games/"+g.ID, tok, nil, &st); err != nil {
					return // the server is gone
				}
				n = st.N
				var steps struct {
					Steps []struct {
						Line string `json:"line"`
					} `json:"steps"`
				}
				u := units[rng.IntN(len(units))]
				srv.call("GET", "/api/games/"+g.ID+"/units/"+u+"/steps", tok, nil, &steps)
				line := ""
				if len(steps.Steps) > 0 && rng.IntN(8) > 0 {
					line = steps.Steps[rng.IntN(len(steps.Steps))].Line
				} else {
					phase++
					line = "mph " + sides[phase%2]
				}
				var a struct {
					Entry struct {
						N    int    `json:"n"`
						Line string `json:"line"`
					} `json:"entry"`
					State struct {
						Hash string `json:"hash"`
					} `json:"state"`
				}
				code, err := srv.call("POST", "/api/games/"+g.ID+"/steps", tok, map[string]any{"n": n + 1, "line": line}, &a)
				if err != nil {
					return
				}
				if code == 201 {
					mu.Lock()
					acks[i][a.Entry.N] = ack{a.Entry.Line, a.State.Hash}
					total++
					mu.Unlock()
				}
			}
		}()
	}
	// Kill it mid-stream, once enough steps are acknowledged.
	deadline := time.Now().Add(20 * time.Second)
	for {
		mu.Lock()
		n := total
		mu.Unlock()
		if n >= 150 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	srv.cmd.Wait()
	stop()
	wg.Wait()
	if total < 50 {
		t.Fatalf("only %d steps were acknowledged before the kill", total)
	}
	t.Logf("%d steps acknowledged before SIGKILL", total)

	again := startServe(t, db)
	for i, g := range made {
		var log struct {
			N       int `json:"n"`
			Entries []struct {
				N    int    `json:"n"`
				Line string `json:"line"`
			} `json:"entries"`
		}
		tok := g.Tokens[server.Spectator]
		if code, err := again.call("GET", "/api/games/"+g.ID+"/log", tok, nil, &log); code != 200 || err != nil {
			t.Fatalf("log after restart: %d %v", code, err)
		}
		for n, a := range acks[i] {
			if n > log.N || log.Entries[n-1].Line != a.line {
				t.Errorf("game %d: acknowledged step %d (%s) is not in the log of %d steps", i, n, a.line, log.N)
				continue
			}
			var v struct {
				Hash string `json:"hash"`
			}
			again.call("GET", fmt.Sprintf("/api/games/%s/replay?n=%d", g.ID, n), tok, nil, &v)
			if v.Hash != a.hash {
				t.Errorf("game %d step %d: replayed hash %.12s, acknowledged %.12s", i, n, v.Hash, a.hash)
			}
		}
	}
}

// TestServeDemos: `umpire serve` makes the three demo games and prints their links, the
// Lightning War one with a link for each side, the referee and the spectator; each side's link
// opens its state.
func TestServeDemos(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "games.db"))
	cmd.Env = append(os.Environ(), serveEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	rd := bufio.NewReader(out)
	var lines []string
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("serve said %q, then %v", lines, err)
		}
		lines = append(lines, strings.TrimRight(line, "\n"))
		if strings.HasPrefix(line, "new games:") {
			break
		}
	}
	go io.Copy(io.Discard, rd)
	text := strings.Join(lines, "\n")
	i := strings.Index(text, "(Lightning War): hidden movement")
	if i < 0 || !strings.Contains(text, "(ASL)") || !strings.Contains(text, "(LHY)") {
		t.Fatalf("serve printed:\n%s", text)
	}
	base := strings.Fields(lines[0][strings.Index(lines[0], "listening on ")+len("listening on "):])[0]
	links := map[string]string{}
	for _, l := range strings.Split(text[i:], "\n")[1:5] {
		f := strings.Fields(l)
		if len(f) != 2 || !strings.HasPrefix(f[1], base+"/play/") {
			t.Fatalf("a link line %q", l)
		}
		links[f[0]] = f[1]
	}
	for _, role := range []string{server.Referee, "German", "Russian", server.Spectator} {
		u, ok := links[role]
		if !ok {
			t.Fatalf("no %s link: %v", role, links)
		}
		id := u[len(base+"/play/"):strings.Index(u, "?k=")]
		c := &child{base: base}
		var st struct {
			Ruleset string `json:"ruleset"`
			Role    string `json:"role"`
			Dets    []struct {
				Side string `json:"side"`
			} `json:"dets"`
		}
		if code, err := c.call("GET", "/api/games/"+id, u[strings.Index(u, "?k=")+3:], nil, &st); code != 200 || err != nil {
			t.Fatalf("%s's state: %d %v", role, code, err)
		}
		want := map[string]int{server.Referee: 5, "German": 3, "Russian": 2, server.Spectator: 0}[role]
		if st.Ruleset != "lightningwar" || st.Role != role || len(st.Dets) != want {
			t.Errorf("%s sees %+v, want %d detachments", role, st, want)
		}
	}
}
