package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
	"github.com/umpire-referee/umpire/store"
)

// savedFixture saves the map of each scenario file in a new SQLite store (under the name
// given) and writes each file again naming its saved map. It gives the store's path and the
// files' new paths.
func savedFixture(t *testing.T, files map[string]string) (string, map[string]string) {
	t.Helper()
	dir := t.TempDir()
	db := filepath.Join(dir, "maps.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	out := map[string]string{}
	for name, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := rules.Named(data)
		key, wrap, own := "map", true, []string(nil)
		if rs == "lightningwar" {
			key, wrap, own = "table", false, []string{"terrain", "roads", "streams", "chokes"}
		}
		saved, file, err := scenario.Split(data, key, wrap, own, name)
		if err != nil {
			t.Fatal(err)
		}
		info, err := rules.ReadMap(rs, name, saved, rules.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if err := st.CreateMap(context.Background(), store.Map{Name: name, Ruleset: rs, Data: info.YAML, Summary: info.Summary, Token: []byte{1}}); err != nil {
			t.Fatal(err)
		}
		out[name] = filepath.Join(dir, filepath.Base(path))
		if err := os.WriteFile(out[name], file, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return db, out
}

// TestStoreFlag: play and check read a saved map from --store, and refuse it, at its line,
// without one.
func TestStoreFlag(t *testing.T) {
	db, f := savedFixture(t, map[string]string{
		"demo":   "demo/demo.yaml",
		"d14.33": "../../testdata/examples/d14.33-armored-assault.yaml",
		"adjust": "../../testdata/lightningwar/adjust-within-ten-percent.yaml",
	})
	_, inline, _ := runCmd("play", "demo/demo.yaml")
	for _, c := range []struct {
		args         []string
		code         int
		stdout, errs string
	}{
		{[]string{"play", f["demo"]}, 1, "", f["demo"] + ":8: map: {saved: demo} needs --store DSN"},
		{[]string{"play", "--store", db, f["demo"]}, 0, inline, ""},
		{[]string{"play", f["demo"], "--store=" + db, "--json"}, 0, `"unit":"BT7"`, ""},
		{[]string{"check", f["d14.33"], f["adjust"]}, 1, "0 passed, 2 failed", ""},
		{[]string{"check", f["adjust"]}, 1, f["adjust"] + ":", "table: {saved: adjust} needs --store DSN"},
		{[]string{"check", "--store", db, f["d14.33"], f["adjust"]}, 0, "2 passed, 0 failed", ""},
		{[]string{"check", "--store", filepath.Join(t.TempDir(), "none.db"), f["adjust"]}, 1, "", "no such store"},
		{[]string{"play", f["demo"], "--store"}, 2, "", "--store needs the store"},
		{[]string{"check", "--store", db, "--strict", f["adjust"]}, 2, "", "unknown flag --strict"},
	} {
		code, out, errs := runCmd(c.args...)
		all := out + errs
		if code != c.code || !strings.Contains(out, c.stdout) || !strings.Contains(all, c.errs) {
			t.Errorf("umpire %s: exit %d\n%s%s\nwant exit %d, %q, %q", strings.Join(c.args, " "), code, out, errs, c.code, c.stdout, c.errs)
		}
	}
	gone := filepath.Join(filepath.Dir(f["demo"]), "gone.yaml")
	data, _ := os.ReadFile(f["demo"])
	os.WriteFile(gone, []byte(strings.Replace(string(data), "saved: demo", "saved: nowhere", 1)), 0o600)
	if code, _, errs := runCmd("play", "--store", db, gone); code != 1 || !strings.Contains(errs, gone+":8: map.saved: no map saved as \"nowhere\"") {
		t.Errorf("a map not saved: exit %d %s", code, errs)
	}
}
