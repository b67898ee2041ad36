// Package settings reads the module backend's settings from environment variables
// (template-owned: `scaffold upgrade` merges template changes with your edits).
//
// The same variables and defaults as a Python module backend's:
//
//	| variable                          | default                        | what it sets
//	| HOST / PORT                       | 127.0.0.1 / 8090               | where the backend listens
//	| MODULE_NAME                       | acme-map             | `name` in well-known
//	| MODULE_VERSION                    | 0.1.0                          | `version` in well-known
//	| MODULE_SCOPE                      | acme_map                    | `scope`: the window property the bundle registers
//	| MODULE_COMPONENTS                 | Widget,WidgetEditor,Settings   | `components` (comma-separated)
//	| MODULE_CAN_ADD_TO_DASHBOARD       | true when Widget is registered | `canAddToDashboard`
//	| MODULE_ENTRY_POINT                | static/module.js               | `entryPoint`, resolved against frontendHost
//	| MODULE_FRONTEND_HOST              | this backend's own base URL    | `frontendHost` (set it for a CDN)
//	| MODULE_FRONTEND_DIST              | frontend/dist, found from here | the built frontend this backend serves
//	| MODULE_TITLE / MODULE_DESCRIPTION | texts.go                       | text for every language, or a JSON list of {lang, value}
//	| MODULE_CORS_ORIGINS               | *                              | origins allowed to call the backend from a browser
//	| LOG_LEVEL                         | info                           | critical, error, warning, info, debug, trace
//	| LOG_FORMAT                        | text                           | json: one JSON object per log line (with request_id)
//	| METRICS_ENABLED                   | true                           | false: no GET /metrics (404)
//	| SHUTDOWN_DRAIN_SECONDS            | 0 (the image: 5)               | on SIGTERM, how long /readyz answers 503 while still serving
//	| SHUTDOWN_GRACE_SECONDS            | 20                             | then how long requests in flight may finish
//	| MODULE_SECRET_KEY                 | none (a secret is then 503)    | the key of the enc:v1: secrets in moduleContext
//	| MODULE_OLD_SECRET_KEYS            | none                           | earlier keys that still decrypt, comma-separated
//
// A value that is not allowed stops the start with one sentence naming the variable.
package settings

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"acme-map/internal/contract"
	"acme-map/internal/contract/module"
	"acme-map/internal/contract/secrets"
)

// Localised is a text per language, in the order given.
type Localised []contract.LocaleArrayItem

// Settings are the module backend's settings.
type Settings struct {
	Host       string
	Port       int // a plugin's default is 8080: both can run on one machine
	Name       string
	Version    string
	Scope      string
	Components []string
	// CanAddToDashboard is nil for "true when the Widget is registered".
	CanAddToDashboard *bool
	EntryPoint        string
	// FrontendHost is "" for "this backend's own base URL"; it ends with '/'.
	FrontendHost string
	FrontendDist string
	// Title and Description are nil for "texts.go"; Plain is one text for every language.
	Title, Description           Localised
	PlainTitle, PlainDescription string
	CORSOrigins                  []string
	LogLevel                     string
	LogFormat                    string
	MetricsEnabled               bool
	ShutdownDrainSeconds         int
	ShutdownGraceSeconds         int
	// Secrets decrypts the enc:v1: secrets of moduleContext and makes them at POST /api/v1/secrets
	// (MODULE_SECRET_KEY and MODULE_OLD_SECRET_KEYS); nil: no key, and a secret is answered 503.
	Secrets *secrets.Box
}

// LogLevels are the LOG_LEVEL values a module backend takes, in every language.
var LogLevels = []string{"critical", "error", "warning", "info", "debug", "trace"}

