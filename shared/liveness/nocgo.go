//go:build !cgo

package liveness

import "context"

// Models is unusable in this build: Load always fails.
type Models struct{}

// Load returns ErrNoCgo: this binary was built without cgo, so it cannot load onnxruntime.
func Load(modelsDir string, opts ...Option) (*Models, error) { return nil, ErrNoCgo }

// Check returns ErrNoCgo.
func (*Models) Check(context.Context, []byte) (Result, error) { return Result{}, ErrNoCgo }

// Close does nothing.
func (*Models) Close() error { return nil }
