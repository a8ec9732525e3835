package webhookhttp

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"syscall"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
)

// Sender POSTs deliveries through the Guard: the webhook engine's Sender.
type Sender struct {
	Guard Guard
	// Timeout bounds a POST, connection and TLS handshake included (the engine's own timeout).
	Timeout time.Duration

	clientOnce sync.Once
	client     *http.Client
}

var _ webhook.Sender = (*Sender)(nil)

// maxResponseRead bounds how much of a receiver's answer is read (and then discarded), so a
// dispatcher's memory stays bounded whatever receivers send.
const maxResponseRead = 64 << 10

// Client is the HTTP client of deliveries: guarded dialing, no proxy, no redirects, the timeout.
// It is made once and shared by the concurrent attempts of a batch.
func (s *Sender) Client() *http.Client {
	s.clientOnce.Do(func() {
		s.client = &http.Client{
			Transport: &http.Transport{
				DialContext:         s.Guard.DialContext,
				Proxy:               nil,
				MaxIdleConnsPerHost: 4,
				IdleConnTimeout:     30 * time.Second,
				TLSHandshakeTimeout: s.Timeout,
			},
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
			Timeout:       s.Timeout,
		}
	})
	return s.client
}

// Send POSTs r once and returns the receiver's status code, a redirect's included (it is not
// followed). Failing to get an answer is a *webhook.SendError: a bad URL is ErrorNoTarget, a
// transport failure its class (see classify).
func (s *Sender) Send(ctx context.Context, r webhook.Request) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.URL, bytes.NewReader(r.Body))
	if err != nil {
		return 0, &webhook.SendError{Class: webhook.ErrorNoTarget, Detail: "bad target URL"}
	}
	for k, v := range r.Headers {
		req.Header.Set(k, v)
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		class, detail := classify(err, s.Timeout)
		return 0, &webhook.SendError{Class: class, Detail: detail}
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxResponseRead))
	resp.Body.Close()
	return resp.StatusCode, nil
}

// classify turns a transport error into its class and a fixed sentence: the delivery history is
// shown to the account, and raw dial errors would tell it about the network the sender runs in.
func classify(err error, timeout time.Duration) (class, detail string) {
	var dns *net.DNSError
	var certInvalid x509.CertificateInvalidError
	var unknownAuthority x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var verify *tls.CertificateVerificationError
	var record tls.RecordHeaderError
	var alert tls.AlertError
	var netErr net.Error
	switch {
	case errors.Is(err, errBlocked):
		return webhook.ErrorBlocked, "the target resolves to a non-public address or uses a port not allowed"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return webhook.ErrorTimeout, fmt.Sprintf("no answer within %s", timeout)
	case errors.As(err, &dns):
		return webhook.ErrorDNS, "the host name did not resolve"
	case errors.Is(err, syscall.ECONNREFUSED):
		return webhook.ErrorRefused, "the connection was refused"
	case errors.As(err, &verify),
		errors.As(err, &certInvalid),
		errors.As(err, &unknownAuthority),
		errors.As(err, &hostname),
		errors.As(err, &record),
		errors.As(err, &alert):
		return webhook.ErrorTLS, "the TLS handshake failed (certificate or protocol)"
	}
	return webhook.ErrorConnection, "the connection failed"
}
