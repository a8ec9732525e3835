package guard

import (
	"net/http"
	"strings"
)

// ConsumeTokenHeader is the request header that carries the consume tokens of handoff sessions
// created without a credential: every endpoint group that takes a handoffSessionId reads it, so it
// is read here rather than in one of them.
const ConsumeTokenHeader = "X-Consume-Token"

// ConsumeTokens reads the X-Consume-Token headers of h: one token each, or several separated by
// commas (a batch naming several sessions created without a credential; API Gateway also joins
// repeated headers so).
func ConsumeTokens(h http.Header) []string {
	var out []string
	for _, v := range h.Values(ConsumeTokenHeader) {
		for t := range strings.SplitSeq(v, ",") {
			if t = strings.TrimSpace(t); t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}
