package contracts

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// allCodes accepts every code, so the fuzzer explores decoding and the other rules.
type allCodes struct{}

func (allCodes) Has(string, string, string) bool { return true }

func FuzzValidate(f *testing.F) {
	f.Add(
		`{"cliCode":"C","cat":"550","scatCode":"011","carrCode":"ROU","nrg":"E","pfs":150,"nbP":2,"dure":12,"effet":"01/01/2099","numImmat":"X","mqCode":"YAMA","modele":"M"}`,
		true,
	)
	f.Add(
		`{"cliCode":"C","zn":"AFRIQUE","duree":10,"effet":"01/01/2099","numPassport":"P","dtDeliv":"01/01/2020","dtExpir":"01/01/2040","lieuNais":"Dakar","lieuDepart":"SN","lieuDest":"FR"}`,
		false,
	)
	f.Add(`{"pfs":"many"}`, true)
	f.Add(`[]`, false)
	f.Add(`null`, true)
	today := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, contract string, auto bool) {
		product := ProductVoyage
		if auto {
			product = ProductAuto
		}
		req := Request{
			ReturnURL: "https://partner.example/r",
			CancelURL: "https://partner.example/c",
			Contract:  json.RawMessage(contract),
		}
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

// noCodes fails the test when a code is looked up: an overlong field is refused before that.
type noCodes struct{ t *testing.T }

func (c noCodes) Has(list, _, _ string) bool { c.t.Errorf("looked up %s", list); return false }

// Every string of a contract object is bounded (the maxLength of the OpenAPI document): one over
// its bound is refused, naming it, before a code is looked up, a price asked or a link opened.
func TestValidateBoundsEveryString(t *testing.T) {
	today := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		product Product
		body    string
		want    string
	}{
		{ProductAuto,
			`{"cliCode":"C","cat":"550","scatCode":"011","carrCode":"ROU","nrg":"E","pfs":150,"nbP":2,"dure":12,"effet":"01/01/2099","numImmat":"` + strings.Repeat("X", 300<<10) + `","mqCode":"YAMA","modele":"M"}`,
			"contract.numImmat: at most 32 characters (307200 sent)"},
		{ProductAuto, `{"modele":"` + strings.Repeat("é", 65) + `"}`,
			"contract.modele: at most 64 characters (65 sent)"},
		{ProductVoyage, `{"lieuNais":"` + strings.Repeat("D", 101) + `"}`,
			"contract.lieuNais: at most 100 characters (101 sent)"},
		{ProductVoyage, `{"lieuDest":"FRAN"}`, "contract.lieuDest: at most 3 characters (4 sent)"},
	} {
		t.Run(tt.want, func(t *testing.T) {
			req := Request{
				ReturnURL: "https://partner.example/r",
				CancelURL: "https://partner.example/c",
				Contract:  json.RawMessage(tt.body),
			}
			_, err := Validate(tt.product, req, noCodes{t}, today)
			if e := fault.As(err); e == nil || e.Kind != fault.Invalid ||
				strings.Join(e.InvalidParams, "|") != tt.want {
				t.Errorf("Validate = %v, want Invalid %q", err, tt.want)
			}
		})
	}
}

// A value of the wrong type is one problem among the others, not the only one reported; and a
// number outside its range says so rather than calling it missing.
func TestValidateReportsEveryProblemAtOnce(t *testing.T) {
	today := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	const valid = `"cliCode":"C","cat":"550","scatCode":"011","carrCode":"ROU","nrg":"E","pfs":150,"effet":"01/01/2099","numImmat":"X","modele":"M"`
	for _, tt := range []struct {
		name     string
		product  Product
		contract string
		want     []string
	}{
		{"two type errors and a missing field", ProductAuto, `{` + valid + `,"nbP":"5","dure":"x"}`,
			[]string{"contract.dure: must be an integer", "contract.nbP: must be an integer",
				"contract.mqCode: required"}},
		{"nbP 0", ProductAuto, `{` + valid + `,"nbP":0,"dure":12,"mqCode":"YAMA"}`,
			[]string{"contract.nbP: out of range, 1 to 100 seats (0 sent)"}},
		{"nbP missing", ProductAuto, `{` + valid + `,"dure":12,"mqCode":"YAMA"}`,
			[]string{"contract.nbP: required, 1 to 100 seats"}},
		{"dure 13 and an unknown field", ProductAuto, `{` + valid +
			`,"nbP":2,"dure":13,"mqCode":"YAMA","colour":"red"}`,
			[]string{"contract.colour: not a field of this request",
				"contract.dure: out of range, 1 to 12 months (13 sent)"}},
		{"a name in another case", ProductAuto, `{` + valid + `,"NBP":2,"dure":12,"mqCode":"YAMA"}`, nil},
		{"duree of the wrong type beside a missing zone", ProductVoyage,
			`{"cliCode":"C","duree":"15","effet":"01/01/2099","numPassport":"P","dtDeliv":"01/01/2020","dtExpir":"01/01/2110","lieuNais":"Dakar","lieuDepart":"SN","lieuDest":"FR"}`,
			[]string{"contract.duree: must be an integer", "contract.zn: required"}},
		{"not an object", ProductAuto, `[1]`, []string{"contract: must be an object"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := Request{
				ReturnURL: "https://partner.example/r",
				CancelURL: "https://partner.example/c",
				Contract:  json.RawMessage(tt.contract),
			}
			_, err := Validate(tt.product, req, allCodes{}, today)
			var got []string
			if e := fault.As(err); e != nil {
				got = slices.Sorted(slices.Values(e.InvalidParams))
			}
			if want := slices.Sorted(slices.Values(tt.want)); !slices.Equal(got, want) {
				t.Errorf("invalidParams = %q, want %q", got, want)
			}
		})
	}
}
