// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/secrets/secretkeys.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package secrets

// The secret key's sources: PLUGIN_SECRET_KEY and PLUGIN_OLD_SECRET_KEYS, or, for a development
// plugin, a key kept in its state folder and created once, whose file must be its owner's alone. A
// production plugin refuses the example key the contract spec publishes (PublishedSecretKeys).
// What a key encrypts and decrypts is in secrets.go; this is where it comes from, read exactly as
// the Python and TypeScript plugins read it (so a plugin can move between languages with its key).
// Module backends read MODULE_SECRET_KEY from their environment (module/secrets.go) and keep no key
// file: a module project's copy of this package has secrets.go without this file.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// Options are what Load reads: the environment's settings, the state folder and
// where the one-time warning goes.
type Options struct {
	// Getenv reads PLUGIN_SECRET_KEY and PLUGIN_OLD_SECRET_KEYS ("" when not set); nil reads the
	// process environment (os.Getenv).
	Getenv func(name string) string
	// StateDir is where a development plugin keeps its generated key (PLUGIN_STATE_DIR).
	StateDir string
	// Production is PLUGIN_ENV=production: no key is invented.
	Production bool
	// Logger receives the development key's warning; nil is slog.Default().
	Logger *slog.Logger
}

// keyFileMaxBytes bounds the reading of a key file (outside input): it holds one 44-character key
// and perhaps whitespace, so more than this is no key file.
const keyFileMaxBytes = KeyFileMaxBytes

// The key files whose warning was given, so a process says it once per file.
var warnedKeyFiles = struct {
	sync.Mutex
	paths map[string]bool
}{paths: map[string]bool{}}

// Load returns the Box for this process, from the environment's key or the
// development key file; a *KeyError when the key cannot be had, and the operating system's
// error when the key file cannot be read.
func Load(opts Options) (*Box, error) {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	var oldKeys [][]byte
	for _, part := range strings.Split(getenv(OldKeysEnv), ",") {
		if pythonStrip(part) == "" {
			continue
		}
		key, err := ParseKey(part, OldKeysEnv)
		if err != nil {
			return nil, err
		}
		oldKeys = append(oldKeys, key)
	}
	if keyText := getenv(KeyEnv); keyText != "" {
		key, err := ParseKey(keyText, KeyEnv)
		if err != nil {
			return nil, err
		}
		if opts.Production && isPublished(key) {
			return nil, &KeyError{Message: strings.Replace(PublishedKeyRefusal, "{hint}", GenerateHint, 1)}
		}
		return NewBox(key, oldKeys...)
	}
	if opts.Production {
		return nil, &KeyError{Message: KeyEnv + " is not set and PLUGIN_ENV is production: " +
			"encrypted passwords need the same key on every replica, so the plugin will not invent " +
			"one; " + GenerateHint + ", and set " + KeyEnv + " in the environment"}
	}
	path := filepath.Join(opts.StateDir, KeyFileName)
	key, err := developmentKey(path)
	if err != nil {
		return nil, err
	}
	warnedKeyFiles.Lock()
	first := !warnedKeyFiles.paths[path]
	warnedKeyFiles.paths[path] = true
	warnedKeyFiles.Unlock()
	if first {
		logger := opts.Logger
		if logger == nil {
			logger = slog.Default()
		}
		logger.Warn(KeyEnv + " is not set: using the development key in " + path + " (fine on " +
			"one machine; set " + KeyEnv + " in production, where PLUGIN_ENV=production refuses to " +
			"start without it)")
	}
	return NewBox(key, oldKeys...)
}

// isPublished reports whether key is one the contract spec publishes (its example key), however it
// was spelled (without its padding, between spaces): the key bytes are compared, not the texts. As
// an old key it is still read, so values saved with it decrypt while a new key seals them again.
func isPublished(key []byte) bool {
	for _, text := range PublishedSecretKeys {
		if published, err := ParseKey(text, KeyEnv); err == nil && bytes.Equal(published, key) {
			return true
		}
	}
	return false
}

// developmentKey reads the key file, or creates it atomically (several workers may start at once):
// the key is written to a temporary file only its owner reads, which is then hard-linked to the
// key file's name. A link never replaces a file, so the first worker's key is the one every worker
// reads; the loser of the race finds the name taken and reads the winner's key.
func developmentKey(path string) ([]byte, error) {
	key, err := readKeyFile(path, true)
	if key != nil || err != nil {
		return key, err
	}
	folder := filepath.Dir(path)
	file, err := createTemporary(folder)
	if err != nil {
		return nil, &KeyError{Message: "cannot create the development key in " + folder + ": " +
			systemReason(err) + "; set " + KeyEnv + " or PLUGIN_STATE_DIR to a writable folder"}
	}
	if err := linkKey(file, path); err != nil {
		return nil, err
	}
	return readKeyFile(path, false)
}

