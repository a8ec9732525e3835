package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// runPassportEye feeds every sample's path to peer_passporteye.py and scores its answers.
func runPassportEye(ctx context.Context, python, dir string, samples []sample, m manifest) ([]outcome, error) {
	if _, err := os.Stat(python); err != nil {
		return nil, fmt.Errorf("PassportEye's venv: %w (make eval-extraction PEER=passporteye installs it)", err)
	}
	var in bytes.Buffer
	for _, s := range samples {
		fmt.Fprintln(&in, filepath.Join(dir, s.file))
	}
	script := filepath.Join("infra", "evalextraction", "peer_passporteye.py")
	cmd := exec.CommandContext(ctx, python, "-W", "ignore", script)
	cmd.Stdin, cmd.Stderr = &in, os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	type answer struct {
		File    string
		Seconds float64
		Read    map[string]any
	}
	answers := map[string]answer{}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return nil, fmt.Errorf("PassportEye said %q: %w", sc.Text(), err)
		}
		answers[a.File] = a
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("PassportEye: %w", err)
	}
	out := make([]outcome, len(samples))
	for i, s := range samples {
		a, ok := answers[filepath.Join(dir, s.file)]
		if !ok {
			return nil, fmt.Errorf("PassportEye gave no answer for %s", s.file)
		}
		o := outcome{took: time.Duration(a.Seconds * float64(time.Second))}
		got := map[string]string{}
		if a.Read != nil {
			o.read = true
			o.valid, _ = a.Read["valid"].(bool)
			for _, name := range fields {
				got[name], _ = a.Read[name].(string)
			}
		}
		if s.doc >= 0 {
			o.score(m.Documents[s.doc].Expected, got, true)
		}
		out[i] = o
	}
	return out, nil
}
