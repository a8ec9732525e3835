package metrics

import (
	"bytes"
	"context"
	"testing"
	"time"

	platform "github.com/trustline/platform"
)

// Each metric is one line of embedded metric format, which CloudWatch turns into
// Trustline/<metric>{Stage}; the template sets an alarm on each.
func TestEMFLine(t *testing.T) {
	at := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		metric string
		count  func(EMF, context.Context, string)
	}{
		{"IssuanceFailed", EMF.IssuanceFailed},
		{"PaidAfterFailure", EMF.PaidAfterFailure},
	} {
		var out bytes.Buffer
		tt.count(
			EMF{Stage: "sandbox", Out: &out, Now: func() time.Time { return at }},
			context.Background(),
			"AUT-20261123-ABCDEFGH",
		)
		want := `{"` + tt.metric +
			`":1,"Stage":"sandbox","_aws":{"CloudWatchMetrics":[{"Dimensions":[["Stage"]],"Metrics":[{"Name":"` +
			tt.metric +
			`","Unit":"Count"}],"Namespace":"Trustline"}],"Timestamp":1795420800000},"reference":"AUT-20261123-ABCDEFGH"}` + "\n"
		if out.String() != want {
			t.Errorf("%s line =\n%s\nwant\n%s", tt.metric, out.String(), want)
		}
		if !bytes.Contains(platform.Template, []byte("MetricName: "+tt.metric)) {
			t.Errorf("template.yaml sets no alarm on Trustline/%s", tt.metric)
		}
	}
}
