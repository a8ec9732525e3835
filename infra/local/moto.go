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
	"syscall"
	"time"
)

// moto, installed by the Makefile in .venv (infra/requirements.txt), runs through
// infra/moto_server.py, which serializes moto's DynamoDB writes: moto rolls a failed transaction
// back by restoring a snapshot of the table, losing writes made concurrently.
const (
	motoPython = ".venv/bin/python"
	motoServer = "infra/moto_server.py"
)

type motoProcess struct{ cmd *exec.Cmd }

// startMoto starts moto in server mode on addr and waits until it answers. Its output goes to
// .local/moto.log. It refuses, with a clear message, an address that is already taken.
func startMoto(ctx context.Context, addr string) (*motoProcess, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
		c.Close()
		return nil, fmt.Errorf("%s is already taken (another make run, LocalStack or moto?): stop it, or use it with `make run EMULATOR=external AWS_ENDPOINT_URL=http://%s`", addr, addr)
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
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait(); logFile.Close() }()
	m := &motoProcess{cmd: cmd}
	deadline := time.After(60 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/moto-api/data.json")
		if err == nil {
			resp.Body.Close()
			return m, nil
		}
		select {
		case err := <-exited:
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

// stop ends moto and everything it started.
func (m *motoProcess) stop() {
	if m.cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-m.cmd.Process.Pid, syscall.SIGTERM); err != nil {
		slog.Debug("stop moto", "error", err)
	}
	done := make(chan struct{})
	go func() {
		for m.cmd.ProcessState == nil {
			time.Sleep(50 * time.Millisecond)
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-m.cmd.Process.Pid, syscall.SIGKILL)
	}
}
