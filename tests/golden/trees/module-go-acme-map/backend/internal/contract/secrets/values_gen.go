// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

package secrets

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// EncryptedPrefix: what starts an encrypted value.
const EncryptedPrefix = "enc:v1:"

// KeyEnv: the environment variable holding the key.
const KeyEnv = "PLUGIN_SECRET_KEY"

// KeyBytes: AES-256-GCM's key.
const KeyBytes = 32

// NonceBytes: AES-GCM's nonce, fresh for every value.
const NonceBytes = 12

// TagBytes: AES-GCM's authentication tag.
const TagBytes = 16

// MaxTokenChars: an encrypted value longer than this is refused unread.
const MaxTokenChars = 64 << 10
