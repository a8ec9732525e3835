package emulate

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
)

// Headers reach handlers whole, whatever commas they hold: API Gateway joins repeated headers
// with commas, and the Lambda adapter no longer splits them again (issue 14, item 4).
func TestCommaBearingHeadersArriveWhole(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	partner := key(creds.Partners[0].APIKey)

	t.Run("If-None-Match with a list of tags answers 304 when any matches", func(t *testing.T) {
		r := c.do("GET", "/api/v1/reference/brands", nil, partner...)
		expect(t, "brands", r, 200, "")
		etag := r.header.Get("ETag")
		for name, headers := range map[string][]string{
			"a list, the match last":  {"If-None-Match", `"stale-1", W/"stale-2", ` + etag},
			"a list, the match first": {"If-None-Match", etag + `, "stale-1"`},
			"repeated header lines":   {"If-None-Match", `"stale-1"`, "If-None-Match", etag},
		} {
			again := c.do("GET", "/api/v1/reference/brands", nil, append(partner, headers...)...)
			if again.status != 304 || len(again.body) != 0 {
				t.Errorf("%s: %d %s", name, again.status, again.body)
			}
		}
		none := c.do(
			"GET",
			"/api/v1/reference/brands",
			nil,
			append(partner, "If-None-Match", `"stale-1", "stale-2"`)...)
		expect(t, "no tag matches", none, 200, "")
	})

	t.Run("Accept arrives whole", func(t *testing.T) {
		s := newSession(t, c)
		page, _ := http.NewRequest("GET", s.UploadURL, nil)
		// Browsers may name XHTML first: the page is still theirs.
		page.Header.Set("Accept", "application/xhtml+xml, text/html;q=0.9, */*;q=0.8")
		resp, err := http.DefaultClient.Do(page)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Errorf("upload page: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	})
}

// A body of the wrong shape is described in the API's terms, one field path style everywhere,
// never with Go's type names (issue 14, item 5).
func TestValidationSpeaksTheAPIsLanguage(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	partner := key(creds.Partners[0].APIKey)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	goNames := regexp.MustCompile(`float64|\bint\b|int64|contracts\.|\.Request|json: `)
	cases := []struct {
		name, path string
		cred       []string
		body       any
		status     int
		want       string
	}{
		{"a string for a number", "/api/v1/partner/contracts/auto/classic", partner,
			autoBody("X", func(m map[string]any) { m["pfs"] = "150" }), 422, "contract.pfs: must be a number"},
		{"a fraction for an integer", "/api/v1/partner/contracts/auto/classic", partner,
			autoBody("X", func(m map[string]any) { m["nbP"] = 2.5 }), 422, "contract.nbP: must be an integer"},
		{"a number for a string", "/api/v1/partner/contracts/auto/classic", partner,
			autoBody("X", func(m map[string]any) { m["numImmat"] = 7 }), 422, "contract.numImmat: must be a string"},
		{"an unknown contract field", "/api/v1/partner/contracts/auto/classic", partner,
			autoBody(
				"X",
				func(m map[string]any) { m["colour"] = "red" },
			), 422, "contract.colour: not a field of this request"},
		{"a contract that is not an object", "/api/v1/partner/contracts/voyage/classic", partner,
			map[string]any{"contract": []int{1}}, 422, "contract: must be an object"},
		{"a number for a top-level string", "/api/v1/partner/contracts/auto/classic", partner,
			func() map[string]any { b := autoBody("X", nil); b["returnUrl"] = 5; return b }(), 400,
			"returnUrl: must be a string"},
		{"a body that is not an object", "/api/v1/partner/contracts/auto/classic", partner,
			[]int{1}, 400, "the body: must be an object"},
		{"identity API: a number for a string", "/v1/api-keys", bearer(jwt),
			map[string]any{"name": 5, "mode": "test"}, 400, "name: must be a string"},
	}
	for _, tc := range cases {
		r := c.do("POST", tc.path, tc.body, tc.cred...)
		if r.status != tc.status || !slices.Contains(r.problem.InvalidParams, tc.want) {
			t.Errorf(
				"%s: %d, invalidParams %q, want %d with %q",
				tc.name,
				r.status,
				r.problem.InvalidParams,
				tc.status,
				tc.want,
			)
		}
		if goNames.Match(r.body) {
			t.Errorf("%s: Go names in %s", tc.name, r.body)
		}
	}
}

// A value of the wrong type does not hide the request's other problems: the 422 lists them all.
func TestContractProblemsAreReportedAtOnce(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	body := autoBody("X", func(m map[string]any) { m["nbP"], m["dure"] = "5", "x"; delete(m, "mqCode") })
	r := c.do("POST", "/api/v1/partner/contracts/auto/classic", body, key(creds.Partners[0].APIKey)...)
	expect(t, "three problems", r, 422, "validation_failed")
	got := slices.Sorted(slices.Values(r.problem.InvalidParams))
	want := []string{
		"contract.dure: must be an integer",
		"contract.mqCode: required",
		"contract.nbP: must be an integer",
	}
	if !slices.Equal(got, want) {
		t.Errorf("invalidParams = %q, want %q", got, want)
	}
}

// The same request re-serialised is a replay; a stored 4xx comes back as it was; a key reused for
// another request is refused with what it was first used for (issue 14, item 6).
func TestIdempotencyComparesMeaning(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	partner := key(creds.Partners[0].APIKey)
	const path = "/api/v1/partner/contracts/auto/classic"
	post := func(idemKey, body string) result {
		return c.do("POST", path, json.RawMessage(body), append(partner, "Idempotency-Key", idemKey)...)
	}
	effet := time.Now().AddDate(0, 0, 1).Format("02/01/2006")
	compact := `{"returnUrl":"https://partner.example/r","cancelUrl":"https://partner.example/c","contract":{"cliCode":"CLI-1","cat":"550","scatCode":"011","carrCode":"ROU","nrg":"ESS","pfs":150,"nbP":2,"dure":12,"effet":"` +
		effet + `","numImmat":"DK-MEAN-1","mqCode":"YAMA","modele":"MT-07"}}`
	// The same object, keys in another order, spaced and indented as another serialiser would.
	reordered := `{
  "contract": {"modele": "MT-07", "mqCode": "YAMA", "numImmat": "DK-MEAN-1", "effet": "` + effet + `",
    "dure": 12, "nbP": 2, "pfs": 150, "nrg": "ESS", "carrCode": "ROU", "scatCode": "011", "cat": "550", "cliCode": "CLI-1"},
  "cancelUrl": "https://partner.example/c",
  "returnUrl": "https://partner.example/r"
}`

	t.Run("the same JSON re-serialised is a replay", func(t *testing.T) {
		first := post("meaning-1", compact)
		expect(t, "first", first, 201, "")
		again := post("meaning-1", reordered)
		if again.status != 201 || again.header.Get("Idempotent-Replayed") != "true" ||
			string(again.body) != string(first.body) {
			t.Errorf("re-serialised replay: %d %s, want the first answer %s", again.status, again.body, first.body)
		}
	})

	t.Run("a stored 4xx is replayed as such", func(t *testing.T) {
		bad := strings.Replace(compact, `"pfs":150`, `"pfs":100`, 1)
		first := post("meaning-2", bad)
		expect(t, "first", first, 422, "validation_failed")
		again := post("meaning-2", bad)
		expect(t, "replay", again, 422, "validation_failed")
		if again.header.Get("Idempotent-Replayed") != "true" || string(again.body) != string(first.body) {
			t.Errorf("4xx replay: %v %s, want the stored answer %s", again.header, again.body, first.body)
		}
	})

	t.Run("a key reused for another request says what it was first used for", func(t *testing.T) {
		expect(t, "first", post("meaning-3", compact), 201, "")
		r := post("meaning-3", strings.Replace(compact, "DK-MEAN-1", "DK-MEAN-2", 1))
		expect(t, "another body", r, 409, "idempotency_key_reused")
		first, _ := r.problem.Extensions["firstRequest"].(map[string]any)
		at, _ := time.Parse(time.RFC3339, fmt.Sprint(first["at"]))
		if !strings.Contains(r.problem.Detail, "POST "+path) || first["method"] != "POST" || first["path"] != path ||
			time.Since(at) > time.Minute {
			t.Errorf("409 = %q %v", r.problem.Detail, r.problem.Extensions)
		}
	})
}

// The phone has no credential: over the request limit it is sent to its session's presigned
// upload, never to an authenticated route (issue 14, item 11).
func TestPhonesTooLargeAnswerPointsToItsPresignedUpload(t *testing.T) {
	t.Parallel()
	_, _, c, _ := accountsStack(t)
	s := newSession(t, c)
	big := append([]byte("\xff\xd8\xff"), make([]byte, 7<<20)...)
	start := strings.TrimPrefix(s.UploadURL, c.base) + "/start"
	for name, r := range map[string]result{
		"raw PUT": putFile(c, s, big),
		"multipart POST": c.do("POST", "/v1/mobile-handoff/upload/"+s.SessionID, form{formFile("file", "big.jpg",
			big)}),
	} {
		expect(t, name, r, 413, "payload_too_large")
		if !strings.Contains(r.problem.Detail, "{uploadUrl}/start") || !strings.Contains(r.problem.Detail, start) ||
			strings.Contains(r.problem.Detail, "/v1/uploads") || r.problem.Extensions["startUrl"] != start {
			t.Errorf("%s: %q %v, want the way through %s", name, r.problem.Detail, r.problem.Extensions, start)
		}
	}
	// The way it names works for the phone, without a credential.
	expect(t, "start", c.do("POST", start, map[string]any{"fileName": "big.jpg", "size": len(big)}), 200, "")
}

// An inline selfie of 5.2 MB is under 6 MB, but API Gateway base64-encodes it into Lambda's 6 MB
// payload: the 413 says the figure a file really has, about 4.5 MB, and the way around it.
func TestInlineFileOverTheLimitSaysTheRealFigure(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	selfie := append([]byte("\xff\xd8\xff"), make([]byte, 5200_000)...)
	r := c.do("POST", "/v1/liveness/check", form{formFile("file", "selfie.jpg", selfie)}, key(creds.User.APIKey)...)
	expect(t, "5.2 MB selfie", r, 413, "payload_too_large")
	if !strings.Contains(r.problem.Detail, "about 4.5 MB") || !strings.Contains(r.problem.Detail, "POST /v1/uploads") ||
		strings.Contains(r.problem.Detail, "limited to 6 MB") {
		t.Errorf("413 detail %q, want the 4.5 MB a file has and POST /v1/uploads", r.problem.Detail)
	}
}

// Each caller on the other's webhook route is told the route that is its own: a partner on the
// administrators' route for a named partner (its own id or another's), an administrator on the
// partner's own.
func TestWebhookRouteRefusalsNameTheCallersRoute(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	partner := creds.Partners[0]
	body := map[string]any{"url": "https://partner.example/hooks"}
	for _, tc := range []struct {
		name, path string
		cred       []string
		want       string
	}{
		{"partner on its own id", "/api/v1/partners/" + partner.PartnerID + "/webhook", key(partner.APIKey),
			"PATCH /api/v1/partners/me/webhook"},
		{"partner on another's id", "/api/v1/partners/" + creds.Partners[1].PartnerID + "/webhook", key(partner.APIKey),
			"PATCH /api/v1/partners/me/webhook"},
		{"administrator on the partner's own route", "/api/v1/partners/me/webhook", key(creds.Admin.APIKey),
			"PATCH /api/v1/partners/{partnerId}/webhook"},
	} {
		r := c.do("PATCH", tc.path, body, tc.cred...)
		expect(t, tc.name, r, 403, "forbidden")
		if !strings.Contains(r.problem.Detail, tc.want) {
			t.Errorf("%s: detail %q, want it to name %s", tc.name, r.problem.Detail, tc.want)
		}
	}
}

// A batch of no documents is out of range like one of 51: 422 naming documents, not a 400.
func TestEmptyBatchIsOutOfRange(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	for name, body := range map[string]any{"empty list": map[string]any{"documents": []any{}},
		"no list": map[string]any{}} {
		r := c.do("POST", "/v1/batches", body, key(creds.User.APIKey)...)
		expect(t, name, r, 422, "validation_failed")
		if !slices.ContainsFunc(
			r.problem.InvalidParams,
			func(p string) bool { return strings.HasPrefix(p, "documents: ") },
		) {
			t.Errorf("%s: invalidParams %q, want one on documents", name, r.problem.InvalidParams)
		}
	}
}

// A single credit short is "1 credit" in the 402's detail.
func TestOneCreditIsSingular(t *testing.T) {
	t.Parallel()
	_, _, c, outbox := accountsStack(t)
	_, live := newLiveUser(t, c, outbox, "singular@example.com")
	r := c.do("POST", "/v1/liveness/check", form{formFile("file", "selfie.jpg", face(t, "one-face.jpg"))}, key(live)...)
	expect(t, "no credits", r, 402, "insufficient_credits")
	if !strings.Contains(r.problem.Detail, "needs 1 credit and") {
		t.Errorf("detail %q, want it to say 1 credit", r.problem.Detail)
	}
}

// Every error is a problem, also where the router or the server answers before a handler (issue
// 14, item 12). These requests name no documented route, so they go around client.do.
func TestErrorsBeforeHandlersAreProblems(t *testing.T) {
	t.Parallel()
	_, creds, c, outbox := accountsStack(t)
	noRedirect := &http.Client{
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	problem := func(t *testing.T, what string, req *http.Request, status int, kind string) {
		t.Helper()
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var p httpapi.Problem
		err = json.NewDecoder(resp.Body).Decode(&p)
		if resp.StatusCode != status || resp.Header.Get("Location") != "" ||
			!strings.HasPrefix(resp.Header.Get("Content-Type"), "application/problem+json") ||
			err != nil || !strings.HasSuffix(p.Type, "/errors/"+kind) || p.Status != status ||
			p.RequestID == "" {
			t.Errorf(
				"%s: %d %v, problem %+v (%v), want a %d %s problem",
				what,
				resp.StatusCode,
				resp.Header,
				p,
				err,
				status,
				kind,
			)
		}
	}

	t.Run("a path with . or .. segments is a 404 problem, not a redirect", func(t *testing.T) {
		for _, path := range []string{"/v1/auth/../users/me", "/v1/./health", "/api/v1/reference/./brands",
			"/v1//health", "/api/v1/partner/contracts/requests/.."} {
			req, _ := http.NewRequest("GET", c.base+path, nil)
			req.Header.Set("X-API-Key", creds.Partners[0].APIKey)
			problem(t, path, req, 404, "not_found")
		}
	})

	t.Run("oversized headers answer a 431 problem", func(t *testing.T) {
		req, _ := http.NewRequest("GET", c.base+"/v1/health", nil)
		req.Header.Set("X-Padding", strings.Repeat("a", 11000))
		problem(t, "11 KB of headers", req, 431, "request_header_fields_too_large")
		req, _ = http.NewRequest("GET", c.base+"/v1/health", nil)
		req.Header.Set("X-Padding", strings.Repeat("a", 9000))
		if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 200 {
			t.Errorf("9 KB of headers: %v %v", resp, err)
		} else {
			resp.Body.Close()
		}
	})

	t.Run("the verification link answers HTML to a browser and JSON to an API client", func(t *testing.T) {
		email := "edge.link@example.com"
		expect(
			t,
			"register",
			c.do("POST", "/v1/auth/register", map[string]string{"email": email, "password": "correct horse battery"}),
			201,
			"",
		)
		token := verificationToken(t, outbox, email)
		asJSON := []string{"Accept", "application/json"}
		expect(
			t,
			"an unknown token",
			c.do("GET", "/v1/auth/verify-email?token=NOPE", nil, asJSON...),
			422,
			"invalid_token",
		)
		r := c.do("GET", "/v1/auth/verify-email?token="+token, nil, asJSON...)
		expect(t, "the link as JSON", r, 200, "")
		var u struct{ Email string }
		r.json(t, &u)
		if u.Email != email || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
			t.Errorf("link as JSON: %s %s", r.header.Get("Content-Type"), r.body)
		}
		used := c.do(
			"GET",
			"/v1/auth/verify-email?token="+token,
			nil,
			"Accept",
			"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
		)
		if used.status != 422 || !strings.HasPrefix(used.header.Get("Content-Type"), "text/html") ||
			!strings.Contains(string(used.body), "Link not valid") {
			t.Errorf("a used link in a browser: %d %s %s", used.status, used.header.Get("Content-Type"), used.body)
		}
	})
}
