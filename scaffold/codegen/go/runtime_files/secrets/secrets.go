// Package secrets encrypts sensitive configuration values (password fields) with AES-256-GCM: the
// `enc:v1:` token.
//
// The contract: the health check returns password fields encrypted, and afterwards the platform
// uses and sends them only in encrypted form. A token is `enc:v1:` + base64url(nonce | ciphertext
// | tag): the prefix makes an encrypted value recognisable (so it is never encrypted twice and is
// decrypted only when it is one), the version leaves room for another scheme, the random 96-bit
// nonce makes two encryptions of one password differ, and GCM's tag makes any change to a token
// detectable. The field code is bound in as associated data, so a token copied into another field
// does not decrypt.
//
// A key is 32 random bytes, base64url-encoded (ParseKey reads one, naming the setting it came
// from). A Box holds the current key and old keys that still decrypt, so a key can be rotated
// without invalidating saved values at once. This file is the token alone, shared by plugins and
// module backends (module/secrets.go, MODULE_SECRET_KEY); where a plugin's key comes from
// (PLUGIN_SECRET_KEY, or a development key file: Load) is secretkeys.go, which only plugins carry.
//
// This is the twin of the Python plugins' secrets.py (scaffold/codegen/python/runtime_files/) and of the
// TypeScript plugins' secrets.ts, byte for byte: a token any one makes, the others decrypt, and all
// read a key text, a token and (secretkeys.go) the key file alike (Python's lenient base64 decoding and its
// `str.strip` are reproduced here, as are the words of Python's errors), so a plugin can move from
// one language to another with its key and its saved data sources.
package secrets

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The token prefix, the key's setting (EncryptedPrefix, KeyEnv) and the token's sizes are in
// values_gen.go, shared by every language.

// GenerateHint ends the messages about a missing or malformed key: a command that prints a key in
// the PLUGIN_SECRET_KEY format (44 characters of base64url; the other languages read it alike).
// It needs neither Go source nor Python, only openssl and tr, which a developer's machine has.
const GenerateHint = "generate one with: openssl rand -base64 32 | tr '+/' '-_'"

const (
	nonceBytes    = NonceBytes
	tagBytes      = TagBytes
	keyBytes      = KeyBytes
	maxTokenChars = MaxTokenChars
)

// ErrKeySize is returned by NewBox for a key that is not 32 bytes long.
var ErrKeySize = errors.New("an AES-256-GCM key is 32 bytes")

// Error is a token that cannot be decrypted: altered, truncated, or made with another key.
type Error struct {
	Message string
}

func (e *Error) Error() string { return e.Message }

// KeyError is a key setting (PLUGIN_SECRET_KEY, PLUGIN_OLD_SECRET_KEYS, a module's
// MODULE_SECRET_KEY) or a development key file that cannot be used: the service does not start,
// and the message says what to fix. It is the Python and TypeScript runtimes' ConfigurationError
// for the key, with the same messages.
type KeyError struct {
	Message string
}

func (e *KeyError) Error() string { return e.Message }

// IsToken reports whether v is an encrypted token (has the `enc:v1:` prefix).
func IsToken(v string) bool {
	return strings.HasPrefix(v, EncryptedPrefix)
}

// GenerateKey returns a new random key in the PLUGIN_SECRET_KEY format.
func GenerateKey() string {
	raw := make([]byte, keyBytes)
	if _, err := io.ReadFull(rand.Reader, raw); err != nil {
		// The system's random source does not fail on a supported platform (Go 1.24 and later
		// crash instead of returning this error): a key made of anything else is no key.
		panic("crypto/rand: " + err.Error())
	}
	return base64.URLEncoding.EncodeToString(raw) // padded: the 44 characters of Python's base64url
}

