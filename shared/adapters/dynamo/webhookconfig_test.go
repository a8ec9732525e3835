package dynamo

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A user's endpoints are listed, deleted once, and those a key created go with the key; a
// partner's webhook is replaced whole.
func TestWebhookRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewWebhookRepo(newTable(t))
	now := time.Now().UTC()
	for _, e := range []webhook.Endpoint{{ID: "we_1", OwnerID: "usr_1", URL: "https://a",
		Events: []string{"extraction.completed"}, Live: true, CreatedAt: now},
		{ID: "we_2", OwnerID: "usr_1", URL: "https://b", Events: []string{"extraction.failed"}, CreatedAt: now,
			CreatedByKey: "key_1"}} {
		if err := putEndpoint(ctx, repo.db, e); err != nil {
			t.Fatal(err)
		}
	}
	if es, err := repo.Endpoints(ctx, "usr_1"); err != nil || len(es) != 2 {
		t.Fatalf("Endpoints = %v, %v", es, err)
	}
	// A rotation lands only on the secret it read; never on a deleted endpoint.
	rotated := webhook.Endpoint{ID: "we_1", OwnerID: "usr_1", SealedSecret: "sealed-2",
		PreviousSealedSecret: "sealed-1", PreviousUntil: &now}
	if err := repo.RotateEndpointSecret(ctx, rotated, ""); err != nil {
		t.Fatalf("a rotation from the secret read: %v", err)
	}
	if e, _ := repo.Endpoint(ctx, "usr_1", "we_1"); e.SealedSecret != "sealed-2" || e.PreviousSealedSecret != "sealed-1" ||
		e.URL != "https://a" || !e.Live {
		t.Errorf("after the rotation: %+v; want the new secrets and the rest as it was", e)
	}
	rotated.SealedSecret = "sealed-3"
	conflict(t, "a rotation from a stale secret", repo.RotateEndpointSecret(ctx, rotated, "sealed-1"))
	gone := webhook.Endpoint{ID: "we_gone", OwnerID: "usr_1", SealedSecret: "sealed-x"}
	if err := repo.RotateEndpointSecret(ctx, gone, ""); !fault.Is(err, fault.NotFound) {
		t.Errorf("a rotation of a deleted endpoint: %v, want NotFound", err)
	}
	if _, err := repo.Endpoint(ctx, "usr_1", "we_gone"); !fault.Is(err, fault.NotFound) {
		t.Errorf("the rotation wrote a deleted endpoint back: %v", err)
	}
	if err := repo.DeleteEndpointsOfKey(ctx, "usr_1", "key_1"); err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Endpoint(ctx, "usr_1", "we_2"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("the key's endpoint: %v, want NotFound", err)
	}
	if e, err := repo.Endpoint(ctx, "usr_1", "we_1"); err != nil || !e.Live || e.URL != "https://a" {
		t.Errorf("Endpoint = %+v, %v", e, err)
	}
	if err := repo.DeleteEndpoint(ctx, "usr_1", "we_1"); err != nil {
		t.Fatal(err)
	}
	if err := repo.DeleteEndpoint(ctx, "usr_1", "we_1"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("a second delete: %v, want NotFound", err)
	}
	if err := repo.SetPartnerConfig(ctx, "prt_1", webhook.PartnerChange{At: now, Author: webhook.Author{Role: "partner",
		UserID: "usr_9"},
		Config: webhook.PartnerConfig{URL: "https://p", SealedSecret: "sealed"}, SecretChanged: true}); err != nil {
		t.Fatal(err)
	}
	if c, err := repo.PartnerConfig(ctx, "prt_1"); err != nil || c.URL != "https://p" || c.SealedSecret != "sealed" {
		t.Errorf("PartnerConfig = %+v, %v", c, err)
	}
}

