// Package app joins the contract glue (internal/contract, generated from the spec) with this
// project's settings, texts, demo logic and own endpoints (template-owned: scaffold upgrade merges
// template changes with your edits).
//
// Register your proxied endpoints in internal/module/endpoints.go (yours: no upgrade touches it;
// README, "Your own proxied endpoints"): they are served here, read by the same body rules, share
// one budget of bytes in flight with the contract's routes, and are counted in /metrics under
// their path. Around everything: GET /healthz, /readyz and /metrics, a request id on every answer
// and log line, one access line per request (contract.Observe); GET /openapi.json publishes the
// contract this backend implements, with your endpoints added. POST /api/v1/secrets encrypts a
// secret your Settings component is about to save, and your endpoints read moduleContext with its
// secrets decrypted (README, "Secrets in the module's settings"; key: MODULE_SECRET_KEY).
package app

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"acme-map/internal/contract"
	"acme-map/internal/contract/module"
	yours "acme-map/internal/module"
	"acme-map/internal/settings"
)

// ModuleMetadata is the well-known answer; baseURL is this backend as the caller reached it.
func ModuleMetadata(s settings.Settings, baseURL string) contract.ModuleMetadata {
	frontendHost := s.FrontendHost
	if frontendHost == "" {
		frontendHost = baseURL
	}
	return contract.ModuleMetadata{
		Name:              s.Name,
		Title:             localised(s.Title, s.PlainTitle, "title"),
		Description:       localised(s.Description, s.PlainDescription, "description"),
		Version:           s.Version,
		EntryPoint:        s.EntryPoint,
		FrontendHost:      frontendHost,
		Scope:             s.Scope,
		Components:        append([]string{}, s.Components...),
		CanAddToDashboard: contract.Some(s.DashboardReady()),
	}
}

func localised(given settings.Localised, plain, key string) []contract.LocaleArrayItem {
	if given != nil {
		return append([]contract.LocaleArrayItem{}, given...)
	}
	items := []contract.LocaleArrayItem{}
	for _, locale := range yours.Locales() {
		text := plain
		if text == "" {
			text = yours.Texts[locale][key]
		}
		items = append(items, contract.LocaleArrayItem{Lang: locale, Value: text})
	}
	return items
}

// New is the backend's HTTP handler; state says when /readyz answers 503 (nil: never).
func New(s settings.Settings, logger *slog.Logger, state *contract.ServiceState) (http.Handler, error) {
	server, err := module.New(module.Options{
		WellKnown: func(baseURL string) (json.Marshaler, error) {
			return ModuleMetadata(s, baseURL), nil
		},
		Version: s.Version,
		Demo: func(call module.DemoCall) (json.Marshaler, error) {
			return yours.DemoStatus(call)
		},
		Locales:        yours.Locales(),
		Assets:         module.NewAssets(s.FrontendDist),
		ServesFrontend: s.FrontendHost == "",
		Endpoints:      yours.Endpoints,
		Document:       contract.Document,
		Logger:         logger,
		CORSOrigins:    s.CORSOrigins,
		Secrets:        s.Secrets,
	})
	if err != nil {
		return nil, err
	}
	var metrics *contract.Metrics
	if s.MetricsEnabled {
		metrics = contract.NewMetrics()
	}
	return contract.Observe(server, contract.ObserveOptions{
		Metrics:   metrics,
		Logger:    logger,
		State:     state,
		Operation: server.Operation,
	}), nil
}
