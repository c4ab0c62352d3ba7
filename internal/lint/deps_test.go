package lint

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestContractOnly: the server, the store and the game log know the rulesets only through the
// contract (package rules): none of them depends on a rules core or a ruleset's own packages.
func TestContractOnly(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: go list -deps needs one (go test was run without it)")
	}
	cmd := exec.Command(goTool, "list", "-deps", "./server", "./store", "./game")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const mod = "github.com/umpire-referee/umpire/"
	n := 0
	for _, p := range strings.Fields(string(out)) {
		if !strings.HasPrefix(p, mod) {
			continue
		}
		n++
		switch top, _, _ := strings.Cut(strings.TrimPrefix(p, mod), "/"); top {
		case "asl", "lhy", "lightningwar", "internal":
			t.Errorf("%s depends on %s", "server, store or game", p)
		}
	}
	if n < 4 {
		t.Fatalf("go list named only %d of the module's packages:\n%s", n, out)
	}
}
