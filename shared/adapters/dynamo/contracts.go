package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// ContractRepo stores contract requests (CONTRACT#), the payment events applied to them
// (PAYMENT_EVENT#) and, in the transaction that ends an issuance, the partner's webhook delivery.
// It applies the transitions package contracts decides (contracts.Change), conditionally.
type ContractRepo struct{ db Store }

var (
	_ contracts.Store    = (*ContractRepo)(nil)
	_ contracts.Listings = (*ContractRepo)(nil)
)

// NewContractRepo is the repository of contract requests on db's table.
func NewContractRepo(db Store) *ContractRepo { return &ContractRepo{db: db} }

// PutContract stores a new request.
func (r *ContractRepo) PutContract(ctx context.Context, c contracts.Contract) error {
	return r.db.putOnce(ctx, toContractItem(c), "contract")
}

// Contract reads a request.
func (r *ContractRepo) Contract(ctx context.Context, reference string) (contracts.Contract, error) {
	var it contractItem
	if err := r.db.get(ctx, contractPK(reference), "CONTRACT", &it, "contract request"); err != nil {
		return contracts.Contract{}, err
	}
	return it.contract(), nil
}

// contractTries bounds the reads and writes of one change of a request that keeps moving.
const contractTries = 3

// Update writes a change of the request, on condition that it is still as the change saw it.
func (r *ContractRepo) Update(
	ctx context.Context,
	c contracts.Contract,
	change contracts.Change,
) (contracts.Contract, error) {
	after, _, err := r.apply(ctx, c, change, func(u *types.Update) (bool, error) {
		_, err := r.db.API.UpdateItem(
			ctx,
			&dynamodb.UpdateItemInput{TableName: u.TableName, Key: u.Key, UpdateExpression: u.UpdateExpression,
				ConditionExpression: u.ConditionExpression, ExpressionAttributeNames: u.ExpressionAttributeNames,
				ExpressionAttributeValues: u.ExpressionAttributeValues},
		)
		if isConditionFailed(err) {
			return true, nil
		}
		if err != nil {
			return false, fmt.Errorf("dynamo: update contract: %w", err)
		}
		return false, nil
	})
	return after, err
}

// ApplyPayment records the event and the change it makes to its request in one transaction; an
// event that changes nothing is recorded alone.
func (r *ContractRepo) ApplyPayment(
	ctx context.Context,
	c contracts.Contract,
	n payment.Notification,
	change contracts.Change,
) (contracts.Contract, error) {
	put, err := r.db.paymentEvent(n.EventID, n.Reference, n.PaymentID, n.Paid(), n.Amount, n.OccurredAt)
	if err != nil {
		return c, err
	}
	event := put.Item
	after, wrote, err := r.apply(ctx, c, change, func(u *types.Update) (bool, error) {
		_, err := r.db.API.TransactWriteItems(
			ctx,
			&dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{{Put: &put}, {Update: u}}},
		)
		switch failed := cancelledBy(err); {
		case err == nil:
			return false, nil
		case len(failed) < 2:
			return false, fmt.Errorf("dynamo: apply payment: %w", err)
		case failed[0]:
			return false, contracts.ErrReplayed
		case failed[1]:
			return true, nil
		default: // a conflicting transaction: the gateway's retry applies it
			return false, fmt.Errorf("dynamo: apply payment: %w", err)
		}
	})
	if err != nil || wrote {
		return after, err
	}
	_, err = r.db.API.PutItem(
		ctx,
		&dynamodb.PutItemInput{TableName: put.TableName, Item: event, ConditionExpression: put.ConditionExpression},
	)
	if isConditionFailed(err) {
		return after, contracts.ErrReplayed
	}
	if err != nil {
		return after, fmt.Errorf("dynamo: record payment event: %w", err)
	}
	return after, nil
}

