package secrets

// Tests of secrets.go, the twin of the Python plugins' secrets.py and the TypeScript plugins'
// secrets.ts: tokens, keys and the development key file behave as there, case for case with
// secrets.test.ts, and tokens the Python runtime made decrypt here (tests/functional/
// test_secrets_go.py runs these, and checks tokens across the two languages both ways).

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"encoding/base64"
	"errors"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"example.com/plugin/internal/contract/casefiles"
)

// Made by the Python runtime (scaffold/codegen/python/runtime_files/secrets.py) with these keys, once:
// Box(parse_key(key)).encrypt(plain, field=field) for each case below.
const (
	fixedKey    = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=" // bytes 0..31
	fixedOldKey = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=" // bytes 32..63

	pythonToken    = "enc:v1:MTmhZT9AvKZZhxuCt_nxYXWT1gOxaZZL-3jQHqtJvpe6GFIWZsthwJ8Xww"
	pythonPlain    = "pässwörd 🔑"
	pythonOldToken = "enc:v1:8i4jd1VxCt0emecgqiVUQJXZX-hqaa1boV__oemyFutSPH0" // "rotated", old key

	alteredMessage   = "the encrypted value was altered or made with another key"
	keyFormatMessage = "must be 32 random bytes in base64url (44 characters); "
)

var (
	tokenShape = regexp.MustCompile(`^enc:v1:[A-Za-z0-9_-]+$`)
	keyShape   = regexp.MustCompile(`^[A-Za-z0-9_-]{43}=$`)
)

func mustKey(t *testing.T, text string) []byte {
	t.Helper()
	key, err := ParseKey(text, "")
	if err != nil {
		t.Fatalf("ParseKey(%q): %v", text, err)
	}
	return key
}

func keyedBox(t *testing.T, oldKeys ...string) *Box {
	t.Helper()
	var old [][]byte
	for _, text := range oldKeys {
		old = append(old, mustKey(t, text))
	}
	secrets, err := NewBox(mustKey(t, fixedKey), old...)
	if err != nil {
		t.Fatal(err)
	}
	return secrets
}

func mustEncrypt(t *testing.T, secrets *Box, value, field string) string {
	t.Helper()
	token, err := secrets.Encrypt(value, field)
	if err != nil {
		t.Fatalf("Encrypt(%q, %q): %v", value, field, err)
	}
	return token
}

func mustDecrypt(t *testing.T, secrets *Box, token, field string) string {
	t.Helper()
	plain, err := secrets.Decrypt(token, field)
	if err != nil {
		t.Fatalf("Decrypt(%.80q, %q): %v", token, field, err)
	}
	return plain
}

// asSecretError is the *Error of err; the test fails when err is another error or nil.
func asSecretError(t *testing.T, err error) *Error {
	t.Helper()
	var secretErr *Error
	if !errors.As(err, &secretErr) {
		t.Fatalf("expected a *Error, got %T %v", err, err)
	}
	return secretErr
}

// asSecretKeyError is the *KeyError of err; the test fails when err is another error or nil.
func asSecretKeyError(t *testing.T, err error) *KeyError {
	t.Helper()
	var keyErr *KeyError
	if !errors.As(err, &keyErr) {
		t.Fatalf("expected a *KeyError, got %T %v", err, err)
	}
	return keyErr
}

func expectRefused(t *testing.T, secrets *Box, token, field, message string) {
	t.Helper()
	plain, err := secrets.Decrypt(token, field)
	if err == nil {
		t.Fatalf("Decrypt(%.80q) = %q, expected %q", token, plain, message)
	}
	if got := asSecretError(t, err).Message; got != message {
		t.Fatalf("Decrypt(%.80q): %q, expected %q", token, got, message)
	}
}

// tokenOfBody is a token of raw bytes body (nonce | ciphertext | tag).
func tokenOfBody(body []byte) string {
	return EncryptedPrefix + base64.RawURLEncoding.EncodeToString(body)
}

