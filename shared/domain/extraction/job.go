package extraction

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Job is the extraction queue's message: the extraction to process. Its wire form,
// {"extractionId":"..."}, is what messages already queued carry, so it must not change.
type Job struct {
	ExtractionID string `json:"extractionId"`
}

// Encode is the message body.
func (j Job) Encode() string {
	b, _ := json.Marshal(j) // a struct of one string always marshals
	return string(b)
}

// ParseJob reads a message body; an error when it is not a job or names no extraction.
func ParseJob(body string) (Job, error) {
	var j Job
	if err := json.Unmarshal([]byte(body), &j); err != nil {
		return Job{}, fmt.Errorf("malformed extraction job: %w", err)
	}
	if j.ExtractionID == "" {
		return Job{}, errors.New("malformed extraction job: no extractionId")
	}
	return j, nil
}
