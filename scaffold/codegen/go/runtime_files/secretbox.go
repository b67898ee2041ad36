package contract

// The secrets role lives in its own package, internal/contract/secrets (the `enc:v1:` tokens and
// where the key comes from); these are the names the contract package has always given it, so the
// code a team and its template wrote against contract.SecretBox, contract.LoadSecretBox and the rest
// builds unchanged.

import "example.com/plugin/internal/contract/secrets"

// SecretBox encrypts and decrypts the password fields of a data source (secrets.Box).
type SecretBox = secrets.Box

// SecretBoxOptions are what LoadSecretBox reads (secrets.Options).
type SecretBoxOptions = secrets.Options

// SecretError is a token that is not one, or does not decrypt (secrets.Error).
type SecretError = secrets.Error

// SecretKeyError is a key that is malformed or missing (secrets.KeyError).
type SecretKeyError = secrets.KeyError

// ErrKeySize: an AES-256-GCM key is 32 bytes.
var ErrKeySize = secrets.ErrKeySize

// GenerateHint is the command the messages about a key give (secrets.GenerateHint).
const GenerateHint = secrets.GenerateHint

// NewSecretBox is a SecretBox that encrypts with key and decrypts with it or any of oldKeys.
func NewSecretBox(key []byte, oldKeys ...[]byte) (*SecretBox, error) {
	return secrets.NewBox(key, oldKeys...)
}

// LoadSecretBox reads the key as the environment and the state folder say (secrets.Load).
func LoadSecretBox(opts SecretBoxOptions) (*SecretBox, error) { return secrets.Load(opts) }

// IsToken reports whether v is an `enc:v1:` token (secrets.IsToken).
func IsToken(v string) bool { return secrets.IsToken(v) }

// GenerateKey is a new key in the PLUGIN_SECRET_KEY format (secrets.GenerateKey).
func GenerateKey() string { return secrets.GenerateKey() }

// ParseKey reads a key text; source names where it came from in the error (secrets.ParseKey).
func ParseKey(text, source string) ([]byte, error) { return secrets.ParseKey(text, source) }
