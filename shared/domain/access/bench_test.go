package access_test

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access/accesstest"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/domain/access"
)

// BenchmarkAuthenticate measures what authentication adds to a request: parsing, hashing, the key
// read and the rate-counter write (Authenticate, then Admit). InMemory isolates the CPU part; DynamoDB adds the two
// calls,
// here to moto on loopback (a real table in the same region adds network time per call instead).
func BenchmarkAuthenticate(b *testing.B) {
	secret := access.NewKey(access.PartnerKeyFormat("sandbox"))
	rec := access.KeyRecord{
		ID:        "key_bench",
		Hash:      access.HashKey(secret),
		Role:      access.RolePartner,
		OwnerID:   "prt_bench",
		RateLimit: 1 << 30,
		CreatedAt: time.Now(),
	}
	run := func(b *testing.B, keys access.KeyStore, counter access.RateCounter) {
		a := &access.Authenticator{Keys: keys, Counter: counter, Stage: "sandbox"}
		for b.Loop() {
			if _, err := authenticate(a, access.Credential{APIKey: secret}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("InMemory", func(b *testing.B) {
		store := accesstest.NewKeys(map[string]access.KeyRecord{rec.Hash: rec})
		run(b, store, store)
	})
	b.Run("DynamoDB", func(b *testing.B) {
		store := benchTable(b)
		if err := dynamo.NewKeyRepo(store).PutKey(context.Background(), rec); err != nil {
			b.Fatal(err)
		}
		run(b, dynamo.NewKeyRepo(store), dynamo.NewRateRepo(store))
	})
}

func benchTable(b *testing.B) dynamo.Store {
	api := awstest.Clients(b).DynamoDB
	name := awstest.Name(b)
	s := func(v string) *string { return aws.String(v) }
	_, err := api.CreateTable(
		context.Background(),
		&dynamodb.CreateTableInput{TableName: s(name), BillingMode: types.BillingModePayPerRequest,
			AttributeDefinitions: []types.AttributeDefinition{
				{AttributeName: s("pk"), AttributeType: types.ScalarAttributeTypeS},
				{AttributeName: s("sk"), AttributeType: types.ScalarAttributeTypeS},
			},
			KeySchema: []types.KeySchemaElement{
				{AttributeName: s("pk"), KeyType: types.KeyTypeHash},
				{AttributeName: s("sk"), KeyType: types.KeyTypeRange},
			}},
	)
	if err != nil {
		b.Fatal(err)
	}
	return dynamo.Store{API: api, Table: name}
}