func bodyOfToken(t *testing.T, token string) []byte {
	t.Helper()
	body, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(token, EncryptedPrefix))
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// warningLog is a slog.Handler that keeps what is logged.
type warningLog struct {
	mu       sync.Mutex
	messages []string
}

func (r *warningLog) Enabled(context.Context, slog.Level) bool { return true }

func (r *warningLog) Handle(_ context.Context, record slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.messages = append(r.messages, record.Level.String()+" "+record.Message)
	return nil
}

func (r *warningLog) WithAttrs([]slog.Attr) slog.Handler { return r }

func (r *warningLog) WithGroup(string) slog.Handler { return r }

func (r *warningLog) logged() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.messages...)
}

// settingsOf is a Getenv reading only these settings.
func settingsOf(settings map[string]string) func(string) string {
	return func(name string) string { return settings[name] }
}

// --- tokens ---

func TestTokensRoundTripAnyTextEachTimeWithANewNonce(t *testing.T) {
	secrets := keyedBox(t)
	for _, plain := range []string{"", "pw", pythonPlain, "\ufeffleading BOM", strings.Repeat("x", 10_000)} {
		token := mustEncrypt(t, secrets, plain, "accessKey")
		if !IsToken(token) || !tokenShape.MatchString(token) {
			t.Fatalf("not a token: %.80q", token)
		}
		if got := len(bodyOfToken(t, token)); got != 12+len(plain)+16 {
			t.Fatalf("body of %d bytes for %d bytes of text", got, len(plain))
		}
		if got := mustDecrypt(t, secrets, token, "accessKey"); got != plain {
			t.Fatalf("round trip gave %.40q, expected %.40q", got, plain)
		}
		if mustEncrypt(t, secrets, plain, "accessKey") == token {
			t.Fatal("two encryptions of one text are alike")
		}
	}
}

// secretCase is one case of scaffold/codegen/cases/secrets.json, whose "about" says each key.
type secretCase struct {
	Name    string   `json:"name"`
	Token   string   `json:"token"`
	Field   string   `json:"field"`
	OldKeys []string `json:"oldKeys"`
	Plain   *string  `json:"plain"`
	Refused *string  `json:"refused"`
	Sealed  bool     `json:"sealed"`
}

// loadCase is one of the file's "loads": the key a plugin starts with (secretkeys_test.go).
type loadCase struct {
	Name       string   `json:"name"`
	Key        string   `json:"key"`
	Spelled    string   `json:"spelled"`
	OldKeys    []string `json:"oldKeys"`
	Production bool     `json:"production"`
	Refused    *string  `json:"refused"`
}

// secretFile is scaffold/codegen/cases/secrets.json.
type secretFile struct {
	About []string          `json:"about"`
	Keys  map[string]string `json:"keys"`
	Cases []secretCase      `json:"cases"`
	Loads []loadCase        `json:"loads"`
}

// readSecretFile reads the file named by SCAFFOLD_SECRET_CASES (sharedcases_test.go).
func readSecretFile(t *testing.T) secretFile {
	t.Helper()
	var file secretFile
	casefiles.Read(t, "SCAFFOLD_SECRET_CASES", "secrets.json", &file)
	if len(file.Cases) == 0 || len(file.Loads) == 0 {
		t.Fatal("secrets.json holds no case or no load")
	}
	return file
}

// secretCases are the file's keys and token cases.
func secretCases(t *testing.T) (map[string]string, []secretCase) {
	t.Helper()
	file := readSecretFile(t)
	return file.Keys, file.Cases
}

func TestTokensOfTheSharedCasesAreReadAsDecided(t *testing.T) {
	keys, cases := secretCases(t)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			var old [][]byte
			for _, name := range c.OldKeys {
				old = append(old, mustKey(t, keys[name]))
			}
			secrets, err := NewBox(mustKey(t, keys["current"]), old...)
			if err != nil {
				t.Fatal(err)
			}
			if c.Plain != nil {
				if got := mustDecrypt(t, secrets, c.Token, c.Field); got != *c.Plain {
					t.Fatalf("gave %q, expected %q", got, *c.Plain)
				}
			} else {
				expectRefused(t, secrets, c.Token, c.Field, *c.Refused)
			}
			if c.Sealed { // with the nonce Python drew, Go seals the same text to the same token
				nonce := bodyOfToken(t, c.Token)[:NonceBytes]
				if got := secrets.sealWithNonce(nonce, *c.Plain, c.Field); got != c.Token {
					t.Fatalf("sealed as %s, Python as %s", got, c.Token)
				}
			}
		})
	}
}

