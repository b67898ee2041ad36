// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/shutdown.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"
)

// ShutdownOptions say how Serve stops once its context is done (SIGTERM or SIGINT in cmd/).
type ShutdownOptions struct {
	// State is drained first: /readyz answers 503 from the signal on.
	State *ServiceState
	// Logger gets one line when the stop begins and one if requests were still running at its end.
	Logger *slog.Logger
	// Drain is how long the listener still takes requests while /readyz answers 503, so a load
	// balancer that reads the probe stops sending before connections are refused
	// (SHUTDOWN_DRAIN_SECONDS).
	Drain time.Duration
	// Grace is how long the requests running when the listener closed may take to finish
	// (SHUTDOWN_GRACE_SECONDS); at its end their contexts are cancelled.
	Grace time.Duration
}

// ErrRequestsCut is Serve's answer when requests were still running a second after their
// contexts were cancelled at the end of the grace period: cmd/ exits 1.
var ErrRequestsCut = errors.New("requests still running at the end of SHUTDOWN_GRACE_SECONDS")

// errGraceEnded is the cause of the request contexts Serve cancels at the end of the grace period:
// the Server answers a method stopped by it 503 `stopping` (cutByShutdown), not as a hang-up.
var errGraceEnded = errors.New("the shutdown's grace period ended")

// CutByShutdown says whether r's context was cancelled by the end of the shutdown's grace period
// (Serve): a module backend answers a handler that returned then 503 `stopping`, as the plugin's
// Server answers such a call (cutByShutdown) and the Python backends answer it.
func CutByShutdown(r *http.Request) bool {
	return errors.Is(context.Cause(r.Context()), errGraceEnded)
}

// cancelledGrace is how long methods get to return once their contexts are cancelled (a method
// that honours ctx returns at once).
const cancelledGrace = time.Second

// Serve serves server on listener until ctx is done, then stops in three steps: /readyz answers
// 503 while the listener stays open for opts.Drain; the listener closes and the requests in flight
// get opts.Grace to finish (http.Server.Shutdown); then every request's context (server.BaseContext,
// which Serve sets) is cancelled, and the methods get a second more to return. It returns nil after
// a clean stop, ErrRequestsCut when requests were still running then, or the listener's error.
func Serve(ctx context.Context, server *http.Server, listener net.Listener, opts ShutdownOptions) error {
	requests, cancelRequests := context.WithCancelCause(context.Background())
	defer cancelRequests(nil)
	server.BaseContext = func(net.Listener) context.Context { return requests }
	served := make(chan error, 1)
	go func() { served <- server.Serve(listener) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	opts.State.StartDraining()
	opts.Logger.Info("stopping: /readyz answers 503; the listener closes in " + seconds(opts.Drain) +
		", then requests in flight get " + seconds(opts.Grace) + " to finish")
	drain := time.NewTimer(opts.Drain)
	select {
	case err := <-served:
		drain.Stop()
		return err
	case <-drain.C:
	}
	grace, cancelGrace := context.WithTimeout(context.Background(), opts.Grace)
	defer cancelGrace()
	err := server.Shutdown(grace)
	if errors.Is(err, context.DeadlineExceeded) {
		opts.Logger.Warn("the grace period ended with requests in flight: their contexts are cancelled")
		cancelRequests(errGraceEnded)
		last, cancelLast := context.WithTimeout(context.Background(), cancelledGrace)
		defer cancelLast()
		if server.Shutdown(last) != nil {
			err = ErrRequestsCut
		} else {
			err = nil
		}
	}
	if served := <-served; !errors.Is(served, http.ErrServerClosed) && err == nil {
		err = served
	}
	if err != nil {
		opts.Logger.Warn(err.Error())
	}
	return err
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}
