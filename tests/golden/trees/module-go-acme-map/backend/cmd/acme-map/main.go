// Command acme-map serves the module backend on HOST:PORT (template-owned: scaffold upgrade merges
// template changes with your edits).
//
// On SIGTERM or SIGINT, /readyz answers 503 at once while the listener still takes requests for
// SHUTDOWN_DRAIN_SECONDS (the platform stops sending new ones), then the listener closes, requests
// in flight get SHUTDOWN_GRACE_SECONDS to finish and their contexts are cancelled at its end; the
// process exits 0, or 1 when a request still ran a second after that. A setting that
// is not allowed (a MODULE_SECRET_KEY that is no key among them) ends the start with one line
// and exit 1.
//
// `acme-map -healthcheck` asks the running module backend's /healthz (PORT from the environment) and
// exits 0 when it answers 200: the container image's HEALTHCHECK, which has no shell or curl.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"acme-map/internal/app"
	"acme-map/internal/contract"
	"acme-map/internal/settings"
)

func main() {
	if len(os.Args) == 2 && os.Args[1] == "-healthcheck" {
		os.Exit(healthcheck())
	}
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "error: %s\n", err)
		os.Exit(1)
	}
}

func healthcheck() int {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8090"
	}
	client := &http.Client{Timeout: 4 * time.Second}
	response, err := client.Get("http://127.0.0.1:" + port + contract.HealthPath)
	if err != nil {
		return 1
	}
	_ = response.Body.Close()
	if response.StatusCode != http.StatusOK {
		return 1
	}
	return 0
}

func run() error {
	s, err := settings.Load(os.LookupEnv)
	if err != nil {
		return err
	}
	logger, err := contract.NewLogger(os.Stderr, s.LogFormat, s.LogLevel)
	if err != nil {
		return err
	}
	// slog's package functions log in LOG_FORMAT too, and with a request's context
	// (slog.InfoContext(ctx, ...)) name its id.
	slog.SetDefault(logger)
	state := &contract.ServiceState{}
	handler, err := app.New(s, logger, state)
	if err != nil {
		return err
	}
	listener, err := net.Listen("tcp", net.JoinHostPort(s.Host, strconv.Itoa(s.Port)))
	if err != nil {
		return fmt.Errorf("cannot listen on %s:%d (%v): set HOST and PORT to a free address", s.Host, s.Port, err)
	}
	// ReadTimeout bounds a whole request (a client that stops sending mid-body included) as
	// Node's requestTimeout does for the TypeScript module backend: RequestSeconds. IdleTimeout
	// closes a keep-alive connection with no request under way after IdleSeconds, longer than
	// a proxy's usual 60 s, so a proxy never reuses a connection just closed here (a POST sent
	// on one is a 502). ErrorLog sends net/http's own lines (a panic in a route of your own with
	// its stack, a handler writing a header twice) through the module backend's logger, in LOG_FORMAT
	// like every other line, at ERROR: each is a bug.
	server := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: contract.HeaderSeconds * time.Second,
		ReadTimeout:       contract.RequestSeconds * time.Second,
		IdleTimeout:       contract.IdleSeconds * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelError),
	}
	// SIGTERM or SIGINT: /readyz answers 503 while the listener still takes requests for
	// SHUTDOWN_DRAIN_SECONDS, then the listener closes and requests in flight get
	// SHUTDOWN_GRACE_SECONDS to finish; at its end their contexts are cancelled (contract.Serve).
	stop, release := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer release()
	logger.Info("serving the module backend on http://" + listener.Addr().String() + "/")
	// Requests are framed as RFC 9112 says before net/http reads them (contract/framing.go): 400
	// or 431 in the module's error shape, as the Go plugin answers them.
	err = contract.Serve(stop, server, contract.FrameRequests(listener, server), contract.ShutdownOptions{
		State:  state,
		Logger: logger,
		Drain:  time.Duration(s.ShutdownDrainSeconds) * time.Second,
		Grace:  time.Duration(s.ShutdownGraceSeconds) * time.Second,
	})
	if errors.Is(err, contract.ErrRequestsCut) {
		os.Exit(1)
	}
	return err
}
