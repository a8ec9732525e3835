package referenceapi_test

import (
	"context"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	platform "github.com/trustline/platform"
)

func TestOpenAPIDocumentIsValid(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(platform.PartnerOpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
}
