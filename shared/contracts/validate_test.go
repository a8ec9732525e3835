package contracts

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/fault"
)

// allCodes accepts every code, so the fuzzer explores decoding and the other rules.
type allCodes struct{}

func (allCodes) Has(string, string, string) bool { return true }

func FuzzValidate(f *testing.F) {
	f.Add(`{"cliCode":"C","cat":"550","scatCode":"011","carrCode":"ROU","nrg":"E","pfs":150,"nbP":2,"dure":12,"effet":"01/01/2099","numImmat":"X","mqCode":"YAMA","modele":"M"}`, true)
	f.Add(`{"cliCode":"C","zn":"AFRIQUE","duree":10,"effet":"01/01/2099","numPassport":"P","dtDeliv":"01/01/2020","dtExpir":"01/01/2040","lieuNais":"Dakar","lieuDepart":"SN","lieuDest":"FR"}`, false)
	f.Add(`{"pfs":"many"}`, true)
	f.Add(`[]`, false)
	f.Add(`null`, true)
	today := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, contract string, auto bool) {
		product := ProductVoyage
		if auto {
			product = ProductAuto
		}
		req := Request{ReturnURL: "https://partner.example/r", CancelURL: "https://partner.example/c", Contract: json.RawMessage(contract)}
		c, err := Validate(product, req, allCodes{}, today)
		if err != nil {
			e := fault.As(err)
			if e.Kind != fault.Invalid || len(e.InvalidParams) == 0 {
				t.Fatalf("error %v is not an Invalid fault with invalidParams", err)
			}
			for _, p := range e.InvalidParams {
				if !strings.Contains(p, ":") {
					t.Fatalf("invalidParams entry %q does not name its field", p)
				}
			}
			return
		}
		if c.Product != product || len(c.Data) == 0 {
			t.Fatalf("accepted %q as %+v", contract, c)
		}
	})
}
