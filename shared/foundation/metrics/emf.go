// Package metrics writes the metrics operators are alerted on as CloudWatch embedded-metric-format
// lines: CloudWatch Logs turns them into metrics, on which the template's alarms are set, with no
// PutMetricData call (and no IAM statement) on the request path.
package metrics

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// EMF writes each occurrence as its own JSON document, one line on Out (standard output under
// Lambda), in the namespace Trustline with the dimension Stage.
type EMF struct {
	Stage string
	Out   io.Writer
	Now   func() time.Time // nil: time.Now
}

// IssuanceFailed counts Trustline/IssuanceFailed{Stage}: a client paid and has no contract.
func (m EMF) IssuanceFailed(_ context.Context, reference string) {
	m.count("IssuanceFailed", reference)
}

// PaidAfterFailure counts Trustline/PaidAfterFailure{Stage}: money taken for a request that had
// failed; the client paid and has no contract.
func (m EMF) PaidAfterFailure(_ context.Context, reference string) {
	m.count("PaidAfterFailure", reference)
}

// ExtractionQuarantined counts Trustline/ExtractionQuarantined{Stage}: an extraction job failed
// for good without a reading, its attempts killed (crash, time-out) or its deliveries used up.
func (m EMF) ExtractionQuarantined(_ context.Context, reference string) {
	m.count("ExtractionQuarantined", reference)
}

// count writes one occurrence of the metric, with the reference to act on.
func (m EMF) count(metric, reference string) {
	now := time.Now
	if m.Now != nil {
		now = m.Now
	}
	line, _ := json.Marshal(map[string]any{
		"_aws": map[string]any{"Timestamp": now().UnixMilli(), "CloudWatchMetrics": []map[string]any{{
			"Namespace": "Trustline", "Dimensions": [][]string{{"Stage"}},
			"Metrics": []map[string]string{{"Name": metric, "Unit": "Count"}}}}},
		"Stage": m.Stage, metric: 1, "reference": reference,
	})
	_, _ = fmt.Fprintln(m.Out, string(line))
}
