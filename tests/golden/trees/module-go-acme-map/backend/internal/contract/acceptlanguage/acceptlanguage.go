// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/acceptlanguage/acceptlanguage.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

// Package acceptlanguage chooses the response language from an Accept-Language header (RFC 9110 with q-values).
//
// The contract: the platform sends Accept-Language (a locale such as ru-RU) on the endpoints that
// return field metadata, and ru-RU applies when it is absent. A header may list several languages
// with q-values; the best available catalogue wins, a bare language (`en`) matches a regional
// catalogue (`en-US`), and an unknown or malformed header falls back to the default. The same rules
// as the Python plugin's locale.py and the TypeScript plugin's locale.ts, so a platform sees one
// behaviour whatever the plugin's language.
//
// A header is read as bytes, one character each, as Node and Starlette read it (latin-1): only its
// first 1024 bytes count, and the spaces trimmed around an item are JavaScript's within latin-1.
package acceptlanguage

import (
	"sort"
	"strconv"
	"strings"
)

// DefaultLocale, the contract's language when a call names none the plugin has, and
// AcceptLanguageMaxChars, which bounds the work one header can cause (the rest of a longer one is
// ignored), are in values_gen.go, shared by every language.

// Range is one item of an Accept-Language header: a tag (or `*`) and its weight.
type Range struct {
	Tag    string
	Weight float64
}

// Parse returns the header's language ranges, best first; ranges of one weight keep
// the header's order. Malformed items and items weighted 0 (explicitly unwanted) are skipped.
func Parse(header string) []Range {
	if len(header) > AcceptLanguageMaxChars {
		header = header[:AcceptLanguageMaxChars]
	}
	var ranges []Range
	for _, item := range strings.Split(header, ",") {
		if parsed, ok := parseLanguageRange(trimRangeSpace(item)); ok {
			ranges = append(ranges, parsed)
		}
	}
	sort.SliceStable(ranges, func(i, j int) bool { return ranges[i].Weight > ranges[j].Weight })
	return ranges
}

// Choose returns the locale of `available` to answer in for an Accept-Language header: the
// first range (by weight) that names one exactly, case aside, or names its primary language; `*`,
// no match or no header gives DefaultLocale.
func Choose(header string, available []string) string {
	return ChooseOr(header, available, DefaultLocale)
}

// ChooseOr is Choose with another fallback (a catalogue's own default).
func ChooseOr(header string, available []string, fallback string) string {
	if header == "" {
		return fallback
	}
	for _, r := range Parse(header) {
		lowered := strings.ToLower(r.Tag)
		if lowered == "*" {
			return fallback
		}
		if exact, ok := exactLocale(lowered, available); ok {
			return exact
		}
		if regional, ok := localeOfLanguage(primaryLanguage(lowered), available); ok {
			return regional
		}
	}
	return fallback
}

// exactLocale finds `lowered` among `available` case aside; the last of equal ones wins, as in
// the TypeScript and Python lookup tables built from the same list.
func exactLocale(lowered string, available []string) (string, bool) {
	found, ok := "", false
	for _, locale := range available {
		if strings.ToLower(locale) == lowered {
			found, ok = locale, true
		}
	}
	return found, ok
}

// localeOfLanguage finds the first of `available` whose primary language is `language`.
func localeOfLanguage(language string, available []string) (string, bool) {
	for _, locale := range available {
		if strings.ToLower(primaryLanguage(locale)) == language {
			return locale, true
		}
	}
	return "", false
}

func primaryLanguage(tag string) string {
	language, _, _ := strings.Cut(tag, "-")
	return language
}

// parseLanguageRange reads `tag` or `tag;q=weight` (RFC 9110's language-range and weight; tags of
// letters, subtags of letters and digits, 1 to 8 each). A weight must be in (0, 1].
func parseLanguageRange(item string) (Range, bool) {
	tag, rest, ok := cutLanguageTag(item)
	if !ok {
		return Range{}, false
	}
	if rest == "" {
		return Range{Tag: tag, Weight: 1}, true
	}
	q, ok := cutWeight(rest)
	if !ok {
		return Range{}, false
	}
	weight, err := strconv.ParseFloat(q, 64)
	if err != nil || !(weight > 0 && weight <= 1) {
		return Range{}, false
	}
	return Range{Tag: tag, Weight: weight}, true
}

// cutLanguageTag splits `*` or a language tag off the start of `item`.
func cutLanguageTag(item string) (tag, rest string, ok bool) {
	if strings.HasPrefix(item, "*") {
		return "*", item[1:], true
	}
	end := scanSubtag(item, 0, isTagLetter)
	if end == 0 || end > 8 {
		return "", "", false
	}
	for end < len(item) && item[end] == '-' {
		next := scanSubtag(item, end+1, isTagAlphanumeric)
		if next == end+1 || next-end-1 > 8 {
			return "", "", false
		}
		end = next
	}
	return item[:end], item[end:], true
}

// cutWeight reads `;q=<digits and dots>` (spaces allowed around `;`, `q` and `=`) to the end.
func cutWeight(rest string) (string, bool) {
	rest = trimLeftRangeSpace(rest)
	if !strings.HasPrefix(rest, ";") {
		return "", false
	}
	rest = trimLeftRangeSpace(rest[1:])
	if !strings.HasPrefix(rest, "q") {
		return "", false
	}
	rest = trimLeftRangeSpace(rest[1:])
	if !strings.HasPrefix(rest, "=") {
		return "", false
	}
	q := trimLeftRangeSpace(rest[1:])
	if q == "" || strings.Trim(q, "0123456789.") != "" {
		return "", false
	}
	return q, true
}

func scanSubtag(text string, from int, allowed func(byte) bool) int {
	end := from
	for end < len(text) && allowed(text[end]) {
		end++
	}
	return end
}

func isTagLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isTagAlphanumeric(c byte) bool { return isTagLetter(c) || c >= '0' && c <= '9' }

// isRangeSpace is JavaScript's white space and line terminators among latin-1 characters: what
// the TypeScript plugin's trim() and \s remove from a header Node decodes as latin-1.
func isRangeSpace(c byte) bool {
	switch c {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0:
		return true
	}
	return false
}

func trimRangeSpace(text string) string {
	text = trimLeftRangeSpace(text)
	end := len(text)
	for end > 0 && isRangeSpace(text[end-1]) {
		end--
	}
	return text[:end]
}

func trimLeftRangeSpace(text string) string {
	start := 0
	for start < len(text) && isRangeSpace(text[start]) {
		start++
	}
	return text[start:]
}
