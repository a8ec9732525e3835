// Package coreinsurance provides the simulator of the core insurance system, served in the local and
// sandbox stages: deterministic prices, issued policy numbers, and magic values for testing failure
// paths, like test card numbers. A registration number (auto) or passport number (travel) starting
// with FAIL- is refused on the first issuance attempt and issued on a replay; one starting with
// FLAKY- answers 502 to the first two attempts, then issues.
package coreinsurance

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Simulator is the core insurance system of the local and sandbox stages.
type Simulator struct {
	DocumentsURL string // base of the document links; the sandbox serves them (Document)
	Now          func() time.Time
}

// DocumentLinkTTL is how long the simulator's document links open: they carry the insured's
// codes (and a traveller's passport number), so a link is a capability that ends.
const DocumentLinkTTL = 7 * 24 * time.Hour

const currency = "XOF"

// annual premiums of the auto categories, and daily rates of the travel categories.
var autoBase = map[string]int64{"510": 48000, "520": 86000, "530": 124000, "540": 62000, "550": 16000}

// Price prices a request: net premium from the category, power and duration (auto) or the trip's
// length (travel); fixed accessories; 14.5 % tax and a 2 % guarantee-fund levy on the net premium.
func (s Simulator) Price(_ context.Context, c contracts.Contract) (contracts.Pricing, error) {
	var net int64
	switch c.Product {
	case contracts.ProductAuto:
		var a contracts.Auto
		if err := json.Unmarshal(c.Data, &a); err != nil || a.Pfs == nil || a.Dure == nil {
			return contracts.Pricing{}, fault.New(fault.Invalid, "The contract cannot be priced.")
		}
		net = autoBase[a.Cat] * (100 + int64(*a.Pfs)/5) / 100 * int64(*a.Dure) / 12
	case contracts.ProductVoyage:
		var v contracts.Voyage
		if err := json.Unmarshal(c.Data, &v); err != nil || v.Duree == nil {
			return contracts.Pricing{}, fault.New(fault.Invalid, "The contract cannot be priced.")
		}
		net = 1500 * int64(*v.Duree)
		if v.Zn == "SCHENGEN" || v.Zn == "MONDE" {
			net = net * 3 / 2
		}
	}
	p := contracts.Pricing{
		NetPremium:    net,
		Accessories:   2500,
		Taxes:         net * 145 / 1000,
		GuaranteeFund: net * 2 / 100,
		Currency:      currency,
	}
	p.Total = p.NetPremium + p.Accessories + p.Taxes + p.GuaranteeFund
	return p, nil
}

// Issue issues the contract, or fails it as its magic value says.
func (s Simulator) Issue(_ context.Context, c contracts.Contract, attempt int) (contracts.Issuance, error) {
	switch {
	case strings.HasPrefix(c.Subject, "FAIL-") && attempt == 1:
		return contracts.Issuance{}, &fault.Error{Kind: fault.Invalid, Code: "CORE_REFUSED",
			Detail: "The core insurance system refused the contract (simulated by FAIL-)."}
	case strings.HasPrefix(c.Subject, "FLAKY-") && attempt <= 2:
		return contracts.Issuance{}, &fault.Error{
			Kind:       fault.Upstream,
			Detail:     "The core insurance system is unavailable (simulated by FLAKY-).",
			Extensions: map[string]any{"provider": "core-insurance", "upstreamStatus": 502},
		}
	}
	ref := c.Reference
	now := time.Now()
	if s.Now != nil {
		now = s.Now()
	}
	// A link is its document's path, its expiry and a random token of 128 bits: the contract
	// stores the links it was given, and the sandbox opens only those, until they expire.
	capability := "?" + url.Values{"expires": {strconv.FormatInt(now.Add(DocumentLinkTTL).Unix(), 10)},
		"token": {strings.ToLower(rand.Text())}}.Encode()
	i := contracts.Issuance{
		ContractID:      "CT-" + ref,
		NumeroPolice:    "POL-" + ref,
		NumeroFacture:   "FAC-" + ref,
		LinkAttestation: s.DocumentsURL + "/" + ref + "/" + DocAttestation + capability,
	}
	if c.Product == contracts.ProductAuto {
		// The brown card is the vehicle's ECOWAS insurance card: a trip has none.
		i.LinkCarteBrune = s.DocumentsURL + "/" + ref + "/" + DocCarteBrune + capability
	}
	return i, nil
}
