package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/foundation/fault"
)

// transactEach runs a transaction whose items' failed conditions mean different things: the
// failure of item i is answered reasons[i] (the first failed item's, in order), for a
// transaction that creates several things and charges for them (a duplicate is a Conflict, a short
// balance PaymentRequired).
func (s Store) transactEach(ctx context.Context, items []types.TransactWriteItem, reasons []*fault.Error) error {
	_, err := s.API.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	var cancelled *types.TransactionCanceledException
	if errors.As(err, &cancelled) {
		for i, r := range cancelled.CancellationReasons {
			if aws.ToString(r.Code) == "ConditionalCheckFailed" && i < len(reasons) && reasons[i] != nil {
				return reasons[i]
			}
		}
	}
	if err != nil {
		return fmt.Errorf("dynamo: transaction: %w", err)
	}
	return nil
}
