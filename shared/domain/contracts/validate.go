package contracts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/textlimit"
)

// DateLayout is the format of every date of a contract object: day/month/year, as the spec
// gives for effet; the travel dates (dtDeliv, dtExpir) use it too.
const DateLayout = "02/01/2006"

// Auto is the contract object of an auto request.
type Auto struct {
	CliCode  string   `json:"cliCode"  maxLength:"32"`
	Cat      string   `json:"cat"      maxLength:"16"`
	ScatCode string   `json:"scatCode" maxLength:"16"`
	CarrCode string   `json:"carrCode" maxLength:"16"`
	Nrg      string   `json:"nrg"      maxLength:"16"`
	Pfs      *float64 `json:"pfs"`
	NbP      *int     `json:"nbP"`
	Dure     *int     `json:"dure"`
	Effet    string   `json:"effet"    maxLength:"10"`
	NumImmat string   `json:"numImmat" maxLength:"32"`
	MqCode   string   `json:"mqCode"   maxLength:"16"`
	Modele   string   `json:"modele"   maxLength:"64"`
}

// Voyage is the contract object of a travel request.
type Voyage struct {
	CliCode     string `json:"cliCode"     maxLength:"32"`
	Zn          string `json:"zn"          maxLength:"16"`
	Duree       *int   `json:"duree"`
	Effet       string `json:"effet"       maxLength:"10"`
	NumPassport string `json:"numPassport" maxLength:"32"`
	DtDeliv     string `json:"dtDeliv"     maxLength:"10"`
	DtExpir     string `json:"dtExpir"     maxLength:"10"`
	LieuNais    string `json:"lieuNais"    maxLength:"100"`
	LieuDepart  string `json:"lieuDepart"  maxLength:"3"`
	LieuDest    string `json:"lieuDest"    maxLength:"3"`
}

// Codes tells whether a reference code exists: list is a reference list name, parent the parent
// code for dependent lists.
type Codes interface {
	Has(list, parent, code string) bool
}

// Request is the body of a creation request.
type Request struct {
	ReturnURL string          `json:"returnUrl" maxLength:"2048"`
	CancelURL string          `json:"cancelUrl" maxLength:"2048"`
	Contract  json.RawMessage `json:"contract"`
}

// MaxPfs bounds pfs, the vehicle's power: engine size in cm³ for two-wheelers (the 125 of the power
// rule), fiscal horsepower for cars. No road vehicle comes near it; above it the premium, which grows
// with pfs, would overflow.
const MaxPfs = 10000

// MaxAmount bounds every amount of a price, in the currency's units: far above any premium, far
// below the range where sums of amounts overflow.
const MaxAmount = 1_000_000_000

type problems []string

