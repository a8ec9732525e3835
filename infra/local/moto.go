package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// moto, installed by the Makefile in .venv (infra/requirements.txt), runs through
// infra/moto_server.py, which serves DynamoDB requests one at a time: moto applies an update to an
// item attribute by attribute, and rolls a failed transaction back by restoring a snapshot of the
// table, so concurrent requests would see torn items and lose writes.
const (
	motoPython = ".venv/bin/python"
	motoServer = "infra/moto_server.py"
)

// emulatorProcess is a running emulator: moto, or LocalStack.
type emulatorProcess struct {
	name    string // what runs, with its version: "moto 5.2.5", "LocalStack 2026.3.0"
	cmd     *exec.Cmd
	exited  chan error // receives cmd.Wait's result once
	cleanup func()     // after it has stopped; may be nil
}

// startEmulator starts the named emulator ("moto" or "localstack") on addr.
func startEmulator(ctx context.Context, name, addr string) (*emulatorProcess, error) {
	switch name {
	case "moto":
		return startMoto(ctx, addr)
	case "localstack":
		return startLocalStack(ctx, addr)
	}
	return nil, fmt.Errorf("unknown emulator %q: moto or localstack", name)
}

// startMoto starts moto in server mode on addr and waits until it answers. Its output goes to
// .local/moto.log. It refuses, with a clear message, an address that is already taken.
func startMoto(ctx context.Context, addr string) (*emulatorProcess, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if err := free(addr); err != nil {
		return nil, err
	}
	if _, err := os.Stat(motoPython); err != nil {
		return nil, fmt.Errorf("%s not found: run `make venv` (make run and make test do it for you)", motoPython)
	}
	logFile, err := os.Create(filepath.Join(stateDir, "moto-"+port+".log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(motoPython, motoServer, "-H", host, "-p", port)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = procAttr()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start moto: %w", err)
	}
	m := &emulatorProcess{name: withVersion("moto", motoVersion()), cmd: cmd, exited: make(chan error, 1)}
	go func() { m.exited <- cmd.Wait(); logFile.Close() }()
	deadline := time.After(60 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/moto-api/data.json")
		if err == nil {
			resp.Body.Close()
			return m, nil
		}
		select {
		case err := <-m.exited:
			return nil, fmt.Errorf("moto exited (%v); see %s", err, logFile.Name())
		case <-deadline:
			m.stop()
			return nil, fmt.Errorf("moto did not answer on %s within 60 s; see %s", addr, logFile.Name())
		case <-ctx.Done():
			m.stop()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// free refuses an address the emulator cannot take, saying the ways out: stop what holds it, use
// it, or move this emulator (two checkouts side by side).
func free(addr string) error {
	c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
	if err != nil {
		return nil
	}
	c.Close()
	return fmt.Errorf("%s is already taken (another make run, LocalStack or moto?): stop it, use it with "+
		"`make run EMULATOR=external AWS_ENDPOINT_URL=http://%s`, or start this one elsewhere with `make run EMULATOR_ADDR=127.0.0.1:<port>`", addr, addr)
}

// motoVersion is the version of moto in the venv, read from its package metadata (without
// importing moto, which takes seconds); "" when it cannot be read.
func motoVersion() string {
	out, err := exec.Command(motoPython, "-c", "import importlib.metadata as m; print(m.version('moto'))").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// withVersion names an emulator with its version, when known.
func withVersion(name, version string) string {
	if version == "" {
		return name
	}
	return name + " " + version
}

// stop ends the emulator and everything it started (LocalStack's DynamoDB Local, a Java process,
// is in its process group), killing them if they have not stopped within 5 s: LocalStack's own
// shutdown can hang.
func (m *emulatorProcess) stop() {
	if m.cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-m.cmd.Process.Pid, syscall.SIGTERM); err != nil {
		slog.Debug("stop emulator", "error", err)
	}
	select {
	case <-m.exited:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-m.cmd.Process.Pid, syscall.SIGKILL)
		<-m.exited
	}
	// Children that outlived the leader (its process group may still hold them).
	_ = syscall.Kill(-m.cmd.Process.Pid, syscall.SIGKILL)
	if m.cleanup != nil {
		m.cleanup()
	}
}
