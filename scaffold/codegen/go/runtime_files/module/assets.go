package module

// Serving the built frontend (module.js, module.css) the way the platform loads it (the Python
// backend's assets.py). The platform loads the JS as a classic script from entryPoint resolved
// against frontendHost and may append `?version=...&buildTimestamp=...`; it then tries the CSS at
// the same path (a missing CSS is not an error). The caching rule (scaffold's decision):
//
//   - every answer carries a strong ETag (the first 32 hex digits of the bytes' sha256), so a
//     revalidation is a cheap 304;
//   - `Cache-Control: public, max-age=31536000, immutable` only when the request's `version` and
//     `buildTimestamp` both equal the running module's version and the current build's mark;
//   - any other request gets `no-cache`: a redeployed bundle is never hidden behind a stale copy.
//
// The build mark is `buildTimestamp` from build-info.json (the frontend build writes it beside
// module.js), or else module.js's modification time. Files are read again when they change on disk.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

const (
	buildInfo  = "build-info.json"
	immutable  = "public, max-age=31536000, immutable"
	revalidate = "no-cache"
	entryFile  = "module.js"
)

var contentTypes = map[string]string{
	".js":    "text/javascript; charset=utf-8",
	".mjs":   "text/javascript; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".map":   "application/json; charset=utf-8",
	".json":  "application/json; charset=utf-8",
	".svg":   "image/svg+xml",
	".woff2": "font/woff2",
}

// Assets are the files of one frontend build folder (dist/), or none when the folder is missing.
type Assets struct {
	folder string // absolute, symbolic links resolved; "" for none
	mu     sync.Mutex
	cache  map[string]cachedFile
}

type cachedFile struct {
	modified time.Time
	size     int64
	body     []byte
	etag     string
}

// NewAssets serves the build in folder ("" or a missing folder: no build).
func NewAssets(folder string) *Assets {
	a := &Assets{cache: map[string]cachedFile{}}
	if folder != "" {
		if absolute, err := filepath.Abs(folder); err == nil {
			a.folder = absolute
			if resolved, err := filepath.EvalSymlinks(absolute); err == nil {
				a.folder = resolved
			}
		}
	}
	return a
}

// Folder is the build folder served ("" for none).
func (a *Assets) Folder() string { return a.folder }

// Available says the folder holds a built module.js.
func (a *Assets) Available() bool {
	if a.folder == "" {
		return false
	}
	info, err := os.Stat(filepath.Join(a.folder, entryFile))
	return err == nil && info.Mode().IsRegular()
}

// BuildMark is the current build's buildTimestamp, "" when there is no build.
func (a *Assets) BuildMark() string {
	if !a.Available() {
		return ""
	}
	if data, err := os.ReadFile(filepath.Join(a.folder, buildInfo)); err == nil {
		var info struct {
			BuildTimestamp any `json:"buildTimestamp"`
		}
		if json.Unmarshal(data, &info) == nil {
			if mark, ok := info.BuildTimestamp.(string); ok && mark != "" {
				return mark
			}
		}
	}
	info, err := os.Stat(filepath.Join(a.folder, entryFile))
	if err != nil {
		return ""
	}
	return info.ModTime().UTC().Format("2006-01-02T15:04:05.000Z")
}

// file is the path of name inside the folder, or "" when name is not a file there to serve.
func (a *Assets) file(name string) string {
	if a.folder == "" || name == "" || strings.ContainsAny(name, "\\\x00") {
		return ""
	}
	path, err := filepath.EvalSymlinks(filepath.Join(a.folder, filepath.FromSlash(name)))
	if err != nil {
		return ""
	}
	inside, err := filepath.Rel(a.folder, path)
	if err != nil || inside == ".." || strings.HasPrefix(inside, ".."+string(filepath.Separator)) {
		return ""
	}
	info, err := os.Stat(path)
	if err != nil || !info.Mode().IsRegular() || filepath.Base(path) == buildInfo {
		return ""
	}
	return path
}

func (a *Assets) read(path string) (cachedFile, error) {
	info, err := os.Stat(path)
	if err != nil {
		return cachedFile{}, err
	}
	a.mu.Lock()
	cached, ok := a.cache[path]
	a.mu.Unlock()
	if ok && cached.modified.Equal(info.ModTime()) && cached.size == info.Size() {
		return cached, nil
	}
	body, err := os.ReadFile(path)
	if err != nil {
		return cachedFile{}, err
	}
	sum := sha256.Sum256(body)
	cached = cachedFile{info.ModTime(), info.Size(), body, `"` + hex.EncodeToString(sum[:])[:32] + `"`}
	a.mu.Lock()
	a.cache[path] = cached
	a.mu.Unlock()
	return cached, nil
}

// Serve answers r with the file name (relative to the build folder) and the caching rule for version.
func (a *Assets) Serve(w http.ResponseWriter, r *http.Request, name, version string) {
	path := a.file(name)
	var cached cachedFile
	err := os.ErrNotExist
	if path != "" {
		cached, err = a.read(path)
	}
	if err != nil {
		message := Text(TextStaticNotFound, nil)
		if !a.Available() {
			message = Text(TextStaticNotBuilt, nil)
		}
		writeError(w, http.StatusNotFound, message, nil)
		return
	}
	query := r.URL.Query()
	current := last(query["version"]) == version && last(query["buildTimestamp"]) == a.BuildMark()
	header := w.Header()
	header.Set("ETag", cached.etag)
	header.Set("Cache-Control", revalidate)
	if current {
		header.Set("Cache-Control", immutable)
	}
	header.Set("X-Content-Type-Options", "nosniff")
	header.Set("Access-Control-Allow-Origin", "*")
	if etagMatches(r.Header.Get("If-None-Match"), cached.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	header.Set("Content-Type", contentType(path))
	header.Set("Content-Length", strconv.Itoa(len(cached.body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(cached.body)
	}
}

// last is the last of values ("" for none): a parameter given twice counts as its last.
func last(values []string) string {
	if len(values) == 0 {
		return ""
	}
	return values[len(values)-1]
}

func contentType(name string) string {
	extension := strings.ToLower(filepath.Ext(name))
	if known, ok := contentTypes[extension]; ok {
		return known
	}
	if guessed := mime.TypeByExtension(extension); guessed != "" {
		return guessed
	}
	return "application/octet-stream"
}

// etagMatches is If-None-Match: `*`, or any listed tag equal to etag (weak comparison).
func etagMatches(header, etag string) bool {
	if strings.TrimSpace(header) == "*" {
		return true
	}
	for _, tag := range strings.Split(header, ",") {
		if strings.TrimPrefix(strings.TrimSpace(tag), "W/") == etag {
			return true
		}
	}
	return false
}