func (p *problems) add(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

// Validate checks a request for product and returns the contract to price, or an Invalid fault
// with one invalidParams entry per problem, each naming its field.
func Validate(product Product, req Request, codes Codes, today time.Time) (Contract, error) {
	var p problems
	checkReturnURL(&p, "returnUrl", req.ReturnURL)
	checkReturnURL(&p, "cancelUrl", req.CancelURL)
	c := Contract{Product: product, ReturnURL: req.ReturnURL, CancelURL: req.CancelURL, Data: req.Contract}
	if len(bytes.TrimSpace(req.Contract)) == 0 || string(bytes.TrimSpace(req.Contract)) == "null" {
		p.add("contract: required")
		return c, p.err()
	}
	switch product {
	case ProductAuto:
		var a Auto
		taken, ok := decodeObject(&p, req.Contract, &a)
		if !ok {
			return c, p.err()
		}
		if long := textlimit.Check(&a, "contract"); len(long) > 0 {
			return c, append(p, long...).err() // before any look-up, and long before a price or a link
		}
		var rules problems
		validateAuto(&rules, a, codes, today)
		p = append(p, rules.except(taken)...)
		c.Subject = a.NumImmat
	case ProductVoyage:
		var v Voyage
		taken, ok := decodeObject(&p, req.Contract, &v)
		if !ok {
			return c, p.err()
		}
		if long := textlimit.Check(&v, "contract"); len(long) > 0 {
			return c, append(p, long...).err()
		}
		var rules problems
		validateVoyage(&rules, v, codes, today)
		p = append(p, rules.except(taken)...)
		c.Subject = v.NumPassport
	}
	return c, p.err()
}

// decodeObject decodes the contract object into the struct dst one field at a time, so that a
// value of the wrong type does not hide the problems of the other fields: each field that is not
// of its documented type, and each name that is no field of dst, is one entry of p. It returns the
// fields so reported, whose value the rules must not judge again (a string sent for nbP is not
// also a missing nbP), and ok false when the contract is not an object at all. Names match as
// encoding/json matches them: exactly, else regardless of case.
func decodeObject(p *problems, data json.RawMessage, dst any) (reported map[string]bool, ok bool) {
	var object map[string]json.RawMessage
	if err := json.Unmarshal(data, &object); err != nil {
		p.add("%s", decodeProblem(err))
		return nil, false
	}
	v := reflect.ValueOf(dst).Elem()
	t := v.Type()
	fields := make(map[string]int, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		fields[name] = i
	}
	// Sorted, so invalidParams lists the entries in the same order on every request.
	names := make([]string, 0, len(object))
	for name := range object {
		names = append(names, name)
	}
	slices.Sort(names)
	reported = map[string]bool{}
	for _, name := range names {
		field, known := name, false
		if _, known = fields[name]; !known {
			for f := range fields {
				if strings.EqualFold(f, name) {
					field, known = f, true
					break
				}
			}
		}
		if !known {
			p.add("contract.%s: not a field of this request", name)
			reported[name] = true
			continue
		}
		if err := json.Unmarshal(object[name], v.Field(fields[field]).Addr().Interface()); err != nil {
			if entry, ok := fault.JSONProblem("contract."+field, err); ok {
				p.add("%s", entry)
			} else {
				p.add("contract.%s: %s", field, strings.TrimPrefix(err.Error(), "json: "))
			}
			reported[field] = true
		}
	}
	return reported, true
}

// except drops the entries about fields already reported.
func (p problems) except(reported map[string]bool) problems {
	out := p[:0:0]
	for _, entry := range p {
		field, _, _ := strings.Cut(strings.TrimPrefix(entry, "contract."), ":")
		if !reported[field] {
			out = append(out, entry)
		}
	}
	return out
}

func (p problems) err() error {
	if len(p) == 0 {
		return nil
	}
	return &fault.Error{Kind: fault.Invalid, Detail: "The contract request is invalid.", InvalidParams: p}
}

func decodeProblem(err error) string {
	if entry, ok := fault.JSONProblem("contract", err); ok {
		return entry
	}
	return "contract: " + strings.TrimPrefix(err.Error(), "json: ")
}

func required(p *problems, field, v string) bool {
	if strings.TrimSpace(v) == "" {
		p.add("contract.%s: required", field)
		return false
	}
	return true
}

// between checks a required count: missing is required, out of range says the range and the
// value sent.
func between(p *problems, field string, v *int, lo, hi int, unit string) {
	switch {
	case v == nil:
		p.add("contract.%s: required, %d to %d %s", field, lo, hi, unit)
	case *v < lo || *v > hi:
		p.add("contract.%s: out of range, %d to %d %s (%d sent)", field, lo, hi, unit, *v)
	}
}

func date(p *problems, field, v string) (time.Time, bool) {
	if !required(p, field, v) {
		return time.Time{}, false
	}
	d, err := time.Parse(DateLayout, v)
	if err != nil {
		p.add("contract.%s: must be a date dd/mm/yyyy", field)
		return time.Time{}, false
	}
	return d, true
}

func validateAuto(p *problems, a Auto, codes Codes, today time.Time) {
	for field, v := range map[string]string{"cliCode": a.CliCode, "nrg": a.Nrg, "numImmat": a.NumImmat,
		"modele": a.Modele} {
		required(p, field, v)
	}
	if required(p, "cat", a.Cat) && !codes.Has("categories", "AUTO", a.Cat) {
		p.add("contract.cat: %q is not an auto category (GET /api/v1/reference/categories?brCode=AUTO)", a.Cat)
	}
	if required(p, "scatCode", a.ScatCode) && !codes.Has("sub-categories", a.Cat, a.ScatCode) {
		p.add("contract.scatCode: %q is not a sub-category of category %q", a.ScatCode, a.Cat)
	}
	if required(p, "carrCode", a.CarrCode) && !codes.Has("body-types", a.ScatCode, a.CarrCode) {
		p.add("contract.carrCode: %q is not a body type of sub-category %q", a.CarrCode, a.ScatCode)
	}
	if required(p, "mqCode", a.MqCode) && !codes.Has("brands", "", a.MqCode) {
		p.add("contract.mqCode: %q is not a brand code", a.MqCode)
	}
	switch {
	case a.Pfs == nil:
		p.add("contract.pfs: required")
	case *a.Pfs <= 0 || *a.Pfs > MaxPfs:
		p.add("contract.pfs: must be greater than 0 and at most %d", MaxPfs)
	case a.Cat == "550" && a.ScatCode == "011" && *a.Pfs <= 125:
		p.add("contract.pfs: must be greater than 125 for category 550 with scatCode 011")
	case a.Cat == "550" && a.ScatCode == "010" && *a.Pfs > 125:
		p.add("contract.pfs: must be at most 125 for category 550 with scatCode 010")
	}
	between(p, "nbP", a.NbP, 1, 100, "seats")
	between(p, "dure", a.Dure, 1, 12, "months")
	if d, ok := date(p, "effet", a.Effet); ok && d.Before(today) {
		p.add("contract.effet: must not be in the past")
	}
}

func validateVoyage(p *problems, v Voyage, codes Codes, today time.Time) {
	for field, val := range map[string]string{"cliCode": v.CliCode, "numPassport": v.NumPassport,
		"lieuNais": v.LieuNais} {
		required(p, field, val)
	}
	if required(p, "zn", v.Zn) && !codes.Has("zones", "", v.Zn) {
		p.add("contract.zn: %q is not a travel zone (GET /api/v1/reference/zones)", v.Zn)
	}
	for field, val := range map[string]string{"lieuDepart": v.LieuDepart, "lieuDest": v.LieuDest} {
		if required(p, field, val) && !codes.Has("countries", "", val) {
			p.add("contract.%s: %q is not an ISO 3166 country code (GET /api/v1/reference/countries)", field, val)
		}
	}
	between(p, "duree", v.Duree, 1, 365, "days")
	effet, okEffet := date(p, "effet", v.Effet)
	if okEffet && effet.Before(today) {
		p.add("contract.effet: must not be in the past")
	}
	deliv, okDeliv := date(p, "dtDeliv", v.DtDeliv)
	if okDeliv && deliv.After(today) {
		p.add("contract.dtDeliv: must not be in the future")
	}
	expir, okExpir := date(p, "dtExpir", v.DtExpir)
	if okExpir && okDeliv && !expir.After(deliv) {
		p.add("contract.dtExpir: must be after dtDeliv")
	}
	if okExpir && okEffet && v.Duree != nil && expir.Before(effet.AddDate(0, 0, *v.Duree)) {
		p.add("contract.dtExpir: the passport must be valid until the end of the trip")
	}
}

// checkReturnURL admits absolute https URLs to a public host name: where the end user's browser
// is sent after paying, never an internal address.
func checkReturnURL(p *problems, field, raw string) {
	if raw == "" {
		p.add("%s: required", field)
		return
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		p.add("%s: must be an absolute https URL", field)
		return
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); ip != nil || !strings.Contains(host, ".") || strings.HasSuffix(host, ".local") ||
		strings.HasSuffix(host, ".internal") ||
		host == "localhost" {
		p.add("%s: must name a public host", field)
	}
}
