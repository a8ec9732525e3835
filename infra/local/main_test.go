package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/infra/local/emulate"
	"github.com/trustline/platform/shared/awstest"
)

// Ctrl-C (ctx ending) lets a request already being read finish with a full answer, refuses new ones,
// says the stack stopped, and returns no error, so make run ends quietly.
func TestCtrlCDrainsInFlightRequests(t *testing.T) {
	awstest.Clients(t)                 // the emulator make test starts; run uses it as it would LocalStack
	if os.Getenv("MODELS_DIR") == "" { // found from the checkout, which the test leaves
		models, err := filepath.Abs("../../../shared/models")
		if err != nil {
			t.Fatal(err)
		}
		t.Setenv("MODELS_DIR", models)
	}
	t.Setenv("LOG_LEVEL", "error")
	t.Chdir(t.TempDir()) // .local (credentials, demo seed, pid file) goes there, not into the checkout
	addr, err := freeAddr("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, ctrlC := context.WithCancel(context.Background())
	defer ctrlC()
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, time.Now(), []string{"-external", "-addr", addr, "-stack", awstest.Name(t)}, &stderr)
	}()
	for !strings.Contains(stderr.String(), "local: ready") {
		select {
		case err := <-done:
			t.Fatalf("run ended before it was ready: %v\n%s", err, stderr.String())
		case <-time.After(100 * time.Millisecond):
		}
	}

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"email": "nobody@example.com", "password": "not the password"}`
	half := len(body) / 2
	if _, err := io.WriteString(conn, "POST /v1/auth/login HTTP/1.1\r\nHost: "+addr+"\r\nContent-Type: application/json\r\n"+
		"Content-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+body[:half]); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // the server is reading the body: the request is in flight
	ctrlC()
	time.Sleep(300 * time.Millisecond) // shutdown has begun
	if _, err := http.Get("http://" + addr + "/v1/health"); err == nil {
		t.Error("a new request was accepted after Ctrl-C")
	}
	if _, err := io.WriteString(conn, body[half:]); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("the in-flight request got no answer: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("in-flight login: %d, want 401", resp.StatusCode)
	}
	if err := <-done; err != nil {
		t.Errorf("run after Ctrl-C: %v", err)
	}
	if !strings.Contains(stderr.String(), "local: stopped") {
		t.Errorf("no stop message:\n%s", stderr.String())
	}
}

// Only an error creating the stack's resources asks whether the emulator is fresh: a wrong setting
// is said alone.
func TestStartErrorAsksAboutTheEmulatorOnlyForResources(t *testing.T) {
	const question = "is the emulator fresh?"
	setting := errors.New(`WebhooksFunction: WEBHOOK_RETRY_SCHEDULE: "1s,1s" is not a list of increasing positive durations`)
	if got := startError(setting).Error(); strings.Contains(got, question) || !strings.Contains(got, setting.Error()) {
		t.Errorf("a wrong setting: %q", got)
	}
	collision := fmt.Errorf("%w: create table trustline-local-Table: ResourceInUseException", emulate.ErrResources)
	if got := startError(collision).Error(); !strings.Contains(got, question) {
		t.Errorf("a resource that exists: %q, want the question", got)
	}
}

// The same through run: a wrong setting stops the stack with what is wrong, and nothing else.
func TestWrongSettingIsSaidAlone(t *testing.T) {
	awstest.Clients(t)
	if os.Getenv("MODELS_DIR") == "" {
		models, err := filepath.Abs("../../../shared/models")
		if err != nil {
			t.Fatal(err)
		}
		t.Setenv("MODELS_DIR", models)
	}
	t.Setenv("LOG_LEVEL", "error")
	t.Setenv("WEBHOOK_RETRY_SCHEDULE", "1s,1s,1s")
	t.Chdir(t.TempDir())
	addr, err := freeAddr("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var stderr syncBuffer
	err = run(context.Background(), time.Now(), []string{"-external", "-addr", addr, "-stack", awstest.Name(t)}, &stderr)
	if err == nil || !strings.Contains(err.Error(), "WEBHOOK_RETRY_SCHEDULE") || strings.Contains(err.Error(), "emulator fresh") {
		t.Errorf("run = %v, want the setting's error alone", err)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }
