package emulate

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/wiring/app"
)

const testJWTSecret = "test-secret-0123456789-0123456789-abcdef"

// client calls the local stack with a credential, as a partner or a user would.
type client struct {
	t    *testing.T
	base string
	// unchecked skips the check of answers against the OpenAPI documents, for a client that meets
	// injected failures (TestChaos: a process that dies answers nothing the documents describe).
	unchecked bool
}

type result struct {
	status  int
	header  http.Header
	body    []byte
	problem httpapi.Problem
}

func (r result) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("%s: %v", r.body, err)
	}
}

// do calls the local stack. body is nil, a form (sent as multipart/form-data), rawBody (sent as
// application/octet-stream) or a value sent as JSON; headers are name, value pairs. Every response of the two APIs is
// checked against their
// OpenAPI documents.
func (c client) do(method, path string, body any, headers ...string) result {
	c.t.Helper()
	var rd io.Reader
	contentType := ""
	switch b := body.(type) {
	case nil:
	case form:
		rd, contentType = b.encode(c.t)
	case rawBody:
		rd, contentType = bytes.NewReader(b), "application/octet-stream"
	default:
		j, _ := json.Marshal(body)
		rd, contentType = bytes.NewReader(j), "application/json"
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Add(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	r := result{status: resp.StatusCode, header: resp.Header, body: raw}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/problem+json") {
		_ = json.Unmarshal(raw, &r.problem)
	}
	if !c.unchecked {
		conformsToOpenAPI(c.t, req, r)
	}
	return r
}

// form is a multipart/form-data body for client.do: its parts in order.
type form []formPart

// formPart is a field, or a file when fileName is set. contentType defaults to
// application/octet-stream for files.
type formPart struct {
	name, value string
	fileName    string
	contentType string
	content     []byte
}

// formField is a field of a form.
func formField(name, value string) formPart { return formPart{name: name, value: value} }

// formFile is a file of a form.
func formFile(name, fileName string, content []byte) formPart {
	return formPart{name: name, fileName: fileName, content: content}
}

func (f form) encode(t *testing.T) (io.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range f {
		var err error
		if p.fileName == "" {
			err = w.WriteField(p.name, p.value)
		} else {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, p.name, p.fileName))
			h.Set("Content-Type", cmp.Or(p.contentType, "application/octet-stream"))
			var part io.Writer
			if part, err = w.CreatePart(h); err == nil {
				_, err = part.Write(p.content)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return &buf, w.FormDataContentType()
}

func key(k string) []string    { return []string{"X-API-Key", k} }
func bearer(t string) []string { return []string{"Authorization", "Bearer " + t} }

func expect(t *testing.T, what string, r result, status int, kind string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("%s: status %d, want %d: %s", what, r.status, status, r.body)
	}
	if kind != "" && !strings.HasSuffix(r.problem.Type, "/errors/"+kind) {
		t.Fatalf("%s: problem type %q, want kind %s", what, r.problem.Type, kind)
	}
}

var linkNext = regexp.MustCompile(`^<([^>]+)>; rel="next"$`)

// nextPage checks that a list page says where the next one is the same way in its Link header,
// X-Next-Cursor and, for an object body, nextCursor (inBody; nil for a bare array), and returns the
// next page's path, "" after the last page.
func nextPage(t *testing.T, r result, inBody *string) string {
	t.Helper()
	link, cursor := r.header.Get("Link"), r.header.Get("X-Next-Cursor")
	if link == "" {
		if cursor != "" || inBody != nil {
			t.Errorf("last page by Link, not by X-Next-Cursor %q or nextCursor %v", cursor, inBody)
		}
		return ""
	}
	m := linkNext.FindStringSubmatch(link)
	if m == nil {
		t.Fatalf("Link: %q", link)
	}
	u, err := url.Parse(m[1])
	if err != nil || u.Query().Get("cursor") != cursor || cursor == "" {
		t.Errorf("Link %q and X-Next-Cursor %q disagree", link, cursor)
	}
	if r.body[0] == '{' && (inBody == nil || *inBody != cursor) {
		t.Errorf("nextCursor %v, X-Next-Cursor %q", inBody, cursor)
	}
	return m[1]
}

// accountsStack starts a stack with a known JWT secret, an hour's rotation grace (tests skip the
// stack's clock past it) and a mail outbox, and returns its seeded demo accounts.
func accountsStack(t *testing.T) (*Local, Credentials, client, string) {
	t.Helper()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "KEY_ROTATION_GRACE": "1h", "MAIL_OUTBOX_DIR": outbox},
	)
	creds, err := local.Seed(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return local, creds, client{t: t, base: local.URL}, outbox
}

var tokenInMail = regexp.MustCompile(`token=([A-Z2-7]+)`)

func TestRegistrationVerificationAndLogin(t *testing.T) {
	t.Parallel()
	_, _, c, outbox := accountsStack(t)
	email := "Ada.Lovelace@Example.com"

	r := c.do("POST", "/v1/auth/register", map[string]string{"email": email, "password": "correct horse battery"})
	expect(t, "register", r, 201, "")
	bad := c.do("POST", "/v1/auth/register", map[string]string{"email": "nope", "password": "short"})
	expect(t, "register invalid", bad, 422, "validation_failed")
	if len(bad.problem.InvalidParams) != 2 {
		t.Errorf("invalidParams = %v, want one per field", bad.problem.InvalidParams)
	}
	expect(t, "malformed JSON", c.do("POST", "/v1/auth/register", json.RawMessage(`{"email":`)), 400, "bad_request")

	login := map[string]string{"email": email, "password": "correct horse battery"}
	expect(t, "login unverified", c.do("POST", "/v1/auth/login", login), 403, "email_not_verified")
	expect(
		t,
		"wrong password",
		c.do("POST", "/v1/auth/login", map[string]string{"email": email, "password": "wrong password!!"}),
		401,
		"unauthorized",
	)
	expect(
		t,
		"unknown address",
		c.do("POST", "/v1/auth/login", map[string]string{"email": "nobody@example.com", "password": "whatever12345"}),
		401,
		"unauthorized",
	)

	token := verificationToken(t, outbox, "ada.lovelace@example.com")
	link := c.do("GET", "/v1/auth/verify-email?token="+token, nil)
	if link.status != 200 || !strings.Contains(string(link.body), "ada.lovelace@example.com is confirmed") {
		t.Fatalf("verification link: %d %s", link.status, link.body)
	}
	expect(
		t,
		"token used twice",
		c.do("POST", "/v1/auth/verify-email", map[string]string{"token": token}),
		422,
		"invalid_token",
	)

	r = c.do("POST", "/v1/auth/login", login)
	expect(t, "login", r, 200, "")
	var tok struct {
		Token     string    `json:"token"`
		TokenType string    `json:"tokenType"`
		ExpiresAt time.Time `json:"expiresAt"`
	}
	r.json(t, &tok)
	if tok.TokenType != "Bearer" || time.Until(tok.ExpiresAt) < 23*time.Hour ||
		time.Until(tok.ExpiresAt) > 25*time.Hour {
		t.Errorf("login answer = %+v, want a Bearer token for 24 h", tok)
	}
	var me map[string]any
	r = c.do("GET", "/v1/users/me", nil, bearer(tok.Token)...)
	expect(t, "me", r, 200, "")
	r.json(t, &me)
	if me["email"] != "ada.lovelace@example.com" || me["plan"] != "free" || me["credits"] != float64(0) ||
		me["id"] == "" {
		t.Errorf("me = %v", me)
	}
}

func verificationToken(t *testing.T, outbox, to string) string {
	t.Helper()
	mail := mailTo(t, outbox, to)
	m := tokenInMail.FindStringSubmatch(mail)
	if m == nil {
		t.Fatalf("no link in the mail:\n%s", mail)
	}
	return m[1]
}

func loginToken(t *testing.T, c client, email, password string) string {
	t.Helper()
	r := c.do("POST", "/v1/auth/login", map[string]string{"email": email, "password": password})
	expect(t, "login "+email, r, 200, "")
	var tok struct{ Token string }
	r.json(t, &tok)
	return tok.Token
}

func TestIdentityAPIKeys(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := accountsStack(t)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)

	r := c.do("POST", "/v1/api-keys", map[string]any{"name": "backend", "mode": "live"}, bearer(jwt)...)
	expect(t, "create live key", r, 201, "")
	var created struct {
		ID, Key, Prefix, Last4 string
		Livemode               bool
	}
	r.json(t, &created)
	if !strings.HasPrefix(created.Key, "sk_live_") || created.Prefix != "sk_live_" ||
		!strings.HasSuffix(created.Key, created.Last4) ||
		!created.Livemode {
		t.Fatalf("created = %+v", created)
	}
	if r.header.Get("Cache-Control") != "no-store" {
		t.Error("the one response carrying a secret may be cached")
	}

	t.Run("both headers work", func(t *testing.T) {
		expect(t, "X-API-Key", c.do("GET", "/v1/users/me", nil, key(created.Key)...), 200, "")
		expect(t, "Bearer key", c.do("GET", "/v1/users/me", nil, bearer(created.Key)...), 200, "")
		expect(
			t,
			"two different keys",
			c.do("GET", "/v1/users/me", nil, append(key(created.Key), bearer(creds.User.APIKey)...)...),
			401,
			"unauthorized",
		)
	})

	t.Run("listing never shows a secret", func(t *testing.T) {
		r := c.do("GET", "/v1/api-keys", nil, bearer(jwt)...)
		expect(t, "list", r, 200, "")
		if bytes.Contains(r.body, []byte(created.Key)) || bytes.Contains(r.body, []byte(creds.User.APIKey)) {
			t.Fatal("a key's secret is in the listing")
		}
		var list struct {
			Data []struct{ ID, Last4, Status string }
		}
		r.json(t, &list)
		if len(list.Data) != 2 || list.Data[0].ID != created.ID || list.Data[0].Last4 != created.Last4 ||
			list.Data[0].Status != "active" {
			t.Errorf("list = %+v", list)
		}
	})

	t.Run("keys are managed with a login token only", func(t *testing.T) {
		expect(
			t,
			"create with a key",
			c.do("POST", "/v1/api-keys", map[string]any{"name": "x", "mode": "live"}, key(created.Key)...),
			403,
			"forbidden",
		)
	})

	t.Run("invalid key requests", func(t *testing.T) {
		r := c.do(
			"POST",
			"/v1/api-keys",
			map[string]any{
				"name":       "",
				"mode":       "prod",
				"allowedIps": []string{"10.0.0.0/33"},
				"expiresAt":  "2020-01-01T00:00:00Z",
			},
			bearer(jwt)...)
		expect(t, "invalid", r, 422, "validation_failed")
	})

	t.Run("revocation is immediate and scoped to the owner", func(t *testing.T) {
		other := c.do("POST", "/v1/api-keys", map[string]any{"name": "temp", "mode": "test"}, bearer(jwt)...)
		var k struct{ ID, Key string }
		other.json(t, &k)
		expect(t, "before revocation", c.do("GET", "/v1/users/me", nil, key(k.Key)...), 200, "")
		// Another user cannot revoke it.
		svc, _ := app.AccountsService(context.Background(), mustGetenv(t, local))
		if _, _, err := svc.CreateAdmin(context.Background(), "mallory@example.com", "mallory-password"); err != nil {
			t.Fatal(err)
		}
		mallory := loginToken(t, c, "mallory@example.com", "mallory-password")
		expect(
			t,
			"revoke as someone else",
			c.do("DELETE", "/v1/api-keys/"+k.ID, nil, bearer(mallory)...),
			403,
			"forbidden",
		)
		expect(t, "revoke", c.do("DELETE", "/v1/api-keys/"+k.ID, nil, bearer(jwt)...), 204, "")
		r := c.do("GET", "/v1/users/me", nil, key(k.Key)...)
		expect(t, "after revocation", r, 401, "unauthorized")
		if bytes.Contains(r.body, []byte(k.Key)) {
			t.Error("the error echoes the key")
		}
		expect(t, "revoke unknown", c.do("DELETE", "/v1/api-keys/key_nope", nil, bearer(jwt)...), 404, "not_found")
	})

	t.Run("expiry", func(t *testing.T) {
		exp := now(t, local).Add(time.Hour).UTC()
		r := c.do(
			"POST",
			"/v1/api-keys",
			map[string]any{"name": "short", "mode": "test", "expiresAt": exp},
			bearer(jwt)...)
		var k struct{ Key string }
		r.json(t, &k)
		expect(t, "before expiry", c.do("GET", "/v1/users/me", nil, key(k.Key)...), 200, "")
		skip(t, local, exp.Sub(now(t, local))+time.Second)
		expect(t, "after expiry", c.do("GET", "/v1/users/me", nil, key(k.Key)...), 401, "unauthorized")
	})

	t.Run("IP allow-list uses the address API Gateway saw", func(t *testing.T) {
		r := c.do(
			"POST",
			"/v1/api-keys",
			map[string]any{"name": "office", "mode": "live", "allowedIps": []string{"203.0.113.0/24"}},
			bearer(jwt)...)
		var office struct{ Key string }
		r.json(t, &office)
		expect(t, "from elsewhere", c.do("GET", "/v1/users/me", nil, key(office.Key)...), 401, "unauthorized")
		expect(
			t,
			"spoofed header",
			c.do("GET", "/v1/users/me", nil, append(key(office.Key), "X-Forwarded-For", "203.0.113.7")...),
			401,
			"unauthorized",
		)
		r = c.do(
			"POST",
			"/v1/api-keys",
			map[string]any{"name": "here", "mode": "live", "allowedIps": []string{"127.0.0.1"}},
			bearer(jwt)...)
		var here struct{ Key string }
		r.json(t, &here)
		expect(t, "from the allowed address", c.do("GET", "/v1/users/me", nil, key(here.Key)...), 200, "")
	})
}

// secret is the value of a secret setting, read from the emulator's Secrets Manager as the
// functions that use it read it.
func secret(t *testing.T, l *Local, name string) []byte {
	t.Helper()
	v, err := l.Secret(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(v)
}

func mustGetenv(t *testing.T, l *Local) app.Getenv {
	getenv, err := l.Getenv("AccountsFunction")
	if err != nil {
		t.Fatal(err)
	}
	return getenv
}

func TestUnauthorizedCredentials(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	tokens := access.Tokens{Secret: []byte(testJWTSecret), Issuer: c.base, TTL: time.Hour}
	expired, _, _ := access.Tokens{Secret: []byte(testJWTSecret), Issuer: c.base, TTL: time.Hour,
		Now: func() time.Time { return time.Now().Add(-2 * time.Hour) }}.Issue(access.Principal{Role: access.RoleUser,
		UserID: creds.User.ID})
	forged, _, _ := access.Tokens{
		Secret: []byte("another-secret-0123456789-0123456789"),
		Issuer: c.base,
		TTL:    time.Hour,
	}.
		Issue(
			access.Principal{Role: access.RoleAdmin, UserID: "usr_x"},
		)
	// Well signed, but of no login: a token is valid only while its session is stored.
	noSession, _, _ := tokens.Issue(access.Principal{Role: access.RoleUser, UserID: creds.User.ID})
	unknownSession, _, _ := tokens.Issue(
		access.Principal{Role: access.RoleUser, UserID: creds.User.ID, SessionID: "ses_aaaaaaaaaaaaaaaa"},
	)
	valid := loginToken(t, c, creds.User.Email, creds.User.Password)
	unsigned := "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0." + strings.Split(valid, ".")[1] + "."
	wrongStage := "pk_sandbox_" + strings.Repeat("A", 26)

	for name, headers := range map[string][]string{
		"no credential":         nil,
		"empty key":             key(""),
		"malformed key":         key("sk_live_short"),
		"unknown key":           key("sk_live_" + strings.Repeat("B", 26)),
		"basic auth":            {"Authorization", "Basic dXNlcjpwYXNz"},
		"garbage bearer":        bearer("not.a.jwt"),
		"expired JWT":           bearer(expired),
		"JWT of another secret": bearer(forged),
		"alg none":              bearer(unsigned),
		"JWT without a session": bearer(noSession),
		"JWT of no session":     bearer(unknownSession),
		"key of another stage":  key(wrongStage),
	} {
		t.Run(name, func(t *testing.T) {
			r := c.do("GET", "/v1/users/me", nil, headers...)
			expect(t, name, r, 401, "unauthorized")
			if r.problem.RequestID == "" || r.problem.Detail == "" {
				t.Errorf("problem = %+v", r.problem)
			}
			for i := 1; i < len(headers); i += 2 {
				if len(headers[i]) > 12 && bytes.Contains(r.body, []byte(strings.TrimPrefix(headers[i], "Bearer "))) {
					t.Error("the credential is echoed in the error")
				}
			}
		})
	}
	expect(t, "valid JWT", c.do("GET", "/v1/users/me", nil, bearer(valid)...), 200, "")
	if r := c.do("GET", "/api/v1/partners/me", nil, key(wrongStage)...); !strings.Contains(
		r.problem.Detail,
		"sandbox environment",
	) {
		t.Errorf("wrong-environment detail = %q", r.problem.Detail)
	}
}

func TestPartnerKeysRolesRotationAndRevocation(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := accountsStack(t)
	admin, partnerA, partnerB := creds.Admin.APIKey, creds.Partners[0], creds.Partners[1]

	t.Run("roles", func(t *testing.T) {
		expect(t, "partner reads itself", c.do("GET", "/api/v1/partners/me", nil, key(partnerA.APIKey)...), 200, "")
		expect(
			t,
			"partner on an admin route",
			c.do("POST", "/api/v1/admin/partners", map[string]any{"name": "x"}, key(partnerA.APIKey)...),
			403,
			"forbidden",
		)
		expect(
			t,
			"user key on a partner route",
			c.do("GET", "/api/v1/partners/me", nil, key(creds.User.APIKey)...),
			403,
			"forbidden",
		)
		expect(
			t,
			"partner key on the identity API",
			c.do("GET", "/v1/users/me", nil, key(partnerA.APIKey)...),
			403,
			"forbidden",
		)
		expect(
			t,
			"admin has no partner space",
			c.do("GET", "/api/v1/partners/me", nil, key(admin)...),
			403,
			"forbidden",
		)
		expect(
			t,
			"partner A revokes B's key",
			c.do("DELETE", "/api/v1/partners/me/keys/"+keyID(t, c, admin, partnerB.PartnerID), nil,
				bearer(loginToken(t, c, partnerA.Email, partnerA.Password))...),
			404,
			"not_found",
		)
		expect(t, "no credential", c.do("GET", "/api/v1/partners/me", nil), 401, "unauthorized")
	})

	t.Run("admin creates a partner; its key is shown once", func(t *testing.T) {
		r := c.do("POST", "/api/v1/admin/partners", map[string]any{"name": "Assur Plus"}, key(admin)...)
		expect(t, "create", r, 201, "")
		var p struct {
			PartnerID, Environment string
			APIKey                 struct{ Key string }
		}
		r.json(t, &p)
		if p.Environment != "local" || !strings.HasPrefix(p.APIKey.Key, "pk_local_") {
			t.Fatalf("partner = %+v", p)
		}
		list := c.do("GET", "/api/v1/admin/partners/"+p.PartnerID+"/keys", nil, key(admin)...)
		expect(t, "admin lists", list, 200, "")
		if bytes.Contains(list.body, []byte(p.APIKey.Key)) {
			t.Error("the listing shows the secret")
		}
		expect(
			t,
			"unknown partner",
			c.do("GET", "/api/v1/admin/partners/prt_nope/keys", nil, key(admin)...),
			404,
			"not_found",
		)
	})

	// A leaked key must not be able to mint its own replacement or revoke the real ones: keys are
	// managed from a back-office login or by an administrator.
	t.Run("a partner key neither mints nor revokes keys", func(t *testing.T) {
		jwt := loginToken(t, c, partnerA.Email, partnerA.Password)
		own := keyID(t, c, admin, partnerA.PartnerID)
		for name, r := range map[string]result{
			"rotate": c.do("POST", "/api/v1/partners/me/keys/rotate", nil, key(partnerA.APIKey)...),
			"revoke": c.do("DELETE", "/api/v1/partners/me/keys/"+own, nil, key(partnerA.APIKey)...),
			"key and token": c.do("POST", "/api/v1/partners/me/keys/rotate", nil, append(key(partnerA.APIKey),
				bearer(jwt)...)...),
		} {
			expect(t, name, r, 403, "forbidden")
			if !strings.Contains(r.problem.Detail, "/v1/auth/login") ||
				!strings.Contains(r.problem.Detail, "/api/v1/admin/partners/{partnerId}/keys") {
				t.Errorf("%s: detail %q names neither the login nor the administrators' route", name, r.problem.Detail)
			}
		}
		list := c.do("GET", "/api/v1/partners/me/keys", nil, key(partnerA.APIKey)...)
		expect(t, "the key still reads its keys", list, 200, "")
		var keys struct {
			Data []struct{ RevokedAt, ExpiresAt *time.Time }
		}
		list.json(t, &keys)
		if len(keys.Data) != 1 || keys.Data[0].RevokedAt != nil || keys.Data[0].ExpiresAt != nil {
			t.Errorf("keys after the refused calls = %s", list.body)
		}
	})

	t.Run("rotation keeps the old key for the grace period", func(t *testing.T) {
		old := partnerA.APIKey
		r := c.do(
			"POST",
			"/api/v1/partners/me/keys/rotate",
			nil,
			bearer(loginToken(t, c, partnerA.Email, partnerA.Password))...)
		expect(t, "rotate", r, 201, "")
		var rotated struct{ Key string }
		r.json(t, &rotated)
		expect(t, "new key", c.do("GET", "/api/v1/partners/me", nil, key(rotated.Key)...), 200, "")
		expect(t, "old key in grace", c.do("GET", "/api/v1/partners/me", nil, key(old)...), 200, "")
		skip(t, local, time.Hour+time.Second) // KEY_ROTATION_GRACE is 1h in this stack
		expect(t, "old key after grace", c.do("GET", "/api/v1/partners/me", nil, key(old)...), 401, "unauthorized")
		expect(t, "new key after grace", c.do("GET", "/api/v1/partners/me", nil, key(rotated.Key)...), 200, "")

		r = c.do("POST", "/api/v1/admin/partners/"+partnerB.PartnerID+"/keys/rotate", nil, key(admin)...)
		expect(t, "admin rotates", r, 201, "")
	})

	t.Run("revocation is immediate", func(t *testing.T) {
		r := c.do("POST", "/api/v1/admin/partners", map[string]any{"name": "Short Lived"}, key(admin)...)
		var p struct {
			PartnerID string
			APIKey    struct{ ID, Key string }
		}
		r.json(t, &p)
		svc, _ := app.AccountsService(context.Background(), mustGetenv(t, local))
		if _, err := svc.CreatePartnerUser(context.Background(), "ops@short-lived.example", "short-lived-password",
			p.PartnerID); err != nil {
			t.Fatal(err)
		}
		jwt := loginToken(t, c, "ops@short-lived.example", "short-lived-password")
		expect(
			t,
			"revoke own key",
			c.do("DELETE", "/api/v1/partners/me/keys/"+p.APIKey.ID, nil, bearer(jwt)...),
			204,
			"",
		)
		expect(t, "revoked", c.do("GET", "/api/v1/partners/me", nil, key(p.APIKey.Key)...), 401, "unauthorized")
		expect(
			t,
			"the login outlives the key",
			c.do("POST", "/api/v1/partners/me/keys/rotate", nil, bearer(jwt)...),
			201,
			"",
		)
		r = c.do("POST", "/api/v1/admin/partners", map[string]any{"name": "Revoked By Admin"}, key(admin)...)
		r.json(t, &p)
		expect(
			t,
			"admin revokes",
			c.do("DELETE", "/api/v1/admin/partners/"+p.PartnerID+"/keys/"+p.APIKey.ID, nil, key(admin)...),
			204,
			"",
		)
		expect(
			t,
			"revoked by admin",
			c.do("GET", "/api/v1/partners/me", nil, key(p.APIKey.Key)...),
			401,
			"unauthorized",
		)
	})

	t.Run("back-office users log in for a JWT", func(t *testing.T) {
		jwt := loginToken(t, c, partnerB.Email, partnerB.Password)
		r := c.do("GET", "/api/v1/partners/me", nil, bearer(jwt)...)
		expect(t, "partner JWT", r, 200, "")
		var me struct{ PartnerID string }
		r.json(t, &me)
		if me.PartnerID != partnerB.PartnerID {
			t.Errorf("partner JWT acts for %q, want %q", me.PartnerID, partnerB.PartnerID)
		}
		adminJWT := loginToken(t, c, creds.Admin.Email, creds.Admin.Password)
		expect(
			t,
			"admin JWT",
			c.do("POST", "/api/v1/admin/partners", map[string]any{"name": "Via JWT"}, bearer(adminJWT)...),
			201,
			"",
		)
	})
}

func keyID(t *testing.T, c client, admin, partnerID string) string {
	t.Helper()
	r := c.do("GET", "/api/v1/admin/partners/"+partnerID+"/keys", nil, key(admin)...)
	var list struct{ Data []struct{ ID string } }
	r.json(t, &list)
	if len(list.Data) == 0 {
		t.Fatal("partner has no key")
	}
	return list.Data[0].ID
}

func TestRateLimit(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := accountsStack(t)
	r := c.do(
		"POST",
		"/api/v1/admin/partners",
		map[string]any{"name": "Tiny Quota", "rateLimit": 3},
		key(creds.Admin.APIKey)...)
	var p struct{ APIKey struct{ Key string } }
	r.json(t, &p)
	// The stack's clock stands still: the four requests fall in one window of the limit however
	// slow the machine is, and the fourth is the one refused.
	freeze(t, local)
	for i := range 3 {
		expect(t, fmt.Sprintf("request %d of 3", i+1), c.do("GET", "/api/v1/partners/me", nil,
			key(p.APIKey.Key)...), 200, "")
	}
	limited := c.do("GET", "/api/v1/partners/me", nil, key(p.APIKey.Key)...)
	expect(t, "a fourth request in the minute", limited, 429, "rate_limited")
	if s, err := strconv.Atoi(limited.header.Get("Retry-After")); err != nil || s < 1 || s > 61 {
		t.Errorf("Retry-After = %q", limited.header.Get("Retry-After"))
	}
	skip(t, local, time.Minute)
	expect(t, "the next minute", c.do("GET", "/api/v1/partners/me", nil, key(p.APIKey.Key)...), 200, "")
}

// Routes without a credential are limited per address: a password-guessing loop from one address
// is refused within a minute, with Retry-After.
func TestLoginAttemptsAreLimitedPerAddress(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := accountsStack(t)
	// 20 per minute, on the stack's clock, which stands still: of 25 attempts, the last 5 are
	// refused however slow the machine is (a password check under -race takes seconds). Each names
	// another account, so that the lockout per account (TestFailedLoginsLockTheAddress) plays no part.
	freeze(t, local)
	var limited []result
	for i := range 25 {
		wrong := map[string]string{
			"email":    fmt.Sprintf("guess%d.%s", i, creds.User.Email),
			"password": "not the password, guess",
		}
		switch r := c.do("POST", "/v1/auth/login", wrong); r.status {
		case 429:
			limited = append(limited, r)
		case 401:
			if len(limited) > 0 {
				t.Errorf("attempt %d answered 401 after a refusal in the same minute", i+1)
			}
		default:
			t.Fatalf("attempt %d: %d %s", i+1, r.status, r.body)
		}
	}
	if len(limited) != 5 {
		t.Fatalf("%d of 25 wrong passwords from one address in a minute refused, want the 5 past 20", len(limited))
	}
	expect(t, "the 21st attempt", limited[0], 429, "rate_limited")
	if s, err := strconv.Atoi(limited[0].header.Get("Retry-After")); err != nil || s < 1 || s > 61 {
		t.Errorf("Retry-After = %q", limited[0].header.Get("Retry-After"))
	}
}
