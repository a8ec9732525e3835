package modelfiles

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	sum := sha256.Sum256([]byte("model"))
	digest := hex.EncodeToString(sum[:])
	tests := []struct {
		name  string
		files map[string]string
		want  string // a part of the error; "" for success
	}{
		{"pinned", map[string]string{"m.onnx": "model", "SHA256SUMS": digest + "  m.onnx\n"}, ""},
		{"no SHA256SUMS", map[string]string{"m.onnx": "model"}, ""},
		{
			"another model",
			map[string]string{"m.onnx": "modem", "SHA256SUMS": digest + "  m.onnx\n"},
			"not the pinned one",
		},
		{
			"not pinned",
			map[string]string{"m.onnx": "model", "SHA256SUMS": digest + "  other.onnx\n"},
			"no entry for m.onnx",
		},
		{"missing", map[string]string{"SHA256SUMS": digest + "  m.onnx\n"}, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			files, release, err := Read(dir, "m.onnx")
			if tt.want != "" {
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("error %v, want one saying %q", err, tt.want)
				}
				return
			}
			if err != nil || string(files["m.onnx"]) != tt.files["m.onnx"] {
				t.Fatalf("Read = %q, %v", files["m.onnx"], err)
			}
			release()
			if len(files) != 0 {
				t.Error("release left the unmapped contents in the map")
			}
			if err := Verify(dir, "m.onnx"); err != nil {
				t.Errorf("Verify disagrees: %v", err)
			}
		})
	}
	if _, _, err := Read("", "m.onnx"); err == nil {
		t.Error("Read without a directory succeeded")
	}
}
