package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/store"
)

// MaxMapName is the longest map name, in characters.
const MaxMapName = 64

// CheckMapName says what is wrong with a map name, or nil: 1 to 64 characters, each a letter,
// a digit, '-', '_', '.' or a space, beginning and ending with a letter or digit. A control
// character is refused as every name refuses one (rules.CheckText), in those words.
func CheckMapName(name string) error {
	const rule = "a map's name is 1 to 64 letters, digits, '-', '_', '.' and spaces, beginning and ending with a letter or digit"
	if err := rules.CheckText(rules.TextName, name); err != nil {
		return fmt.Errorf("%q: %v", name, err)
	}
	n := utf8.RuneCountInString(name)
	if n == 0 || n > MaxMapName || !utf8.ValidString(name) {
		return fmt.Errorf("%s; %q is not one", rule, name)
	}
	for i, c := range name {
		alnum := unicode.IsLetter(c) || unicode.IsDigit(c)
		edge := i == 0 || i+utf8.RuneLen(c) == len(name)
		if (edge && !alnum) || (!alnum && !strings.ContainsRune("-_. ", c)) {
			return fmt.Errorf("%s; %q is not one", rule, name)
		}
	}
	return nil
}

// mapBody is what POST /api/maps and PUT /api/maps/{name} take.
type mapBody struct {
	Name    string `json:"name"`
	Ruleset string `json:"ruleset"`
	// Map is the map as YAML text (a JSON string) or as a JSON object.
	Map json.RawMessage `json:"map"`
}

// MapSaved is what saving or copying a map answers.
type MapSaved struct {
	Name     string   `json:"name"`
	Ruleset  string   `json:"ruleset"`
	Summary  string   `json:"summary"`
	Token    string   `json:"token,omitempty"`
	Warnings []string `json:"warnings"`
}

// MapListed is one saved map in GET /api/maps.
type MapListed struct {
	Name    string    `json:"name"`
	Ruleset string    `json:"ruleset"`
	Summary string    `json:"summary"`
	Updated time.Time `json:"updated"`
}

// MapOpened is GET /api/maps/{name}: the map as YAML and as JSON.
type MapOpened struct {
	MapListed
	Map     string `json:"map"`
	MapJSON any    `json:"map_json,omitempty"`
}

// readMapBody reads a map request's JSON body (bounded by MaxScenario); on failure it has
// answered.
func (s *Server) readMapBody(w http.ResponseWriter, r *http.Request) (mapBody, bool) {
	var b mapBody
	ok := readJSON(w, r, s.cfg.MaxScenario, rules.LimitBody, &b, `a JSON object {"name": ..., "ruleset": ..., "map": ...}`)
	return b, ok
}

// readMap checks a map request's map with its ruleset under lim; on failure it has answered
// (400, or for a map over a limit 413 or 422).
func readMap(w http.ResponseWriter, name, ruleset string, raw json.RawMessage, lim rules.Limits) (rules.MapInfo, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		fail(w, http.StatusBadRequest, "no map: give \"map\", the map as YAML text or a JSON object")
		return rules.MapInfo{}, false
	}
	if _, ok := rules.Lookup(ruleset); !ok {
		fail(w, http.StatusBadRequest, "ruleset: give the map's ruleset, one of %s; not %q", rules.Names(), ruleset)
		return rules.MapInfo{}, false
	}
	text := []byte(raw)
	var s string
	if json.Unmarshal(raw, &s) == nil {
		text = []byte(s)
	}
	info, err := rules.ReadMap(ruleset, name, text, lim)
	if overLimit(w, err) {
		return rules.MapInfo{}, false
	}
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return rules.MapInfo{}, false
	}
	return info, true
}

// createMap is POST /api/maps: a new saved map, answered with its edit token.
func (s *Server) createMap(w http.ResponseWriter, r *http.Request) {
	b, ok := s.readMapBody(w, r)
	if !ok {
		return
	}
	if err := CheckMapName(b.Name); err != nil {
		fail(w, http.StatusBadRequest, "name: %v", err)
		return
	}
	info, ok := readMap(w, b.Name, b.Ruleset, b.Map, s.cfg.Limits)
	if !ok {
		return
	}
	rs, _ := rules.Lookup(b.Ruleset)
	s.saveNew(w, r.Context(), store.Map{Name: b.Name, Ruleset: rs.Name(), Data: info.YAML, Summary: info.Summary}, info.Warnings)
}

