//go:build !cgo

package liveness_test

import (
	"context"
	"errors"
	"testing"

	"github.com/trustline/platform/shared/liveness"
)

func TestLoadWithoutCgo(t *testing.T) {
	if _, err := liveness.Load("../../../shared/models"); !errors.Is(err, liveness.ErrNoCgo) {
		t.Errorf("Load: %v, want ErrNoCgo", err)
	}
	var m liveness.Models
	if _, err := m.Check(context.Background(), nil); !errors.Is(err, liveness.ErrNoCgo) {
		t.Errorf("Check: %v, want ErrNoCgo", err)
	}
}
