package dynamo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

type sessionItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	ID        string    `dynamodbav:"id"`
	UserID    string    `dynamodbav:"userId"`
	CreatedAt time.Time `dynamodbav:"createdAt"`
	ExpiresAt time.Time `dynamodbav:"expiresAt"`
	// TokenHash is the SHA-256 of the token, for functions without the signing secret.
	TokenHash string `dynamodbav:"tokenHash,omitempty"`
	TTL       int64  `dynamodbav:"ttl"`
}

// SessionRepo stores login sessions (SESSION#<userId>, one item per session): authentication reads
// one by key, signing out deletes them.
type SessionRepo struct{ db Store }

var (
	_ accounts.Sessions   = (*SessionRepo)(nil)
	_ access.SessionStore = (*SessionRepo)(nil)
)

// NewSessionRepo is the repository of login sessions on db's table.
func NewSessionRepo(db Store) *SessionRepo { return &SessionRepo{db: db} }

func sessionPK(userID string) string { return "SESSION#" + userID }
func sessionSK(id string) string     { return "SESSION#" + id }

// CreateSession stores the session on condition that the user's password hash is still the one the
// login checked: a password change or reset between the check and this write cancels the login.
func (r *SessionRepo) CreateSession(ctx context.Context, s accounts.Session, passwordHash string) error {
	put, err := r.db.putNew(sessionItem{PK: sessionPK(s.UserID), SK: sessionSK(s.ID), ID: s.ID, UserID: s.UserID,
		CreatedAt: s.CreatedAt, ExpiresAt: s.ExpiresAt, TokenHash: s.TokenHash, TTL: ttlOf(s.ExpiresAt)})
	if err != nil {
		return err
	}
	return r.db.transact(ctx, []types.TransactWriteItem{
		{ConditionCheck: &types.ConditionCheck{TableName: aws.String(r.db.Table), Key: key(userPK(s.UserID), profile),
			ConditionExpression:       aws.String("passwordHash = :h"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":h": str(passwordHash)}}},
		put,
	}, fault.New(fault.Conflict, "The password changed during the login."))
}

// SessionActive is the read of a JWT's authentication: one GetItem by key.
func (r *SessionRepo) SessionActive(ctx context.Context, userID, sessionID string) (string, error) {
	var it sessionItem
	err := r.db.get(ctx, sessionPK(userID), sessionSK(sessionID), &it, "session")
	return it.TokenHash, err
}

// Sessions lists a user's sessions, newest first: one strongly consistent Query of its partition.
func (r *SessionRepo) Sessions(ctx context.Context, userID string) ([]accounts.Session, error) {
	var out []accounts.Session
	p := dynamodb.NewQueryPaginator(
		r.db.API,
		&dynamodb.QueryInput{TableName: aws.String(r.db.Table), ConsistentRead: aws.Bool(true),
			KeyConditionExpression: aws.String("pk = :p AND begins_with(sk, :s)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":p": str(sessionPK(userID)),
				":s": str("SESSION#"),
			}},
	)
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("dynamo: list sessions: %w", err)
		}
		var items []sessionItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, err
		}
		for _, it := range items {
			out = append(
				out,
				accounts.Session{ID: it.ID, UserID: it.UserID, CreatedAt: it.CreatedAt, ExpiresAt: it.ExpiresAt},
			)
		}
	}
	// The sort key is the session ID, which is random: sorted here, newest first.
	slices.SortFunc(out, func(a, b accounts.Session) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}

// DeleteSession deletes one session of the user; NotFound when there is none.
func (r *SessionRepo) DeleteSession(ctx context.Context, userID, sessionID string) error {
	_, err := r.db.API.DeleteItem(
		ctx,
		&dynamodb.DeleteItemInput{TableName: aws.String(r.db.Table), Key: key(sessionPK(userID), sessionSK(sessionID)),
			ConditionExpression: aws.String("attribute_exists(pk)")},
	)
	if isConditionFailed(err) {
		return fault.New(fault.NotFound, "No such session.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: delete session: %w", err)
	}
	return nil
}

// DeleteSessions deletes every session of the user the consistent listing sees: every session
// stored before the call. A session stored by a login racing a password change is refused by its
// own condition (CreateSession), so nothing outlives the change.
func (r *SessionRepo) DeleteSessions(ctx context.Context, userID string) error {
	all, err := r.Sessions(ctx, userID)
	if err != nil {
		return err
	}
	for _, s := range all {
		_, err := r.db.API.DeleteItem(
			ctx,
			&dynamodb.DeleteItemInput{TableName: aws.String(r.db.Table), Key: key(sessionPK(userID), sessionSK(s.ID))},
		)
		if err != nil {
			return fmt.Errorf("dynamo: delete session: %w", err)
		}
	}
	return nil
}