// DefaultMaxMaps is how many maps a server keeps at most unless told otherwise (--max-maps):
// a club's boards and then some, and a list of them that one answer can carry.
const DefaultMaxMaps = 1000

// LimitMaps names the cap on saved maps in a limit answer.
const LimitMaps = "maps"

// saveNew saves m under a fresh edit token and answers 201 with it (409 if the name is taken;
// 422 if the store holds as many maps as it may, Config.MaxMaps).
func (s *Server) saveNew(w http.ResponseWriter, ctx context.Context, m store.Map, warnings []string) {
	n, err := s.cfg.Store.MapCount(ctx)
	if err == nil && n >= s.cfg.MaxMaps {
		msg := fmt.Sprintf("this server keeps at most %d saved maps (--max-maps) and has %d: delete one (DELETE /api/maps/{name} with its token) before saving another", s.cfg.MaxMaps, n)
		writeJSON(w, http.StatusUnprocessableEntity, limitError{apiError: apiError{Error: msg}, Limit: LimitMaps, Max: s.cfg.MaxMaps})
		return
	}
	tok, digest := mintToken()
	m.Token, m.Updated = digest, time.Now().UnixNano()
	if err == nil {
		err = s.cfg.Store.CreateMap(ctx, m)
	}
	if errors.Is(err, store.ErrConflict) {
		fail(w, http.StatusConflict, "a map is already saved as %q: choose another name, or overwrite it with PUT /api/maps/{name} and its token", m.Name)
		return
	}
	if err != nil {
		s.failed(w, http.StatusInternalServerError, err, "map %q could not be saved", m.Name)
		return
	}
	if warnings == nil {
		warnings = []string{}
	}
	writeJSON(w, http.StatusCreated, MapSaved{Name: m.Name, Ruleset: m.Ruleset, Summary: m.Summary, Token: tok, Warnings: warnings})
}

// openMap reads the map named in the path; on failure it has answered (404, 500).
func (s *Server) openMap(w http.ResponseWriter, r *http.Request) (store.Map, bool) {
	name := r.PathValue("name")
	m, err := s.cfg.Store.Map(r.Context(), name)
	if errors.Is(err, store.ErrNotFound) {
		fail(w, http.StatusNotFound, "no map saved as %q", name)
		return m, false
	}
	if err != nil {
		s.failed(w, http.StatusInternalServerError, err, "map %q could not be read", name)
		return m, false
	}
	return m, true
}

// mayEdit checks the request's edit token against the map's: 401 without one, 403 with
// another (compared in constant time). On failure it has answered.
func mayEdit(w http.ResponseWriter, r *http.Request, m store.Map) bool {
	tok := bearer(r)
	if tok == "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="umpire maps"`)
		fail(w, http.StatusUnauthorized, "changing map %q needs its edit token: \"Authorization: Bearer TOKEN\" (the token saving it answered)", m.Name)
		return false
	}
	sum := sha256.Sum256([]byte(tok))
	if subtle.ConstantTimeCompare(sum[:], m.Token) != 1 {
		fail(w, http.StatusForbidden, "this token does not edit map %q", m.Name)
		return false
	}
	return true
}

