package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/server"
	"github.com/umpire-referee/umpire/store"
)

// defaultBase is the server's address --new-links puts before its links: umpire serve's
// default --addr.
const defaultBase = "http://127.0.0.1:8080"

// gamesCmd is `umpire games`: the stored games, newest change first; with --new-links ID, new
// links for every role of one game (the old ones stop working).
func gamesCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	db := fs.String("db", defaultDB(), "")
	id := fs.String("new-links", "", "")
	base := fs.String("base", defaultBase, "")
	if code := parseFlags("games", fs, args, stderr); code != 0 {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "umpire games takes flags only, not %q (new links for a game: --new-links ID)\n", fs.Arg(0))
		return 2
	}
	at, err := serverBase(*base)
	if err != nil {
		fmt.Fprintf(stderr, "umpire games: --base %s\n", err)
		return 2
	}
	st, err := openStored(*db)
	if err != nil {
		fmt.Fprintf(stderr, "umpire games: %v\n", err)
		return 1
	}
	defer st.Close()
	if *id != "" {
		return newLinks(st, *id, at, stdout, stderr)
	}
	return listGames(st, *db, stdout, stderr)
}

// serverBase checks the --base URL: http or https, a host, no query; without the final slash.
func serverBase(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%q is not a server's address: give it as umpire serve printed it, http://HOST:PORT (or https://HOST behind a proxy)", s)
	}
	return strings.TrimRight(s, "/"), nil
}

// openStored opens the store at db, which must exist (a SQLite file serve wrote, or a
// postgres:// URL): a mistyped file is said, not made into an empty store.
func openStored(db string) (store.Store, error) {
	isURL := strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
	if _, err := os.Stat(db); !isURL && err != nil {
		return nil, fmt.Errorf("--db %s: no such store: give the SQLite file umpire serve --db keeps its games in (its default: %s), or its postgres:// URL", db, defaultDB())
	}
	return store.Open(context.Background(), db)
}

// listGames prints the stored games in aligned columns, the last changed first.
func listGames(st store.Store, db string, stdout, stderr io.Writer) int {
	gs, err := st.Games(context.Background())
	if err != nil {
		fmt.Fprintf(stderr, "umpire games: %v\n", err)
		return 1
	}
	if len(gs) == 0 {
		fmt.Fprintf(stdout, "no games in %s yet: umpire serve --db %s keeps its games there\n", where(db), db)
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tRULESET\tSTEPS\tLAST CHANGE (UTC)")
	for _, g := range gs {
		name, _ := rules.Named(g.Scenario)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", g.ID, g.Name, rulesetLabel(name), g.Steps,
			time.Unix(0, g.Changed).UTC().Format("2006-01-02 15:04:05"))
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%d %s in %s. New links for one (its old links stop working): umpire games --new-links ID\n",
		len(gs), plural(len(gs), "game", "games"), where(db))
	return 0
}

// newLinks issues new links for every role of game id and prints them as serve prints a
// demo game's, each after the server's address at.
func newLinks(st store.Store, id, at string, stdout, stderr io.Writer) int {
	c, err := server.NewLinks(context.Background(), st, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		fmt.Fprintf(stderr, "umpire games: no game %q in this store: `umpire games` lists its games and their ids\n", id)
		return 1
	case errors.Is(err, store.ErrConflict):
		fmt.Fprintf(stderr, "umpire games: game %s was given new links by someone else meanwhile; run this again for links of your own\n", id)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "umpire games: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "new links for game %q (%s, %s): the old links no longer open it\n", c.Name, rulesetLabel(c.Ruleset), c.ID)
	printLinks(stdout, at, c)
	fmt.Fprintf(stdout, "(links to the server at %s: if it listens elsewhere, give its address with --base URL; a running server takes them within seconds)\n", at)
	return 0
}

// printLinks prints a game's link for each role, the referee first and the spectator last,
// each after the server's address base.
func printLinks(w io.Writer, base string, c *server.Created) {
	for _, role := range append(append([]string{server.Referee}, c.Sides...), server.Spectator) {
		if link, ok := c.Links[role]; ok {
			fmt.Fprintf(w, "  %-10s %s%s\n", role, base, link)
		}
	}
}

// rulesetLabel is how serve and games name a ruleset: "ASL", "LHY", "Lightning War".
func rulesetLabel(name string) string {
	if name == "lightningwar" {
		return "Lightning War"
	}
	return strings.ToUpper(name)
}

// where names a store for a message: a file as given, PostgreSQL without its URL (which may
// hold a password).
func where(db string) string {
	if strings.HasPrefix(db, "postgres") {
		return "PostgreSQL"
	}
	return db
}

// plural is one or many, by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
