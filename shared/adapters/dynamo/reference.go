package dynamo

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/trustline/platform/shared/domain/reference"
)

// ReferenceRepo stores the reference lists and their version (REFERENCE).
type ReferenceRepo struct{ db Store }

var _ reference.Store = (*ReferenceRepo)(nil)

// NewReferenceRepo is the repository of reference lists on db's table.
func NewReferenceRepo(db Store) *ReferenceRepo { return &ReferenceRepo{db: db} }

type referenceItem struct {
	PK      string `dynamodbav:"pk"`
	SK      string `dynamodbav:"sk"`
	Body    []byte `dynamodbav:"body,omitempty"`
	ETag    string `dynamodbav:"etag,omitempty"`
	Version string `dynamodbav:"version,omitempty"`
}

const referencePK = "REFERENCE"

// ReferenceVersion reads the version item of the stored lists.
func (r *ReferenceRepo) ReferenceVersion(ctx context.Context) (string, error) {
	out, err := r.db.API.GetItem(
		ctx,
		&dynamodb.GetItemInput{TableName: aws.String(r.db.Table), Key: key(referencePK, "VERSION")},
	)
	if err != nil {
		return "", fmt.Errorf("dynamo: reference version: %w", err)
	}
	var it referenceItem
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return "", err
	}
	return it.Version, nil
}

// PutReference writes every list, then the version.
func (r *ReferenceRepo) PutReference(ctx context.Context, c reference.Catalog) error {
	for _, k := range slices.Sorted(maps.Keys(c.Entries)) {
		e := c.Entries[k]
		if err := r.put(ctx, referenceItem{PK: referencePK, SK: "LIST#" + k, Body: e.Body, ETag: e.ETag}); err != nil {
			return err
		}
	}
	return r.put(ctx, referenceItem{PK: referencePK, SK: "VERSION", Version: c.Version})
}

func (r *ReferenceRepo) put(ctx context.Context, item any) error {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		return err
	}
	if _, err := r.db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(r.db.Table),
		Item: av}); err != nil {
		return fmt.Errorf("dynamo: put: %w", err)
	}
	return nil
}

// Reference reads one list: one GetItem.
func (r *ReferenceRepo) Reference(ctx context.Context, k string) (reference.Entry, error) {
	var it referenceItem
	if err := r.db.get(ctx, referencePK, "LIST#"+k, &it, "reference list"); err != nil {
		return reference.Entry{}, err
	}
	return reference.Entry{Body: it.Body, ETag: it.ETag}, nil
}
