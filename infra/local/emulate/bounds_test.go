package emulate

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/trustline/platform/shared/api/extractionapi"
	"github.com/trustline/platform/shared/api/handoffapi"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/api/livenessapi"
)

// The extensions of the documents for what OpenAPI 3.0 cannot say of a multipart part: the length
// of a file part's name, and how many times a part whose value is one string may be repeated.
const (
	maxFileNameExt = "x-maxFileNameLength"
	maxPartsExt    = "x-maxItems"
)

// multipartBodies are the request bodies of both documents sent as multipart/form-data, by
// "METHOD path".
func multipartBodies(t *testing.T, l loadedDocument) map[string]*openapi3.Schema {
	t.Helper()
	out := map[string]*openapi3.Schema{}
	for path, item := range l.doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			if mt := op.RequestBody.Value.Content.Get("multipart/form-data"); mt != nil && mt.Schema != nil {
				out[method+" "+path] = mt.Schema.Value
			}
		}
	}
	return out
}

// TestEveryRequestBodyValueIsBounded: in both documents, every string of every JSON or multipart
// request body has a maxLength, every array (of a body, of a repeated part, of a parameter) a
// maxItems, and every file part a maxFileNameExt: the bounds the validation enforces (textlimit's
// maxLength and maxItems tags, httpapi.Part) before a request costs anything. A field added
// without its bound fails here.
func TestEveryRequestBodyValueIsBounded(t *testing.T) {
	for _, d := range apiDocuments {
		l, err := d.load()
		if err != nil {
			t.Fatalf("%s: %v", d.file, err)
		}
		var unbounded []string
		var walk func(s *openapi3.SchemaRef, path string, seen map[*openapi3.Schema]bool)
		walk = func(ref *openapi3.SchemaRef, path string, seen map[*openapi3.Schema]bool) {
			if ref == nil || ref.Value == nil || seen[ref.Value] {
				return
			}
			s := ref.Value
			seen[s] = true
			defer delete(seen, s)
			switch {
			case s.Type.Is("string") && s.Format == "binary" && s.Extensions[maxFileNameExt] == nil:
				unbounded = append(unbounded, path+" is a file without "+maxFileNameExt)
			case s.Type.Is("string") && s.Format != "binary" && s.MaxLength == nil:
				unbounded = append(unbounded, path+" is a string without maxLength")
			case s.Type.Is("array") && s.MaxItems == nil:
				unbounded = append(unbounded, path+" is an array without maxItems")
			}
			for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
				walk(s.Properties[name], path+"."+name, seen)
			}
			walk(s.Items, path+"[]", seen)
			for _, group := range [][]*openapi3.SchemaRef{s.AllOf, s.OneOf, s.AnyOf} {
				for _, sub := range group {
					walk(sub, path, seen)
				}
			}
			if s.AdditionalProperties.Schema != nil {
				walk(s.AdditionalProperties.Schema, path+".*", seen)
			}
		}
		for _, p := range slices.Sorted(maps.Keys(l.doc.Paths.Map())) {
			for method, op := range l.doc.Paths.Value(p).Operations() {
				for _, param := range op.Parameters {
					if param.Value != nil && param.Value.Schema != nil && param.Value.Schema.Value.Type.Is("array") &&
						param.Value.Schema.Value.MaxItems == nil {
						unbounded = append(unbounded, method+" "+p+" parameter "+param.Value.Name+
							" is an array without maxItems")
					}
				}
				if op.RequestBody == nil || op.RequestBody.Value == nil {
					continue
				}
				for _, media := range []string{"application/json", "multipart/form-data"} {
					if mt := op.RequestBody.Value.Content.Get(media); mt != nil {
						walk(mt.Schema, method+" "+p+" "+media, map[*openapi3.Schema]bool{})
					}
				}
			}
		}
		slices.Sort(unbounded)
		for _, u := range slices.Compact(unbounded) {
			t.Errorf("%s: %s", d.file, u)
		}
	}
}

// partBounds are a multipart part's bounds as a document or a reader states them.
type partBounds struct {
	file      bool
	maxLength int // text parts
	maxItems  int // parts of this name
	fileName  int // file parts
}

