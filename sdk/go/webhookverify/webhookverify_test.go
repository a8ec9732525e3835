package webhookverify

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"testing"
	"time"
)

// vectors is sdk/testdata/signatures.json, which the platform's signer made (sdk/signatures_test.go
// in the main module keeps it so): every SDK verifies the same cases.
type vectors struct {
	Cases []struct {
		Name             string
		API              string // identity or partner
		Secret           string
		Body             string
		Headers          map[string]string
		Now              int64
		ToleranceSeconds int64
		Expect           struct{ Signature, Standard string } // ok, signature or timestamp
	}
}

func TestVectors(t *testing.T) {
	b, err := os.ReadFile("../../testdata/signatures.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 {
		t.Fatal("no cases")
	}
	outcome := func(err error) string {
		switch {
		case err == nil:
			return "ok"
		case errors.Is(err, ErrSignature):
			return "signature"
		case errors.Is(err, ErrTimestamp):
			return "timestamp"
		}
		return err.Error()
	}
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			h := http.Header{}
			for k, v := range c.Headers {
				h.Set(k, v)
			}
			secret, body := []byte(c.Secret), []byte(c.Body)
			var sig error
			switch c.API {
			case "identity":
				sig = Service(secret, body, h.Get("X-Service-Signature"))
			case "partner":
				sig = Insurance(secret, body, h.Get("x-insurance-signature"))
			default:
				t.Fatalf("api %q", c.API)
			}
			std := Standard(secret, body, h, time.Duration(c.ToleranceSeconds)*time.Second, time.Unix(c.Now, 0))
			if got := outcome(sig); got != c.Expect.Signature {
				t.Errorf("API signature: %s, want %s", got, c.Expect.Signature)
			}
			if got := outcome(std); got != c.Expect.Standard {
				t.Errorf("webhook-signature: %s, want %s", got, c.Expect.Standard)
			}
		})
	}
}