// Defaults are the settings without any variable set.
func Defaults() Settings {
	return Settings{
		Host:                 "127.0.0.1",
		Port:                 8090,
		Name:                 "acme-map",
		Version:              "0.1.0",
		Scope:                "acme_map",
		Components:           []string{"Widget", "WidgetEditor", "Settings"},
		EntryPoint:           "static/module.js",
		FrontendDist:         DefaultFrontendDist(),
		CORSOrigins:          []string{"*"},
		LogLevel:             "info",
		LogFormat:            "text",
		MetricsEnabled:       true,
		ShutdownDrainSeconds: contract.ShutdownDrainSeconds,
		ShutdownGraceSeconds: contract.ShutdownGraceSeconds,
	}
}

// DashboardReady is canAddToDashboard: MODULE_CAN_ADD_TO_DASHBOARD, else whether Widget is registered.
func (s Settings) DashboardReady() bool {
	if s.CanAddToDashboard != nil {
		return *s.CanAddToDashboard
	}
	return slices.Contains(s.Components, contract.RequiredForDashboard)
}

// DefaultFrontendDist is the first folder holding a built module.js: frontend/dist seen from the
// current folder or from its parent (running inside backend/).
func DefaultFrontendDist() string {
	candidates := []string{filepath.Join("frontend", "dist"), filepath.Join("..", "frontend", "dist")}
	for _, candidate := range candidates {
		if info, err := os.Stat(filepath.Join(candidate, "module.js")); err == nil && info.Mode().IsRegular() {
			return candidate
		}
	}
	return candidates[0]
}

// Error is a setting that is not allowed: one sentence naming the variable.
type Error struct{ Message string }

func (e *Error) Error() string { return e.Message }

// Load reads the settings through lookup (os.LookupEnv, or a map's lookup in tests).
func Load(lookup func(string) (string, bool)) (Settings, error) {
	s := Defaults()
	set := func(key string) (string, bool) { // set and not blank
		value, ok := lookup(key)
		return strings.TrimSpace(value), ok && strings.TrimSpace(value) != ""
	}
	if value, ok := lookup("HOST"); ok {
		s.Host = value
	}
	if value, ok := lookup("PORT"); ok {
		port, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || port < 1 || port > 65535 || !digits(value) {
			return s, &Error{fmt.Sprintf("PORT must be a number from 1 to 65535, not %q", value)}
		}
		s.Port = port
	}
	for key, target := range map[string]*string{"MODULE_NAME": &s.Name, "MODULE_VERSION": &s.Version, "MODULE_SCOPE": &s.Scope, "MODULE_ENTRY_POINT": &s.EntryPoint, "MODULE_FRONTEND_DIST": &s.FrontendDist} {
		if value, ok := set(key); ok {
			*target = value
		}
	}
	if value, ok := lookup("MODULE_COMPONENTS"); ok {
		components, err := parseComponents(value)
		if err != nil {
			return s, err
		}
		s.Components = components
	}
	if value, ok := lookup("MODULE_CAN_ADD_TO_DASHBOARD"); ok {
		flag, err := parseFlag("MODULE_CAN_ADD_TO_DASHBOARD", value)
		if err != nil {
			return s, err
		}
		s.CanAddToDashboard = &flag
	}
	if value, ok := set("MODULE_FRONTEND_HOST"); ok {
		s.FrontendHost = strings.TrimSuffix(value, "/") + "/" // a relative entryPoint resolves below it
	}
	if value, ok := set("MODULE_TITLE"); ok {
		if err := parseLocalised("MODULE_TITLE", value, &s.Title, &s.PlainTitle); err != nil {
			return s, err
		}
	}
	if value, ok := set("MODULE_DESCRIPTION"); ok {
		if err := parseLocalised("MODULE_DESCRIPTION", value, &s.Description, &s.PlainDescription); err != nil {
			return s, err
		}
	}
	if value, ok := set("MODULE_CORS_ORIGINS"); ok {
		s.CORSOrigins = nil
		for _, origin := range strings.Split(value, ",") {
			if origin = strings.TrimSpace(origin); origin != "" {
				s.CORSOrigins = append(s.CORSOrigins, origin)
			}
		}
	}
	if value, ok := lookup("LOG_LEVEL"); ok {
		if !slices.Contains(LogLevels, strings.ToLower(strings.TrimSpace(value))) {
			return s, &Error{fmt.Sprintf("LOG_LEVEL must be one of %s, not %q", strings.Join(LogLevels, ", "), value)}
		}
		s.LogLevel = strings.ToLower(strings.TrimSpace(value))
	}
	if value, ok := set("LOG_FORMAT"); ok {
		if lowered := strings.ToLower(value); lowered == "text" || lowered == "json" {
			s.LogFormat = lowered
		} else {
			return s, &Error{fmt.Sprintf("LOG_FORMAT must be one of text, json, not %q", value)}
		}
	}
	if value, ok := set("METRICS_ENABLED"); ok {
		flag, err := parseFlag("METRICS_ENABLED", value)
		if err != nil {
			return s, err
		}
		s.MetricsEnabled = flag
	}
	for key, target := range map[string]*int{"SHUTDOWN_DRAIN_SECONDS": &s.ShutdownDrainSeconds, "SHUTDOWN_GRACE_SECONDS": &s.ShutdownGraceSeconds} {
		if value, ok := set(key); ok {
			seconds, err := strconv.Atoi(value)
			if err != nil || !digits(value) || seconds > 3600 {
				return s, &Error{fmt.Sprintf("%s must be a whole number from 0 to 3600, not %q", key, value)}
			}
			*target = seconds
		}
	}
	box, err := module.LoadSecretBox(lookup)
	if err != nil { // a key that is no key: one sentence naming the variable
		return s, &Error{err.Error()}
	}
	s.Secrets = box
	return s, nil
}

