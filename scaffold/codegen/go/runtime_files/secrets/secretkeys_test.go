package secrets

// The key tests: what a key is, how one is generated, and where Load finds it (the
// environment, or a development key file that must be its owner's alone). The token tests and the
// helpers both files use are in secrets_test.go.

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// --- keys ---

func TestKeysOldOnesDecryptAndTheNewOneEncrypts(t *testing.T) {
	rotated := keyedBox(t, fixedOldKey)
	if got := mustDecrypt(t, rotated, pythonOldToken, "accessKey"); got != "rotated" {
		t.Fatalf("old token gave %q", got)
	}
	if got := mustDecrypt(t, rotated, pythonToken, "accessKey"); got != pythonPlain {
		t.Fatalf("new token gave %q", got)
	}
	expectRefused(t, keyedBox(t), pythonOldToken, "accessKey", alteredMessage)
	fresh := mustEncrypt(t, rotated, "new", "accessKey")
	if got := mustDecrypt(t, keyedBox(t), fresh, "accessKey"); got != "new" {
		t.Fatalf("fresh token gave %q", got)
	}
	onlyOld, err := NewBox(mustKey(t, fixedOldKey))
	if err != nil {
		t.Fatal(err)
	}
	expectRefused(t, onlyOld, fresh, "accessKey", alteredMessage)
}

func TestKeysAre32Bytes(t *testing.T) {
	for _, keys := range [][][]byte{
		{make([]byte, 16)},
		{mustKey(t, fixedKey), make([]byte, 33)},
	} {
		secrets, err := NewBox(keys[0], keys[1:]...)
		if secrets != nil || !errors.Is(err, ErrKeySize) || err.Error() != "an AES-256-GCM key is 32 bytes" {
			t.Fatalf("NewBox: %v %v", secrets, err)
		}
	}
}

func TestKeysAreGeneratedInThePluginSecretKeyFormat(t *testing.T) {
	key := GenerateKey()
	if !keyShape.MatchString(key) {
		t.Fatalf("generated key %q", key)
	}
	if got := len(mustKey(t, key)); got != 32 {
		t.Fatalf("a generated key of %d bytes", got)
	}
	if GenerateKey() == key {
		t.Fatal("two generated keys are alike")
	}
}

func TestKeysAreGeneratedByTheCommandTheHintGives(t *testing.T) {
	command, found := strings.CutPrefix(GenerateHint, "generate one with: ")
	if !found {
		t.Fatalf("the hint names no command: %q", GenerateHint)
	}
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl is not installed here")
	}
	output, err := exec.Command("sh", "-c", command).Output()
	if err != nil {
		t.Fatalf("%s: %v", command, err)
	}
	if !regexp.MustCompile(`^[A-Za-z0-9_-]{43}=\n$`).Match(output) {
		t.Fatalf("%s printed %q", command, output)
	}
	if got := len(mustKey(t, string(output))); got != 32 {
		t.Fatalf("a key of %d bytes", got)
	}
}

func TestKeysAreReadAsPythonReadsThem(t *testing.T) {
	want := make([]byte, 32)
	for index := range want {
		want[index] = byte(index)
	}
	for _, text := range []string{
		fixedKey,
		fixedKey[:len(fixedKey)-1],
		" " + fixedKey + "\n",
		"\u001c" + fixedKey + "\u3000",      // Python's str.strip() removes both
		"\u0085" + fixedKey + "\u001f",      // U+001F too, which strings.TrimSpace keeps
		fixedKey[:20] + "!" + fixedKey[20:], // a skipped character
		fixedKey + "====AAAA",               // what follows the padding is ignored
	} {
		if got := mustKey(t, text); !bytes.Equal(got, want) {
			t.Fatalf("%q read as %x", text, got)
		}
	}
	signs := bytes.Repeat([]byte{0xfb}, 32) // '+/v7...' in base64, '-_v7...' in base64url
	for _, text := range []string{
		base64.StdEncoding.EncodeToString(signs),
		base64.RawURLEncoding.EncodeToString(signs),
	} {
		if got := mustKey(t, text); !bytes.Equal(got, signs) {
			t.Fatalf("%q read as %x", text, got)
		}
	}
}

