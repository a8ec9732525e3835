package emulate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"gopkg.in/yaml.v3"

	platform "github.com/trustline/platform"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/adapters/coreinsurance"
	"github.com/trustline/platform/shared/wiring/config"
)

// tableMentions reports whether any item of the stack's table contains s, in a key or a value.
func tableMentions(t *testing.T, local *Local, s string) bool {
	t.Helper()
	getenv, err := local.Getenv("PartnersFunction")
	if err != nil {
		t.Fatal(err)
	}
	p := dynamodb.NewScanPaginator(
		awstest.Clients(t).DynamoDB,
		&dynamodb.ScanInput{TableName: aws.String(getenv("TABLE_NAME"))},
	)
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			if strings.Contains(fmt.Sprint(it), s) {
				return true
			}
		}
	}
	return false
}

// An administrator setting the webhook of a partner that does not exist gets 404, and nothing about
// that partner is stored: neither a webhook configuration nor an idempotency record.
func TestAdminWebhookOfUnknownPartner(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := accountsStack(t)
	admin := key(creds.Admin.APIKey)
	const unknown = "prt_nosuchpartner0000000000"
	body := map[string]any{"webhookUrl": "https://93.184.216.34/hooks"}
	headers := append([]string{"Idempotency-Key", "unknown-partner-webhook"}, admin...)
	expect(
		t,
		"unknown partner",
		c.do("PATCH", "/api/v1/partners/"+unknown+"/webhook", body, headers...),
		404,
		"not_found",
	)
	if tableMentions(t, local, unknown) || tableMentions(t, local, "unknown-partner-webhook") {
		t.Fatal("a request for an unknown partner stored something")
	}
	expect(
		t,
		"known partner",
		c.do("PATCH", "/api/v1/partners/"+creds.Partners[0].PartnerID+"/webhook", body, admin...),
		200,
		"",
	)
}

// A payment link that has expired reads PAYMENT_FAILED at once, before any maintenance run writes
// it; its checkout page says so; and money notified after the expiry is recorded as paid after the
// failure, not issued. (No maintenance run happens in this test: the sweep runs every 5 minutes.)
func TestExpiredLinkReadsFailedAtOnce(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	partner := creds.Partners[0]
	ct := create(t, c, partner.APIKey, autoBody("DK-EXPIRE-2", nil))
	if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PENDING_PAYMENT" ||
		paymentStatus(s) != "pending" {
		t.Fatalf("before expiry: %v", s)
	}
	skip(t, local, ct.Payment.ExpiresAt.Sub(now(t, local))+time.Second)
	if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PAYMENT_FAILED" ||
		paymentStatus(s) != "failed" {
		t.Fatalf("read after expiry: %v", s)
	}
	admin := c.do("GET", "/api/v1/partner/contracts/requests/"+ct.Reference, nil, key(creds.Admin.APIKey)...)
	var v map[string]any
	admin.json(t, &v)
	if v["contractStatus"] != "PAYMENT_FAILED" {
		t.Errorf("administrator's read after expiry: %v", v["contractStatus"])
	}
	page, err := http.Get(ct.Payment.PaymentURL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(page.Body)
	page.Body.Close()
	if page.StatusCode != http.StatusGone || !strings.Contains(string(b), "expired") ||
		!strings.Contains(string(b), "PAYMENT_FAILED") {
		t.Errorf("checkout of an expired link: %d %s", page.StatusCode, b)
	}
	late := paidNote(ct, "evt_late_"+ct.Reference)
	late.OccurredAt = now(t, local) // the gateway's time is the stack's
	expect(t, "paid after expiry", notify(t, c, secret(t, local, config.PaymentSigningKey), late), 200, "")
	if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PAYMENT_FAILED" ||
		paymentStatus(s) != "paid_after_failure" {
		t.Errorf("paid after expiry: %v", s)
	}
}

func voyageBody(mutate func(contract map[string]any)) map[string]any {
	c := map[string]any{
		"cliCode":     "CLI-9",
		"zn":          "SCHENGEN",
		"duree":       15,
		"effet":       time.Now().AddDate(0, 0, 3).Format("02/01/2006"),
		"numPassport": "P1234567",
		"dtDeliv":     "01/01/2022",
		"dtExpir":     "01/01/2032",
		"lieuNais":    "Dakar",
		"lieuDepart":  "SN",
		"lieuDest":    "FR",
	}
	if mutate != nil {
		mutate(c)
	}
	return map[string]any{
		"returnUrl": "https://partner.example/r",
		"cancelUrl": "https://partner.example/c",
		"contract":  c,
	}
}

func set(field string, v any) func(map[string]any) { return func(c map[string]any) { c[field] = v } }

// Numbers the domain bounds are refused outside their range, and the 422 says the range.
func TestNumbersHaveRanges(t *testing.T) {
	t.Parallel()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": unlimited},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	partner := key(creds.Partners[0].APIKey)
	const auto, voyage = "/api/v1/partner/contracts/auto/classic", "/api/v1/partner/contracts/voyage/classic"
	tests := []struct {
		name, path string
		body       map[string]any
		param      string // "" when accepted
	}{
		{
			"pfs 1e308",
			auto,
			autoBody("DK-RANGE-1", set("pfs", 1e308)),
			"contract.pfs: must be greater than 0 and at most 10000",
		},
		{
			"pfs just above",
			auto,
			autoBody("DK-RANGE-2", set("pfs", 10000.5)),
			"contract.pfs: must be greater than 0 and at most 10000",
		},
		{"pfs at the bound", auto, autoBody("DK-RANGE-3", set("pfs", 10000)), ""},
		{
			"pfs zero",
			auto,
			autoBody("DK-RANGE-4", set("pfs", 0)),
			"contract.pfs: must be greater than 0 and at most 10000",
		},
		{
			"nbP 101",
			auto,
			autoBody("DK-RANGE-5", set("nbP", 101)),
			"contract.nbP: out of range, 1 to 100 seats (101 sent)",
		},
		{"nbP 0", auto, autoBody("DK-RANGE-9", set("nbP", 0)), "contract.nbP: out of range, 1 to 100 seats (0 sent)"},
		{"nbP 100", auto, autoBody("DK-RANGE-6", set("nbP", 100)), ""},
		{
			"dure 13",
			auto,
			autoBody("DK-RANGE-7", set("dure", 13)),
			"contract.dure: out of range, 1 to 12 months (13 sent)",
		},
		{
			"dure 0",
			auto,
			autoBody("DK-RANGE-8", set("dure", 0)),
			"contract.dure: out of range, 1 to 12 months (0 sent)",
		},
		{"duree 366", voyage, voyageBody(set("duree", 366)), "contract.duree: out of range, 1 to 365 days (366 sent)"},
		{"duree 365", voyage, voyageBody(set("duree", 365)), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.do("POST", tt.path, tt.body, partner...)
			if tt.param == "" {
				expect(t, tt.name, r, 201, "")
				var ct created
				r.json(t, &ct)
				if ct.Pricing.Total <= 0 || ct.Pricing.Total > 1_000_000_000 {
					t.Errorf("priced %d", ct.Pricing.Total)
				}
				return
			}
			expect(t, tt.name, r, 422, "validation_failed")
			if len(r.problem.InvalidParams) != 1 || r.problem.InvalidParams[0] != tt.param {
				t.Errorf("invalidParams = %q, want %q", r.problem.InvalidParams, tt.param)
			}
		})
	}
}

