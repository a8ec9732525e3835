package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// LocalStack on the host, without Docker: infra/localstack/install.sh (make localstack) puts it in
// its own venv and pre-installs, where LocalStack's package installer looks, Debian's Java and
// DynamoDB Local from Maven Central, so it starts offline. Both live in localstackHome, outside the
// project: sam build hashes the project directory whole, following links.
const (
	// localstackServer is LocalStack's runtime with SQS's delays kept to 0.1 s, as on AWS.
	localstackServer = "infra/localstack/server.py"
	// localstackServices are the services the template's resources use.
	localstackServices = "dynamodb,s3,sqs,secretsmanager"
)

// localstackHome is where install.sh installs LocalStack: LOCALSTACK_HOME, by default
// ~/.cache/trustline-localstack.
func localstackHome() (string, error) {
	if h := os.Getenv("LOCALSTACK_HOME"); h != "" {
		return filepath.Abs(h)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(cache, "trustline-localstack"), nil
}

// startLocalStack starts LocalStack on addr and waits until every service the template uses
// answers. Each run has its own filesystem root (a temporary directory), in-memory DynamoDB and no
// persistence, so it starts empty, as moto does; its log is .local/localstack-<port>.log.
func startLocalStack(ctx context.Context, addr string) (*emulatorProcess, error) {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if err := free(addr); err != nil {
		return nil, err
	}
	home, err := localstackHome()
	if err != nil {
		return nil, err
	}
	python := filepath.Join(home, "venv", "bin", "python")
	if _, err := os.Stat(python); err != nil {
		return nil, fmt.Errorf(
			"%s not found: run `make localstack` (make run EMULATOR=localstack does it for you)",
			python,
		)
	}
	root, err := os.MkdirTemp("", "localstack-"+port+"-")
	if err != nil {
		return nil, err
	}
	// LocalStack looks for its packages in <root>/usr/lib/localstack (its static_libs).
	lib := filepath.Join(root, "usr", "lib")
	if err := os.MkdirAll(lib, 0o700); err != nil {
		os.RemoveAll(root)
		return nil, err
	}
	if err := os.Symlink(filepath.Join(home, "libs"), filepath.Join(lib, "localstack")); err != nil {
		os.RemoveAll(root)
		return nil, err
	}
	logFile, err := os.Create(filepath.Join(stateDir, "localstack-"+port+".log"))
	if err != nil {
		os.RemoveAll(root)
		return nil, err
	}
	cmd := exec.Command(python, localstackServer)
	cmd.Env = append(os.Environ(),
		"GATEWAY_LISTEN="+addr,
		"SERVICES="+localstackServices,
		"EAGER_SERVICE_LOADING=1",
		"FILESYSTEM_ROOT="+root,
		// Inside a container (CI, dev containers) LocalStack would take itself for its own image
		// and look for its packages in /usr/lib/localstack.
		"OVERRIDE_IN_DOCKER=0",
		"DYNAMODB_IN_MEMORY=1",
		"PERSISTENCE=0",
		"DNS_ADDRESS=0",
		"SKIP_SSL_CERT_DOWNLOAD=1",
		"DISABLE_EVENTS=1",
		"LOCALSTACK_TELEMETRY=0",
		"DEBUG=0",
	)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = procAttr()
	if err := cmd.Start(); err != nil {
		logFile.Close()
		os.RemoveAll(root)
		return nil, fmt.Errorf("start LocalStack: %w", err)
	}
	p := &emulatorProcess{cmd: cmd, exited: make(chan error, 1), cleanup: func() { os.RemoveAll(root) }}
	go func() { p.exited <- cmd.Wait(); logFile.Close() }()
	const limit = 120 * time.Second
	deadline := time.After(limit)
	for {
		if version, ready := localstackHealth(addr); ready {
			p.name = withVersion("LocalStack", version)
			return p, nil
		}
		select {
		case err := <-p.exited:
			p.cleanup()
			return nil, fmt.Errorf("LocalStack exited (%v); see %s", err, logFile.Name())
		case <-deadline:
			p.stop()
			return nil, fmt.Errorf("LocalStack did not answer on %s within %s; see %s", addr, limit, logFile.Name())
		case <-ctx.Done():
			p.stop()
			return nil, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// localstackHealth asks LocalStack at addr its version, and whether every service the template
// uses is running: with eager loading, DynamoDB is running only once DynamoDB Local (a Java
// process) answers. version is "" when addr is no LocalStack.
func localstackHealth(addr string) (version string, ready bool) {
	c := http.Client{Timeout: 2 * time.Second}
	resp, err := c.Get("http://" + addr + "/_localstack/health")
	if err != nil {
		return "", false
	}
	defer resp.Body.Close()
	var health struct {
		Services map[string]string `json:"services"`
		Version  string            `json:"version"`
	}
	if json.NewDecoder(resp.Body).Decode(&health) != nil {
		return "", false
	}
	for _, s := range []string{"dynamodb", "s3", "sqs", "secretsmanager"} {
		if health.Services[s] != "running" {
			return health.Version, false
		}
	}
	return health.Version, true
}
