package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/render"
	"github.com/umpire-referee/umpire/scenario"
)

// rulesetOf is the ruleset a scenario file names ("asl" when none; "" when unreadable).
func rulesetOf(path string) string {
	if path == "" {
		return "asl"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return scenario.Ruleset(data)
}

func loadLW(path string) (*scenario.LightningWar, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return scenario.LoadLightningWar(path, data)
}

func playLW(file string, asJSON bool, svg string, stdout, stderr io.Writer) int {
	s, err := loadLW(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for _, w := range s.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	enc := json.NewEncoder(stdout)
	if !asJSON {
		fmt.Fprintln(stdout, s.Name)
	}
	g, out := s.Play(func(st scenario.LWStep) {
		if asJSON {
			enc.Encode(st.JSON())
			return
		}
		fmt.Fprintln(stdout, scenario.FormatLWStep(st))
	})
	if !asJSON {
		if !s.HasSeed {
			fmt.Fprintf(stdout, "(dice seed %d: add `seed: %d` to replay these rolls)\n", out.Seed, out.Seed)
		}
		fmt.Fprintf(stdout, "turn %d:\n", g.Turn)
		for _, d := range g.Dets {
			fmt.Fprintf(stdout, "  %s (%s) at %v: %s\n", d.ID, d.Side, d.Pos, describeDet(g, d))
		}
	}
	if svg != "" {
		f, err := os.Create(svg)
		if err == nil {
			err = render.Table(f, g, "", s.Name)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintln(stderr, "umpire play:", err)
			return 1
		}
	}
	if out.Stopped {
		return 1
	}
	return 0
}

func describeDet(g *lw.Game, d *lw.Detachment) string {
	ic := g.DetachmentInitiative(d)
	reg := "Regular"
	if !ic.Regular {
		reg = "Irregular"
	}
	s := fmt.Sprintf("%v, %s, Initiative %s", d.Units, reg, ic.Result)
	switch {
	case d.Order == nil:
		s += ", no orders"
	case len(d.Route) > 1:
		s += fmt.Sprintf(", %s of its path to go", lw.Inches(d.Route.Length()-d.Along))
	}
	for _, id := range d.Units {
		if u := g.Unit(id); u.Mired {
			s += ", " + id + " mired"
		}
	}
	return s
}

func checkLW(file string, stdout io.Writer) bool {
	s, err := loadLW(file)
	if err != nil {
		fmt.Fprintln(stdout, err)
		return false
	}
	for _, w := range s.Warnings {
		fmt.Fprintln(stdout, "warning:", w)
	}
	g, out := s.Play(nil)
	fails := s.Check(g, out)
	for _, fl := range fails {
		fmt.Fprintf(stdout, "%s:%d: %s\n", file, fl.Line, fl.Msg)
	}
	return len(fails) == 0 && len(s.Warnings) == 0
}