// getMap is GET /api/maps/{name}.
func (s *Server) getMap(w http.ResponseWriter, r *http.Request) {
	m, ok := s.openMap(w, r)
	if !ok {
		return
	}
	out := MapOpened{MapListed: listed(m), Map: string(m.Data)}
	var v any
	if yaml.Unmarshal(m.Data, &v) == nil {
		if _, err := json.Marshal(v); err == nil {
			out.MapJSON = v
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func listed(m store.Map) MapListed {
	return MapListed{Name: m.Name, Ruleset: m.Ruleset, Summary: m.Summary, Updated: time.Unix(0, m.Updated).UTC()}
}

// listMaps is GET /api/maps.
func (s *Server) listMaps(w http.ResponseWriter, r *http.Request) {
	ms, err := s.cfg.Store.Maps(r.Context())
	if err != nil {
		s.failed(w, http.StatusInternalServerError, err, "the maps could not be listed")
		return
	}
	out := make([]MapListed, len(ms))
	for i, m := range ms {
		out[i] = listed(m)
	}
	writeJSON(w, http.StatusOK, out)
}

// putMap is PUT /api/maps/{name}: overwrite a map, with its edit token. The ruleset stays the
// map's unless the body names another.
func (s *Server) putMap(w http.ResponseWriter, r *http.Request) {
	m, ok := s.openMap(w, r)
	if !ok || !mayEdit(w, r, m) {
		return
	}
	b, ok := s.readMapBody(w, r)
	if !ok {
		return
	}
	if b.Name != "" && b.Name != m.Name {
		fail(w, http.StatusBadRequest, "name: the body names %q and the path %q: copy a map to rename it (POST /api/maps/{name}/copy)", b.Name, m.Name)
		return
	}
	if b.Ruleset == "" {
		b.Ruleset = m.Ruleset
	}
	info, ok := readMap(w, m.Name, b.Ruleset, b.Map, s.cfg.Limits)
	if !ok {
		return
	}
	rs, _ := rules.Lookup(b.Ruleset)
	m.Ruleset, m.Data, m.Summary, m.Updated = rs.Name(), info.YAML, info.Summary, time.Now().UnixNano()
	if !s.mapWritten(w, m.Name, s.cfg.Store.UpdateMap(r.Context(), m)) {
		return
	}
	if info.Warnings == nil {
		info.Warnings = []string{}
	}
	writeJSON(w, http.StatusOK, MapSaved{Name: m.Name, Ruleset: m.Ruleset, Summary: m.Summary, Warnings: info.Warnings})
}

// mapWritten answers a failed update or delete (the map gone meanwhile: 404); true if err is nil.
func (s *Server) mapWritten(w http.ResponseWriter, name string, err error) bool {
	if errors.Is(err, store.ErrNotFound) {
		fail(w, http.StatusNotFound, "no map saved as %q (deleted meanwhile)", name)
		return false
	}
	if err != nil {
		s.failed(w, http.StatusInternalServerError, err, "map %q could not be saved", name)
		return false
	}
	return true
}

// copyMap is POST /api/maps/{name}/copy {"name": NEW}: the map saved again under a new name,
// with a new edit token. Anyone may copy a map (anyone may read it).
func (s *Server) copyMap(w http.ResponseWriter, r *http.Request) {
	m, ok := s.openMap(w, r)
	if !ok {
		return
	}
	b, ok := s.readMapBody(w, r)
	if !ok {
		return
	}
	if err := CheckMapName(b.Name); err != nil {
		fail(w, http.StatusBadRequest, "name: %v", err)
		return
	}
	m.Name = b.Name
	s.saveNew(w, r.Context(), m, nil)
}

// deleteMap is DELETE /api/maps/{name}, with its edit token. Games made from it keep their copy.
func (s *Server) deleteMap(w http.ResponseWriter, r *http.Request) {
	m, ok := s.openMap(w, r)
	if !ok || !mayEdit(w, r, m) {
		return
	}
	if s.mapWritten(w, m.Name, s.cfg.Store.DeleteMap(r.Context(), m.Name, m.Token)) {
		w.WriteHeader(http.StatusNoContent)
	}
}

// savedMaps looks up a scenario's saved-map reference in the store, for Create. A failure of
// the store's is the server's, not the scenario's: it is set in *lost as well.
func (s *Server) savedMaps(ctx context.Context, lost *error) rules.SavedMaps {
	return func(name string) (string, []byte, error) {
		m, err := s.cfg.Store.Map(ctx, name)
		if errors.Is(err, store.ErrNotFound) {
			return "", nil, fmt.Errorf("no map saved as %q", name)
		}
		if err != nil {
			*lost = fmt.Errorf("the saved map %q could not be read: %w", name, err)
			return "", nil, *lost
		}
		return m.Ruleset, m.Data, nil
	}
}
