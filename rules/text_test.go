package rules

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckText: the one rule on text's characters, for every kind: NUL and the other control
// characters (C0, DEL, C1) refused, and text not in UTF-8; tab and line breaks only in free
// text. The message names the character and the kind of text.
func TestCheckText(t *testing.T) {
	kinds := []Text{TextID, TextName, TextNotation, TextValue, TextFree}
	for _, tc := range []struct {
		s        string
		freeOK   bool   // TextFree takes it
		othersOK bool   // TextID, TextName, TextNotation and TextValue take it
		want     string // in the message, when refused
	}{
		{"T1", true, true, ""},
		{"PzKpfw IVH — Zug 1, 2M4 (é, 戦車)", true, true, ""},
		{"", true, true, ""},
		{"T\x00", false, false, "U+0000, NUL"},
		{"\x00", false, false, "U+0000, NUL"},
		{"a\x01b", false, false, "U+0001"},
		{"a\x1fb", false, false, "U+001F"},
		{"a\x7fb", false, false, "U+007F"},
		{"a\u0085b", false, false, "U+0085"},
		{"a\u009fb", false, false, "U+009F"},
		{"a\tb", true, false, "U+0009, a tab or line break"},
		{"a\nb", true, false, "U+000A, a tab or line break"},
		{"a\r\nb", true, false, "U+000D, a tab or line break"},
		{"a\xffb", false, false, "not valid UTF-8 (byte 0xFF at offset 1)"},
		{"a\xc3", false, false, "not valid UTF-8 (byte 0xC3 at offset 1)"},
		{"\u00a0\u200b", true, true, ""}, // not control characters (Cc)
	} {
		for _, k := range kinds {
			ok := tc.othersOK
			if k == TextFree {
				ok = tc.freeOK
			}
			err := CheckText(k, tc.s)
			if ok != (err == nil) {
				t.Errorf("CheckText(%s, %q) = %v, want ok=%v", k.noun(), tc.s, err, ok)
				continue
			}
			if err == nil {
				continue
			}
			var te *TextError
			if !errors.As(err, &te) || te.Kind != k {
				t.Errorf("CheckText(%s, %q): %T %v, want a *TextError of that kind", k.noun(), tc.s, err, err)
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.want) {
				t.Errorf("CheckText(%s, %q) = %q, want it to say %q", k.noun(), tc.s, msg, tc.want)
			}
			if !te.Invalid && k != TextFree && !strings.Contains(msg, "in "+k.noun()) {
				t.Errorf("CheckText(%s, %q) = %q does not name the kind of text", k.noun(), tc.s, msg)
			}
		}
	}
}