func TestKeysNameTheSettingWhenMalformed(t *testing.T) {
	for _, text := range []string{
		"short",
		"!!!!",
		"",
		base64.RawURLEncoding.EncodeToString(make([]byte, 16)),
		base64.RawURLEncoding.EncodeToString(make([]byte, 33)),
		"\ufeff" + fixedKey, // Python's strip() does not remove U+FEFF
		fixedKey[:43] + "\u00e9",
		fixedKey[:43] + "AA",
		fixedKey[:43] + "\xff",
	} {
		key, err := ParseKey(text, KeyEnv)
		if key != nil {
			t.Fatalf("%q read as a key", text)
		}
		if got := asSecretKeyError(t, err).Message; got != "PLUGIN_SECRET_KEY "+keyFormatMessage+GenerateHint {
			t.Fatalf("%q: %q", text, got)
		}
	}
	_, err := ParseKey("short", "")
	if got := asSecretKeyError(t, err).Message; got != "PLUGIN_SECRET_KEY "+keyFormatMessage+GenerateHint {
		t.Fatalf("the default source: %q", got)
	}
	_, err = ParseKey("short", "/x/secret.key")
	if got := asSecretKeyError(t, err).Message; got != "/x/secret.key "+keyFormatMessage+GenerateHint {
		t.Fatalf("a named source: %q", got)
	}
}

// --- Load ---

const developmentWarning = "WARN PLUGIN_SECRET_KEY is not set: using the development key in %s " +
	"(fine on one machine; set PLUGIN_SECRET_KEY in production, where PLUGIN_ENV=production " +
	"refuses to start without it)"

func developmentWarningFor(path string) string {
	return strings.Replace(developmentWarning, "%s", path, 1)
}

