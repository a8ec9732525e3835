package livenessapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/trustline/platform/internal/benchtest"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/liveness"
)

// The API path of a check against the models' own time, in one run: BenchmarkCheckOverHTTP sends
// the selfie as a partner's app does (multipart, through the handler and its middleware, on
// in-memory credits) and BenchmarkCheckModels runs the same check on the models alone. Their ratio
// is what the HTTP layer costs; a CPU profile of the first shows where:
//
//	go test -run '^$' -bench 'Check(OverHTTP|Models)' -cpu 1 -cpuprofile cpu.out ./shared/api/livenessapi
func BenchmarkCheckOverHTTP(b *testing.B) {
	models, selfie := benchModels(b)
	credits := ledger(false)
	a := API{
		Liveness: &liveness.Service{
			Checker:   models,
			Credits:   credits,
			Files:     noStore{},
			Uploads:   noStore{},
			Handoffs:  noStore{},
			TestQuota: &quota{},
			Price:     1,
		},
		Checks: &liveness.Checks{Records: &records{}, Credits: credits},
	}
	p := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: true}
	h := httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{Identity: "https://api.example"}, []httpapi.Route{
		{
			Pattern: "POST /v1/liveness/check",
			Handler: func(w http.ResponseWriter, r *http.Request) error { return a.check(w, r, p) },
		}})
	contentType, body := selfieForm(b, selfie)
	form := body.Bytes()
	benchtest.Report(b, func() error {
		r := httptest.NewRequest("POST", "/v1/liveness/check", bytes.NewReader(form))
		r.Header.Set("Content-Type", contentType)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
		return nil
	})
}

func BenchmarkCheckModels(b *testing.B) {
	models, selfie := benchModels(b)
	ctx := context.Background()
	benchtest.Report(b, func() error { _, err := models.Check(ctx, selfie); return err })
}

// benchModels loads the liveness models from MODELS_DIR and reads the reference selfie, checked
// once so that the scratch memory is allocated before the timing.
func benchModels(b *testing.B) (*liveness.Models, []byte) {
	b.Helper()
	dir := os.Getenv("MODELS_DIR")
	if dir == "" {
		dir = "../../../../shared/models"
	}
	models, err := liveness.Load(dir)
	if err != nil {
		b.Skipf("liveness models: %v (set MODELS_DIR)", err)
	}
	selfie, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "shared", "testdata", "faces", "one-face.jpg"))
	if err != nil {
		b.Skipf("the reference selfie: %v", err)
	}
	if _, err := models.Check(context.Background(), selfie); err != nil {
		b.Fatal(err)
	}
	return models, selfie
}
