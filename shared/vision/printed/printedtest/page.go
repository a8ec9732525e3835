package printedtest

import (
	"bytes"
	"image"
	"image/png"
)

// Kind is the kind of document a page shows.
type Kind string

// The kinds of document, as Truth.Kind names them.
const (
	Passport        Kind = "passport"         // TD3 data page, MRZ of 2×44
	IDCard          Kind = "id_card"          // TD1 card, MRZ of 3×30 below the printed fields
	ResidencePermit Kind = "residence_permit" // TD1 card issued to a foreign national
	DrivingLicence  Kind = "driving_licence"  // EU card model of Directive 2006/126/EC, no MRZ
)

// AllKinds lists every kind, in the order of their shares of a set (passports first).
var AllKinds = []Kind{Passport, IDCard, ResidencePermit, DrivingLicence}

// The field names of Fields, Line.Field, Truth.Disagreements and Truth.MRZFields.
const (
	FieldDocumentCode     = "documentCode"
	FieldIssuingState     = "issuingState"
	FieldSurname          = "surname"
	FieldGivenNames       = "givenNames"
	FieldDocumentNumber   = "documentNumber"
	FieldNationality      = "nationality"
	FieldDateOfBirth      = "dateOfBirth"
	FieldSex              = "sex"
	FieldPlaceOfBirth     = "placeOfBirth"
	FieldIssueDate        = "issueDate"
	FieldExpiryDate       = "expiryDate"
	FieldIssuingAuthority = "issuingAuthority"
	FieldPersonalNumber   = "personalNumber"
	FieldCategories       = "categories"
	// FieldSignature is the field a licence's "7." labels: a scribble, no text value.
	FieldSignature = "signature"
)

// The roles of a printed line (Line.Role).
const (
	RoleTitle = "title" // the document's name, the state's name
	RoleLabel = "label" // a field's label or zone number ("Surname/Nom", "4a.", "01")
	RoleValue = "value" // a field's value as printed
	RoleMRZ   = "mrz"   // one line of the machine-readable zone
	RoleOther = "other" // anything else printed
)

// Fields are a page's values as printed: text exactly as on the page, dates as ISO 8601
// (YYYY-MM-DD) whatever their printed form, Sex as M or F whatever its printed form ("F/F",
// "K/F"), Categories one entry per licence category. Only the fields printed on the page are set.
type Fields struct {
	DocumentCode     string   `json:"documentCode,omitempty"` // passports' Type: P
	IssuingState     string   `json:"issuingState,omitempty"` // passports' Code (D, FRA), licences' sign (D, PL)
	Surname          string   `json:"surname,omitempty"`
	GivenNames       string   `json:"givenNames,omitempty"`
	DocumentNumber   string   `json:"documentNumber,omitempty"` // licences: field 5
	Nationality      string   `json:"nationality,omitempty"`    // as printed: DEUTSCH, Française, UKR
	DateOfBirth      string   `json:"dateOfBirth,omitempty"`
	Sex              string   `json:"sex,omitempty"`
	PlaceOfBirth     string   `json:"placeOfBirth,omitempty"`
	IssueDate        string   `json:"issueDate,omitempty"`
	ExpiryDate       string   `json:"expiryDate,omitempty"`
	IssuingAuthority string   `json:"issuingAuthority,omitempty"`
	PersonalNumber   string   `json:"personalNumber,omitempty"` // as printed: 120385-2389, 1234.56.782
	Categories       []string `json:"categories,omitempty"`
}

// Line is one printed line of text and where it is. Box is [x0, y0, x1, y1] in the final image's
// pixels (x1, y1 exclusive): the ink's bounding box as rendered, carried through the
// degradation; for a tilted or slanted page, the upright box around the transformed one. Field
// is the Fields name a label or value belongs to ("dateOfBirth,placeOfBirth" for a licence's
// field 3, which prints both on one line; "signature" for its "7."); empty for titles and MRZ.
type Line struct {
	Text  string `json:"text"`
	Box   [4]int `json:"box"`
	Role  string `json:"role"`
	Field string `json:"field,omitempty"`
}

// Truth is what a page shows: its kind and issuer, how it was drawn, the values printed, the
// MRZ, and every printed line with its box.
type Truth struct {
	ID        string `json:"id"`
	Kind      Kind   `json:"kind"`
	Issuer    string `json:"issuer"`    // ISO 3166-1 alpha-3 of the issuing state: DEU
	Font      string `json:"font"`      // the family labels and values are set in: DejaVu Serif Condensed
	Condition string `json:"condition"` // clean, or the degradation steps joined by +: tilt-3+jpeg85
	Width     int    `json:"width"`
	Height    int    `json:"height"`
	Fields    Fields `json:"fields"`
	// MRZ is the zone's lines (absent from licences); its check digits are valid.
	MRZ []string `json:"mrz,omitempty"`
	// Disagreements names the fields whose printed value differs from the MRZ's; empty on a
	// consistent page.
	Disagreements []string `json:"disagreements"`
	// MRZFields holds, for the disagreeing fields only, the MRZ's value: dates ISO, names as
	// mrz.Parse returns them (transliterated, fillers as spaces).
	MRZFields *Fields `json:"mrzFields,omitempty"`
	Lines     []Line  `json:"lines"`
}

// Page is one generated page: the image and its truth. Photo conditions were JPEG-compressed:
// Image is then the decoded JPEG, the very pixels Encode's file gives.
type Page struct {
	Image image.Image
	Truth Truth
	jpeg  []byte
}

// Encode returns the page's file: "<id>.jpg" with the JPEG bytes for a photo condition,
// "<id>.png" otherwise.
func (p *Page) Encode() (name string, data []byte, err error) {
	if p.jpeg != nil {
		return p.Truth.ID + ".jpg", p.jpeg, nil
	}
	var b bytes.Buffer
	err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, p.Image)
	return p.Truth.ID + ".png", b.Bytes(), err
}