// ParseKey returns the 32 key bytes of a base64url key text, or a *KeyError naming source
// (KeyEnv when source is empty). The text is read as Python reads it: surrounding white space
// (Python's `str.strip`) is removed, `+/` are read as `-_`, and the decoding is lenient (see
// pythonBase64URLDecode).
func ParseKey(text, source string) ([]byte, error) {
	raw, ok := pythonBase64URLDecode(pythonStrip(text))
	if !ok || len(raw) != keyBytes {
		if source == "" {
			source = KeyEnv
		}
		return nil, &KeyError{
			Message: source + " must be 32 random bytes in base64url (44 characters); " + GenerateHint,
		}
	}
	return raw, nil
}

// Box encrypts and decrypts field values: Encrypt uses the first key, Decrypt tries each.
// Make one with NewBox (or, in a plugin, Load); it is safe for concurrent use.
type Box struct {
	ciphers []cipher.AEAD
}

// NewBox returns a Box that encrypts with key and decrypts with key and oldKeys;
// ErrKeySize when one of them is not 32 bytes.
func NewBox(key []byte, oldKeys ...[]byte) (*Box, error) {
	candidates := append([][]byte{key}, oldKeys...)
	ciphers := make([]cipher.AEAD, 0, len(candidates))
	for _, candidate := range candidates {
		if len(candidate) != keyBytes {
			return nil, ErrKeySize
		}
		block, err := aes.NewCipher(candidate)
		if err != nil {
			return nil, err
		}
		aead, err := cipher.NewGCM(block) // a 12-byte nonce and a 16-byte tag, as everywhere
		if err != nil {
			return nil, err
		}
		ciphers = append(ciphers, aead)
	}
	return &Box{ciphers: ciphers}, nil
}

var errNoKey = errors.New("a SecretBox is made by NewSecretBox or LoadSecretBox")

// Encrypt returns an `enc:v1:` token for value of the field with code fieldCode. A value or a field
// code that is not UTF-8 is an error (not a *Error): no language could decrypt the token to
// text, as Python refuses to encode a lone surrogate.
func (b *Box) Encrypt(value, fieldCode string) (string, error) {
	if len(b.ciphers) == 0 {
		return "", errNoKey
	}
	if err := requireUTF8("the value to encrypt", value); err != nil {
		return "", err
	}
	if err := requireUTF8("the field code", fieldCode); err != nil {
		return "", err
	}
	nonce := make([]byte, nonceBytes)
	if _, err := io.ReadFull(rand.Reader, nonce); err != nil {
		return "", fmt.Errorf("cannot draw a nonce: %w", err)
	}
	return b.sealWithNonce(nonce, value, fieldCode), nil
}

// sealWithNonce is Encrypt with a given nonce (the tests reproduce another language's token).
func (b *Box) sealWithNonce(nonce []byte, value, fieldCode string) string {
	body := make([]byte, nonceBytes, nonceBytes+len(value)+tagBytes)
	copy(body, nonce)
	body = b.ciphers[0].Seal(body, nonce, []byte(value), aad(fieldCode))
	return EncryptedPrefix + base64.RawURLEncoding.EncodeToString(body) // no padding, as Python strips it
}

// Decrypt returns the plaintext of token for the field with code fieldCode; a *Error when it
// does not decrypt, with the words of the other languages.
func (b *Box) Decrypt(token, fieldCode string) (string, error) {
	if len(b.ciphers) == 0 {
		return "", errNoKey
	}
	if !IsToken(token) {
		return "", &Error{Message: "not an encrypted value"}
	}
	body := token[len(EncryptedPrefix):]
	if longerThan(body, maxTokenChars) {
		return "", &Error{Message: "the encrypted value is too long"}
	}
	raw, ok := pythonBase64URLDecode(body)
	if !ok {
		return "", &Error{Message: "the encrypted value is not valid base64url"}
	}
	if len(raw) < nonceBytes+tagBytes {
		return "", &Error{Message: "the encrypted value is truncated"}
	}
	if err := requireUTF8("the field code", fieldCode); err != nil {
		return "", err
	}
	nonce, sealed := raw[:nonceBytes], raw[nonceBytes:]
	associated := aad(fieldCode)
	for _, aead := range b.ciphers {
		plain, err := aead.Open(nil, nonce, sealed, associated)
		if err != nil {
			continue // the tag does not match with this key
		}
		if utf8.Valid(plain) { // Python's strict decode: no replacement, a leading BOM is kept
			return string(plain), nil
		}
		break // authentic, yet not UTF-8: no other key makes it text
	}
	return "", &Error{Message: "the encrypted value was altered or made with another key"}
}

