package webhook

import (
	"encoding/json"
	"errors"
	"fmt"
)

// WakeUp is the webhook queue's message: attempt Attempt of delivery DeliveryID is due. It only
// wakes the dispatcher (the stored delivery is the source of truth). Its wire form,
// {"deliveryId":"...","attempt":n}, is what messages already queued carry, so it must not change.
type WakeUp struct {
	DeliveryID string `json:"deliveryId"`
	Attempt    int    `json:"attempt"`
}

// Encode is the message body.
func (w WakeUp) Encode() string {
	b, _ := json.Marshal(w) // a string and an int always marshal
	return string(b)
}

// valid reports whether w names a delivery and an attempt.
func (w WakeUp) valid() bool { return w.DeliveryID != "" && w.Attempt >= 1 }

// ParseWakeUp reads a message body; an error when it is not a wake-up, or names no delivery or no
// attempt.
func ParseWakeUp(body string) (WakeUp, error) {
	var w WakeUp
	if err := json.Unmarshal([]byte(body), &w); err != nil {
		return WakeUp{}, fmt.Errorf("malformed webhook wake-up: %w", err)
	}
	if !w.valid() {
		return WakeUp{}, errors.New("malformed webhook wake-up: no deliveryId or no attempt")
	}
	return w, nil
}
