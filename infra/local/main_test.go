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
	"github.com/trustline/platform/shared/adapters/awstest"
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
	// The request asks to continue: the server says 100 Continue when the handler starts reading the
	// body, so once that is read the request is in flight, however slow the machine.
	body := `{"email": "nobody@example.com", "password": "not the password"}`
	if _, err := io.WriteString(conn,
		"POST /v1/auth/login HTTP/1.1\r\nHost: "+addr+"\r\nContent-Type: application/json\r\n"+
			"Expect: 100-continue\r\nContent-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	answers := bufio.NewReader(conn)
	if resp, err := http.ReadResponse(answers, nil); err != nil || resp.StatusCode != http.StatusContinue {
		t.Fatalf("before the body: %v %v, want 100 Continue", resp, err)
	}
	ctrlC()
	// Shutdown begins: new connections are refused, however long the machine takes to get there.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get("http://" + addr + "/v1/health")
		if err != nil {
			break
		}
		resp.Body.Close()
		if time.Now().After(deadline) {
			t.Fatal("new requests still accepted a minute after Ctrl-C")
		}
	}
	if _, err := io.WriteString(conn, body); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(answers, nil)
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
	setting := errors.New(
		`WebhooksFunction: WEBHOOK_RETRY_SCHEDULE: "1s,1s" is not a list of increasing positive durations`,
	)
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
	err = run(
		context.Background(),
		time.Now(),
		[]string{"-external", "-addr", addr, "-stack", awstest.Name(t)},
		&stderr,
	)
	if err == nil || !strings.Contains(err.Error(), "WEBHOOK_RETRY_SCHEDULE") ||
		strings.Contains(err.Error(), "emulator fresh") {
		t.Errorf("run = %v, want the setting's error alone", err)
	}
}

// The ready line names the emulator the runner runs, with its version, and where it listens.
func TestReadyLineNamesTheEmulator(t *testing.T) {
	for _, tc := range []struct {
		name, emulator, endpoint string
		external                 bool
		want                     []string
	}{
		{"moto started", "moto 5.2.5", "http://127.0.0.1:4567", false,
			[]string{"local: ready in 4.5s: http://127.0.0.1:3000, the console at http://127.0.0.1:3000/console/ (",
				"AWS emulator: moto 5.2.5 on http://127.0.0.1:4567, empty at each start", "Ctrl-C stops."}},
		{"LocalStack started", "LocalStack 2026.3.0", "http://127.0.0.1:4566", false,
			[]string{"AWS emulator: LocalStack 2026.3.0 on http://127.0.0.1:4566, empty at each start"}},
		{"external", "LocalStack 2026.3.0", "http://127.0.0.1:4566", true,
			[]string{"AWS emulator: LocalStack 2026.3.0 on http://127.0.0.1:4566, external, not started by this runner"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readyLine(4500*time.Millisecond, "http://127.0.0.1:3000", tc.emulator, tc.endpoint, tc.external)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("ready line %q, want it to contain %q", got, w)
				}
			}
		})
	}
}

// EMULATOR_ADDR moves the emulator; without it, it listens where LocalStack customarily does.
func TestEmulatorAddrSetting(t *testing.T) {
	t.Setenv("EMULATOR_ADDR", "")
	if got := defaultEmulatorAddr(); got != "127.0.0.1:4566" {
		t.Errorf("without EMULATOR_ADDR: %q", got)
	}
	t.Setenv("EMULATOR_ADDR", "127.0.0.1:4567")
	if got := defaultEmulatorAddr(); got != "127.0.0.1:4567" {
		t.Errorf("with EMULATOR_ADDR=127.0.0.1:4567: %q", got)
	}
}

// run starts moto where EMULATOR_ADDR says, not on 4566, so a second checkout does not collide
// with the first; its ready line names moto with its version at that address.
func TestRunStartsMotoAtEmulatorAddr(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, motoPython)); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("moto is not installed: %v (make venv)", err)
		}
		t.Skipf("moto is not installed: %v (make venv)", err)
	}
	if os.Getenv("MODELS_DIR") == "" {
		t.Setenv("MODELS_DIR", filepath.Join(root, "../shared/models"))
	}
	// run points the SDK at the moto it starts: the test's own settings come back afterwards.
	for _, k := range []string{"AWS_ENDPOINT_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
		"AWS_PROFILE"} {
		if v, ok := os.LookupEnv(k); ok {
			t.Setenv(k, v)
		} else {
			t.Cleanup(func() { os.Unsetenv(k) }) // set empty, AWS_PROFILE would name a profile
		}
	}
	t.Setenv("LOG_LEVEL", "error")
	dir := t.TempDir()
	for _, name := range []string{".venv", "infra"} { // moto's python and its server script, from the checkout
		if err := os.Symlink(filepath.Join(root, name), filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	addr, err := freeAddr("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	emulatorAddr, err := freeAddr("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("EMULATOR_ADDR", emulatorAddr)
	ctx, ctrlC := context.WithCancel(context.Background())
	defer ctrlC()
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, time.Now(), []string{"-addr", addr, "-stack", awstest.Name(t)}, &stderr) }()
	for !strings.Contains(stderr.String(), "local: ready") {
		select {
		case err := <-done:
			t.Fatalf("run ended before it was ready: %v\n%s", err, stderr.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
	want := "AWS emulator: moto " + motoVersion() + " on http://" + emulatorAddr + ","
	if motoVersion() == "" || !strings.Contains(stderr.String(), want) {
		t.Errorf("ready line:\n%s\nwant it to contain %q", stderr.String(), want)
	}
	ctrlC()
	if err := <-done; err != nil {
		t.Errorf("run after Ctrl-C: %v", err)
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
