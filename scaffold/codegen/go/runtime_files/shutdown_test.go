package contract

// What a caller gets when the shutdown's grace period ends with its request still running
// (issue 40 point 5). Serve cancels every request's context then; a method that honours it returns
// context.Canceled. Found: the Server took that for a hang-up and answered an empty 499, while the
// Python plugin answers such a request 503 in the error shape with the catalogue's `stopping`
// text: the caller is still there and may retry on another instance.

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestARequestCutByTheEndOfTheGracePeriodIs503StoppingAsInPython(t *testing.T) {
	source := fsWaiting{started: make(chan struct{})}
	log := &syncBuffer{}
	logger, err := NewLogger(log, "json", "debug")
	if err != nil {
		t.Fatal(err)
	}
	secrets, err := NewSecretBox(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	plugin, err := NewServer(ServerOptions{
		Handler: source,
		Catalog: NewCatalog(map[string]map[string]string{"ru-RU": {}, "en-US": {}}),
		Secrets: secrets,
		Logger:  logger,
	})
	if err != nil {
		t.Fatal(err)
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	signal, stop := context.WithCancel(context.Background())
	defer stop()
	state := &ServiceState{}
	stopped := make(chan error, 1)
	go func() {
		stopped <- Serve(signal, &http.Server{Handler: plugin}, listener, ShutdownOptions{
			State: state, Logger: logger, Drain: 0, Grace: 100 * time.Millisecond,
		})
	}()

	request, _ := http.NewRequest("POST", "http://"+listener.Addr().String()+"/api/v1/query/get-result", strings.NewReader(fsQuery))
	request.Header.Set("Content-Type", "application/json")
	request.Header.Set("Accept-Language", "en-US")
	answered := make(chan *http.Response, 1)
	failed := make(chan error, 1)
	go func() {
		answer, err := http.DefaultClient.Do(request)
		if err != nil {
			failed <- err
			return
		}
		answered <- answer
	}()
	<-source.started
	stop() // SIGTERM while the method runs: it outlives the grace period

	var answer *http.Response
	select {
	case answer = <-answered:
	case err := <-failed:
		t.Fatalf("no answer for the request cut by the shutdown: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("no answer within 10 s of the shutdown")
	}
	defer answer.Body.Close()
	raw, _ := io.ReadAll(answer.Body)
	if answer.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("%s %q, want 503 as the Python plugin answers", answer.Status, raw)
	}
	if answer.Header.Get("Content-Type") != "application/json" || !answer.Close {
		t.Errorf("Content-Type %q, Connection: close %v", answer.Header.Get("Content-Type"), answer.Close)
	}
	var body map[string]any
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatalf("not JSON: %q", raw)
	}
	want := RuntimeText("en-US", "stopping", nil)
	if body["error"] != true || body["message"] != want || len(body) != 2 {
		t.Errorf("body %q, want the error shape with %q", raw, want)
	}
	select {
	case err := <-stopped:
		if err != nil {
			t.Errorf("Serve: %v (the method returned once cancelled: a clean stop)", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return within 10 s")
	}
	for _, line := range log.lines() {
		if strings.Contains(line, `"level":"ERROR"`) || strings.Contains(line, "incident") {
			t.Errorf("a cut request is no failure of the plugin: %s", line)
		}
	}
}
