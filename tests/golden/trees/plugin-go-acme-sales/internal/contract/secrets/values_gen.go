// Code generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de); run `scaffold regenerate`. DO NOT EDIT.

package secrets

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// EncryptedPrefix: what starts an encrypted value.
const EncryptedPrefix = "enc:v1:"

// KeyEnv: the environment variable holding the key.
const KeyEnv = "PLUGIN_SECRET_KEY"

// OldKeysEnv: earlier keys that still decrypt, comma-separated.
const OldKeysEnv = "PLUGIN_OLD_SECRET_KEYS"

// KeyFileName: the key file made for local development.
const KeyFileName = "secret.key"

// KeyFileMaxBytes: a key file longer than this is not a key.
const KeyFileMaxBytes = 4 << 10

// KeyBytes: AES-256-GCM's key.
const KeyBytes = 32

// NonceBytes: AES-GCM's nonce, fresh for every value.
const NonceBytes = 12

// TagBytes: AES-GCM's authentication tag.
const TagBytes = 16

// MaxTokenChars: an encrypted value longer than this is refused unread.
const MaxTokenChars = 64 << 10

// PublishedKeyRefusal: why a production plugin will not start with a key in PUBLISHED_SECRET_KEYS ({hint}: the language's command that makes a key).
const PublishedKeyRefusal = "PLUGIN_SECRET_KEY is the example key the contract spec publishes (info.x-example-secret-key, served at /openapi.json) and PLUGIN_ENV is production: anyone can decrypt what it encrypts, so the plugin will not use it; {hint}, and set PLUGIN_SECRET_KEY to it in the environment"

// PublishedSecretKeys: keys the contract spec publishes (info.x-example-secret-key): refused in production.
var PublishedSecretKeys = [...]string{"ZXhhbXBsZS1rZXktZG8tbm90LXVzZS1pbi1wcm9kISE="}