// A partner's webhook changes are recorded newest first; a change by a key is refused once the key
// is revoked, and ending a key's configurations ends the current one and its recorded changes.
func TestPartnerWebhookChanges(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo, keys := NewWebhookRepo(db), NewKeyRepo(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := keys.PutKey(ctx, access.KeyRecord{ID: "key_1", Hash: "h1", Role: access.RolePartner, OwnerID: "prt_1",
		CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	byLogin := webhook.PartnerChange{
		At:     now,
		Author: webhook.Author{Role: "partner", UserID: "usr_9"},
		Config: webhook.PartnerConfig{URL: "https://login"},
	}
	byKey := webhook.PartnerChange{At: now.Add(time.Second), Author: webhook.Author{Role: "partner", KeyID: "key_1"},
		Config: webhook.PartnerConfig{URL: "https://key", URLBy: webhook.KeyBinding{KeyID: "key_1"}}}
	// Each change is written on top of the version it read: the first on none, the next on it.
	byKey.Config.Version = 1
	for _, c := range []webhook.PartnerChange{byLogin, byKey} {
		if err := repo.SetPartnerConfig(ctx, "prt_1", c); err != nil {
			t.Fatal(err)
		}
	}
	if c, _ := repo.PartnerConfig(ctx, "prt_1"); c.Version != 2 {
		t.Errorf("version %d after two changes, want 2", c.Version)
	}
	if err := repo.SetPartnerConfig(ctx, "prt_1", byLogin); !errors.Is(err, webhook.ErrPartnerConfigMoved) {
		t.Errorf("a change on a stale read: %v, want ErrPartnerConfigMoved", err)
	}
	changes, _, err := repo.PartnerChanges(ctx, "prt_1", 10, "")
	if err != nil || len(changes) != 2 || changes[0].Config.URL != "https://key" ||
		changes[1].Author.UserID != "usr_9" {
		t.Fatalf("PartnerChanges = %+v, %v", changes, err)
	}
	first, next, err := repo.PartnerChanges(ctx, "prt_1", 1, "")
	if err != nil || len(first) != 1 || next == "" {
		t.Fatalf("first page = %+v, %q, %v", first, next, err)
	}
	if second, _, err := repo.PartnerChanges(ctx, "prt_1", 1, next); err != nil || len(second) != 1 ||
		second[0].Config.URL != "https://login" {
		t.Errorf("second page = %+v, %v", second, err)
	}
	if _, _, err := repo.PartnerChanges(ctx, "prt_2", 1, next); fault.As(err).Kind != fault.Invalid {
		t.Errorf("another partner's cursor: %v, want Invalid", err)
	}
	end := now.Add(time.Hour)
	if err := repo.EndPartnerConfigsOfKey(ctx, "prt_1", "key_1", end); err != nil {
		t.Fatal(err)
	}
	if c, err := repo.PartnerConfig(ctx, "prt_1"); err != nil || c.URLBy.EndsAt == nil || !c.URLBy.EndsAt.Equal(end) ||
		c.Stands(end) ||
		!c.Stands(now) {
		t.Errorf("current after the key's end = %+v, %v", c, err)
	}
	changes, _, _ = repo.PartnerChanges(ctx, "prt_1", 10, "")
	if changes[0].Config.URLBy.EndsAt == nil || changes[1].Config.URLBy.EndsAt != nil {
		t.Errorf("recorded changes after the key's end = %+v", changes)
	}
	if _, err := keys.RevokeKey(ctx, "prt_1", "key_1", now); err != nil {
		t.Fatal(err)
	}
	if err := repo.SetPartnerConfig(ctx, "prt_1", byKey); fault.As(err).Kind != fault.Unauthorized {
		t.Errorf("a change by a revoked key: %v, want Unauthorized", err)
	}
}

// putEndpoint stores an endpoint as it is, with no owner to count it against.
func putEndpoint(ctx context.Context, db Store, e webhook.Endpoint) error {
	av, err := attributevalue.MarshalMap(toEndpointItem(e))
	if err != nil {
		return err
	}
	_, err = db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(db.Table), Item: av})
	return err
}