// LogLevelOf is LOG_LEVEL as the logging package names it (trace is debug, as uvicorn's).
func (s Settings) LogLevelOf() string {
	if s.LogLevel == "trace" {
		return "debug"
	}
	return s.LogLevel
}

func digits(value string) bool {
	value = strings.TrimSpace(value)
	return value != "" && strings.Trim(value, "0123456789") == ""
}

func parseComponents(value string) ([]string, error) {
	var named []string
	for _, name := range strings.Split(value, ",") {
		if name = strings.TrimSpace(name); name != "" {
			named = append(named, name)
		}
	}
	var components []string
	for _, allowed := range contract.AllowedComponents {
		if slices.Contains(named, allowed) {
			components = append(components, allowed)
		}
	}
	if len(named) == 0 || len(components) != len(slices.Compact(slices.Sorted(slices.Values(named)))) {
		return nil, &Error{fmt.Sprintf("MODULE_COMPONENTS must list some of %s (comma-separated), not %q",
			strings.Join(contract.AllowedComponents, ", "), value)}
	}
	return components, nil
}

func parseFlag(key, value string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "1", "true", "yes", "on":
		return true, nil
	case "0", "false", "no", "off":
		return false, nil
	}
	return false, &Error{fmt.Sprintf("%s must be true or false, not %q", key, value)}
}

// parseLocalised reads a JSON list of {lang, value} objects, or plain text used for every language.
func parseLocalised(key, value string, list *Localised, plain *string) error {
	if !strings.HasPrefix(value, "[") {
		*plain = value
		return nil
	}
	var items []map[string]any
	if err := json.Unmarshal([]byte(value), &items); err != nil {
		return &Error{fmt.Sprintf(`%s must be text or a JSON list like [{"lang": "en-US", "value": "..."}]`, key)}
	}
	if len(items) == 0 {
		return &Error{fmt.Sprintf("%s must not be an empty list", key)}
	}
	for _, item := range items {
		lang, okLang := item["lang"]
		text, okText := item["value"]
		if !okLang || !okText {
			return &Error{fmt.Sprintf(`%s must be text or a JSON list like [{"lang": "en-US", "value": "..."}]`, key)}
		}
		*list = append(*list, contract.LocaleArrayItem{Lang: fmt.Sprint(lang), Value: fmt.Sprint(text)})
	}
	return nil
}
