package emulate

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestReferenceLists(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	partner := key(creds.Partners[0].APIKey)
	for _, path := range []string{"branches", "categories?brCode=AUTO", "sub-categories?catCode=550",
		"body-types?scatCode=011",
		"brands", "countries", "id-types", "packs"} {
		r := c.do("GET", "/api/v1/reference/"+path, nil, partner...)
		expect(t, path, r, 200, "")
		var body struct {
			Data []struct{ Code, Label string }
		}
		r.json(t, &body)
		if len(body.Data) == 0 || body.Data[0].Code == "" || body.Data[0].Label == "" {
			t.Errorf("%s = %s", path, r.body)
		}
		if r.header.Get("ETag") == "" || r.header.Get("Cache-Control") != "private, max-age=21600" {
			t.Errorf("%s headers: %v", path, r.header)
		}
		again := c.do("GET", "/api/v1/reference/"+path, nil, append(partner, "If-None-Match", r.header.Get("ETag"))...)
		if again.status != 304 || len(again.body) != 0 || again.header.Get("ETag") != r.header.Get("ETag") {
			t.Errorf("%s with If-None-Match: %d %q", path, again.status, again.body)
		}
	}
	r := c.do("GET", "/api/v1/reference/sub-categories?catCode=550", nil, partner...)
	var sub struct{ Data []map[string]any }
	_ = json.Unmarshal(r.body, &sub)
	codes := map[any]bool{}
	for _, it := range sub.Data {
		codes[it["code"]] = true
	}
	if !codes["010"] || !codes["011"] {
		t.Errorf("sub-categories of 550 = %s", r.body)
	}
	expect(t, "missing brCode", c.do("GET", "/api/v1/reference/categories", nil, partner...), 400, "bad_request")
	expect(
		t,
		"unknown brCode",
		c.do("GET", "/api/v1/reference/categories?brCode=NOPE", nil, partner...),
		404,
		"not_found",
	)
	expect(t, "no credential", c.do("GET", "/api/v1/reference/brands", nil), 401, "unauthorized")
	expect(
		t,
		"identity API key",
		c.do("GET", "/api/v1/reference/brands", nil, key(creds.User.APIKey)...),
		403,
		"forbidden",
	)
	expect(t, "admin", c.do("GET", "/api/v1/reference/brands", nil, key(creds.Admin.APIKey)...), 200, "")

	// A partner's back-office login reads them too, as the OpenAPI's bearer scheme says, though this
	// function holds no signing secret: it accepts the token its session stored the hash of, and
	// nothing else (a token re-signed with another secret, or one signed out).
	jwt := loginToken(t, c, creds.Partners[0].Email, creds.Partners[0].Password)
	expect(t, "partner login", c.do("GET", "/api/v1/reference/brands", nil, bearer(jwt)...), 200, "")
	head, _, _ := strings.Cut(jwt, ".")
	expect(
		t,
		"a token with its signature swapped",
		c.do(
			"GET",
			"/api/v1/reference/brands",
			nil,
			bearer(head+"."+strings.SplitN(jwt, ".", 3)[1]+".c2lnbmF0dXJl")...),
		401,
		"unauthorized",
	)
	expect(t, "sign out", c.do("POST", "/v1/auth/logout", nil, bearer(jwt)...), 204, "")
	expect(t, "a signed-out login", c.do("GET", "/api/v1/reference/brands", nil, bearer(jwt)...), 401, "unauthorized")
}
