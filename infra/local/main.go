// Command local runs the whole system on one machine without AWS: an AWS emulator (moto, or an
// external one such as LocalStack), the resources and functions of template.yaml, and the demo data.
//
//	go run ./infra/local                      serve on 127.0.0.1:3000 with moto on 127.0.0.1:4566
//	EMULATOR_ADDR=127.0.0.1:4567 go run ./infra/local   the same with moto elsewhere (a second checkout)
//	go run ./infra/local -emulator localstack  the same with LocalStack (make localstack installs it)
//	go run ./infra/local -external            use the emulator at AWS_ENDPOINT_URL (LocalStack)
//	go run ./infra/local exec -- go test ./... run a command against a fresh moto
//	go run ./infra/local exec -emulator localstack -- go test ./infra/local/emulate
package main

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/infra/local/emulate"
	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/foundation/logs"
	"github.com/trustline/platform/shared/wiring/config"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

const stateDir = ".local"

func main() {
	start := time.Now()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if len(os.Args) > 1 && os.Args[1] == "exec" {
		var code int
		code, err = execWithEmulator(ctx, os.Args[2:])
		if err == nil {
			stop()
			os.Exit(code)
		}
	} else {
		err = run(ctx, start, os.Args[1:], os.Stderr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "local:", err)
		stop()
		os.Exit(1)
	}
}

// run serves until ctx ends (Ctrl-C), then drains in-flight requests and says so on stderr.
func run(ctx context.Context, start time.Time, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("local", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:3000", "address of the HTTP API")
	emulatorAddr := fs.String("emulator-addr", defaultEmulatorAddr(),
		"address the emulator listens on (EMULATOR_ADDR); port 0 picks a free one")
	emulator := fs.String("emulator", "moto", "the emulator to start: moto or localstack")
	external := fs.Bool("external", false,
		"use the emulator at AWS_ENDPOINT_URL (e.g. LocalStack) instead of starting moto")
	stackName := fs.String("stack", "trustline-local", "stack name, the prefix of every resource name")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		return err
	}
	listener, err := net.Listen("tcp", *addr)
	if err != nil {
		return alreadyRunning(*addr, err)
	}
	pidFile := filepath.Join(stateDir, "run.pid")
	if err := os.WriteFile(pidFile, []byte(strconv.Itoa(os.Getpid())), 0o600); err != nil {
		return err
	}
	defer os.Remove(pidFile)

	endpoint := os.Getenv("AWS_ENDPOINT_URL")
	var emulatorName string
	if !*external {
		addr, err := freeAddr(*emulatorAddr)
		if err != nil {
			return err
		}
		emu, err := startEmulator(ctx, *emulator, addr)
		if err != nil {
			return err
		}
		defer emu.stop()
		endpoint, emulatorName = "http://"+addr, emu.name
		useEmulator(endpoint)
	} else if endpoint == "" {
		return errors.New("-external needs AWS_ENDPOINT_URL, e.g. AWS_ENDPOINT_URL=http://127.0.0.1:4566 for LocalStack")
	} else {
		emulatorName = externalEmulator(endpoint)
	}
	defaultEnv("AWS_REGION", "eu-west-1")

	log := logs.New(os.Stdout, slogLevel())
	clients, err := awsclient.New(ctx)
	if err != nil {
		return err
	}
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		return err
	}
	baseURL := "http://" + listener.Addr().String()
	stack, err := samtemplate.NewStack(tmpl, *stackName, os.Getenv("AWS_REGION"), emulatorAccount, map[string]string{
		"Stage": config.StageLocal, "PublicBaseUrl": baseURL, "PartnerBaseUrl": baseURL})
	if err != nil {
		return err
	}
	seed, err := demoSeed()
	if err != nil {
		return err
	}
	options := emulate.Options{Stack: stack, AWS: clients, Listener: listener, Env: passthrough(), Log: log,
		DemoSeed: seed}
	local, err := emulate.Start(ctx, options)
	if err != nil {
		return startError(err)
	}
	creds, err := local.SeedFrom(ctx, endpoint, lastCredentials())
	if err != nil {
		return err
	}
	if err := writeCredentials(creds); err != nil {
		return err
	}
	if err := local.WriteEnvFiles(filepath.Join(stateDir, "env")); err != nil {
		return err
	}
	fmt.Fprintln(stderr, readyLine(time.Since(start), local.URL, emulatorName, endpoint, *external))
	if err := local.Wait(); err != nil {
		return err
	}
	if *external {
		fmt.Fprintln(stderr, "local: stopped: in-flight requests finished, the emulator's data is kept "+
			"(the same command resumes on it).")
	} else {
		fmt.Fprintln(stderr, "local: stopped: in-flight requests finished, the emulator's data is gone.")
	}
	return nil
}

// defaultEmulatorAddr is where the emulator listens unless -emulator-addr says otherwise:
// EMULATOR_ADDR, else LocalStack's customary 127.0.0.1:4566. A second checkout moves its emulator
// with it (make run EMULATOR_ADDR=127.0.0.1:4567) rather than colliding with the first's.
func defaultEmulatorAddr() string {
	return cmp.Or(os.Getenv("EMULATOR_ADDR"), "127.0.0.1:4566")
}

