// The built frontend served to the platform: content types, ETag and the caching rule (seeded
// once; yours to edit).
package module_test

import (
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"acme-map/internal/settings"
)

func currentQuery(t *testing.T, b backend) url.Values {
	body := b.call(t, http.MethodGet, "/api/v1/well-known", "", nil).json(t)
	return url.Values{"version": {body["version"].(string)}, "buildTimestamp": {body["buildTimestamp"].(string)}}
}

func TestScriptAndStylesheet(t *testing.T) {
	b := serve(t, nil)
	script := b.call(t, http.MethodGet, "/static/module.js", "", nil)
	if script.status != http.StatusOK || script.header.Get("Content-Type") != "text/javascript; charset=utf-8" {
		t.Errorf("module.js: %d %q", script.status, script.header.Get("Content-Type"))
	}
	style := b.call(t, http.MethodGet, "/static/module.css", "", nil)
	if style.header.Get("Content-Type") != "text/css; charset=utf-8" {
		t.Errorf("module.css: %q", style.header.Get("Content-Type"))
	}
	if script.header.Get("X-Content-Type-Options") != "nosniff" || script.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("headers %v", script.header)
	}
}

func TestCurrentBuildIsCachedForAYear(t *testing.T) {
	b := serve(t, nil)
	got := b.call(t, http.MethodGet, "/static/module.js?"+currentQuery(t, b).Encode(), "", nil)
	if cache := got.header.Get("Cache-Control"); cache != "public, max-age=31536000, immutable" {
		t.Errorf("Cache-Control %q", cache)
	}
}

func TestOtherRequestsMustRevalidate(t *testing.T) {
	b := serve(t, nil)
	stale := currentQuery(t, b)
	stale.Set("buildTimestamp", "2020-01-01T00:00:00.000Z")
	for _, query := range []url.Values{
		{},
		stale,
		{"version": {"0.0.1"}},
	} {
		got := b.call(t, http.MethodGet, "/static/module.js?"+query.Encode(), "", nil)
		if cache := got.header.Get("Cache-Control"); cache != "no-cache" {
			t.Errorf("%v: Cache-Control %q", query, cache)
		}
	}
}

func TestETagRevalidation(t *testing.T) {
	b := serve(t, nil)
	etag := b.call(t, http.MethodGet, "/static/module.js", "", nil).header.Get("ETag")
	if len(etag) != 34 {
		t.Fatalf("ETag %q: 32 hex digits in quotes", etag)
	}
	again := b.call(t, http.MethodGet, "/static/module.js", "", map[string]string{"If-None-Match": etag})
	if again.status != http.StatusNotModified || len(again.body) != 0 {
		t.Errorf("revalidation: %d %q", again.status, again.body)
	}
}

func TestMissingFilesAndEscapesAre404(t *testing.T) {
	b := serve(t, nil)
	for _, path := range []string{"/static/missing.js", "/static/../go.mod", "/static/%2e%2e/%2e%2e/etc/passwd", "/static/build-info.json"} {
		if got := b.call(t, http.MethodGet, path, "", nil); got.status != http.StatusNotFound {
			t.Errorf("%s: %d", path, got.status)
		}
	}
}

func TestNoBuildIsA404ThatSaysSo(t *testing.T) {
	b := serve(t, func(s *settings.Settings) { s.FrontendDist = filepath.Join(t.TempDir(), "nothing") })
	got := b.call(t, http.MethodGet, "/static/module.js", "", nil)
	if message, _ := got.json(t)["message"].(string); got.status != http.StatusNotFound || !strings.Contains(message, "npm run build") {
		t.Errorf("%d %s", got.status, got.body)
	}
	if _, ok := b.call(t, http.MethodGet, "/api/v1/well-known", "", nil).json(t)["buildTimestamp"]; ok {
		t.Error("no build, no buildTimestamp")
	}
}
