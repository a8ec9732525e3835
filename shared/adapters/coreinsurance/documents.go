package coreinsurance

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/pdf"
)

// Document names of the simulator's links: every contract has a certificate (an auto insurance
// certificate, or a travel certificate), and an auto contract its ECOWAS brown card as well.
const (
	DocAttestation = "attestation.pdf"
	DocCarteBrune  = "carte-brune.pdf"
)

// OpenDocument checks a request for one of a contract's documents against the link the simulator
// gave for it (query is the request's raw query): NotFound unless the token is that link's, Gone
// once the link has expired.
func OpenDocument(c contracts.Contract, name, query string, now time.Time) error {
	notFound := fault.New(fault.NotFound, "No such document: open the link the contract's issuance gives (liens).")
	if c.Issuance == nil {
		return notFound
	}
	var link string
	switch name {
	case DocAttestation:
		link = c.Issuance.LinkAttestation
	case DocCarteBrune:
		link = c.Issuance.LinkCarteBrune
	}
	given, err := url.Parse(link)
	if link == "" || err != nil {
		return notFound
	}
	want, got := given.Query(), parseQuery(query)
	if want.Get("token") == "" ||
		subtle.ConstantTimeCompare([]byte(got.Get("token")), []byte(want.Get("token"))) != 1 ||
		got.Get("expires") != want.Get("expires") {
		return notFound
	}
	if expires, err := strconv.ParseInt(want.Get("expires"), 10, 64); err != nil || !now.Before(time.Unix(expires, 0)) {
		return fault.Newf(
			fault.Gone,
			"This sandbox document link expired (links open for %s after issuance).",
			DocumentLinkTTL,
		)
	}
	return nil
}

func parseQuery(q string) url.Values {
	v, _ := url.ParseQuery(q)
	return v
}

// Document renders one of the documents the simulator issued for an issued contract, as a one-page
// PDF naming the reference, the policy number and the insured. NotFound for a contract not issued,
// or a document it does not have (a travel contract has no brown card).
func Document(c contracts.Contract, name string) ([]byte, error) {
	if c.Issuance == nil || c.Issuance.NumeroPolice == "" {
		return nil, fault.New(fault.NotFound, "No document: this request has no issued contract.")
	}
	var title string
	var lines []string
	switch {
	case c.Product == contracts.ProductAuto && (name == DocAttestation || name == DocCarteBrune):
		var a contracts.Auto
		_ = json.Unmarshal(c.Data, &a)
		title = "Attestation d'assurance automobile"
		if name == DocCarteBrune {
			title = "Carte brune CEDEAO (ECOWAS Brown Card)"
		}
		lines = []string{
			"Assuré (code client) : " + a.CliCode,
			"Véhicule : " + a.NumImmat + " (" + strings.TrimSpace(a.MqCode+" "+a.Modele) + ")",
			fmt.Sprintf("Effet : %s, pour %d mois", a.Effet, deref(a.Dure)),
		}
	case c.Product == contracts.ProductVoyage && name == DocAttestation:
		var v contracts.Voyage
		_ = json.Unmarshal(c.Data, &v)
		title = "Certificat d'assurance voyage"
		lines = []string{
			"Assuré (code client) : " + v.CliCode + ", passeport " + v.NumPassport,
			"Zone : " + v.Zn + ", de " + v.LieuDepart + " à " + v.LieuDest,
			fmt.Sprintf("Effet : %s, pour %d jours", v.Effet, deref(v.Duree)),
		}
	default:
		return nil, fault.Newf(fault.NotFound, "No document %s for this %s contract.", name, c.Product)
	}
	head := []string{
		"Référence : " + c.Reference,
		"Police n° : " + c.Issuance.NumeroPolice,
		"Contrat : " + c.Issuance.ContractID,
	}
	foot := []string{"", "Sandbox : spécimen émis par le simulateur, sans valeur d'assurance."}
	return textPDF(title, append(append(head, lines...), foot...)), nil
}

func deref(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

// textPDF writes a one-page A4 PDF with a title and lines of text, in the standard Helvetica fonts
// (no font embedded) and WinAnsi encoding, so the accents of the French labels print and the text
// can be searched and copied.
func textPDF(title string, lines []string) []byte {
	var content bytes.Buffer
	fmt.Fprintf(&content, "BT /F2 18 Tf 56 770 Td (%s) Tj ET\n", pdfString(title))
	y := 730
	for _, l := range lines {
		fmt.Fprintf(&content, "BT /F1 12 Tf 56 %d Td (%s) Tj ET\n", y, pdfString(l))
		y -= 20
	}
	f := pdf.New()
	f.Object("<< /Type /Catalog /Pages 2 0 R >>", nil)
	f.Object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil)
	f.Object(
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
		nil,
	)
	f.Object(fmt.Sprintf("<< /Length %d >>", content.Len()), content.Bytes())
	f.Object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>", nil)
	f.Object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>", nil)
	info := f.Object(
		fmt.Sprintf("<< /Title (%s) /Producer (Trustline core insurance simulator) >>", pdfString(title)),
		nil,
	)
	return f.Bytes(info)
}

// pdfString escapes s for a PDF literal string in WinAnsi encoding: Latin-1 letters are the same
// code points there; anything else, and control characters, print as '?'.
func pdfString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\' || r == '(' || r == ')':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f, r >= 0xa0 && r <= 0xff:
			b.WriteByte(byte(r))
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}