func TestLoadUsesTheKeyAndOldKeysOfTheEnvironment(t *testing.T) {
	folder := t.TempDir()
	log := &warningLog{}
	secrets, err := Load(Options{
		Getenv:     settingsOf(map[string]string{KeyEnv: fixedKey, OldKeysEnv: " , " + fixedOldKey + ",, "}),
		Production: true,
		StateDir:   folder,
		Logger:     slog.New(log),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustDecrypt(t, secrets, pythonToken, "accessKey"); got != pythonPlain {
		t.Fatalf("gave %q", got)
	}
	if got := mustDecrypt(t, secrets, pythonOldToken, "accessKey"); got != "rotated" {
		t.Fatalf("gave %q", got)
	}
	if entries, _ := os.ReadDir(folder); len(entries) != 0 {
		t.Fatalf("the state folder holds %v", entries)
	}
	if warnings := log.logged(); len(warnings) != 0 {
		t.Fatalf("warned %v", warnings)
	}
}

func TestLoadReadsTheProcessEnvironmentByDefault(t *testing.T) {
	t.Setenv(KeyEnv, fixedKey)
	t.Setenv(OldKeysEnv, fixedOldKey)
	secrets, err := Load(Options{Production: true, StateDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustDecrypt(t, secrets, pythonOldToken, "accessKey"); got != "rotated" {
		t.Fatalf("gave %q", got)
	}
}

func TestLoadNamesTheSettingOfAMalformedKey(t *testing.T) {
	folder := t.TempDir()
	_, err := Load(Options{
		Getenv: settingsOf(map[string]string{KeyEnv: " "}), StateDir: folder,
	})
	if got := asSecretKeyError(t, err).Message; got != "PLUGIN_SECRET_KEY "+keyFormatMessage+GenerateHint {
		t.Fatalf("%q", got)
	}
	_, err = Load(Options{
		Getenv:   settingsOf(map[string]string{KeyEnv: fixedKey, OldKeysEnv: fixedOldKey + ",x"}),
		StateDir: folder,
	})
	if got := asSecretKeyError(t, err).Message; got != "PLUGIN_OLD_SECRET_KEYS "+keyFormatMessage+GenerateHint {
		t.Fatalf("%q", got)
	}
}

func TestLoadRefusesToStartInProductionWithoutAKey(t *testing.T) {
	folder := t.TempDir()
	// not used: production needs the setting
	if err := os.WriteFile(filepath.Join(folder, KeyFileName), []byte(fixedKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	log := &warningLog{}
	for _, settings := range []map[string]string{{}, {KeyEnv: ""}} {
		_, err := Load(Options{
			Getenv: settingsOf(settings), Production: true, StateDir: folder, Logger: slog.New(log),
		})
		want := "PLUGIN_SECRET_KEY is not set and PLUGIN_ENV is production: encrypted passwords need " +
			"the same key on every replica, so the plugin will not invent one; " + GenerateHint +
			", and set PLUGIN_SECRET_KEY in the environment"
		if got := asSecretKeyError(t, err).Message; got != want {
			t.Fatalf("%q", got)
		}
	}
	if warnings := log.logged(); len(warnings) != 0 {
		t.Fatalf("warned %v", warnings)
	}
}

func TestLoadKeepsADevelopmentKeyInTheStateFolderAndWarnsOnce(t *testing.T) {
	stateDir := filepath.Join(t.TempDir(), "state", "nested")
	log := &warningLog{}
	options := Options{Getenv: settingsOf(nil), StateDir: stateDir, Logger: slog.New(log)}
	first, err := Load(options)
	if err != nil {
		t.Fatal(err)
	}
	options.Getenv = settingsOf(map[string]string{KeyEnv: ""})
	again, err := Load(options)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(stateDir, KeyFileName)
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := info.Mode().Perm(); mode != 0o600 {
		t.Fatalf("the key file's mode is %o", mode)
	}
	content, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[A-Za-z0-9_-]{43}=\n$`).Match(content) {
		t.Fatalf("the key file holds %q", content)
	}
	entries, err := os.ReadDir(stateDir)
	if err != nil || len(entries) != 1 || entries[0].Name() != KeyFileName {
		t.Fatalf("the state folder holds %v %v", entries, err) // no temporary file left
	}
	if got := mustDecrypt(t, again, mustEncrypt(t, first, "pw", "p"), "p"); got != "pw" {
		t.Fatalf("gave %q", got)
	}
	if got := log.logged(); !slices.Equal(got, []string{developmentWarningFor(path)}) {
		t.Fatalf("warned %q", got)
	}
}

func TestLoadUsesAKeyFileThatIsThereOldKeysBesideIt(t *testing.T) {
	folder := t.TempDir()
	if err := os.WriteFile(filepath.Join(folder, KeyFileName), []byte(fixedKey+"\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	log := &warningLog{}
	secrets, err := Load(Options{
		Getenv:   settingsOf(map[string]string{OldKeysEnv: fixedOldKey}),
		StateDir: folder,
		Logger:   slog.New(log),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustDecrypt(t, secrets, pythonToken, "accessKey"); got != pythonPlain {
		t.Fatalf("gave %q", got)
	}
	if got := mustDecrypt(t, secrets, pythonOldToken, "accessKey"); got != "rotated" {
		t.Fatalf("gave %q", got)
	}
	if got := log.logged(); len(got) != 1 {
		t.Fatalf("warned %q", got)
	}
}

func TestLoadNamesAMalformedKeyFile(t *testing.T) {
	folder := t.TempDir()
	path := filepath.Join(folder, KeyFileName)
	for _, content := range []string{"not a key\n", fixedKey + "\u00a0"} {
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Load(Options{
			Getenv: settingsOf(nil), StateDir: folder, Logger: slog.New(&warningLog{}),
		})
		if got := asSecretKeyError(t, err).Message; got != path+" "+keyFormatMessage+GenerateHint {
			t.Fatalf("%q: %q", content, got)
		}
	}
}

// writeKeyFile puts content in a new file at path with mode (whatever the umask).
func writeKeyFile(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// loadDevelopmentBox is Load without PLUGIN_SECRET_KEY: the key file of stateDir.
func loadDevelopmentBox(stateDir string, log *warningLog) (*Box, error) {
	return Load(Options{Getenv: settingsOf(nil), StateDir: stateDir, Logger: slog.New(log)})
}

func TestLoadUsesAKeyFileOnlyItsOwnerMayRead(t *testing.T) {
	folder := t.TempDir()
	path := filepath.Join(folder, KeyFileName)
	for _, mode := range []os.FileMode{0o600, 0o400} {
		writeKeyFile(t, path, fixedKey+"\n", mode)
		secrets, err := loadDevelopmentBox(folder, &warningLog{})
		if err != nil {
			t.Fatalf("mode %04o: %v", mode, err)
		}
		if got := mustDecrypt(t, secrets, pythonToken, "accessKey"); got != pythonPlain {
			t.Fatalf("gave %q", got)
		}
	}
}

func TestLoadRefusesAKeyFileOtherUsersMayUse(t *testing.T) {
	folder := t.TempDir()
	path := filepath.Join(folder, KeyFileName)
	for _, unsafe := range []struct {
		mode os.FileMode
		use  string
	}{
		{0o644, "readable"},
		{0o640, "readable"},
		{0o604, "readable"},
		{0o620, "writable"},
		{0o610, "executable"},
	} {
		writeKeyFile(t, path, fixedKey+"\n", unsafe.mode)
		log := &warningLog{}
		secrets, err := loadDevelopmentBox(folder, log)
		if secrets != nil {
			t.Fatalf("mode %04o: the key file was used", unsafe.mode)
		}
		want := fmt.Sprintf("%s is %s by other users (mode %04o); run chmod 600 %s, or delete it "+
			"and a new key is made", path, unsafe.use, unsafe.mode, path)
		if got := asSecretKeyError(t, err).Message; got != want {
			t.Fatalf("%q", got)
		}
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != unsafe.mode {
			t.Fatalf("the key file was changed: %v %v", info, err) // left as it was
		}
		if warnings := log.logged(); len(warnings) != 0 {
			t.Fatalf("warned %v", warnings)
		}
	}
}

func TestLoadRefusesAKeyFileThatIsASymbolicLinkDanglingOrNot(t *testing.T) {
	folder := t.TempDir()
	outside := filepath.Join(folder, "elsewhere")
	stateDir := filepath.Join(folder, "state")
	for _, dir := range []string{outside, stateDir} {
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(stateDir, KeyFileName)
	if err := os.Symlink(filepath.Join(outside, "key"), path); err != nil {
		t.Fatal(err)
	}
	for _, dangling := range []bool{true, false} {
		if !dangling {
			writeKeyFile(t, filepath.Join(outside, "key"), fixedKey+"\n", 0o600)
		}
		secrets, err := loadDevelopmentBox(stateDir, &warningLog{})
		if secrets != nil {
			t.Fatalf("dangling %v: the link was followed", dangling)
		}
		want := path + " is a symbolic link; replace it with the key file itself, or delete it and a " +
			"new key is made"
		if got := asSecretKeyError(t, err).Message; got != want {
			t.Fatalf("dangling %v: %q", dangling, got)
		}
		entries, err := os.ReadDir(stateDir)
		if err != nil || len(entries) != 1 {
			t.Fatalf("the state folder holds %v %v", entries, err) // no key made beside it
		}
	}
}

func TestLoadRefusesAKeyFileThatIsNotARegularFile(t *testing.T) {
	folder := t.TempDir()
	directory := filepath.Join(folder, "folder")
	if err := os.MkdirAll(filepath.Join(directory, KeyFileName), 0o700); err != nil {
		t.Fatal(err)
	}
	pipe := filepath.Join(folder, "pipe")
	if err := os.Mkdir(pipe, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(pipe, KeyFileName), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, stateDir := range []string{directory, pipe} { // a named pipe is not waited on
		_, err := loadDevelopmentBox(stateDir, &warningLog{})
		path := filepath.Join(stateDir, KeyFileName)
		want := path + " is not a regular file; replace it with the key file itself, or delete it " +
			"and a new key is made"
		if got := asSecretKeyError(t, err).Message; got != want {
			t.Fatalf("%q", got)
		}
	}
}

func TestLoadSaysWhenTheStateFolderCannotBeMade(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	// Python's words: "Not a directory" below a file, "File exists" for the file itself
	for stateDir, reason := range map[string]string{
		filepath.Join(blocker, "state"): "Not a directory",
		blocker:                         "File exists",
	} {
		_, err := Load(Options{
			Getenv: settingsOf(nil), StateDir: stateDir, Logger: slog.New(&warningLog{}),
		})
		want := "cannot create the development key in " + stateDir + ": " + reason +
			"; set PLUGIN_SECRET_KEY or PLUGIN_STATE_DIR to a writable folder"
		if got := asSecretKeyError(t, err).Message; got != want {
			t.Fatalf("%q", got)
		}
	}
}

func TestLoadGivesWorkersThatStartAtOnceOneKey(t *testing.T) {
	stateDir := filepath.Join(t.TempDir(), "state")
	log := &warningLog{}
	boxes := make([]*Box, 8)
	errs := make([]error, len(boxes))
	var group sync.WaitGroup
	for index := range boxes {
		group.Add(1)
		go func() {
			defer group.Done()
			boxes[index], errs[index] = Load(Options{
				Getenv: settingsOf(nil), StateDir: stateDir, Logger: slog.New(log),
			})
		}()
	}
	group.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	token := mustEncrypt(t, boxes[0], "pw", "p")
	for _, secrets := range boxes[1:] {
		if got := mustDecrypt(t, secrets, token, "p"); got != "pw" {
			t.Fatalf("gave %q", got)
		}
	}
	entries, err := os.ReadDir(stateDir)
	if err != nil || len(entries) != 1 {
		t.Fatalf("the state folder holds %v %v", entries, err)
	}
	if got := log.logged(); len(got) != 1 {
		t.Fatalf("warned %q", got)
	}
}
