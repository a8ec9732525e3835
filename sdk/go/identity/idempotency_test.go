package identity

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
)

// Every request that creates or charges carries an Idempotency-Key: a fresh UUID v4 per call, or
// the caller's own; a read carries none.
func TestIdempotencyKeys(t *testing.T) {
	ctx := context.Background()
	var keys []string
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusAccepted)
		fmt.Fprint(w, `{"extractionId":"ext_9","status":"queued"}`)
	})
	for range 2 {
		if _, err := c.ExtractFile(ctx, DocumentTypePassport, "p.png", strings.NewReader("PNG"), ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.CreateHandoffSessionWithResponse(ctx, nil); err != nil {
		t.Fatal(err)
	}
	own := "4f7e0f0e-5a0e-4d3b-9a57-1c1c3f0b8a11"
	if _, err := c.CreateUploadWithResponse(ctx, &CreateUploadParams{IdempotencyKey: &own},
		UploadRequest{ContentType: "application/pdf", Size: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetExtractionWithResponse(ctx, "ext_9"); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 5 || keys[3] != own || keys[4] != "" {
		t.Fatalf("keys %q, want three fresh ones, the caller's, none on the read", keys)
	}
	for _, k := range keys[:3] {
		if u, err := uuid.Parse(k); err != nil || u.Version() != 4 {
			t.Errorf("%q is no UUID v4", k)
		}
	}
	if keys[0] == keys[1] || keys[1] == keys[2] {
		t.Errorf("a key sent with two calls: %q", keys)
	}
}

// An extraction whose answer was lost (the connection dropped after the server took it) is sent
// again, whole, with the same Idempotency-Key: the API answers the extraction the first sending
// made, charged once. A 503 the same.
func TestExtractFileRetriesWithTheSameKey(t *testing.T) {
	var keys, bodies []string
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		keys, bodies = append(keys, r.Header.Get("Idempotency-Key")), append(bodies, string(b))
		switch len(keys) {
		case 1:
			conn, _, _ := w.(http.Hijacker).Hijack()
			_ = conn.Close()
			return
		case 2:
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusAccepted)
		fmt.Fprint(w, `{"extractionId":"ext_9","status":"queued"}`)
	})
	a, err := c.ExtractFile(context.Background(), DocumentTypePassport, "p.png", strings.NewReader("PNG"), "")
	if err != nil || a.ExtractionId != "ext_9" || len(keys) != 3 {
		t.Fatalf("ExtractFile = %+v, %v after %d sendings, want ext_9 after 3", a, err, len(keys))
	}
	for i := range keys {
		if keys[i] == "" || keys[i] != keys[0] || bodies[i] != bodies[0] {
			t.Errorf("sending %d: key %q, want the first's %q and its body", i, keys[i], keys[0])
		}
	}
}

// TestIdempotentWritesCoverTheAPI holds idempotentWrites to openapi/identity.yaml as generated:
// every operation whose request sets Idempotency-Key gets a key of its own.
func TestIdempotentWritesCoverTheAPI(t *testing.T) {
	src, err := os.ReadFile("identity.gen.go")
	if err != nil {
		t.Fatal(err)
	}
	path := regexp.MustCompile(`operationPath := fmt.Sprintf\("([^"]+)"`)
	method := regexp.MustCompile(`http.NewRequest\(http.Method(\w+),`)
	n := 0
	for _, fn := range strings.Split(string(src), "\nfunc New")[1:] {
		if !strings.Contains(fn, `"Idempotency-Key"`) {
			continue
		}
		p, m := path.FindStringSubmatch(fn), method.FindStringSubmatch(fn)
		if p == nil || m == nil {
			t.Fatalf("no path or method in func New%s", fn[:60])
		}
		r, _ := http.NewRequest(strings.ToUpper(m[1]), "http://x"+strings.ReplaceAll(p[1], "%s", "p_1"), nil)
		if err := AutoIdempotencyKeys(context.Background(), r); err != nil || r.Header.Get("Idempotency-Key") == "" {
			t.Errorf("%s %s takes an Idempotency-Key but AutoIdempotencyKeys gives it none", r.Method, p[1])
		}
		n++
	}
	if n < 8 {
		t.Fatalf("only %d operations take an Idempotency-Key: has the generated code changed shape?", n)
	}
}
