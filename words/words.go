// Package words holds the little grammar umpire's messages share: the indefinite article.
package words

import (
	"strings"
	"unicode"
)

// A is s after its indefinite article, as the word is said: "a tank", "an armored car", "an
// ASL scenario", "an LHY game", "an MG", "a Lightning War table", "a unit". An initialism (two or
// more capitals, "AFV", "FV", "HT", "LATW") is said letter by letter, so it takes "an" when its
// first letter's name begins with a vowel sound (A, E, F, H, I, L, M, N, O, R, S, X); any other
// word takes "an" before a vowel, except a "u" said "you" (unit, universal, use) and "one".
func A(s string) string {
	if an(s) {
		return "an " + s
	}
	return "a " + s
}

// an: s is said with a vowel sound first.
func an(s string) bool {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' || r == '/' })
	if len(f) == 0 {
		return false
	}
	word := f[0]
	if initialism(word) {
		return strings.ContainsRune("AEFHILMNORSX", rune(word[0]))
	}
	w := strings.ToLower(word)
	switch {
	case strings.HasPrefix(w, "one"), strings.HasPrefix(w, "uni"), strings.HasPrefix(w, "use"),
		strings.HasPrefix(w, "usu"), strings.HasPrefix(w, "uti"), strings.HasPrefix(w, "eu"):
		return false
	case strings.HasPrefix(w, "hour"), strings.HasPrefix(w, "honest"), strings.HasPrefix(w, "heir"):
		return true
	}
	return strings.ContainsRune("aeiou", rune(w[0]))
}

// initialism: the word is two or more capitals (digits may follow), said letter by letter; a
// single capital is a letter's name too ("an A", "a B").
func initialism(word string) bool {
	caps := 0
	for _, r := range word {
		switch {
		case unicode.IsUpper(r):
			caps++
		case unicode.IsDigit(r) && caps > 0:
		default:
			return false
		}
	}
	return caps >= 1
}
