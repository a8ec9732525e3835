package app

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	platform "github.com/trustline/platform"
)

// Money taken for a failed request is a CloudWatch metric in embedded metric format, on which the
// template sets an alarm, as for ISSUANCE_FAILED.
func TestPaidAfterFailureMetric(t *testing.T) {
	var out bytes.Buffer
	emf{stage: "sandbox", out: &out}.PaidAfterFailure(context.Background(), "AUT-20261123-ABCDEFGH")
	var line struct {
		AWS struct {
			CloudWatchMetrics []struct {
				Namespace  string
				Dimensions [][]string
				Metrics    []struct{ Name, Unit string }
			}
		} `json:"_aws"`
		Stage            string
		PaidAfterFailure int
		Reference        string `json:"reference"`
	}
	if err := json.Unmarshal(out.Bytes(), &line); err != nil {
		t.Fatalf("%s: %v", out.Bytes(), err)
	}
	m := line.AWS.CloudWatchMetrics
	if len(m) != 1 || m[0].Namespace != "Trustline" || len(m[0].Metrics) != 1 || m[0].Metrics[0].Name != "PaidAfterFailure" ||
		line.PaidAfterFailure != 1 || line.Stage != "sandbox" || line.Reference != "AUT-20261123-ABCDEFGH" {
		t.Errorf("metric line = %s", out.Bytes())
	}
	for _, metric := range []string{"IssuanceFailed", "PaidAfterFailure"} {
		if !bytes.Contains(platform.Template, []byte("MetricName: "+metric)) {
			t.Errorf("template.yaml sets no alarm on Trustline/%s", metric)
		}
	}
}
