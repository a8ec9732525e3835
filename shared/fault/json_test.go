package fault_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/fault"
)

func TestJSONProblemNamesJSONTypes(t *testing.T) {
	type contract struct {
		Pfs  *float64 `json:"pfs"`
		NbP  int      `json:"nbP"`
		Tags []string `json:"tags"`
		On   bool     `json:"on"`
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
