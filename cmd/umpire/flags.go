package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// Every command says an unknown flag its own way ("umpire CMD: unknown flag --x"); run then
// adds the nearest flag the command's help lists, when one is near (nearFlag). This is the one
// place a misspelt flag is matched, for umpire's commands and the rulesets' alike.

// parseFlags parses args with fs (a command whose flags are a flag.FlagSet), saying a bad one
// as the other commands do, and gives 0, or 2 for a usage error.
func parseFlags(cmd string, fs *flag.FlagSet, args []string, stderr io.Writer) int {
	err := fs.Parse(args)
	if err == nil {
		return 0
	}
	if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -"); ok {
		fmt.Fprintf(stderr, "umpire %s: unknown flag %s\n", cmd, asGiven(name, args))
		return 2
	}
	if errors.Is(err, flag.ErrHelp) { // -help spelt some other way run does not catch
		return 2
	}
	fmt.Fprintf(stderr, "umpire %s: %v\n", cmd, err)
	return 2
}

// asGiven is the flag name as args spelt it: --name or -name.
func asGiven(name string, args []string) string {
	for _, a := range args {
		if a == "--"+name || strings.HasPrefix(a, "--"+name+"=") {
			return "--" + name
		}
	}
	return "-" + name
}

// misspelt is the question to ask of the flag a command said is unknown (nearFlag, among its
// help's flags), "" if there is none to ask, and who said it.
func misspelt(e entry, said []byte) (near, who string) {
	flag, who := saidUnknown(said)
	if flag == "" {
		return "", ""
	}
	return nearFlag(append(append([]rules.Flag(nil), e.cmd.Flags...), helpFlag), flag), who
}

// saidUnknown is the flag a command's error output named unknown ("umpire lw measure: unknown
// flag --dett"), "" if none, and who said it ("umpire lw measure").
func saidUnknown(said []byte) (flag, who string) {
	before, after, ok := bytes.Cut(said, []byte("unknown flag "))
	if !ok {
		return "", ""
	}
	f := strings.Fields(string(after))
	if len(f) == 0 {
		return "", ""
	}
	line := before[bytes.LastIndexByte(before, '\n')+1:]
	who, _, _ = strings.Cut(string(line), ":")
	name, _, _ := strings.Cut(f[0], "=")
	return name, who
}

// nearFlag names the flags of the command's help nearest to the unknown flag given, as a
// question ("did you mean --addr?"), or "" when none is within a few letters' edits or begins
// with it. Dashes do not count: -adr and --adr are both near --addr.
func nearFlag(flags []rules.Flag, given string) string {
	bare := strings.ToLower(strings.TrimLeft(given, "-"))
	if bare == "" {
		return ""
	}
	best, near := len(bare)/3+2, []string(nil) // at most two edits, more for long names
	for _, f := range flags {
		for _, name := range strings.Split(f.Name, ", ") {
			known := strings.TrimLeft(name, "-")
			d := scenario.Distance(bare, known)
			if len(bare) >= 3 && strings.HasPrefix(known, bare) {
				d = 1 // the start of a flag's name
			}
			switch {
			case d < best:
				best, near = d, []string{"--" + known}
			case d == best && len(near) > 0:
				near = append(near, "--"+known)
			}
		}
	}
	if len(near) == 0 || near[0] == "--"+bare {
		return ""
	}
	return "did you mean " + strings.Join(near, " or ") + "?"
}

// recorder is the command's stderr, passed on as written, with the last of it kept to read
// back (what the command said of an unknown flag).
type recorder struct {
	w    io.Writer
	kept []byte
}

func (r *recorder) Write(p []byte) (int, error) {
	r.kept = append(r.kept, p...)
	if len(r.kept) > 4096 {
		r.kept = r.kept[len(r.kept)-4096:]
	}
	return r.w.Write(p)
}
