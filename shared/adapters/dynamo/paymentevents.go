package dynamo

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// paymentEventItem is an applied gateway event, kept 90 days so that a replay changes nothing.
type paymentEventItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	Reference string    `dynamodbav:"reference"`
	PaymentID string    `dynamodbav:"paymentId"`
	Paid      bool      `dynamodbav:"paid"`
	Amount    int64     `dynamodbav:"amount"`
	At        time.Time `dynamodbav:"at"`
	TTL       int64     `dynamodbav:"ttl"`
}

// paymentEvent is the conditional put that records a gateway event once, for contracts and
// invoices alike: the gateway's event ids are unique across all it notifies.
func (s Store) paymentEvent(
	eventID, reference, paymentID string,
	paid bool,
	amount int64,
	at time.Time,
) (types.Put, error) {
	item, err := attributevalue.MarshalMap(
		paymentEventItem{PK: "PAYMENT_EVENT#" + eventID, SK: "EVENT", Reference: reference,
			PaymentID: paymentID, Paid: paid, Amount: amount, At: at, TTL: at.Add(90 * 24 * time.Hour).Unix()},
	)
	if err != nil {
		return types.Put{}, err
	}
	return types.Put{
		TableName:           aws.String(s.Table),
		Item:                item,
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	}, nil
}