// Travel zones are reference data: listed, and a travel request's zn must be one of them.
func TestTravelZones(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	partner := key(creds.Partners[0].APIKey)
	r := c.do("GET", "/api/v1/reference/zones", nil, partner...)
	expect(t, "zones", r, 200, "")
	var zones struct {
		Data []struct{ Code, Label string }
	}
	r.json(t, &zones)
	var codes []string
	for _, z := range zones.Data {
		codes = append(codes, z.Code)
	}
	if got := strings.Join(codes, ","); got != "AFRIQUE,SCHENGEN,MONDE" || r.header.Get("ETag") == "" {
		t.Fatalf("zones = %s (ETag %q)", got, r.header.Get("ETag"))
	}
	for _, code := range codes {
		expect(
			t,
			"zone "+code,
			c.do("POST", "/api/v1/partner/contracts/voyage/classic", voyageBody(set("zn", code)), partner...),
			201,
			"",
		)
	}
	bad := c.do("POST", "/api/v1/partner/contracts/voyage/classic", voyageBody(set("zn", "MARS")), partner...)
	expect(t, "unknown zone", bad, 422, "validation_failed")
	if len(bad.problem.InvalidParams) != 1 || !strings.HasPrefix(bad.problem.InvalidParams[0], "contract.zn: ") ||
		!strings.Contains(bad.problem.InvalidParams[0], "/api/v1/reference/zones") {
		t.Errorf("invalidParams = %q", bad.problem.InvalidParams)
	}
}

// documentedRoute reports whether path (with {params} as the documents write them) is a path of the
// partner or identity OpenAPI document.
func documentedRoute(t *testing.T, path string) bool {
	t.Helper()
	for _, doc := range [][]byte{platform.PartnerOpenAPI, platform.IdentityOpenAPI} {
		var d struct{ Paths map[string]any }
		if err := yaml.Unmarshal(doc, &d); err != nil {
			t.Fatal(err)
		}
		if _, ok := d.Paths[path]; ok {
			return true
		}
	}
	return false
}

