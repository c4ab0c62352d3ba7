package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/store"
)

// storeFlag takes `--store DSN` (or --store=DSN, -store) out of args: the store whose saved
// maps a scenario may name (`map: {saved: NAME}`). It gives the DSN ("" if not given) and the
// other arguments.
func storeFlag(cmd string, args []string) (dsn string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--store" || a == "-store":
			if i+1 >= len(args) {
				return "", nil, fmt.Errorf("umpire %s: --store needs the store: a SQLite file or a postgres:// URL", cmd)
			}
			dsn = args[i+1]
			i++
		case strings.HasPrefix(a, "--store=") || strings.HasPrefix(a, "-store="):
			_, dsn, _ = strings.Cut(a, "=")
		default:
			rest = append(rest, a)
		}
	}
	return dsn, rest, nil
}

// savedMaps opens the store at dsn for its saved maps; dsn "" is none (a reference to a saved
// map is then refused, at its line, by the ruleset's reader). A SQLite file that does not exist
// is an error, not a new empty store. close closes the store.
func savedMaps(dsn string) (maps rules.SavedMaps, close func(), err error) {
	if dsn == "" {
		return nil, func() {}, nil
	}
	isURL := strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
	if _, err := os.Stat(dsn); !isURL && err != nil {
		return nil, nil, fmt.Errorf("--store %s: no such store (a SQLite file umpire serve --db wrote, or a postgres:// URL)", dsn)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, dsn)
	if err != nil {
		return nil, nil, err
	}
	return func(name string) (string, []byte, error) {
		m, err := st.Map(ctx, name)
		if errors.Is(err, store.ErrNotFound) {
			return "", nil, fmt.Errorf("no map saved as %q in %s", name, dsn)
		}
		if err != nil {
			return "", nil, err
		}
		return m.Ruleset, m.Data, nil
	}, func() { st.Close() }, nil
}