// FinishIssuance writes the end of an issuance and stores the partner's webhook delivery, in one
// transaction.
func (r *ContractRepo) FinishIssuance(
	ctx context.Context,
	c contracts.Contract,
	change contracts.Change,
	d webhook.Delivery,
) (contracts.Contract, error) {
	delivery, err := newDeliveryPut(r.db.Table, d)
	if err != nil {
		return c, err
	}
	after, _, err := r.apply(ctx, c, change, func(u *types.Update) (bool, error) {
		_, err := r.db.API.TransactWriteItems(
			ctx,
			&dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{{Update: u}, delivery}},
		)
		switch failed := cancelledBy(err); {
		case err == nil:
			return false, nil
		case len(failed) == 2 && failed[0]:
			return true, nil
		case len(failed) == 2 && failed[1]:
			return false, fault.New(fault.Conflict, "The delivery exists already.")
		default:
			return false, fmt.Errorf("dynamo: transaction: %w", err)
		}
	})
	return after, err
}

// cancelledBy tells, for a cancelled transaction, which of its items failed their condition.
func cancelledBy(err error) []bool {
	var cancelled *types.TransactionCanceledException
	if !errors.As(err, &cancelled) {
		return nil
	}
	failed := make([]bool, len(cancelled.CancellationReasons))
	for i, reason := range cancelled.CancellationReasons {
		failed[i] = aws.ToString(reason.Code) == "ConditionalCheckFailed"
	}
	return failed
}

// apply runs change on c and hands the update it makes to write, which reports whether the
// request's condition failed; then the request is read again and change run on that. It tells
// whether it wrote: not when change left the request as it was.
func (r *ContractRepo) apply(
	ctx context.Context,
	c contracts.Contract,
	change contracts.Change,
	write func(*types.Update) (bool, error),
) (contracts.Contract, bool, error) {
	for try := 1; ; try++ {
		next, err := change(c)
		if err != nil {
			return c, false, err
		}
		u, err := r.updateOf(c, next)
		if err != nil || u == nil {
			return next, false, err
		}
		moved, err := write(u)
		if err != nil || !moved {
			return next, err == nil, err
		}
		if try == contractTries {
			return c, false, fault.New(fault.Conflict, "The request kept changing while this was written; try again.")
		}
		if c, err = r.Contract(ctx, c.Reference); err != nil {
			return c, false, err
		}
	}
}

// indexEntry is one index key attribute that a change of a request writes: set to value, or
// removed when value is empty.
type indexEntry struct {
	attr  string // gsi2pk, gsi2sk, gsi3pk or gsi4pk
	value string
}

// indexEntries are the index keys that move with a request from prior to next, in the order the
// update writes them. The lists by status (gsi3, the administrators' across partners, sharded; gsi4,
// the partner's) follow the status: an item stored before the lists has no gsi3sk or gsi4sk, so
// stays out of them. gsi2 holds what someone must act on, a sweep (due) or an administrator
// (attention): a request being issued is due for issuance from its entry into that status, a
// pending one at its link's expiry, a refundable one waits in the attention queue, and any other
// leaves the index.
func indexEntries(prior, next contracts.Contract) []indexEntry {
	var entries []indexEntry
	if next.Status != prior.Status {
		entries = append(entries,
			indexEntry{"gsi3pk", dueShard(statusListPrefix(next.Status), next.Reference)},
			indexEntry{"gsi4pk", partnerStatusPK(next.PartnerID, next.Status)})
	}
	if next.Status == prior.Status && next.Refundable() == prior.Refundable() {
		return entries
	}
	var pk, sk string
	switch {
	case next.Status == contracts.StatusIssuanceInProgress:
		pk, sk = dueShard(issuanceDuePK, next.Reference), dueKey(next.UpdatedAt, next.Reference)
	case next.Status == contracts.StatusPendingPayment:
		pk, sk = dueShard(paymentDuePK, next.Reference), dueKey(next.Payment.ExpiresAt, next.Reference)
	case next.Refundable():
		pk, sk = dueShard(attentionPK, next.Reference), listKey(next.CreatedAt, next.Reference)
	}
	return append(entries, indexEntry{"gsi2pk", pk}, indexEntry{"gsi2sk", sk})
}