// documentedParts reads the bounds of each part of a multipart body's schema.
func documentedParts(body *openapi3.Schema) map[string]partBounds {
	out := map[string]partBounds{}
	for name, ref := range body.Properties {
		s, b := ref.Value, partBounds{maxItems: 1}
		if n, ok := s.Extensions[maxPartsExt].(float64); ok {
			b.maxItems = int(n)
		}
		if s.Type.Is("array") && s.Items != nil {
			if s.MaxItems != nil {
				b.maxItems = int(*s.MaxItems)
			}
			s = s.Items.Value
		}
		b.file = s.Format == "binary"
		if n, ok := s.Extensions[maxFileNameExt].(float64); ok {
			b.fileName = int(n)
		}
		for _, sub := range append([]*openapi3.SchemaRef{{Value: s}}, s.AllOf...) {
			if sub.Value.MaxLength != nil {
				b.maxLength = int(*sub.Value.MaxLength)
			}
		}
		out[name] = b
	}
	return out
}

// TestFormsMatchTheirDocuments: every multipart body the handlers read (their packages' Forms) is
// documented with the bounds it enforces, part by part, and every documented multipart body is
// read with its documented bounds: the numbers of the document are the numbers of the code.
func TestFormsMatchTheirDocuments(t *testing.T) {
	forms := map[string][]httpapi.Part{}
	for _, f := range []map[string][]httpapi.Part{extractionapi.Forms, livenessapi.Forms, handoffapi.Forms} {
		maps.Copy(forms, f)
	}
	documented := map[string]*openapi3.Schema{}
	for _, d := range apiDocuments {
		l, err := d.load()
		if err != nil {
			t.Fatalf("%s: %v", d.file, err)
		}
		maps.Copy(documented, multipartBodies(t, l))
	}
	for _, route := range slices.Sorted(maps.Keys(forms)) {
		body, ok := documented[route]
		if !ok {
			t.Errorf("%s reads a multipart body that its document does not describe", route)
			continue
		}
		want := documentedParts(body)
		got := map[string]partBounds{}
		for _, p := range forms[route] {
			b := partBounds{file: p.File, maxItems: max(p.MaxItems, 1)}
			if p.File {
				b.fileName = httpapi.MaxFileName
			} else {
				b.maxLength = p.MaxLength
			}
			got[p.Name] = b
		}
		for _, name := range slices.Sorted(maps.Keys(want)) {
			if got[name] != want[name] {
				t.Errorf("%s part %s: the reader bounds it as %+v, the document as %+v", route, name, got[name],
					want[name])
			}
		}
		for _, name := range slices.Sorted(maps.Keys(got)) {
			if _, ok := want[name]; !ok {
				t.Errorf("%s reads a part %s that its document does not describe", route, name)
			}
		}
	}
	for _, route := range slices.Sorted(maps.Keys(documented)) {
		if _, ok := forms[route]; !ok {
			t.Errorf("%s documents a multipart body that no package's Forms reads", route)
		}
	}
}

// TestBoundsOverTheStack: the third review's unbounded inputs, sent to the local stack as it sent
// them. 45,000 allowedIps made a 500 (item size exceeded); a 300,000-character extractionId was
// echoed in a 404; a 450,000-character file name was accepted. Each is now one 422 naming the
// bound, short, and conforming to its document (client.do checks).
func TestBoundsOverTheStack(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	user := key(creds.User.APIKey)
	short := func(t *testing.T, what string, r result, invalid string) {
		t.Helper()
		expect(t, what, r, 422, "validation_failed")
		if len(r.body) > 2048 || !slices.Equal(r.problem.InvalidParams, []string{invalid}) {
			t.Errorf("%s: %d bytes, invalidParams %.200q; want one entry %q", what, len(r.body),
				r.problem.InvalidParams, invalid)
		}
	}
	ips := slices.Repeat([]string{"10.0.0.1"}, 45_000)
	short(t, "45,000 allowedIps", c.do("POST", "/v1/api-keys",
		map[string]any{"name": "many", "mode": "test", "allowedIps": ips}, bearer(jwt)...),
		"allowedIps: at most 50 items (45000 sent)")
	expect(t, "50 allowedIps", c.do("POST", "/v1/api-keys",
		map[string]any{"name": "fifty", "mode": "test", "allowedIps": ips[:50]}, bearer(jwt)...), 201, "")

	short(t, "a 300,000-character extractionId", c.do("POST", "/v1/liveness/check",
		form{formFile("file", "selfie.jpg", face(t, "one-face.jpg")),
			formField("extractionId", strings.Repeat("x", 300_000))}, user...),
		"extractionId: at most 64 characters (300000 sent)")
	short(t, "a 450,000-character file name", c.do("POST", "/v1/extract/async",
		form{formField("documentType", "passport"),
			formFile("file", strings.Repeat("n", 450_000)+".png", testdocument(t, "icao-td3-clean.png"))}, user...),
		"file: a file name of at most 255 characters (450004 sent)")
}
