package liveness

import (
	"context"
	"fmt"
	"sync"
)

// Lazy is Models loaded on first use: a function that checks selfies only now and then (the
// extraction worker, for verifications) does not pay the models' load at every cold start.
type Lazy struct {
	dir  string
	opts []Option
	once sync.Once
	m    *Models
	err  error
}

// NewLazy returns models to be loaded from modelsDir when first used.
func NewLazy(modelsDir string, opts ...Option) *Lazy { return &Lazy{dir: modelsDir, opts: opts} }

// Check is Models.Check, after loading them.
func (l *Lazy) Check(ctx context.Context, data []byte) (Result, error) {
	l.once.Do(func() { l.m, l.err = Load(l.dir, l.opts...) })
	if l.err != nil {
		return Result{}, fmt.Errorf("liveness: %w", l.err)
	}
	return l.m.Check(ctx, data)
}