// updateOf is the conditional update that turns the stored request from prior into next; nil
// when nothing changes. The condition is on what a Change may read: the status, and whether a
// payment was taken (PaidAt, once set, is never cleared). The index keys are indexEntries'; a
// request leaving the status of issuance also ends any worker's lease.
func (r *ContractRepo) updateOf(prior, next contracts.Contract) (*types.Update, error) {
	names := map[string]string{"#s": "status"}
	values := map[string]types.AttributeValue{":prior": str(string(prior.Status))}
	cond := "#s = :prior"
	if prior.PaidAt == nil {
		cond += " AND attribute_not_exists(paidAt)"
	}
	var set, remove []string
	setValue := func(attr string, v any) error {
		av, err := attributevalue.Marshal(v)
		if err != nil {
			return err
		}
		set, values[":"+attr] = append(set, attr+" = :"+attr), av
		return nil
	}
	if next.PaidAt != nil && (prior.PaidAt == nil || !prior.PaidAt.Equal(*next.PaidAt)) {
		if err := setValue("paidAt", *next.PaidAt); err != nil {
			return nil, err
		}
	}
	if next.Issuance != nil && (prior.Issuance == nil || *prior.Issuance != *next.Issuance) {
		if err := setValue("issuance", toIssuanceItem(next.Issuance)); err != nil {
			return nil, err
		}
	}
	if next.IssuanceRun != prior.IssuanceRun {
		set, values[":runs"] = append(set, "issuanceRuns = :runs"), num(int64(next.IssuanceRun))
	}
	if added := len(next.History) - len(prior.History); added > 0 {
		// The steps the change adds go after those stored: the condition on the status the change
		// saw writes them once.
		steps, err := attributevalue.Marshal(toStepItems(next.History[len(prior.History):]))
		if err != nil {
			return nil, err
		}
		set = append(set, "history = list_append(if_not_exists(history, :nosteps), :steps)")
		values[":steps"], values[":nosteps"] = steps, &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
	}
	if next.Status != prior.Status {
		set, values[":to"] = append(set, "#s = :to"), str(string(next.Status))
		if prior.Status == contracts.StatusIssuanceInProgress {
			remove = append(remove, "issuingUntil")
		}
	}
	for _, e := range indexEntries(prior, next) {
		if e.value == "" {
			remove = append(remove, e.attr)
			continue
		}
		set, values[":"+e.attr] = append(set, e.attr+" = :"+e.attr), str(e.value)
	}
	if purge := next.PurgeAt(); !purge.Equal(prior.PurgeAt()) {
		names["#ttl"] = "ttl"
		if purge.IsZero() { // paid after all: kept
			remove = append(remove, "#ttl")
		} else {
			set, values[":ttl"] = append(set, "#ttl = :ttl"), num(purge.Unix())
		}
	}
	if len(set) == 0 && len(remove) == 0 && next.UpdatedAt.Equal(prior.UpdatedAt) {
		return nil, nil
	}
	if err := setValue("updatedAt", next.UpdatedAt); err != nil {
		return nil, err
	}
	update := "SET " + strings.Join(set, ", ")
	if len(remove) > 0 {
		update += " REMOVE " + strings.Join(remove, ", ")
	}
	return &types.Update{
		TableName:                 aws.String(r.db.Table),
		Key:                       key(contractPK(prior.Reference), "CONTRACT"),
		UpdateExpression:          aws.String(update),
		ConditionExpression:       aws.String(cond),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	}, nil
}

// ClaimIssuance leases a request being issued to one worker.
func (r *ContractRepo) ClaimIssuance(ctx context.Context, reference string, until, now time.Time) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(contractPK(reference), "CONTRACT"),
			UpdateExpression: aws.String("SET issuingUntil = :until"),
			ConditionExpression: aws.String(
				"#s = :issuing AND (attribute_not_exists(issuingUntil) OR issuingUntil < :now)",
			),
			ExpressionAttributeNames: map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":until":   num(until.UnixMilli()),
				":now":     num(now.UnixMilli()),
				":issuing": str(string(contracts.StatusIssuanceInProgress)),
			}},
	)
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "The request is being issued by another worker.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: claim issuance: %w", err)
	}
	return nil
}

