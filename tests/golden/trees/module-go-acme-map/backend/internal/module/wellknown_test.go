// GET /api/v1/well-known: the metadata the platform reads when the module is connected, and the
// settings from the environment (seeded once; yours to edit).
package module_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"acme-map/internal/settings"
)

var required = []string{"name", "title", "description", "version", "entryPoint", "frontendHost", "scope", "components"}

func TestAnswersTheFullMetadata(t *testing.T) {
	got := serve(t, nil).call(t, http.MethodGet, "/api/v1/well-known", "", nil)
	body := got.json(t)
	if got.status != http.StatusOK {
		t.Fatalf("status %d", got.status)
	}
	for _, key := range required {
		if _, ok := body[key]; !ok {
			t.Errorf("%s is missing", key)
		}
	}
	if body["name"] != "acme-map" || body["scope"] != "acme_map" || body["entryPoint"] != "static/module.js" {
		t.Errorf("answer %s", got.body)
	}
	if components := body["components"].([]any); len(components) != 3 {
		t.Errorf("components %v", components)
	}
	if body["canAddToDashboard"] != true {
		t.Errorf("canAddToDashboard %v", body["canAddToDashboard"])
	}
	var languages []string
	for _, item := range body["title"].([]any) {
		languages = append(languages, item.(map[string]any)["lang"].(string))
	}
	slices.Sort(languages)
	if !slices.Equal(languages, []string{"en-US", "ru-RU"}) {
		t.Errorf("title languages %v", languages)
	}
	if body["buildTimestamp"] != "2026-01-01T00:00:00.000Z" {
		t.Errorf("buildTimestamp %v", body["buildTimestamp"])
	}
}

func TestFrontendHostDefaultsToThisBackend(t *testing.T) {
	b := serve(t, nil)
	body := b.call(t, http.MethodGet, "/api/v1/well-known", "", nil).json(t)
	if body["frontendHost"] != b.URL+"/" {
		t.Fatalf("frontendHost %v, want %s/", body["frontendHost"], b.URL)
	}
	script := b.call(t, http.MethodGet, "/"+body["entryPoint"].(string), "", nil)
	if script.status != http.StatusOK {
		t.Errorf("the entry point answered %d", script.status)
	}
}

func TestFrontendHostCanPointElsewhere(t *testing.T) {
	b := serve(t, func(s *settings.Settings) { s.FrontendHost = "https://cdn.example.com/acme/" })
	body := b.call(t, http.MethodGet, "/api/v1/well-known", "", nil).json(t)
	if body["frontendHost"] != "https://cdn.example.com/acme/" {
		t.Errorf("frontendHost %v", body["frontendHost"])
	}
	if _, ok := body["buildTimestamp"]; ok {
		t.Error("this backend's build says nothing about the CDN's")
	}
}

func environment(values map[string]string) func(string) (string, bool) {
	return func(key string) (string, bool) {
		value, ok := values[key]
		return value, ok
	}
}

func TestEnvironmentOverrides(t *testing.T) {
	s, err := settings.Load(environment(map[string]string{
		"MODULE_NAME":          "other",
		"MODULE_VERSION":       "2.0.0",
		"MODULE_COMPONENTS":    "Settings, Widget",
		"MODULE_FRONTEND_HOST": "https://cdn.example.com/x",
		"MODULE_TITLE":         `[{"lang": "en-US", "value": "Other"}]`,
		"PORT":                 "9000",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "other" || s.Version != "2.0.0" || s.Port != 9000 {
		t.Errorf("name %q, version %q, port %d", s.Name, s.Version, s.Port)
	}
	if !slices.Equal(s.Components, []string{"Widget", "Settings"}) {
		t.Errorf("components %v", s.Components)
	}
	if s.FrontendHost != "https://cdn.example.com/x/" {
		t.Errorf("frontendHost %q", s.FrontendHost)
	}
	if len(s.Title) != 1 || s.Title[0].Lang != "en-US" || s.Title[0].Value != "Other" {
		t.Errorf("title %v", s.Title)
	}
}

func TestUnusableEnvironmentIsNamed(t *testing.T) {
	for _, values := range []map[string]string{
		{"PORT": "http"},
		{"MODULE_COMPONENTS": "Chart"},
		{"MODULE_TITLE": "[1]"},
		{"LOG_LEVEL": "loud"},
	} {
		_, err := settings.Load(environment(values))
		for key := range values {
			if err == nil || !strings.Contains(err.Error(), key) {
				t.Errorf("%v: error %v does not name %s", values, err, key)
			}
		}
	}
}
