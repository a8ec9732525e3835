package main

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
)

// execWithEmulator starts a fresh emulator (moto unless -emulator says localstack), runs the
// command with the SDK pointed at it, and returns the command's exit code.
func execWithEmulator(ctx context.Context, args []string) (int, error) {
	fs := flag.NewFlagSet("local exec", flag.ContinueOnError)
	emulatorAddr := fs.String("emulator-addr", "127.0.0.1:0", "address the emulator listens on; port 0 picks a free one")
	emulator := fs.String("emulator", "moto", "the emulator to start: moto or localstack")
	if err := fs.Parse(args); err != nil {
		return 0, err
	}
	if fs.NArg() == 0 {
		return 0, errors.New("usage: local exec [-emulator moto|localstack] [-emulator-addr host:port] -- command [args...]")
	}
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		return 0, err
	}
	addr, err := freeAddr(*emulatorAddr)
	if err != nil {
		return 0, err
	}
	emu, err := startEmulator(ctx, *emulator, addr)
	if err != nil {
		return 0, err
	}
	defer emu.stop()
	useEmulator("http://" + addr)
	defaultEnv("AWS_REGION", "eu-west-1")
	cmd := exec.CommandContext(ctx, fs.Arg(0), fs.Args()[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	return 0, err
}
