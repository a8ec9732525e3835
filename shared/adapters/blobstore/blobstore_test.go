package blobstore

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/trustline/platform/shared/foundation/fault"
)

// s3Without answers every object read 403, as S3 answers a caller without s3:ListBucket on the
// whole bucket, and lists the given keys (or refuses the listing when list is false).
func s3Without(t *testing.T, list bool, keys ...string) Store {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		if r.URL.Query().Get("list-type") != "2" || !list {
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte(`<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`))
			return
		}
		body := `<ListBucketResult><Name>b</Name>`
		for _, k := range keys {
			if strings.HasPrefix(k, r.URL.Query().Get("prefix")) {
				body += fmt.Sprintf(`<Contents><Key>%s</Key><Size>1</Size></Contents>`, k)
			}
		}
		_, _ = w.Write([]byte(body + `</ListBucketResult>`))
	}))
	t.Cleanup(srv.Close)
	client := s3.New(
		s3.Options{
			Region:       "eu-west-1",
			BaseEndpoint: aws.String(srv.URL),
			UsePathStyle: true,
			Retryer:      aws.NopRetryer{},
			Credentials: aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
				return aws.Credentials{AccessKeyID: "a", SecretAccessKey: "b"}, nil
			}),
		},
	)
	return Store{API: client, Bucket: "b"}
}

// A function may list only its own prefixes, so S3 answers 403 for an object that is not there; the
// store tells absence (NotFound) from refusal by listing that exact key.
func TestAbsentIsToldFromForbidden(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name     string
		store    Store
		notFound bool
	}{
		{"absent", s3Without(t, true, "raw/u/other", "raw/u/x2"), true},
		{"present, so truly forbidden", s3Without(t, true, "raw/u/x", "raw/u/x2"), false},
		{"the listing refused too", s3Without(t, false), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, rerr := tc.store.Read(ctx, "raw/u/x", 10)
			_, serr := tc.store.Size(ctx, "raw/u/x")
			cerr := tc.store.Copy(ctx, "raw/u/x", "handoff-ready/s/1")
			for op, err := range map[string]error{"read": rerr, "size": serr, "copy": cerr} {
				if err == nil || fault.Is(err, fault.NotFound) != tc.notFound {
					t.Errorf("%s: err = %v, want NotFound %v", op, err, tc.notFound)
				}
			}
		})
	}
}
