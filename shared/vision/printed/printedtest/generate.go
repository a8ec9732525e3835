package printedtest

import (
	"fmt"
	"image"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Option narrows what Generate and At draw.
type Option func(*options)

type options struct {
	kinds  []Kind
	clean  bool
	photo  image.Image
	number string
	expiry time.Time
}

// Kinds draws pages of the given kinds only, in their usual proportions.
func Kinds(k ...Kind) Option { return func(o *options) { o.kinds = k } }

// Clean leaves every page clean: the same documents, drawn the same way, with no degradation.
func Clean() Option { return func(o *options) { o.clean = true } }

// Photo prints photo as the holder's portrait (cropped to its proportions) instead of the grey
// placeholder: a page whose portrait a face detector finds and a face matcher compares. The
// documents and their layout stay those of the same seed and index without it.
func Photo(photo image.Image) Option { return func(o *options) { o.photo = photo } }

// Number gives the document this number, in both zones, instead of the one drawn: two pages of
// one issuer with one number and two holders are a document used twice.
func Number(n string) Option { return func(o *options) { o.number = n } }

// ExpiresOn gives the document this expiry date, in both zones, instead of the one drawn: a test
// that judges pages on today's date, not on Reference's, keeps valid documents every year.
func ExpiresOn(t time.Time) Option { return func(o *options) { o.expiry = t } }

// Generate returns n pages drawn from seed: At(seed, i, opts...) for i from 0 to n-1, generated
// in parallel. A page takes 3 to 7 MB (an RGBA image of up to 1.7 million pixels): for large sets
// call At page by page, as infra/pagegen does.
func Generate(seed int64, n int, opts ...Option) []Page {
	pages := make([]Page, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				pages[i] = At(seed, i, opts...)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return pages
}

// The random streams of a page: each phase draws from its own, so that Clean changes only the
// condition and a new layout choice does not reshuffle the documents.
const (
	streamKind = iota + 1
	streamContent
	streamStyle
	streamCondition
	streamFont
)

// kindShare is each kind's share of a set.
var kindShare = map[Kind]float64{Passport: 0.4, IDCard: 0.25, ResidencePermit: 0.1, DrivingLicence: 0.25}

// At returns page i of the set drawn from seed: the same page whatever the set's size, so
// Generate(seed, n)[i] is At(seed, i) for every n > i. Options must be the same to get the same
// page; Clean gives the same document undegraded.
func At(seed int64, i int, opts ...Option) Page {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	kinds := o.kinds
	if len(kinds) == 0 {
		kinds = AllKinds
	}
	weights := make([]float64, len(kinds))
	for k, kind := range kinds {
		weights[k] = kindShare[kind]
	}
	kind := kinds[newRNG(seed, i, streamKind).weighted(weights...)]

	d := newDoc(newRNG(seed, i, streamContent), kind)
	d.override(o)
	sr := newRNG(seed, i, streamStyle)
	st := newStyle(sr, d)
	st.fonts = newRNG(seed, i, streamFont)
	var c *canvas
	switch kind {
	case Passport:
		c = drawPassport(sr, d, st)
	case DrivingLicence:
		c = drawLicence(sr, d, st)
	default:
		c = drawCard(sr, d, st)
	}
	if o.photo != nil {
		c.photograph(o.photo)
	}
	s := degrade(newRNG(seed, i, streamCondition), c, o.clean)

	img := s.image()
	kindName := strings.ReplaceAll(string(kind), "_", "-")
	t := Truth{
		ID:            fmt.Sprintf("%04d-%s-%s", i, kindName, strings.ToLower(d.iss.code)),
		Kind:          kind,
		Issuer:        d.iss.code,
		Font:          st.fam.name,
		Condition:     s.condition(),
		Width:         img.Bounds().Dx(),
		Height:        img.Bounds().Dy(),
		MRZ:           d.mrz,
		Disagreements: append([]string{}, d.disagree...),
		MRZFields:     d.mrzFields(),
	}
	for k, b := range s.boxes() {
		l := c.lines[k].Line
		l.Box = b
		t.Lines = append(t.Lines, l)
		if l.Role == RoleValue {
			for _, f := range strings.Split(l.Field, ",") {
				d.setField(&t.Fields, f)
			}
		}
	}
	return Page{Image: img, Truth: t, jpeg: s.jpeg}
}

// setField sets the truth of a printed field: the value as printed, dates as ISO, sex as M or F.
func (d *doc) setField(f *Fields, name string) {
	iso := func(t time.Time) string { return t.Format(time.DateOnly) }
	switch name {
	case FieldDocumentCode:
		f.DocumentCode = d.code
	case FieldIssuingState:
		f.IssuingState = d.iss.mrzCode
		if d.kind == DrivingLicence {
			f.IssuingState = d.iss.sign
		}
	case FieldSurname:
		f.Surname = d.surname
	case FieldGivenNames:
		f.GivenNames = d.given
	case FieldDocumentNumber:
		f.DocumentNumber = d.number
	case FieldNationality:
		f.Nationality = d.nationText
	case FieldDateOfBirth:
		f.DateOfBirth = iso(d.birth)
	case FieldSex:
		f.Sex = string(d.sex)
	case FieldPlaceOfBirth:
		f.PlaceOfBirth = d.place
	case FieldIssueDate:
		f.IssueDate = iso(d.issued)
	case FieldExpiryDate:
		f.ExpiryDate = iso(d.expiry)
	case FieldIssuingAuthority:
		f.IssuingAuthority = d.authority
	case FieldPersonalNumber:
		f.PersonalNumber = d.personal
	case FieldCategories:
		f.Categories = append([]string{}, d.categories...)
	default:
		panic("printedtest: no truth for field " + name) // a layout names a field this switch forgot
	}
}