// Reveal decrypts value when it is a token; a plain value is returned unchanged.
func (b *Box) Reveal(value, fieldCode string) (string, error) {
	if IsToken(value) {
		return b.Decrypt(value, fieldCode)
	}
	return value, nil
}

// Seal encrypts value unless it already is a token (so nothing is encrypted twice).
func (b *Box) Seal(value, fieldCode string) (string, error) {
	if IsToken(value) {
		return value, nil
	}
	return b.Encrypt(value, fieldCode)
}

func aad(fieldCode string) []byte {
	return append([]byte("field:"), fieldCode...)
}

// requireUTF8 is nil for valid UTF-8, else an error naming what and the first byte that is not.
func requireUTF8(what, text string) error {
	for index, r := range text {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(text[index:]); size == 1 {
				return fmt.Errorf("%s is not valid UTF-8 (at byte %d)", what, index)
			}
		}
	}
	return nil
}

// longerThan reports whether text has more than limit characters as Python counts them (code
// points; a byte that is not part of UTF-8 counts as one, and is refused later as not base64url).
func longerThan(text string, limit int) bool {
	if len(text) <= limit {
		return false // never more code points than bytes
	}
	return len(text) > utf8.UTFMax*limit || utf8.RuneCountInString(text) > limit
}

// pythonStrip is Python's `str.strip()`: strings.TrimSpace keeps U+001C-U+001F, which Python
// removes.
func pythonStrip(text string) string {
	return strings.TrimFunc(text, isPythonSpace)
}

// isPythonSpace is Python's `str.isspace()`: Unicode's White_Space and the separators
// U+001C-U+001F.
func isPythonSpace(r rune) bool {
	return (r >= 0x1c && r <= 0x1f) || unicode.IsSpace(r)
}

// base64Values holds the value of each ASCII character in base64 (either alphabet: Python reads
// `-_` as `+/`), -1 for the characters the decoding skips.
var base64Values = func() (values [128]int8) {
	for index := range values {
		values[index] = -1
	}
	for index, character := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/" {
		values[character] = int8(index)
	}
	values['-'] = 62
	values['_'] = 63
	return values
}()

// pythonBase64URLDecode is Python's `base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))`,
// false where it raises.
//
// CPython's lenient decoding: characters outside the alphabets are skipped, a pad that cannot end
// a group is ignored, the first complete padding ends the input, and leftover bits are dropped; a
// non-ASCII character, or a last group of one character (or of two or three without enough
// padding), is an error. encoding/base64 is strict, hence this reading of its own.
func pythonBase64URLDecode(text string) ([]byte, bool) {
	for index := 0; index < len(text); index++ {
		if text[index] >= utf8.RuneSelf {
			return nil, false // Python's str.encode('ascii') raises
		}
	}
	padded := text + strings.Repeat("=", -len(text)&3)
	out := make([]byte, 0, len(padded)*3/4)
	position := 0 // in the group of four
	left := 0     // the bits of the group not yet written
	pads := 0
	for index := 0; index < len(padded); index++ {
		character := padded[index]
		if character == '=' {
			pads++ // reset by the next character of the alphabet
			if position >= 2 && position+pads >= 4 {
				return out, true
			}
			continue
		}
		value := int(base64Values[character])
		if value < 0 {
			continue
		}
		pads = 0
		switch position {
		case 0:
			left = value
		case 1:
			out = append(out, byte(left<<2|value>>4))
			left = value & 0x0f
		case 2:
			out = append(out, byte(left<<4|value>>2))
			left = value & 0x03
		default:
			out = append(out, byte(left<<6|value))
		}
		position = (position + 1) & 3
	}
	return out, position == 0
}
