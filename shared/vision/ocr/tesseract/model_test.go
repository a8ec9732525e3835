package tesseract

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestVerifyModel(t *testing.T) {
	model := []byte("not really a model")
	const other = "2d5a8a6f1e1b0d7b1ef0c85fe7e0bd0e8e7ac1a7f4c5c3fdc4a2a0d7a7b1e0c1"
	write := func(t *testing.T, files map[string]string) string {
		dir := t.TempDir()
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	sum := sha256hex(model)
	tests := []struct {
		name    string
		files   map[string]string
		wantErr string // "" for no error
	}{
		{"model without SHA256SUMS", map[string]string{ModelFile: string(model)}, ""},
		{"model matching SHA256SUMS", map[string]string{ModelFile: string(model),
			"SHA256SUMS": "00  other.onnx\n" + sum + "  " + ModelFile + "\n"}, ""},
		{
			"binary-mode entry",
			map[string]string{ModelFile: string(model), "SHA256SUMS": strings.ToUpper(sum) + " *" + ModelFile + "\n"},
			"",
		},
		{"mismatch", map[string]string{ModelFile: string(model), "SHA256SUMS": other + "  " + ModelFile + "\n"},
			ModelFile + " has sha256 " + sum},
		{"no entry", map[string]string{ModelFile: string(model), "SHA256SUMS": sum + "  other.onnx\n"},
			"no entry for " + ModelFile},
		{"no model", map[string]string{}, "set MODELS_DIR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := verifyModel(write(t, tt.files))
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
	if err := verifyModel(""); err == nil || !strings.Contains(err.Error(), "MODELS_DIR") {
		t.Errorf("empty directory: %v", err)
	}
}

func sha256hex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
