// Package awstest connects integration tests to the AWS emulator that make test starts. Outside CI a
// test without an emulator skips; in CI (CI=true) it fails, so an integration test never passes by
// not running.
package awstest

import (
	"context"
	"crypto/rand"
	"net"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/adapters/awsclient"
)

// Clients returns SDK clients pointed at the emulator named by AWS_ENDPOINT_URL.
func Clients(t testing.TB) awsclient.Clients {
	t.Helper()
	return ClientsIn(t, context.Background())
}

// ClientsIn is Clients built from ctx, with the middleware it carries (awsclient.WithAPIOptions).
func ClientsIn(t testing.TB, ctx context.Context) awsclient.Clients {
	t.Helper()
	endpoint := os.Getenv("AWS_ENDPOINT_URL")
	if endpoint == "" {
		unavailable(t, "AWS_ENDPOINT_URL is not set")
	}
	u, err := url.Parse(endpoint)
	if err != nil {
		t.Fatalf("AWS_ENDPOINT_URL: %v", err)
	}
	c, err := net.DialTimeout("tcp", u.Host, 2*time.Second)
	if err != nil {
		unavailable(t, "no emulator at "+endpoint)
	}
	c.Close()
	clients, err := awsclient.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return clients
}

func unavailable(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("integration test needs the AWS emulator (%s): run it through make test", why)
	}
	t.Skipf("integration test skipped: %s (make test starts the emulator)", why)
}

// Name returns a resource name unique to this test run, so tests can share one emulator in parallel.
func Name(t testing.TB) string {
	n := strings.NewReplacer("/", "-", "_", "-").Replace(t.Name())
	if len(n) > 40 {
		n = n[:40]
	}
	return strings.ToLower(n + "-" + rand.Text()[:8])
}
