package server

import (
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// maxJSFunctionLines is the longest a function of the browser client (web/*.js) may be,
// counted from its first line to its closing brace, nested functions included.
const maxJSFunctionLines = 150

// TestWebJSFunctionLength keeps the browser client's functions short: every function of every
// .js file under web/ (declarations, expressions, arrow functions with a block body, class and
// object methods) is at most maxJSFunctionLines lines long.
func TestWebJSFunctionLength(t *testing.T) {
	n := 0
	err := filepath.WalkDir("web", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		fns, err := jsFunctions(string(src))
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		var longest jsFunction
		for _, f := range fns {
			if f.lines() > maxJSFunctionLines {
				t.Errorf("%s: function %s is %d lines long (lines %d-%d), more than %d", path, f.Name, f.lines(), f.Start, f.End, maxJSFunctionLines)
			}
			if f.lines() > longest.lines() {
				longest = f
			}
		}
		t.Logf("%s: %d functions, the longest %s: %d lines (%d-%d)", path, len(fns), longest.Name, longest.lines(), longest.Start, longest.End)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no .js file under web/")
	}
}

// jsImport is the module specifier of an import ... from "..." (or export ... from "...").
var jsImport = regexp.MustCompile(`(?m)^\s*(?:import|export)\b[^'"\n]*?\bfrom\s+['"]([^'"]+)['"]`)

// TestWebJSServed: the browser client's modules are served at /static/ as JavaScript (a
// browser refuses a module script of any other type), and every module one imports is there.
func TestWebJSServed(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		err := fs.WalkDir(webFiles, "web", func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(name, ".js") {
				return err
			}
			src, err := fs.ReadFile(webFiles, name)
			if err != nil {
				return err
			}
			for _, m := range jsImport.FindAllStringSubmatch(string(src), -1) {
				dep := path.Join(path.Dir(name), m[1])
				if _, err := fs.Stat(webFiles, dep); err != nil || !strings.HasPrefix(m[1], ".") {
					t.Errorf("%s imports %q: no such module in web/", name, m[1])
				}
			}
			url := c.base + "/static/" + strings.TrimPrefix(name, "web/")
			resp, err := http.Get(url)
			if err != nil {
				return err
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
			if resp.StatusCode != http.StatusOK || string(body) != string(src) || (ct != "text/javascript" && ct != "application/javascript") {
				t.Errorf("GET %s: %d, %q, %d bytes (want 200, JavaScript, the file's %d)", url, resp.StatusCode, resp.Header.Get("Content-Type"), len(body), len(src))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// jsFunction is one function the scanner found: its name (or how it was written) and the
// lines of its first token and its closing brace.
type jsFunction struct {
	Name       string
	Start, End int
}

func (f jsFunction) lines() int {
	if f.End == 0 {
		return 0
	}
	return f.End - f.Start + 1
}

// jsToken is a significant token: an identifier or keyword, a number, a string or template,
// or a punctuator. open is, for ")", the index of its "(".
type jsToken struct {
	kind byte // 'i' identifier or keyword, 'n' number, 's' string or template, 'p' punctuator
	text string
	line int
	open int
}

// jsBrace is an open "{" (or the "${" of a template): a block, a function body or a template
// expression.
type jsBrace struct {
	kind byte       // 'b' block or object, 'f' function body, 't' template expression
	fn   jsFunction // the function whose body it is
	line int        // the template's first line
}

// jsControl are the keywords whose "(...)" may be followed by a block.
var jsControl = map[string]bool{"if": true, "for": true, "while": true, "switch": true, "catch": true, "with": true}

// jsBeforeRegex are the keywords after which a "/" starts a regular expression.
var jsBeforeRegex = map[string]bool{"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true,
	"delete": true, "void": true, "throw": true, "case": true, "do": true, "else": true, "yield": true, "await": true}

// jsFunctions finds the functions of a JavaScript source by matching braces, skipping strings,
// template literals (and the code in their ${...}), regular expressions and comments. It is
// a scanner, not a parser: good enough for the hand-written client, not for any JavaScript (a
// statement block right after a call with no semicolon between them would be taken for a
// method; a "/" after ")" is always a division). An arrow function with an expression body
// (no braces) is not counted.
func jsFunctions(src string) ([]jsFunction, error) {
	s := &jsScanner{src: src, line: 1}
	if err := s.run(); err != nil {
		return nil, err
	}
	return s.found, nil
}

type jsScanner struct {
	src    string
	pos    int
	line   int
	toks   []jsToken
	parens []int // indices of the open "(" tokens
	braces []jsBrace
	found  []jsFunction
}

func (s *jsScanner) errorf(format string, a ...any) error {
	return fmt.Errorf("line %d: %s", s.line, fmt.Sprintf(format, a...))
}

func (s *jsScanner) add(kind byte, text string, line int) {
	s.toks = append(s.toks, jsToken{kind: kind, text: text, line: line, open: -1})
}

// prev is the last significant token (a zero token if none).
func (s *jsScanner) prev() jsToken {
	if len(s.toks) == 0 {
		return jsToken{}
	}
	return s.toks[len(s.toks)-1]
}

func (s *jsScanner) run() error {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '\n':
			s.line++
			s.pos++
		case c == ' ' || c == '\t' || c == '\r':
			s.pos++
		case strings.HasPrefix(s.src[s.pos:], "//"):
			for s.pos < len(s.src) && s.src[s.pos] != '\n' {
				s.pos++
			}
		case strings.HasPrefix(s.src[s.pos:], "/*"):
			end := strings.Index(s.src[s.pos+2:], "*/")
			if end < 0 {
				return s.errorf("unterminated comment")
			}
			s.skip(s.pos + 2 + end + 2)
		case c == '"' || c == '\'':
			if err := s.quoted(c); err != nil {
				return err
			}
		case c == '`':
			s.pos++
			if err := s.template(s.line); err != nil {
				return err
			}
		case c == '/' && s.regexAllowed():
			if err := s.regex(); err != nil {
				return err
			}
		case isJSIdentStart(c):
			start := s.pos
			for s.pos < len(s.src) && isJSIdentPart(s.src[s.pos]) {
				s.pos++
			}
			s.add('i', s.src[start:s.pos], s.line)
		case c >= '0' && c <= '9' || c == '.' && s.pos+1 < len(s.src) && s.src[s.pos+1] >= '0' && s.src[s.pos+1] <= '9':
			start := s.pos
			for s.pos < len(s.src) && (isJSIdentPart(s.src[s.pos]) || s.src[s.pos] == '.') {
				s.pos++
			}
			s.add('n', s.src[start:s.pos], s.line)
		default:
			if err := s.punct(); err != nil {
				return err
			}
		}
	}
	if len(s.braces) > 0 {
		return s.errorf("%d braces still open at the end", len(s.braces))
	}
	return nil
}

// skip moves to end, counting the lines passed.
func (s *jsScanner) skip(end int) {
	s.line += strings.Count(s.src[s.pos:end], "\n")
	s.pos = end
}

// quoted skips a '...' or "..." string.
func (s *jsScanner) quoted(q byte) error {
	line := s.line
	for i := s.pos + 1; i < len(s.src); i++ {
		switch s.src[i] {
		case '\\':
			i++
		case '\n':
			return s.errorf("newline in a string")
		case q:
			s.skip(i + 1)
			s.add('s', "string", line)
			return nil
		}
	}
	return s.errorf("unterminated string")
}

// template skips a template literal from after its opening backtick (or the "}" closing one of
// its ${...}) to its closing backtick, or to a "${", whose code the main loop then scans.
func (s *jsScanner) template(line int) error {
	for i := s.pos; i < len(s.src); i++ {
		switch s.src[i] {
		case '\\':
			i++
		case '`':
			s.skip(i + 1)
			s.add('s', "template", line)
			return nil
		case '$':
			if i+1 < len(s.src) && s.src[i+1] == '{' {
				s.skip(i + 2)
				s.braces = append(s.braces, jsBrace{kind: 't', line: line})
				s.add('p', "${", s.line)
				return nil
			}
		}
	}
	return s.errorf("unterminated template literal")
}

// regexAllowed: a "/" here starts a regular expression, not a division.
func (s *jsScanner) regexAllowed() bool {
	p := s.prev()
	switch p.kind {
	case 0:
		return true
	case 'i':
		return jsBeforeRegex[p.text]
	case 'n', 's':
		return false
	}
	return p.text != ")" && p.text != "]"
}

// regex skips a regular expression literal and its flags.
func (s *jsScanner) regex() error {
	inClass := false
	for i := s.pos + 1; i < len(s.src); i++ {
		switch c := s.src[i]; {
		case c == '\\':
			i++
		case c == '\n':
			return s.errorf("newline in a regular expression")
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			i++
			for i < len(s.src) && isJSIdentPart(s.src[i]) {
				i++
			}
			s.skip(i)
			s.add('s', "regex", s.line)
			return nil
		}
	}
	return s.errorf("unterminated regular expression")
}

// punct takes one punctuator: parentheses are matched, braces opened and closed.
func (s *jsScanner) punct() error {
	c := s.src[s.pos]
	if strings.HasPrefix(s.src[s.pos:], "=>") {
		s.add('p', "=>", s.line)
		s.pos += 2
		return nil
	}
	s.pos++
	switch c {
	case '(':
		s.parens = append(s.parens, len(s.toks))
	case ')':
		if len(s.parens) == 0 {
			return s.errorf("unmatched )")
		}
		s.add('p', ")", s.line)
		s.toks[len(s.toks)-1].open = s.parens[len(s.parens)-1]
		s.parens = s.parens[:len(s.parens)-1]
		return nil
	case '{':
		b := jsBrace{kind: 'b'}
		if fn, ok := s.functionStart(); ok {
			b = jsBrace{kind: 'f', fn: fn}
		}
		s.braces = append(s.braces, b)
	case '}':
		if len(s.braces) == 0 {
			return s.errorf("unmatched }")
		}
		b := s.braces[len(s.braces)-1]
		s.braces = s.braces[:len(s.braces)-1]
		switch b.kind {
		case 'f':
			b.fn.End = s.line
			s.found = append(s.found, b.fn)
		case 't':
			return s.template(b.line)
		}
	}
	s.add('p', string(c), s.line)
	return nil
}

// functionStart says whether the "{" being read opens a function body: after "=>", after the
// parameters of "function" (named or not), or after a method's "name(...)". It names the
// function and gives its first line.
func (s *jsScanner) functionStart() (jsFunction, bool) {
	n := len(s.toks)
	if n == 0 {
		return jsFunction{}, false
	}
	p := s.toks[n-1]
	at := func(i int) jsToken {
		if i < 0 || i >= n {
			return jsToken{}
		}
		return s.toks[i]
	}
	if p.kind == 'p' && p.text == "=>" {
		first := n - 2 // the parameters: "(...)" or one identifier
		if q := at(first); q.kind == 'p' && q.text == ")" {
			first = q.open
		}
		if q := at(first - 1); q.kind == 'i' && q.text == "async" {
			first--
		}
		return jsFunction{Name: s.boundName(first, "arrow function"), Start: at(first).line}, true
	}
	if p.kind != 'p' || p.text != ")" || p.open < 0 {
		return jsFunction{}, false
	}
	before := at(p.open - 1)
	switch {
	case before.kind == 'i' && before.text == "function":
		return jsFunction{Name: s.boundName(p.open-1, "function expression"), Start: before.line}, true
	case before.text == "*" && at(p.open-2).text == "function": // function* (...)
		return jsFunction{Name: s.boundName(p.open-2, "function expression"), Start: at(p.open - 2).line}, true
	case before.kind == 'i' && jsControl[before.text]:
		return jsFunction{}, false
	case before.kind == 'i':
		fw := p.open - 2
		if at(fw).text == "*" {
			fw--
		}
		if f := at(fw); f.kind == 'i' && f.text == "function" {
			return jsFunction{Name: before.text, Start: f.line}, true
		}
		return jsFunction{Name: before.text, Start: before.line}, true // a method
	case before.kind == 's' || before.kind == 'p' && before.text == "]":
		return jsFunction{Name: "method", Start: before.line}, true
	}
	return jsFunction{}, false
}

// boundName is the name a function expression starting at token i is given: "x" in
// "const x = ...", "x: ..." or "x = ..."; else what.
func (s *jsScanner) boundName(i int, what string) string {
	if i >= 2 && s.toks[i-2].kind == 'i' && (s.toks[i-1].text == "=" || s.toks[i-1].text == ":") {
		return s.toks[i-2].text
	}
	return what
}

func isJSIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isJSIdentPart(c byte) bool { return isJSIdentStart(c) || c >= '0' && c <= '9' }

// TestJSFunctions tests the scanner of TestWebJSFunctionLength on small pieces of JavaScript.
func TestJSFunctions(t *testing.T) {
	body := func(n int) string { // n lines of a function's body
		return strings.Repeat("  x += 1;\n", n)
	}
	cases := []struct {
		name, src string
		want      []jsFunction // in the order they close
	}{
		{"150 lines", "function f() {\n" + body(148) + "}\n", []jsFunction{{"f", 1, 150}}},
		{"151 lines", "\nfunction f() {\n" + body(149) + "}\n", []jsFunction{{"f", 2, 152}}},
		{"arrow and expression", "const a = (x, y) => {\n  return x;\n};\nconst b = function () {\n};\nconst c = x => x + 1;\n",
			[]jsFunction{{"a", 1, 3}, {"b", 4, 5}}},
		{"async arrow, one parameter", "const a = async x => {\n  await x;\n};\nlist.map((u) =>\n  {\n    return u;\n  });\n",
			[]jsFunction{{"a", 1, 3}, {"arrow function", 4, 7}}},
		{"nested", "function outer() {\n  const inner = () => {\n    if (x) { y(); }\n  };\n  for (;;) {}\n}\n",
			[]jsFunction{{"inner", 2, 4}, {"outer", 1, 6}}},
		{"methods", "class C {\n  constructor(a) {\n    this.a = a;\n  }\n  get b() { return 1; }\n  static *gen() {\n  }\n}\nconst o = {\n  m(x) {\n  },\n  'q'() {},\n  [k]() {},\n  n: function* () {},\n};\n",
			[]jsFunction{{"constructor", 2, 4}, {"b", 5, 5}, {"gen", 6, 7}, {"m", 10, 11}, {"method", 12, 12}, {"method", 13, 13}, {"n", 14, 14}}},
		{"generator declaration", "function* g() {\n}\n", []jsFunction{{"g", 1, 2}}},
		{"control blocks are not functions", "if (a) {\n} else if (b) {\n} else {\n}\nwhile (c) {}\nswitch (d) { case 1: {} }\ntry {} catch (e) {}\n", nil},
		{"braces in strings and comments", "function f() {\n  const a = '{', b = \"}}\", c = '\\'{';\n  // }\n  /* { } }\n  */\n  return a;\n}\nfunction g() {\n}\n",
			[]jsFunction{{"f", 1, 7}, {"g", 8, 9}}},
		{"braces in templates", "function f() {\n  const s = `}${'}'} ${ {a: 1}.a } ${`nested ${x.map((y) => {\n    return `{${y}`;\n  })}`}`;\n  return s;\n}\n",
			[]jsFunction{{"arrow function", 2, 4}, {"f", 1, 6}}},
		{"multi-line template", "function f() {\n  return `\n  }\n  {\n  `;\n}\n", []jsFunction{{"f", 1, 6}}},
		{"braces in regular expressions", "function f(s) {\n  const r = /[}{]\\//g, t = s.replace(/}/, '') / 2;\n  return r.test(s) ? /{/ : (s) / 2;\n}\n",
			[]jsFunction{{"f", 1, 4}}},
		{"division", "function f(a, b) {\n  return (a) / 2 + b[0] / 3 + a / b;\n}\n", []jsFunction{{"f", 1, 3}}},
	}
	for _, c := range cases {
		got, err := jsFunctions(c.src)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: found %v, want %v", c.name, got, c.want)
		}
	}
	// The limit: 150 lines pass, 151 do not.
	for _, c := range []struct {
		src   string
		lines int
	}{{cases[0].src, 150}, {cases[1].src, 151}} {
		fns, _ := jsFunctions(c.src)
		if len(fns) != 1 || fns[0].lines() != c.lines || (fns[0].lines() > maxJSFunctionLines) != (c.lines > 150) {
			t.Errorf("a function of %d lines is found as %v", c.lines, fns)
		}
	}
	// A scanner confused by a brace in a string, comment, template or regular expression ends
	// with braces open (or closes one too many): that is an error, not a pass.
	for _, src := range []string{"function f() {\n", "}\n", "function f() { return '}'\n", "const s = `${`;\n"} {
		if fns, err := jsFunctions(src); err == nil {
			t.Errorf("%q: no error (found %v)", src, fns)
		}
	}
}
