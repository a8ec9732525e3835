package sdk

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// verbs are the words an operationId may begin with. The generators name every SDK method after
// the operationId (identity.GetExtractionWithResponse, trustline.identity.api.extraction.get_extraction,
// operations["getExtraction"]), so that an id reads as what the call does: list and get read,
// create makes, update changes, delete and revoke remove, the others name their one action.
var verbs = []string{
	"get", "list", "create", "update", "delete", "revoke", "rotate", "change", "reset", "request", "verify",
	"resend", "register", "log", "open", "receive", "send", "redeliver", "recover", "replay", "refund",
	"upload", "start", "consume", "grant", "find",
}

// lowerCamel is an operationId's shape: a lowercase verb, then words each starting with a capital.
var lowerCamel = regexp.MustCompile(`^([a-z]+)([A-Z][a-z0-9]*)+$`)

// TestEveryOperationHasAnOperationID holds both OpenAPI documents to naming every operation: a
// lowerCamelCase operationId, unique in its document, that starts with a verb. Renaming one renames
// a method of every SDK: the hand-written layers and the READMEs that call it no longer build or
// run, which is what keeps the names stable.
func TestEveryOperationHasAnOperationID(t *testing.T) {
	for _, api := range []string{"identity", "partner"} {
		t.Run(api, func(t *testing.T) {
			doc, err := openapi3.NewLoader().LoadFromFile("../openapi/" + api + ".yaml")
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]string{}
			for path, item := range doc.Paths.Map() {
				for method, op := range item.Operations() {
					route := method + " " + path
					id := op.OperationID
					m := lowerCamel.FindStringSubmatch(id)
					switch {
					case id == "":
						t.Errorf("%s has no operationId", route)
						continue
					case m == nil:
						t.Errorf("%s: operationId %q is not lowerCamelCase", route, id)
					case !slices.Contains(verbs, m[1]):
						t.Errorf("%s: operationId %q does not start with a verb of %v", route, id, verbs)
					case strings.Contains(id, "V1") || strings.HasPrefix(id, strings.ToLower(method)+"Api"):
						t.Errorf("%s: operationId %q spells the path rather than the action", route, id)
					}
					if other, ok := seen[id]; ok {
						t.Errorf("operationId %q names both %s and %s", id, other, route)
					}
					seen[id] = route
				}
			}
			if len(seen) < 30 {
				t.Fatalf("only %d operations in openapi/%s.yaml", len(seen), api)
			}
		})
	}
}
