package rules

import (
	"fmt"
	"unicode/utf8"
)

// Text is what a piece of text a player gives is, for the one rule on the characters it may
// hold ([CheckText]). Every way in asks it: the scenario reader of every file and saved map
// (each key and value), and the server of every path, query parameter, game name and step
// line, before a store sees any of it.
type Text int

// The kinds of text.
const (
	// TextID is an id: a unit's, a detachment's, a group's, a game's.
	TextID Text = iota
	// TextName is a name: a game's, a scenario's, a saved map's, a vehicle's.
	TextName
	// TextNotation is a step's line of notation: one line.
	TextNotation
	// TextValue is any other value of one line: a hex, a terrain, a number, a word, a key, a
	// query parameter.
	TextValue
	// TextFree is prose: a scenario's notes, description and source, a Lightning War order's
	// text. It alone may hold tabs and line breaks.
	TextFree
)

// noun is the kind, for messages: "an id".
func (k Text) noun() string {
	switch k {
	case TextID:
		return "an id"
	case TextName:
		return "a name"
	case TextNotation:
		return "a step's notation"
	case TextFree:
		return "free text"
	}
	return "a value"
}

// CheckText says what is wrong with s as text of kind k, or nil. The rule is one for every
// kind, with one difference:
//
//   - s is valid UTF-8;
//   - s holds no control character: none of C0 (U+0000 to U+001F), DEL (U+007F) or C1 (U+0080
//     to U+009F). None is typed on a keyboard into an id, a name or a line of notation; a
//     scenario file holds one only as an escape ("\0", "\x01", "\u0000"), and NUL is text no
//     PostgreSQL column takes;
//   - but TextFree may hold tab, line feed and carriage return (never NUL or any other).
//
// The error is a *TextError, which says what and where in s; the caller names the field.
func CheckText(k Text, s string) error {
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			return &TextError{Kind: k, Byte: s[i], At: i, Invalid: true}
		}
		if isControl(c) && !(k == TextFree && (c == '\t' || c == '\n' || c == '\r')) {
			return &TextError{Kind: k, Char: c, At: i}
		}
		i += size
	}
	return nil
}

// isControl: c is a control character (Unicode's category Cc: C0, DEL and C1).
func isControl(c rune) bool { return c < 0x20 || c >= 0x7f && c <= 0x9f }

// TextError is text that [CheckText] refused: the character (or the byte that is not UTF-8)
// and its offset in bytes.
type TextError struct {
	Kind    Text
	Char    rune // the control character
	Byte    byte // the byte that begins no UTF-8 character, when Invalid
	At      int  // its offset in the text, in bytes
	Invalid bool // the text is not valid UTF-8
}

func (e *TextError) Error() string {
	if e.Invalid {
		return fmt.Sprintf("the text is not valid UTF-8 (byte 0x%02X at offset %d): send text in UTF-8", e.Byte, e.At)
	}
	switch {
	case e.Char == 0:
		if e.Kind == TextFree {
			return "a control character (U+0000, NUL) is not allowed anywhere, even in free text"
		}
		return fmt.Sprintf("a control character (U+0000, NUL) is not allowed in %s", e.Kind.noun())
	case e.Kind != TextFree && (e.Char == '\t' || e.Char == '\n' || e.Char == '\r'):
		return fmt.Sprintf("a control character (U+%04X, a tab or line break) is not allowed in %s: only free text (notes, description, source, an order's text) may hold one", e.Char, e.Kind.noun())
	case e.Kind == TextFree:
		return fmt.Sprintf("a control character (U+%04X) is not allowed in free text: only tab and line breaks are", e.Char)
	}
	return fmt.Sprintf("a control character (U+%04X) is not allowed in %s", e.Char, e.Kind.noun())
}
