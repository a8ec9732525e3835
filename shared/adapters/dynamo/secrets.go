package dynamo

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// ScanAPI is DynamoDB's Scan, which the store's API leaves out: no function reads the table whole
// (nor may its role), only an operator's command does, with the operator's credentials.
type ScanAPI interface {
	Scan(ctx context.Context, in *dynamodb.ScanInput, opts ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
}

// SealedSecretRepo finds and replaces the table's sealed webhook secrets for a re-seal after a
// rotation of DATA_ENCRYPTION_KEY: a partner's webhook and its recorded changes (PARTNER#, WEBHOOK
// and WEBHOOKCHANGE#), a user's endpoints (USER#, WEBHOOK#: the current and the previous secret).
type SealedSecretRepo struct {
	db   Store
	scan ScanAPI
}

var _ webhook.SealedSecrets = (*SealedSecretRepo)(nil)

// NewSealedSecretRepo is the re-seal's view of db's table, read whole with scan.
func NewSealedSecretRepo(db Store, scan ScanAPI) *SealedSecretRepo {
	return &SealedSecretRepo{db: db, scan: scan}
}

// The attributes that hold sealed secrets, on the items sealedOwner knows.
var sealedAttributes = []string{"sealedSecret", "previousSealedSecret"}

// EachSealedSecret scans the table for items holding a sealed secret, reading only their keys and
// sealed attributes (no URL, no personal data), one page at a time.
func (r *SealedSecretRepo) EachSealedSecret(ctx context.Context, fn func(webhook.SealedSecret) error) error {
	pages := dynamodb.NewScanPaginator(r.scan, &dynamodb.ScanInput{
		TableName:            aws.String(r.db.Table),
		FilterExpression:     aws.String("attribute_exists(sealedSecret) OR attribute_exists(previousSealedSecret)"),
		ProjectionExpression: aws.String("pk, sk, " + strings.Join(sealedAttributes, ", ")),
		ConsistentRead:       aws.Bool(true),
	})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("dynamo: scan sealed secrets: %w", err)
		}
		for _, item := range page.Items {
			var it map[string]string
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return err
			}
			of, id, ok := sealedOwner(it["pk"], it["sk"])
			if !ok {
				continue // not a record this repository knows: left as it is
			}
			for _, attr := range sealedAttributes {
				if it[attr] == "" {
					continue
				}
				s := webhook.SealedSecret{Of: of, ID: id, Sealed: it[attr], Ref: attr + "\n" + it["pk"] + "\n" + it["sk"]}
				if err := fn(s); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// sealedOwner says what the item at pk, sk seals its secrets for.
func sealedOwner(pk, sk string) (of, id string, ok bool) {
	if id, ok := strings.CutPrefix(pk, partnerPK("")); ok && (sk == "WEBHOOK" || strings.HasPrefix(sk,
		partnerChangePrefix)) {
		return webhook.SecretOfPartner, id, true
	}
	if id, ok := strings.CutPrefix(sk, "WEBHOOK#"); ok && strings.HasPrefix(pk, userPK("")) {
		return webhook.SecretOfEndpoint, id, true
	}
	return "", "", false
}

// ReplaceSealed writes sealed in place of s.Sealed, in one conditional update: Conflict when the
// attribute holds something else by now.
func (r *SealedSecretRepo) ReplaceSealed(ctx context.Context, s webhook.SealedSecret, sealed string) error {
	ref := strings.SplitN(s.Ref, "\n", 3)
	if len(ref) != 3 {
		return fmt.Errorf("dynamo: not a sealed secret's reference: %q", s.Ref)
	}
	_, err := r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(r.db.Table),
		Key:                      key(ref[1], ref[2]),
		UpdateExpression:         aws.String("SET #a = :new"),
		ConditionExpression:      aws.String("#a = :old"),
		ExpressionAttributeNames: map[string]string{"#a": ref[0]},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":new": &types.AttributeValueMemberS{Value: sealed},
			":old": &types.AttributeValueMemberS{Value: s.Sealed},
		},
	})
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "The secret changed meanwhile.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: replace sealed secret: %w", err)
	}
	return nil
}