var routeInDetail = regexp.MustCompile(`/(?:api/)?v1/[A-Za-z0-9_{}/.-]*[A-Za-z0-9_}]`)

// An administrator may do what a partner may: create auto and travel requests on the partner's
// routes, naming the partner with partnerId. And a 403 points only to routes that exist.
func TestAdminActsAsPartner(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	admin, partner := key(creds.Admin.APIKey), creds.Partners[0]
	const auto, voyage = "/api/v1/partner/contracts/auto/classic", "/api/v1/partner/contracts/voyage/classic"

	t.Run("creation for a named partner", func(t *testing.T) {
		for path, body := range map[string]map[string]any{auto: autoBody("DK-ADMIN-1", nil), voyage: voyageBody(nil)} {
			body["partnerId"] = partner.PartnerID
			r := c.do("POST", path, body, admin...)
			expect(t, "admin on "+path, r, 201, "")
			var ct created
			r.json(t, &ct)
			expect(
				t,
				"the partner reads it",
				c.do("GET", "/api/v1/partner/contracts/requests/"+ct.Reference, nil, key(partner.APIKey)...),
				200,
				"",
			)
			expect(
				t,
				"another partner does not",
				c.do("GET", "/api/v1/partner/contracts/requests/"+ct.Reference, nil, key(creds.Partners[1].APIKey)...),
				404,
				"not_found",
			)
		}
	})
	t.Run("partnerId required", func(t *testing.T) {
		r := c.do("POST", voyage, voyageBody(nil), admin...)
		expect(t, "no partnerId", r, 422, "validation_failed")
		if len(r.problem.InvalidParams) != 1 || !strings.HasPrefix(r.problem.InvalidParams[0], "partnerId: ") {
			t.Errorf("invalidParams = %q", r.problem.InvalidParams)
		}
		body := autoBody("DK-ADMIN-2", nil)
		body["partnerId"] = "prt_nosuchpartner0000000000"
		expect(t, "unknown partner", c.do("POST", auto, body, admin...), 404, "not_found")
	})
	t.Run("a partner creates for itself", func(t *testing.T) {
		expect(t, "partner", c.do("POST", auto, autoBody("DK-ADMIN-3", nil), key(partner.APIKey)...), 201, "")
	})
	t.Run("403 details name routes that exist", func(t *testing.T) {
		partnerJWT := bearer(loginToken(t, c, partner.Email, partner.Password))
		calls := []struct {
			method, path string
			cred         []string
		}{
			{"GET", "/api/v1/partners/me", admin},
			{"GET", "/api/v1/partners/me/keys", admin},
			{"POST", "/api/v1/partners/me/keys/rotate", admin},
			{"POST", "/api/v1/partners/me/keys/rotate", key(partner.APIKey)},
			{"GET", "/api/v1/partners/me/webhook", admin},
			{"PATCH", "/api/v1/partners/me/webhook", admin},
			{"GET", "/api/v1/partners/me/webhook/deliveries", admin},
			{"POST", "/api/v1/contracts/auto/classic", key(partner.APIKey)},
			{"POST", "/api/v1/contracts/auto/classic", partnerJWT},
			{"POST", "/api/v1/admin/contracts/AUT-x/refund", key(partner.APIKey)},
			{"POST", "/api/v1/admin/partners", key(partner.APIKey)},
			{"GET", "/v1/users/me", key(partner.APIKey)},
			{"POST", auto, key(creds.User.APIKey)},
		}
		for _, call := range calls {
			var body any
			if call.method != "GET" {
				body = map[string]any{}
			}
			r := c.do(call.method, call.path, body, call.cred...)
			expect(t, call.method+" "+call.path, r, 403, "forbidden")
			for _, route := range routeInDetail.FindAllString(r.problem.Detail, -1) {
				route = strings.TrimSuffix(strings.TrimSuffix(route, "/..."), ".")
				if !documentedRoute(t, route) {
					t.Errorf(
						"%s %s: 403 detail names %s, which is no route: %q",
						call.method,
						call.path,
						route,
						r.problem.Detail,
					)
				}
			}
		}
	})
}

// checkPDF checks that b is a well-formed PDF: header, trailer, and a cross-reference table whose
// every offset points at its object. It returns the text pdftotext reads from it, or "" when
// pdftotext is not installed.
func checkPDF(t *testing.T, b []byte) string {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-1.")) || !bytes.HasSuffix(b, []byte("%%EOF\n")) {
		t.Fatalf("not a PDF: %.40q … %q", b, b[max(0, len(b)-20):])
	}
	i := bytes.LastIndex(b, []byte("startxref\n"))
	xref, err := strconv.Atoi(string(bytes.Fields(b[i+len("startxref\n"):])[0]))
	if err != nil || !bytes.HasPrefix(b[xref:], []byte("xref\n")) {
		t.Fatalf("startxref does not point at the xref table: %v", err)
	}
	lines := strings.Split(string(b[xref:]), "\n")
	var n int
	if _, err := fmt.Sscanf(lines[1], "0 %d", &n); err != nil {
		t.Fatal(err)
	}
	for obj := 1; obj < n; obj++ {
		off, _ := strconv.Atoi(strings.Fields(lines[2+obj])[0])
		if !bytes.HasPrefix(b[off:], []byte(strconv.Itoa(obj)+" 0 obj")) {
			t.Fatalf("xref entry %d points at %.20q", obj, b[off:])
		}
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		return ""
	}
	f := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(f, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", f, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v: %s", err, out)
	}
	return string(out)
}

