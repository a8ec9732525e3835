package extractionapi

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
)

// The intake handlers below refuse before the extraction service is reached (Extractions is nil:
// reaching it would panic, answered 500); the document types need no service.
func TestIntakeHandlers(t *testing.T) {
	user := access.Principal{UserID: "usr_1", Role: access.RoleUser, KeyID: "key_1", Live: true}
	var a API
	noFile, boundary := multipartBody(t, [2]string{"documentType", "passport"})
	longName, longNameBoundary := namedFileBody(t, strings.Repeat("n", 450_000)+".png")
	longRef, longRefBoundary := multipartBody(t, [2]string{"documentType", "passport"}, [2]string{"file", "x"},
		[2]string{"referenceId", strings.Repeat("r", 300_000)})
	manyFiles, manyFilesBoundary := multipartBody(t, append([][2]string{{"documentType", "passport"}},
		slices.Repeat([][2]string{{"file", "x"}}, 51)...)...)
	manyDocs := `{"documents":[` + strings.Repeat(`{"documentType":"passport","uploadId":"upl_1"},`, 50) +
		`{"documentType":"passport","uploadId":"upl_1"}]}`
	tests := []struct {
		name, pattern, method, target, contentType, body string
		h                                                guard.HandlerFunc
		status                                           int
		want                                             string
	}{
		{
			"document types",
			"GET /v1/document-types",
			"GET",
			"/v1/document-types",
			"",
			"",
			a.documentTypes,
			200,
			`"data":[`,
		},
		{
			"extract plain text",
			"POST /v1/extract/async",
			"POST",
			"/v1/extract/async",
			"text/plain",
			"hello",
			a.extract,
			415,
			"multipart/form-data",
		},
		{
			"extract malformed JSON",
			"POST /v1/extract/async",
			"POST",
			"/v1/extract/async",
			"application/json",
			`{"uploadId":`,
			a.extract,
			400,
			"Malformed JSON",
		},
		{
			"extract without a file",
			"POST /v1/extract/async",
			"POST",
			"/v1/extract/async",
			"multipart/form-data; boundary=" + boundary,
			string(noFile),
			a.extract,
			422,
			"file: required",
		},
		{
			"extract a file with a 450,000-character name",
			"POST /v1/extract/async",
			"POST",
			"/v1/extract/async",
			"multipart/form-data; boundary=" + longNameBoundary,
			string(longName),
			a.extract,
			422,
			`"invalidParams":["file: a file name of at most 255 characters (450004 sent)"]`,
		},
		{
			"extract with a 300,000-character referenceId",
			"POST /v1/extract/async",
			"POST",
			"/v1/extract/async",
			"multipart/form-data; boundary=" + longRefBoundary,
			string(longRef),
			a.extract,
			422,
			`"invalidParams":["referenceId: at most 128 characters (300000 sent)"]`,
		},
		{
			"batch of 51 files",
			"POST /v1/batches",
			"POST",
			"/v1/batches",
			"multipart/form-data; boundary=" + manyFilesBoundary,
			string(manyFiles),
			a.createBatch,
			422,
			`"invalidParams":["file: at most 50 parts (51 sent)"]`,
		},
		{
			"batch of 51 uploads",
			"POST /v1/batches",
			"POST",
			"/v1/batches",
			"application/json",
			manyDocs,
			a.createBatch,
			422,
			`"invalidParams":["documents: at most 50 items (51 sent)"]`,
		},
		{
			"batch without a boundary",
			"POST /v1/batches",
			"POST",
			"/v1/batches",
			"multipart/form-data",
			"",
			a.createBatch,
			400,
			"no boundary",
		},
		{
			"upload slot with an unknown field",
			"POST /v1/uploads",
			"POST",
			"/v1/uploads",
			"application/json",
			`{"fileName":"a.png","bytes":1}`,
			a.upload,
			400,
			"bytes",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httpapi.New(
				slog.New(slog.DiscardHandler),
				httpapi.Bases{Identity: "https://api.example"},
				[]httpapi.Route{
					{
						Pattern: tt.pattern,
						Handler: func(w http.ResponseWriter, r *http.Request) error { return tt.h(w, r, user) },
					}},
			)
			r := httptest.NewRequest(tt.method, tt.target, strings.NewReader(tt.body))
			if tt.contentType != "" {
				r.Header.Set("Content-Type", tt.contentType)
			}
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			if w.Code != tt.status || !strings.Contains(w.Body.String(), tt.want) {
				t.Fatalf("%d %s, want %d with %s", w.Code, w.Body, tt.status, tt.want)
			}
			if tt.status >= 400 && w.Body.Len() > 2048 {
				t.Errorf("%d bytes answered: the problem echoes what was sent", w.Body.Len())
			}
			if tt.status >= 400 {
				var p httpapi.Problem
				if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || p.Status != tt.status {
					t.Errorf("not a problem: %s", w.Body)
				}
			}
		})
	}
}