// ReleaseIssuance ends a worker's lease on a request being issued.
func (r *ContractRepo) ReleaseIssuance(ctx context.Context, reference string) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(contractPK(reference), "CONTRACT"),
			UpdateExpression: aws.String(
				"REMOVE issuingUntil",
			), ConditionExpression: aws.String("attribute_exists(pk)")},
	)
	if isConditionFailed(err) {
		return fault.New(fault.NotFound, "No such contract request.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: release issuance: %w", err)
	}
	return nil
}

// ExpiredLinks lists pending requests whose link expired before the given time.
func (r *ContractRepo) ExpiredLinks(ctx context.Context, before time.Time, limit int) ([]contracts.Contract, error) {
	var its []contractItem
	if err := r.db.due(ctx, paymentDuePK, before, limit, &its); err != nil {
		return nil, err
	}
	cs := make([]contracts.Contract, len(its))
	for i, it := range its {
		cs[i] = it.contract()
	}
	return cs, nil
}

// IssuanceAttempt counts an attempt.
func (r *ContractRepo) IssuanceAttempt(ctx context.Context, reference string) (int, error) {
	out, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(contractPK(reference), "CONTRACT"),
			UpdateExpression: aws.String(
				"ADD issuanceAttempts :one",
			), ConditionExpression: aws.String("attribute_exists(pk)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":one": num(1),
			}, ReturnValues: types.ReturnValueUpdatedNew},
	)
	if isConditionFailed(err) {
		return 0, fault.New(fault.NotFound, "No such contract request.")
	}
	if err != nil {
		return 0, fmt.Errorf("dynamo: issuance attempt: %w", err)
	}
	n, _ := out.Attributes["issuanceAttempts"].(*types.AttributeValueMemberN)
	if n == nil {
		return 0, errors.New("dynamo: issuance attempt: no count")
	}
	return strconv.Atoi(n.Value)
}

// DueIssuances lists paid requests still waiting for issuance since before the given time.
func (r *ContractRepo) DueIssuances(ctx context.Context, before time.Time, limit int) ([]string, error) {
	var its []struct {
		Reference string `dynamodbav:"reference"`
	}
	if err := r.db.due(ctx, issuanceDuePK, before, limit, &its); err != nil {
		return nil, err
	}
	refs := make([]string, len(its))
	for i, it := range its {
		refs[i] = it.Reference
	}
	return refs, nil
}

// Contracts is a page of requests, newest first, one Query on the key f needs: a partner's all
// (gsi1), by status (gsi4), by product (gsi5; with a status too, the status's key is read and the
// product kept from its page); across partners (administrators) by status (gsi3) or the attention
// queue (gsi2), each sharded: one Query per shard, merged.
func (r *ContractRepo) Contracts(ctx context.Context, f contracts.Filter) (contracts.Page, error) {
	var items []map[string]types.AttributeValue
	var next string
	var err error
	if f.PartnerID == "" {
		prefix, index := attentionPK, "gsi2"
		if f.Status != "" {
			prefix, index = statusListPrefix(f.Status), "gsi3"
		}
		items, next, err = r.db.shardedPage(ctx, index, prefix, f.Limit, f.Cursor)
	} else {
		l := listing{index: "gsi1", pk: partnerContractsPK(f.PartnerID), after: f.CreatedAfter, limit: f.Limit,
			cursor: f.Cursor}
		switch {
		case f.Status != "":
			l.index, l.pk = "gsi4", partnerStatusPK(f.PartnerID, f.Status)
			if f.Product != "" {
				l.filter, l.values = "product = :product",
					map[string]types.AttributeValue{":product": str(string(f.Product))}
			}
		case f.Product != "":
			l.index, l.pk = "gsi5", partnerProductPK(f.PartnerID, f.Product)
		}
		items, next, err = r.db.page(ctx, l)
	}
	if err != nil {
		return contracts.Page{}, err
	}
	var its []contractItem
	if err := attributevalue.UnmarshalListOfMaps(items, &its); err != nil {
		return contracts.Page{}, err
	}
	p := contracts.Page{Items: make([]contracts.Contract, len(its)), Next: next}
	for i, it := range its {
		p.Items[i] = it.contract()
	}
	return p, nil
}
