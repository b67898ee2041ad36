// Package app joins the contract glue (internal/contract, generated from the spec) with this
// project's settings, texts and data source (template-owned: scaffold upgrade merges template
// changes with your edits).
//
// Around the contract's routes under /api/v1: GET /healthz, GET /readyz (503 once a shutdown
// began: see cmd/), GET /metrics (Prometheus), a request id on every answer and log line (the
// caller's X-Request-ID when usable, else a new one), one access line per request, and GET
// /openapi.json (the contract this plugin implements).
package app

import (
	"io/fs"
	"log/slog"
	"net/http"
	"os"

	"acme-sales/internal/contract"
	"acme-sales/internal/datasource"
	"acme-sales/internal/settings"
)

// New is the plugin's HTTP handler, serving your data source (datasource.New); state says when
// /readyz answers 503 (nil: never).
func New(s settings.Settings, logger *slog.Logger, state *contract.ServiceState) (http.Handler, error) {
	return Serving(s, logger, state, func(catalog *contract.Catalog) contract.Handler {
		return datasource.New(s, catalog)
	})
}

// Serving is New with the data source dataSource makes from the plugin's texts: the seeded glue
// tests serve contract.Stub through it, your tests may serve a data source set up for them.
func Serving(s settings.Settings, logger *slog.Logger, state *contract.ServiceState, dataSource func(*contract.Catalog) contract.Handler) (http.Handler, error) {
	locales, err := fs.Sub(datasource.Locales, "locales")
	if err != nil {
		return nil, err
	}
	catalog, err := contract.LoadCatalogFS(locales, "internal/datasource/locales")
	if err != nil {
		return nil, err
	}
	secrets, err := contract.LoadSecretBox(contract.SecretBoxOptions{
		Getenv:     os.Getenv,
		StateDir:   s.StateDir,
		Production: s.Environment == "production",
		Logger:     logger,
	})
	if err != nil {
		return nil, err
	}
	server, err := contract.NewServer(contract.ServerOptions{
		Handler:              dataSource(catalog),
		Catalog:              catalog,
		Secrets:              secrets,
		Logger:               logger,
		MaxBodyBytes:         s.MaxBodyBytes,
		MaxBodyBytesInFlight: s.MaxBodyBytesInFlight,
		QuerySeconds:         s.QuerySeconds, // a method still running then is answered 422
	})
	if err != nil {
		return nil, err
	}
	// Observe (below) answers 404 in the contract's error shape for a path this mux would redirect
	// (`/api/v1/./well-known`, `//x`, a trailing slash, none at all): add your routes here freely.
	routes := http.NewServeMux()
	routes.HandleFunc("GET /openapi.json", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(contract.Document)
	})
	routes.Handle("/", server)
	var metrics *contract.Metrics
	if s.MetricsEnabled {
		metrics = contract.NewMetrics()
	}
	return contract.Observe(routes, contract.ObserveOptions{
		Metrics:   metrics,
		Logger:    logger,
		State:     state,
		Operation: contract.OperationOf,
	}), nil
}