func TestTokensAreBoundToTheirField(t *testing.T) {
	token := mustEncrypt(t, keyedBox(t), "pw", "accessKey")
	expectRefused(t, keyedBox(t), token, "otherSecret", alteredMessage)
	expectRefused(t, keyedBox(t), pythonToken, "accesskey", alteredMessage)
}

func TestTokensShowAChangeAnywhere(t *testing.T) {
	body := bodyOfToken(t, mustEncrypt(t, keyedBox(t), "password", "p"))
	for index := range body {
		changed := bytes.Clone(body)
		changed[index] ^= 1
		expectRefused(t, keyedBox(t), tokenOfBody(changed), "p", alteredMessage)
	}
}

func TestTokensNameWhatIsWrongWithATokenThatIsNoToken(t *testing.T) {
	token := mustEncrypt(t, keyedBox(t), "password", "p")
	cases := []struct{ value, message string }{
		{"password", "not an encrypted value"},
		{"ENC:v1:" + token[7:], "not an encrypted value"},
		{"enc:v1:", "the encrypted value is truncated"},
		{token[:len(EncryptedPrefix)+36], "the encrypted value is truncated"},
		{token[:len(token)-6], alteredMessage},
		{token + "AAAA", alteredMessage},
		{"enc:v1:!!!not-base64!!!", "the encrypted value is not valid base64url"},
		{"enc:v1:" + strings.Repeat("A", 37), "the encrypted value is not valid base64url"},
		{token + "é", "the encrypted value is not valid base64url"},
		{token + "\xff", "the encrypted value is not valid base64url"}, // not UTF-8 at all
		{"enc:v1:" + strings.Repeat("A", 100_000), "the encrypted value is too long"},
	}
	for _, c := range cases {
		expectRefused(t, keyedBox(t), c.value, "p", c.message)
	}
}

func TestTokensAreBoundedAt64KiBOfCharactersAsPythonCountsThem(t *testing.T) {
	const limit = 64 * 1024
	expectRefused(t, keyedBox(t), "enc:v1:"+strings.Repeat("A", limit+1), "p", "the encrypted value is too long")
	// 'A' * limit is 48 KiB of zeros: a long token, read and refused by its tag
	expectRefused(t, keyedBox(t), "enc:v1:"+strings.Repeat("A", limit), "p", alteredMessage)
	// an emoji is four UTF-8 bytes but one character: not too long, not base64url
	expectRefused(t, keyedBox(t), "enc:v1:"+strings.Repeat("🔑", limit), "p",
		"the encrypted value is not valid base64url")
	expectRefused(t, keyedBox(t), "enc:v1:"+strings.Repeat("🔑", limit+1), "p", "the encrypted value is too long")
}

func TestTokensAreReadAsLenientlyAsPythonReadsThem(t *testing.T) {
	token := mustEncrypt(t, keyedBox(t), "password", "p")
	body := token[len(EncryptedPrefix):]
	alike := []string{
		token + "==", // padding
		EncryptedPrefix + strings.NewReplacer("-", "+", "_", "/").Replace(body), // standard alphabet
		EncryptedPrefix + body[:10] + " \n!" + body[10:],                        // skipped characters
	}
	for _, value := range alike {
		if got := mustDecrypt(t, keyedBox(t), value, "p"); got != "password" {
			t.Fatalf("%q gave %q", value, got)
		}
	}
}

