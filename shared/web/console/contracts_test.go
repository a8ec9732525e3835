package console

import (
	"net/http"
	"strings"
	"testing"

	"github.com/trustline/platform/sdk/go/partner"
)

// failedIssuance is a paid request whose issuance failed, as an administrator reads it.
const failedIssuance = `{"reference": "REF-1", "partnerId": "prt_1", "partnerName": "Assur Plus", "product": "auto",
	"contractStatus": "ISSUANCE_FAILED",
	"pricing": {"netPremium": 10000, "taxes": 1450, "accessories": 500, "guaranteeFund": 50, "total": 12000,
		"currency": "XOF"},
	"payment": {"paymentUrl": "https://pay.example/REF-1", "expiresAt": "2026-11-28T10:00:00Z", "status": "paid"},
	"issuance": {"errorCode": "UPSTREAM_TIMEOUT", "error": "the insurer did not answer"},
	"createdAt": "2026-11-28T09:00:00Z", "updatedAt": "2026-11-28T09:05:00Z", "paidAt": "2026-11-28T09:02:00Z",
	"history": [{"step": "requested", "at": "2026-11-28T09:00:00Z"}, {"step": "paid", "at": "2026-11-28T09:02:00Z"},
		{"step": "issuance_failed", "at": "2026-11-28T09:05:00Z", "detail": "UPSTREAM_TIMEOUT"}]}`

// issued is an issued request with its documents, as its partner reads it.
const issued = `{"reference": "REF-2", "partnerId": "prt_1", "product": "voyage", "contractStatus": "ACTIVE",
	"pricing": {"netPremium": 5000, "taxes": 725, "accessories": 0, "guaranteeFund": 0, "total": 5725,
		"currency": "XOF"},
	"payment": {"paymentUrl": "https://pay.example/REF-2", "expiresAt": "2026-11-28T10:00:00Z", "status": "paid"},
	"issuance": {"contractId": "CT-9", "numeroPolice": "POL-9", "numeroFacture": "FAC-9",
		"liens": {"linkAttestation": "https://docs.example/attestation.pdf"}},
	"createdAt": "2026-11-28T09:00:00Z", "updatedAt": "2026-11-28T09:06:00Z", "paidAt": "2026-11-28T09:02:00Z",
	"history": [{"step": "requested", "at": "2026-11-28T09:00:00Z"}, {"step": "issued", "at": "2026-11-28T09:06:00Z"}]}`

// An administrator reads a failed request's timeline, its partner, the issuance's error, and
// the replay and refund it waits for.
func TestContractPageForAnAdministrator(t *testing.T) {
	p := newContractPage(answer[partner.ContractStatus](t, failedIssuance))
	html := render(t, "contract", &session{Role: "admin"}, p)
	for _, want := range []string{`href="/console/admin/partners/prt_1">Assur Plus</a> (prt_1)`,
		"12000 XOF (net premium 10000, taxes 1450)", "Requested: priced, payment link sent",
		"Issuance failed: UPSTREAM_TIMEOUT", "since 2026-11-28 09:05:00 UTC", "UPSTREAM_TIMEOUT: the insurer did not answer",
		`action="/console/admin/contracts/REF-1/replay"`, `href="/console/admin/contracts/REF-1/refund"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "Payment page") || strings.Contains(html, "Webhook deliveries") {
		t.Errorf("a paid request shows its payment link, or an administrator a partner's deliveries:\n%s", html)
	}
}

// A partner reads an issued request's documents and the deliveries about it, and no action.
func TestContractPageForItsPartner(t *testing.T) {
	p := newContractPage(answer[partner.ContractStatus](t, issued))
	p.Deliveries = answer[partner.DeliveryPage](t, `{"data": [{"deliveryId": "dl_1", "event": "contract.issued",
		"reference": "REF-2", "status": "SUCCEEDED", "createdAt": "2026-11-28T09:06:00Z", "attempts": []}]}`).Data
	html := render(t, "contract", &session{Role: "partner"}, p)
	for _, want := range []string{"<dd>CT-9</dd>", "<dd>POL-9</dd>", "<dd>FAC-9</dd>",
		`href="https://docs.example/attestation.pdf">Certificate of insurance`, "contract.issued · REF-2"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q:\n%s", want, html)
		}
	}
	for _, unwanted := range []string{"Brown card", "/replay", "Partner</dt>"} {
		if strings.Contains(html, unwanted) {
			t.Errorf("the partner's page shows %q (a document not made, an action or its own name)", unwanted)
		}
	}
}

// The attention queue names each request's partner, and offers the action each one waits for.
func TestQueuePage(t *testing.T) {
	page := answer[contractList](t, `{"data": [`+failedIssuance+`, `+strings.Replace(issued, `"status": "paid"`,
		`"status": "paid_after_failure"`, 1)+`], "nextCursor": null}`)
	html := render(t, "queue", &session{Role: "admin"},
		newListPage(getRequest("/console/admin/queue?partnerId=prt_1"), page.Data, page.NextCursor))
	for _, want := range []string{`>Assur Plus</a> <span class="hint">prt_1</span>`, ">prt_1</a>",
		"ISSUANCE_FAILED", "paid_after_failure", `action="/console/admin/contracts/REF-1/replay"`,
		`href="/console/admin/contracts/REF-2/refund"`, `name="partnerId" value="prt_1"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the queue lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "REF-2/replay") {
		t.Error("an issued request is offered a replay")
	}
}

// A refund asks first, naming the amount and the partner.
func TestRefundAsksWithTheAmount(t *testing.T) {
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(failedIssuance)) })
	r := getRequest("/console/admin/contracts/REF-1/refund")
	r.SetPathValue("reference", "REF-1")
	q, err := c.askRefund(r, &session{Role: "admin"})
	if err != nil || q.Question != "Refund REF-1 (12000 XOF) of Assur Plus?" {
		t.Errorf("askRefund = %q, %v", q.Question, err)
	}
}

// A partner's list shows each request's product, status and total, and keeps its filters.
func TestContractsList(t *testing.T) {
	page := answer[contractList](t, `{"data": [`+issued+`], "nextCursor": "c2"}`)
	r := getRequest("/console/contracts?product=voyage")
	html := render(t, "contracts", &session{Role: "partner"}, newListPage(r, page.Data, page.NextCursor))
	for _, want := range []string{`href="/console/contracts/REF-2"`, "voyage", "status-ACTIVE", "5725 XOF",
		`<option value="voyage" selected>`, `href="/console/contracts?cursor=c2&amp;product=voyage" rel="next"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the list lacks %q:\n%s", want, html)
		}
	}
}