// The documents the core insurance simulator links to open: each is a small PDF naming the
// reference, the policy number and the insured; a travel contract has a travel certificate and no
// brown card.
func TestIssuedDocumentsOpen(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	partner := creds.Partners[0].APIKey

	autoCt := create(t, c, partner, autoBody("DK-DOC-1", nil))
	r := c.do("POST", "/api/v1/partner/contracts/voyage/classic", voyageBody(nil), key(partner)...)
	expect(t, "travel", r, 201, "")
	var trip created
	r.json(t, &trip)
	expect(
		t,
		"a document before issuance",
		c.do("GET", "/sandbox/documents/"+autoCt.Reference+"/attestation.pdf", nil),
		404,
		"not_found",
	)

	type issuance struct {
		NumeroPolice string
		Liens        map[string]string
	}
	issued := func(ct created) issuance {
		pay(t, ct.Payment.PaymentURL, "paid")
		var v struct {
			ContractStatus string
			Issuance       issuance
		}
		waitFor(t, 15*time.Second, ct.Reference+" ACTIVE", func() bool {
			c.do("GET", "/api/v1/partner/contracts/requests/"+ct.Reference, nil, key(partner)...).json(t, &v)
			return v.ContractStatus == "ACTIVE"
		})
		return v.Issuance
	}
	open := func(url string) []byte {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" || len(b) > 8<<10 {
			t.Fatalf("%s: %d %s, %d bytes", url, resp.StatusCode, resp.Header.Get("Content-Type"), len(b))
		}
		return b
	}

	a := issued(autoCt)
	if len(a.Liens) != 2 || a.Liens["linkAttestation"] == "" || a.Liens["linkCarteBrune"] == "" {
		t.Fatalf("auto liens = %v", a.Liens)
	}
	for link, title := range map[string]string{"linkAttestation": "Attestation d'assurance automobile",
		"linkCarteBrune": "Carte brune CEDEAO"} {
		b := open(a.Liens[link])
		for _, want := range []string{autoCt.Reference, a.NumeroPolice, "CLI-001", "DK-DOC-1"} {
			if !bytes.Contains(b, []byte(want)) {
				t.Errorf("%s does not name %s", link, want)
			}
		}
		if text := checkPDF(t, b); text != "" &&
			(!strings.Contains(text, title) || !strings.Contains(text, "Assuré (code client) : CLI-001")) {
			t.Errorf("%s reads %q", link, text)
		}
	}

	v := issued(trip)
	if len(v.Liens) != 1 || v.Liens["linkAttestation"] == "" {
		t.Fatalf("travel liens = %v, want a travel certificate only", v.Liens)
	}
	b := open(v.Liens["linkAttestation"])
	for _, want := range []string{trip.Reference, v.NumeroPolice, "CLI-9", "P1234567"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("travel certificate does not name %s", want)
		}
	}
	if text := checkPDF(t, b); text != "" && !strings.Contains(text, "Certificat d'assurance voyage") {
		t.Errorf("travel certificate reads %q", text)
	}
	expect(
		t,
		"a trip's brown card",
		c.do("GET", "/sandbox/documents/"+trip.Reference+"/carte-brune.pdf", nil),
		404,
		"not_found",
	)
	expect(
		t,
		"an unknown reference",
		c.do("GET", "/sandbox/documents/AUT-20260101-AAAAAAAA/attestation.pdf", nil),
		404,
		"not_found",
	)

	// A document opens only through its link (the reference alone, or another token, is not enough),
	// and the link ends.
	link, _ := strings.CutPrefix(v.Liens["linkAttestation"], local.URL)
	path, query, _ := strings.Cut(link, "?")
	expect(t, "the document without its link's token", c.do("GET", path, nil), 404, "not_found")
	forged := strings.Replace(query, "token=", "token=x", 1)
	expect(t, "another token", c.do("GET", path+"?"+forged, nil), 404, "not_found")
	expect(t, "the link", c.do("GET", link, nil), 200, "")
	skip(t, local, coreinsurance.DocumentLinkTTL+time.Minute)
	expect(t, "the link once expired", c.do("GET", link, nil), 410, "gone")
}