// createTemporary makes folder (and its parents) and a new file in it that only its owner reads:
// Python's `mkdir(parents=True, exist_ok=True)` and `tempfile.mkstemp(prefix='.secret-')`.
func createTemporary(folder string) (*os.File, error) {
	if err := makeStateFolder(folder, true); err != nil {
		return nil, err
	}
	return os.CreateTemp(folder, ".secret-*") // O_EXCL, mode 0600
}

// makeStateFolder is Python's `Path.mkdir(parents=parents, exist_ok=True)`, so a failure has Python's
// reason: os.MkdirAll says "not a directory" where Python says "File exists".
func makeStateFolder(path string, parents bool) error {
	err := os.Mkdir(path, 0o777)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		parent := filepath.Dir(path)
		if !parents || parent == path {
			return err
		}
		if err := makeStateFolder(parent, true); err != nil {
			return err
		}
		return makeStateFolder(path, false)
	}
	if info, statErr := os.Stat(path); statErr == nil && info.IsDir() {
		return nil
	}
	return err
}

// linkKey writes a new key to the temporary file, gives it the key file's name unless another
// worker did first, and removes the temporary name.
func linkKey(file *os.File, path string) error {
	temporary := file.Name()
	defer os.Remove(temporary)
	_, err := file.WriteString(GenerateKey() + "\n")
	if closeErr := file.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return err
	}
	if err := os.Chmod(temporary, 0o600); err != nil {
		return err
	}
	if err := os.Link(temporary, path); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	// another worker won the race: use its key
	return nil
}

// missingErrors are the errors Python's `Path.is_file()` reads as "no file there": the key file
// is then made.
var missingErrors = []syscall.Errno{syscall.ENOENT, syscall.ENOTDIR, syscall.EBADF, syscall.ELOOP}

// readKeyFile returns the key in path; nil and no error when there is no file (and missingOK).
//
// The key file must be the owner's own: a regular file, not reached through a symbolic link (which
// could lead anywhere), that no other user may read, write or run; otherwise the plugin does not
// start (a *KeyError). O_NOFOLLOW refuses a link, and the checks are made on the file that
// was opened, so the file cannot be swapped between the checks and the reading. O_NONBLOCK: a
// named pipe is refused, not waited on.
func readKeyFile(path string, missingOK bool) ([]byte, error) {
	file, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		// O_NOFOLLOW's error: ELOOP on Linux and macOS, EMLINK on FreeBSD
		if info, statErr := os.Lstat(path); statErr == nil && info.Mode()&fs.ModeSymlink != 0 {
			return nil, &KeyError{Message: path + " is a symbolic link; replace it with the key " +
				"file itself, or delete it and a new key is made"}
		}
		if missingOK {
			for _, missing := range missingErrors {
				if errors.Is(err, missing) {
					return nil, nil
				}
			}
		}
		return nil, err
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &KeyError{Message: path + " is not a regular file; replace it with the key " +
			"file itself, or delete it and a new key is made"}
	}
	if mode := info.Mode().Perm(); mode&0o077 != 0 {
		use := "executable"
		if mode&0o044 != 0 {
			use = "readable"
		} else if mode&0o022 != 0 {
			use = "writable"
		}
		return nil, &KeyError{Message: fmt.Sprintf("%s is %s by other users (mode %04o); run "+
			"chmod 600 %s, or delete it and a new key is made", path, use, uint32(mode), path)}
	}
	// At most one byte more than a key file holds is read: the file is outside input.
	content, err := io.ReadAll(io.LimitReader(file, keyFileMaxBytes+1))
	if err != nil {
		return nil, err
	}
	text := string(content)
	if len(content) > keyFileMaxBytes {
		// More bytes than a key file holds: a bad key, as in Python and TypeScript.
		text = ""
	}
	for _, character := range content {
		if character >= utf8.RuneSelf {
			// Python reads the file as ASCII and fails on any other byte: here such a file is a bad key.
			text = ""
			break
		}
	}
	return ParseKey(text, path)
}

// systemReason is Python's `OSError.strerror` for an error of the operating system, e.g. "Permission
// denied": Go words an errno as C's strerror() does, only without the capital letter.
func systemReason(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		message := errno.Error()
		if message != "" {
			first, size := utf8.DecodeRuneInString(message)
			return string(unicode.ToUpper(first)) + message[size:]
		}
	}
	return err.Error()
}
