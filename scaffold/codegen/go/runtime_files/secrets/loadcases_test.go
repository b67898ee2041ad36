package secrets

// The shared load cases (secrets.json's "loads", which pytest and vitest read too): the key a
// plugin starts with, refused or taken. Apart from secretkeys_test.go, which holds the other key
// tests, to keep each file short; the helpers are in secrets_test.go.

import (
	"log/slog"
	"strings"
	"testing"
)

// caseKey is a key the shared cases name: one of their keys, or "published", the first key this
// package's values say the spec publishes (rendered from the spec, never spelled in a runtime).
func caseKey(t *testing.T, keys map[string]string, name string) string {
	t.Helper()
	if name == "published" {
		if len(PublishedSecretKeys) == 0 {
			t.Fatal("the package's values name no published key")
		}
		return PublishedSecretKeys[0]
	}
	key, ok := keys[name]
	if !ok {
		t.Fatalf("no key %q in secrets.json", name)
	}
	return key
}

func TestLoadTakesEachKeyOfTheSharedCasesAsDecided(t *testing.T) {
	file := readSecretFile(t)
	spellings := map[string]func(string) string{
		"":               func(key string) string { return key },
		"unpadded":       func(key string) string { return strings.TrimRight(key, "=") },
		"between spaces": func(key string) string { return " " + key + "\n" },
	}
	for _, c := range file.Loads {
		t.Run(c.Name, func(t *testing.T) {
			spell, ok := spellings[c.Spelled]
			if !ok {
				t.Fatalf("a spelling this runner does not know: %q", c.Spelled)
			}
			var old []string
			for _, name := range c.OldKeys {
				old = append(old, caseKey(t, file.Keys, name))
			}
			secrets, err := Load(Options{
				Getenv: settingsOf(map[string]string{
					KeyEnv:     spell(caseKey(t, file.Keys, c.Key)),
					OldKeysEnv: strings.Join(old, ","),
				}),
				Production: c.Production,
				StateDir:   t.TempDir(),
				Logger:     slog.New(&warningLog{}),
			})
			if c.Refused != nil {
				want := strings.Replace(*c.Refused, "{hint}", GenerateHint, 1)
				if got := asSecretKeyError(t, err).Message; got != want {
					t.Fatalf("%q, expected %q", got, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range append([]string{c.Key}, c.OldKeys...) {
				token := mustEncrypt(t, keyedWith(t, caseKey(t, file.Keys, name)), "value", "accessKey")
				if got := mustDecrypt(t, secrets, token, "accessKey"); got != "value" {
					t.Fatalf("%s: gave %q", name, got)
				}
			}
		})
	}
}

// keyedWith is a Box of the key text alone.
func keyedWith(t *testing.T, text string) *Box {
	t.Helper()
	secrets, err := NewBox(mustKey(t, text))
	if err != nil {
		t.Fatal(err)
	}
	return secrets
}
