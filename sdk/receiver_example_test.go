package sdk_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/trustline/platform/sdk/go/webhookverify"
	"github.com/trustline/platform/shared/domain/webhook"
)

// A partner's receiver: read the raw body, verify, answer 401 or 200 quickly, then process.
func receiver(secret []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "unreadable", http.StatusBadRequest)
			return
		}
		if webhookverify.Insurance(secret, body, r.Header.Get("x-insurance-signature")) != nil ||
			webhookverify.Standard(secret, body, r.Header, 5*time.Minute, time.Now()) != nil {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		// Deduplicate on x-insurance-reference + event (or webhook-id), queue the work, answer.
		w.WriteHeader(http.StatusOK)
	})
}

func Example() {
	secret := []byte("partner-secret-0123456789")
	body := []byte(`{"event":"insurance.contract.issued","reference":"REF-1"}`)
	ts := fmt.Sprint(time.Now().Unix())

	send := func(signature string, body []byte) int {
		r := httptest.NewRequest("POST", "/webhooks/insurance", bytes.NewReader(body))
		r.Header.Set("x-insurance-signature", signature)
		r.Header.Set("webhook-id", "msg_1")
		r.Header.Set("webhook-timestamp", ts)
		r.Header.Set("webhook-signature", webhook.StandardSignature(secret, "msg_1", ts, body))
		w := httptest.NewRecorder()
		receiver(secret).ServeHTTP(w, r)
		return w.Code
	}
	fmt.Println(send(webhook.HexHMAC(secret, body), body))
	fmt.Println(send(webhook.HexHMAC([]byte("another secret"), body), body))
	fmt.Println(send(webhook.HexHMAC(secret, body), append(body, ' '))) // one byte more: not the signed body
	// Output:
	// 200
	// 401
	// 401
}

func Example_replay() {
	secret := []byte("whsec_example")
	body := []byte(`{}`)
	old := fmt.Sprint(time.Now().Add(-time.Hour).Unix())
	h := http.Header{}
	h.Set("webhook-id", "msg_1")
	h.Set("webhook-timestamp", old)
	h.Set("webhook-signature", webhook.StandardSignature(secret, "msg_1", old, body))
	fmt.Println(webhookverify.Standard(secret, body, h, 5*time.Minute, time.Now()))
	// Output: webhookverify: timestamp outside the tolerance
}
