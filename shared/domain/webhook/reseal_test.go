package webhook_test

import (
	"context"
	"errors"
	"testing"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/secretbox"
)

// sealedStore holds sealed secrets by Ref; replace answers each ReplaceSealed in turn.
type sealedStore struct {
	secrets []webhook.SealedSecret
	replace []error
	written map[string]string
}

func (s *sealedStore) EachSealedSecret(_ context.Context, fn func(webhook.SealedSecret) error) error {
	for _, x := range s.secrets {
		if err := fn(x); err != nil {
			return err
		}
	}
	return nil
}

func (s *sealedStore) ReplaceSealed(_ context.Context, x webhook.SealedSecret, sealed string) error {
	err := s.replace[0]
	s.replace = s.replace[1:]
	if err == nil {
		s.written[x.Ref] = sealed
	}
	return err
}

// A re-seal counts what it sealed anew, what was current, what its owner changed meanwhile and what
// no key opens, and stops at a store's failure.
func TestResealCounts(t *testing.T) {
	ctx := context.Background()
	oldBox, _ := secretbox.New([]byte("the-old-data-encryption-key-0123456789"))
	newBox, _ := secretbox.New([]byte("the-new-data-encryption-key-0123456789"))
	rotated, _ := secretbox.New([]byte("the-new-data-encryption-key-0123456789\nthe-old-data-encryption-key-0123456789"))
	gone, _ := secretbox.New([]byte("a-key-line-removed-before-its-time-0123"))
	sealed := func(b secretbox.Box, context string) string {
		s, err := b.Seal([]byte("whsec_x"), context)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	store := &sealedStore{
		secrets: []webhook.SealedSecret{
			{Of: webhook.SecretOfPartner, ID: "prt_1", Sealed: sealed(oldBox, "partner:prt_1"), Ref: "a"},
			{Of: webhook.SecretOfEndpoint, ID: "we_1", Sealed: sealed(oldBox, "endpoint:we_1"), Ref: "b"},
			{Of: webhook.SecretOfEndpoint, ID: "we_2", Sealed: sealed(newBox, "endpoint:we_2"), Ref: "c"},
			{Of: webhook.SecretOfEndpoint, ID: "we_3", Sealed: sealed(gone, "endpoint:we_3"), Ref: "d"},
			// sealed for another record: its context does not open it
			{Of: webhook.SecretOfEndpoint, ID: "we_4", Sealed: sealed(oldBox, "endpoint:we_1"), Ref: "e"},
		},
		replace: []error{nil, fault.New(fault.Conflict, "changed")},
		written: map[string]string{},
	}
	report, err := webhook.Reseal(ctx, store, rotated)
	want := webhook.ResealReport{Resealed: 1, Current: 1, ChangedMeanwhile: 1, Unreadable: 2}
	if err != nil || report != want {
		t.Fatalf("Reseal = %+v, %v; want %+v", report, err, want)
	}
	if got, err := newBox.Open(store.written["a"], "partner:prt_1"); err != nil || string(got) != "whsec_x" {
		t.Errorf("the partner's secret as written = %q, %v; want it under the new key", got, err)
	}

	failing := errors.New("throttled")
	store.replace = []error{failing}
	if _, err := webhook.Reseal(ctx, store, rotated); !errors.Is(err, failing) {
		t.Errorf("Reseal over a failing store = %v, want its error", err)
	}
}
