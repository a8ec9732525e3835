package contracts

import (
	"encoding/json"
	"errors"
	"fmt"
)

// IssuanceJob is the issuance queue's message: the request to issue. Its wire form,
// {"reference":"..."}, is what messages already queued carry, so it must not change.
type IssuanceJob struct {
	Reference string `json:"reference"`
}

// Encode is the message body.
func (j IssuanceJob) Encode() string {
	b, _ := json.Marshal(j) // a struct of one string always marshals
	return string(b)
}

// ParseIssuanceJob reads a message body; an error when it is not a job or names no request.
func ParseIssuanceJob(body string) (IssuanceJob, error) {
	var j IssuanceJob
	if err := json.Unmarshal([]byte(body), &j); err != nil {
		return IssuanceJob{}, fmt.Errorf("malformed issuance job: %w", err)
	}
	if j.Reference == "" {
		return IssuanceJob{}, errors.New("malformed issuance job: no reference")
	}
	return j, nil
}
