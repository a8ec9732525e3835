package dynamo

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/trustline/platform/shared/domain/liveness"
)

// LivenessRepo stores the records of liveness checks (LIVENESS#), listed by owner and mode on
// gsi1 (LIVENESS#<owner>#<mode>).
type LivenessRepo struct{ db Store }

var _ liveness.Records = (*LivenessRepo)(nil)

// NewLivenessRepo returns the liveness check records of db.
func NewLivenessRepo(db Store) *LivenessRepo { return &LivenessRepo{db: db} }

type livenessItem struct {
	PK          string     `dynamodbav:"pk"`
	SK          string     `dynamodbav:"sk"`
	GSI1PK      string     `dynamodbav:"gsi1pk"` // the owner's checks of this mode
	GSI1SK      string     `dynamodbav:"gsi1sk"`
	ID          string     `dynamodbav:"id"`
	OwnerID     string     `dynamodbav:"ownerId"`
	Live        bool       `dynamodbav:"live"`
	IsLive      bool       `dynamodbav:"isLive"`
	Confidence  float64    `dynamodbav:"confidence"`
	ScoreSmall  float64    `dynamodbav:"scoreSmall"`
	ScoreLarge  float64    `dynamodbav:"scoreLarge"`
	AttackType  string     `dynamodbav:"attackType"`
	CreditsUsed int        `dynamodbav:"creditsUsed"`
	FaceMatch   *faceMatch `dynamodbav:"faceMatch,omitempty"`
	CreatedAt   time.Time  `dynamodbav:"createdAt"`
	ExpiresAt   time.Time  `dynamodbav:"expiresAt,omitempty"`
	TTL         int64      `dynamodbav:"ttl,omitempty"` // ExpiresAt: a verdict on a person is personal data
}

type faceMatch struct {
	IsMatch    bool    `dynamodbav:"isMatch"`
	Similarity float64 `dynamodbav:"similarity"`
}

func livenessPK(id string) string { return "LIVENESS#" + id }

// livenessListPK is the partition of an owner's checks of one mode (gsi1).
func livenessListPK(ownerID string, live bool) string {
	return "LIVENESS#" + ownerID + "#" + modeName(live)
}

func toLivenessItem(r liveness.Record) livenessItem {
	it := livenessItem{
		PK:          livenessPK(r.ID),
		SK:          "LIVENESS",
		GSI1PK:      livenessListPK(r.OwnerID, r.Live),
		GSI1SK:      listKey(r.CreatedAt, r.ID),
		ID:          r.ID,
		OwnerID:     r.OwnerID,
		Live:        r.Live,
		IsLive:      r.IsLive,
		Confidence:  r.Confidence,
		ScoreSmall:  r.ScoreSmall,
		ScoreLarge:  r.ScoreLarge,
		AttackType:  r.AttackType,
		CreditsUsed: r.CreditsUsed,
		CreatedAt:   r.CreatedAt,
		ExpiresAt:   r.ExpiresAt,
		TTL:         ttlOf(r.ExpiresAt),
	}
	if r.FaceMatch != nil {
		it.FaceMatch = &faceMatch{IsMatch: r.FaceMatch.IsMatch, Similarity: r.FaceMatch.Similarity}
	}
	return it
}

func (it livenessItem) record() liveness.Record {
	r := liveness.Record{
		ID:          it.ID,
		OwnerID:     it.OwnerID,
		Live:        it.Live,
		IsLive:      it.IsLive,
		Confidence:  it.Confidence,
		ScoreSmall:  it.ScoreSmall,
		ScoreLarge:  it.ScoreLarge,
		AttackType:  it.AttackType,
		CreditsUsed: it.CreditsUsed,
		CreatedAt:   it.CreatedAt,
		ExpiresAt:   it.ExpiresAt,
	}
	if it.FaceMatch != nil {
		r.FaceMatch = &liveness.MatchSummary{IsMatch: it.FaceMatch.IsMatch, Similarity: it.FaceMatch.Similarity}
	}
	return r
}

// Put stores a new record; Conflict when its id exists.
func (r *LivenessRepo) Put(ctx context.Context, rec liveness.Record) error {
	return r.db.putOnce(ctx, toLivenessItem(rec), "liveness check")
}

// Get returns a record; NotFound when there is none.
func (r *LivenessRepo) Get(ctx context.Context, id string) (liveness.Record, error) {
	var it livenessItem
	if err := r.db.get(ctx, livenessPK(id), "LIVENESS", &it, "liveness check"); err != nil {
		return liveness.Record{}, err
	}
	return it.record(), nil
}

// List is a page of the owner's records of one mode, newest first: one Query on gsi1; Invalid
// for a cursor of another list.
func (r *LivenessRepo) List(
	ctx context.Context,
	ownerID string,
	live bool,
	limit int,
	cursor string,
) (liveness.Page, error) {
	items, next, err := r.db.page(
		ctx,
		listing{index: "gsi1", pk: livenessListPK(ownerID, live), limit: limit, cursor: cursor},
	)
	if err != nil {
		return liveness.Page{}, err
	}
	var its []livenessItem
	if err := attributevalue.UnmarshalListOfMaps(items, &its); err != nil {
		return liveness.Page{}, err
	}
	p := liveness.Page{Items: make([]liveness.Record, len(its)), Next: next}
	for i, it := range its {
		p.Items[i] = it.record()
	}
	return p, nil
}
