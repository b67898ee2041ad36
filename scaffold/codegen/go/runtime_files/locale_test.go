package contract

// The Accept-Language choice, case for case the Python plugin's tests (tests/unit/
// test_runtime_locale.py), plus the edges of the q-value grammar the TypeScript and Python
// plugins share.

import (
	"reflect"
	"strings"
	"testing"
)

var twoLocales = []string{"ru-RU", "en-US"}

func TestChooseLocale(t *testing.T) {
	cases := []struct{ header, want string }{
		{"", "ru-RU"},
		{"en-US", "en-US"},
		{"EN-us", "en-US"},
		{"en", "en-US"},
		{"en-GB", "en-US"},
		{"ru-RU", "ru-RU"},
		{"fr-FR", "ru-RU"},
		{"xx-XX", "ru-RU"},
		{"fr-FR;q=0.9, en-US;q=0.8", "en-US"},
		{"ru-RU;q=0.5, en-US;q=0.9", "en-US"},
		{"en-US;q=0.5, ru-RU;q=0.5", "en-US"},
		{"en-US;q=0", "ru-RU"},
		{"*", "ru-RU"},
		{"en-US;q=abc, ru", "ru-RU"},
		{";;;,,,", "ru-RU"},
		{"\x00\u202e", "ru-RU"},
		{"en-US" + strings.Repeat(",x", 5000), "en-US"},
		// the grammar's edges, as the shared regular expression reads them
		{"fr-FR;q=0.5, en-US;q=0.9", "en-US"},
		{"en-US ; q = 0.5", "en-US"},
		{"\ten-US;q=.5 ", "en-US"},
		{"en-US;q=1.", "en-US"},
		{"en-US;Q=0.5", "ru-RU"},
		{"en-US;q=1.5", "ru-RU"},
		{"en-US;q=0.5.1", "ru-RU"},
		{"en-US;q=-0.5", "ru-RU"},
		{"en-US;q=", "ru-RU"},
		{"en-US;level=1", "ru-RU"},
		{"english-US", "ru-RU"},
		{"en-UnitedStates", "ru-RU"},
		{"en--US", "ru-RU"},
		{"en1", "ru-RU"},
		{"*;q=0.9, en", "en-US"},
		{"en;q=0.1, *", "ru-RU"},
		{"\xa0en-US\xa0", "en-US"},
		{"en-US\u00a0", "ru-RU"},
		{strings.Repeat(" ", 1021) + "en-US", "ru-RU"}, // cut to "en-"
	}
	for _, c := range cases {
		if got := ChooseLocale(c.header, twoLocales); got != c.want {
			t.Errorf("ChooseLocale(%q) = %q, want %q", c.header, got, c.want)
		}
	}
}

func TestParseOrdersByWeightThenPosition(t *testing.T) {
	got := ParseAcceptLanguage("a;q=0.5, b, c;q=0.9")
	want := []LanguageRange{{"b", 1}, {"c", 0.9}, {"a", 0.5}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestParseSkipsMalformedAndUnwantedItems(t *testing.T) {
	got := ParseAcceptLanguage("x;q=0, *;q=0.25, bad tag, de-DE-1996;q=0.75")
	want := []LanguageRange{{"de-DE-1996", 0.75}, {"*", 0.25}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	got = ParseAcceptLanguage("abcdefghi, abcdefgh-123456789, abcdefgh-12345678;q=1.0")
	want = []LanguageRange{{"abcdefgh-12345678", 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tags and subtags are 1 to 8 characters: got %v, want %v", got, want)
	}
	if got := ParseAcceptLanguage(""); len(got) != 0 {
		t.Errorf("an empty header has ranges: %v", got)
	}
}

func TestALanguageMatchesItsFirstRegionalLocale(t *testing.T) {
	available := []string{"ru-RU", "en-GB", "en-US"}
	if got := ChooseLocale("en", available); got != "en-GB" {
		t.Errorf("en chose %q, want the first English locale en-GB", got)
	}
	if got := ChooseLocale("en-US", available); got != "en-US" {
		t.Errorf("en-US chose %q, want itself", got)
	}
	if got := ChooseLocale("de", nil); got != DefaultLocale {
		t.Errorf("nothing available chose %q", got)
	}
}