func TestTokensOfAuthenticBytesThatAreNotUTF8AreRefused(t *testing.T) {
	block, err := aes.NewCipher(mustKey(t, fixedKey))
	if err != nil {
		t.Fatal(err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		t.Fatal(err)
	}
	nonce := bytes.Repeat([]byte{7}, 12)
	// 0xff 0xfe, and a lone surrogate as WTF-8 writes it: Python's strict decoding refuses both
	for _, plain := range [][]byte{{0xff, 0xfe}, {0xed, 0xa0, 0x80}} {
		token := tokenOfBody(aead.Seal(bytes.Clone(nonce), nonce, plain, []byte("field:p")))
		expectRefused(t, keyedBox(t), token, "p", alteredMessage)
	}
}

func TestTokensRefuseTextUTF8CannotEncode(t *testing.T) {
	_, err := keyedBox(t).Encrypt("ab\xff", "p")
	if err == nil || err.Error() != "the value to encrypt is not valid UTF-8 (at byte 2)" {
		t.Fatalf("Encrypt of bad UTF-8: %v", err)
	}
	var secretErr *Error
	if errors.As(err, &secretErr) {
		t.Fatal("a value that cannot be encrypted is no token that cannot be decrypted")
	}
	_, err = keyedBox(t).Encrypt("pw", "\xed\xb0\x80")
	if err == nil || err.Error() != "the field code is not valid UTF-8 (at byte 0)" {
		t.Fatalf("Encrypt with a bad field code: %v", err)
	}
	_, err = keyedBox(t).Decrypt(pythonToken, "\xed\xb0\x80")
	if err == nil || errors.As(err, &secretErr) {
		t.Fatalf("Decrypt with a bad field code: %v", err)
	}
}

func TestTokensAreSealedAndRevealedOnlyWhenNeeded(t *testing.T) {
	secrets := keyedBox(t)
	token, err := secrets.Seal("pw", "p")
	if err != nil || !IsToken(token) {
		t.Fatalf("Seal: %q %v", token, err)
	}
	if again, err := secrets.Seal(token, "p"); err != nil || again != token {
		t.Fatalf("a token was sealed again: %q %v", again, err)
	}
	if plain, err := secrets.Reveal(token, "p"); err != nil || plain != "pw" {
		t.Fatalf("Reveal: %q %v", plain, err)
	}
	if plain, err := secrets.Reveal("plain", "p"); err != nil || plain != "plain" {
		t.Fatalf("Reveal of a plain value: %q %v", plain, err)
	}
	if _, err := secrets.Reveal("enc:v1:AAAA", "p"); err == nil {
		t.Fatal("Reveal of a bad token succeeded")
	}
	got := []bool{IsToken(""), IsToken("enc:v1"), IsToken("enc:v1:"), IsToken("ENC:v1:x")}
	if want := []bool{false, false, true, false}; !slices.Equal(got, want) {
		t.Fatalf("IsToken: %v, expected %v", got, want)
	}
}

func TestTokensAreMadeAndReadByManyGoroutinesAtOnce(t *testing.T) {
	secrets := keyedBox(t, fixedOldKey)
	var group sync.WaitGroup
	failures := make(chan string, 8)
	for worker := 0; worker < 8; worker++ {
		group.Add(1)
		go func() {
			defer group.Done()
			for round := 0; round < 200; round++ {
				token, err := secrets.Encrypt("pw", "p")
				if err != nil {
					failures <- err.Error()
					return
				}
				if plain, err := secrets.Decrypt(token, "p"); err != nil || plain != "pw" {
					failures <- "round trip failed"
					return
				}
				if plain, err := secrets.Decrypt(pythonOldToken, "accessKey"); err != nil || plain != "rotated" {
					failures <- "old key failed"
					return
				}
			}
		}()
	}
	group.Wait()
	close(failures)
	for failure := range failures {
		t.Error(failure)
	}
}

func TestTokensNeedABoxThatWasMade(t *testing.T) {
	var secrets Box
	if _, err := secrets.Encrypt("pw", "p"); err == nil {
		t.Fatal("a zero Box encrypted")
	}
	if _, err := secrets.Decrypt(pythonToken, "accessKey"); err == nil {
		t.Fatal("a zero Box decrypted")
	}
}
