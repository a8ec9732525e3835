package fault_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

func TestJSONProblemNamesJSONTypes(t *testing.T) {
	type contract struct {
		Pfs   *float64   `json:"pfs"`
		NbP   int        `json:"nbP"`
		Tags  []string   `json:"tags"`
		On    bool       `json:"on"`
		Effet *time.Time `json:"effet"`
	}
	tests := []struct{ prefix, body, want string }{
		{"contract", `{"pfs":"150"}`, "contract.pfs: must be a number"},
		{"contract", `{"nbP":2.5}`, "contract.nbP: must be an integer"},
		{"contract", `{"tags":"a"}`, "contract.tags: must be an array"},
		{"contract", `{"on":1}`, "contract.on: must be true or false"},
		{"contract", `[1]`, "contract: must be an object"},
		{"", `"x"`, "the body: must be an object"},
		{"", `{"nbP":"2"}`, "nbP: must be an integer"},
		{"contract", `{"colour":"red"}`, "contract.colour: not a field of this request"},
		// Never Go's reference layout (2006-01-02T15:04:05Z07:00) in what a caller reads.
		{"contract", `{"effet":"31/12/2026"}`, "contract: must be an RFC 3339 date-time, such as 2026-12-31T23:59:59Z"},
		{
			"",
			`{"effet":"2026-12-31"}`,
			"a date-time of the body: must be an RFC 3339 date-time, such as 2026-12-31T23:59:59Z",
		},
	}
	for _, tt := range tests {
		dec := json.NewDecoder(strings.NewReader(tt.body))
		dec.DisallowUnknownFields()
		var c contract
		got, ok := fault.JSONProblem(tt.prefix, dec.Decode(&c))
		if !ok || got != tt.want {
			t.Errorf("%s: %q %v, want %q", tt.body, got, ok, tt.want)
		}
	}
	if _, ok := fault.JSONProblem("", errors.New("unexpected EOF")); ok {
		t.Error("an error about no value was described as one")
	}
}
