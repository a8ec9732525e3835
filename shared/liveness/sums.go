//go:build cgo

package liveness

import (
	"fmt"

	"github.com/trustline/platform/shared/modelfiles"
)

// verifyModels checks that modelsDir holds the three models, the pinned ones when it has a
// SHA256SUMS file.
func verifyModels(modelsDir string) error {
	if err := modelfiles.Verify(modelsDir, DetectorFile, SmallModelFile, LargeModelFile); err != nil {
		return fmt.Errorf("liveness: %w", err)
	}
	return nil
}