// externalEmulator names the emulator at endpoint, which the runner did not start: LocalStack
// says its version, moto only that it is moto.
func externalEmulator(endpoint string) string {
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" {
		return "an external emulator"
	}
	if version, _ := localstackHealth(u.Host); version != "" {
		return withVersion("LocalStack", version)
	}
	c := http.Client{Timeout: 2 * time.Second}
	if resp, err := c.Get(endpoint + "/moto-api/data.json"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return "moto"
		}
	}
	return "an external emulator"
}

// readyLine is what the runner says once it serves: where, on which emulator (what it is and its
// version, and where it listens), and what becomes of the demo data.
func readyLine(took time.Duration, api, emulator, endpoint string, external bool) string {
	data, demo := "empty at each start", "made again"
	if external {
		data, demo = "external, not started by this runner: its data is kept", "kept or made"
	}
	return fmt.Sprintf("local: ready in %s: %s, the console at %s/console/ (AWS emulator: %s on %s, %s; "+
		"the demo accounts and keys in %s/credentials.json are %s, the same as last run). Ctrl-C stops.",
		took.Round(time.Millisecond), api, api, emulator, endpoint, data, stateDir, demo)
}

// startError says why the stack did not start. Only an error creating its resources can come from
// an emulator that is not fresh, so only that one asks; a wrong setting is said alone.
func startError(err error) error {
	if errors.Is(err, emulate.ErrResources) {
		return fmt.Errorf("start: %w (is the emulator fresh? a second stack with the same -stack name collides)", err)
	}
	return fmt.Errorf("start: %w", err)
}

// demoSeed is the seed of the demo accounts' IDs and keys, made once per checkout in .local, so that
// credentials.json, scripts and bookmarks keep working from run to run; delete it for new keys.
func demoSeed() ([]byte, error) {
	path := filepath.Join(stateDir, "demo-seed")
	if b, err := os.ReadFile(path); err == nil && len(b) >= 32 {
		return b, nil
	}
	b := []byte(rand.Text() + rand.Text())
	return b, os.WriteFile(path, b, 0o600)
}

// passthrough returns the settings of the caller's environment that override the template's:
// every documented setting except the resource names, which the template owns.
func passthrough() map[string]string {
	env := map[string]string{}
	for _, s := range config.Settings {
		if v, ok := os.LookupEnv(s.Name); ok && !s.Resource {
			env[s.Name] = v
		}
	}
	return env
}

// alreadyRunning says why the API's address could not be taken: an earlier run, or another program.
func alreadyRunning(addr string, listenErr error) error {
	if b, err := os.ReadFile(filepath.Join(stateDir, "run.pid")); err == nil {
		if pid, err := strconv.Atoi(string(b)); err == nil && syscall.Kill(pid, 0) == nil {
			return fmt.Errorf("make run is already running (pid %d) on %s: "+
				"use it, or stop it with Ctrl-C in its terminal or `kill %d`", pid, addr, pid)
		}
	}
	return fmt.Errorf("cannot listen on %s (%v): another program holds the port; "+
		"stop it or pass ADDR=127.0.0.1:<port> to make run", addr, listenErr)
}

// lastCredentials is what the last run wrote to .local/credentials.json: the secrets of the demo
// keys, which the store keeps only as hashes, for a restart on the same store to keep them
// (emulate.Local.SeedFrom). Zero when there is none, or it cannot be read: the keys are then made
// anew.
func lastCredentials() emulate.Credentials {
	var c emulate.Credentials
	b, err := os.ReadFile(filepath.Join(stateDir, "credentials.json"))
	if err != nil || json.Unmarshal(b, &c) != nil {
		return emulate.Credentials{}
	}
	return c
}

func writeCredentials(c emulate.Credentials) error {
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(stateDir, "credentials.json"), append(b, '\n'), 0o600)
}

func defaultEnv(k, v string) {
	if os.Getenv(k) == "" {
		os.Setenv(k, v)
	}
}

// emulatorAccount is the account of the runner's stacks (the ARNs the IAM check compares). moto's
// account is always this one; LocalStack takes a 12-digit access key id as the account, and would
// otherwise use 000000000000, so its ARNs would match no function's policy.
const emulatorAccount = "123456789012"

// useEmulator points the SDK at a local emulator with throw-away credentials, so that real ones in
// the caller's environment are never sent to it.
func useEmulator(endpoint string) {
	os.Setenv("AWS_ENDPOINT_URL", endpoint)
	os.Setenv("AWS_ACCESS_KEY_ID", emulatorAccount)
	os.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	os.Unsetenv("AWS_SESSION_TOKEN")
	os.Unsetenv("AWS_PROFILE")
}

// slogLevel is LOG_LEVEL, info when unset or unreadable.
func slogLevel() slog.Level {
	var lv slog.Level
	_ = lv.UnmarshalText([]byte(os.Getenv("LOG_LEVEL")))
	return lv
}

// freeAddr resolves port 0 to a port free at this moment, so that test runs never collide with a
// make run, another test run or a leftover emulator.
func freeAddr(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port != "0" {
		return addr, err
	}
	l, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}
