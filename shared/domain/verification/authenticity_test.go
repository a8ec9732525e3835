package verification

import (
	"image"
	"testing"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/vision/recapture"
)

func TestSpecimenWords(t *testing.T) {
	page := func(lines ...string) Input { return Input{Document: passport(), PageWords: lines} }
	runCases(t, GroupAuthenticity, codeSpecimenWords, []outcomeCase{
		{"a page", page("RÉPUBLIQUE FRANÇAISE", "PASSEPORT", "Nom/Surname", "DUPONT"), Pass, "no specimen word in 4 lines"},
		{"SPECIMEN", page("PASSPORT", "SPECIMEN"), Fail, "reads SPECIMEN"},
		{"SPÉCIMEN", page("Carte nationale d'identité", "spécimen"), Fail, "reads SPECIMEN"},
		{"letter-spaced", page("S P E C I M E N"), Fail, "reads SPECIMEN"},
		{"ESPÉCIMEN", page("ESPÉCIMEN"), Fail, "reads ESPECIMEN"},
		{"MUSTER", page("Reisepass MUSTER"), Fail, "reads MUSTER"},
		{"MUESTRA", page("MUESTRA"), Fail, "reads MUESTRA"},
		{"CAMPIONE", page("CAMPIONE"), Fail, "reads CAMPIONE"},
		{"MODELO", page("MODELO"), Fail, "reads MODELO"},
		{"WZÓR", page("WZÓR"), Fail, "reads WZOR"},
		{"VZOR", page("vzor"), Fail, "reads VZOR"},
		{"MINTA", page("MINTA"), Fail, "reads MINTA"},
		{"ВЗОР", page("ВЗОР"), Fail, "reads ВЗОР"},
		{"ΔΕΙΓΜΑ", page("Δείγμα"), Fail, "reads ΔΕΙΓΜΑ"},
		{"inside a longer word", page("MUSTERMANN"), Pass, "no specimen word"},
		{"the holder's own name", Input{PageWords: []string{"Nom: MINTA"},
			Document: with(func(r *extraction.Result) { r.ExtractedData.Surname = field("MINTA") })},
			Pass, "no specimen word"},
		{"no words given", Input{Document: passport()}, Inconclusive, "no text of the page"},
		{"no words read", page(), Inconclusive, "no text of the page"},
	})
}

func TestSpecimenState(t *testing.T) {
	runCases(t, GroupAuthenticity, codeSpecimenState, []outcomeCase{
		{"France", Input{Document: passport()}, Pass, "not UTO"},
		{"Utopia", Input{Document: with(func(r *extraction.Result) { r.ExtractedData.IssuingCountry = field("UTO") })},
			Fail, "issued by UTO"},
		{"a Utopian", Input{Document: with(func(r *extraction.Result) { r.ExtractedData.Nationality = field("UTO") })},
			Fail, "issued by UTO"},
		{"none read", Input{Document: with(func(r *extraction.Result) {
			r.ExtractedData.IssuingCountry, r.ExtractedData.Nationality = nil, nil
		})}, Inconclusive, "no issuing state"},
	})
}

// holder is a passport of state with a holder and a number.
func holder(state, surname, given, birth, number string) Input {
	return Input{Document: with(func(r *extraction.Result) {
		d := &r.ExtractedData
		d.IssuingCountry, d.Nationality = field(state), field(state)
		d.Surname, d.GivenNames = field(surname), field(given)
		d.DateOfBirth, d.DocumentNumber = field(birth), field(number)
	})}
}

func TestSpecimenIdentity(t *testing.T) {
	runCases(t, GroupAuthenticity, codeSpecimenIdentity, []outcomeCase{
		{"a holder", Input{Document: passport()}, Pass, "none of"},
		{"Erika Mustermann", holder("DEU", "MUSTERMANN", "ERIKA", "1964-08-12", "T01000322"), Fail,
			"the holder is the DEU specimen's"},
		{"Erika Mustermann's passport number", holder("DEU", "SCHMIDT", "ANNA", "1980-01-01", "C01X00T47"), Fail,
			"the number C01X00T47 is the DEU specimen's"},
		{"the 2010 card, read with O for 0", holder("DEU", "SCHMIDT", "ANNA", "1980-01-01", "T22OOO129"), Fail,
			"is the DEU specimen's"},
		{"the ICAO example", holder("UTO", "ERIKSSON", "ANNA MARIA", "1974-08-12", "L898902C3"), Fail,
			"is the UTO specimen's"},
		{"the ICAO example's holder, another number", holder("UTO", "ERIKSSON", "ANNA MARIA", "1974-08-12",
			"X1234567"), Fail, "the holder is the UTO specimen's"},
		{"a real Anna Maria Eriksson", holder("SWE", "ERIKSSON", "ANNA MARIA", "1991-02-03", "91234567"), Pass,
			"none of"},
		{"Willeke de Bruijn", holder("NLD", "DE BRUIJN", "WILLEKE LISELOTTE", "1965-03-10", "SPECI2014"), Fail,
			"SPECI2014 is a specimen's"},
		{"a later Dutch specimen", holder("NLD", "JANSEN", "PIETER", "1970-01-01", "SPECI2021"), Fail,
			"SPECI2021 is a specimen's"},
		{"Maëlys-Gaëlle Martin", holder("FRA", "MARTIN", "Maëlys-Gaëlle Marie", "1990-07-13", "AB1234567"), Fail,
			"the holder is the FRA specimen's"},
		{"another Martin", holder("FRA", "MARTIN", "CLAIRE ELODIE", "1988-03-21", "18CO04712"), Pass, "none of"},
		{"Carmen Española Española", holder("ESP", "ESPAÑOLA ESPAÑOLA", "CARMEN", "1980-01-01", "BAB000000"), Fail,
			"the holder is the ESP specimen's"},
		{"the UK's Angela Zoe", holder("GBR", "UK SPECIMEN", "ANGELA ZOE", "1988-12-04", "533401372"), Fail,
			"the holder's name reads SPECIMEN"},
		{"Happy Traveler", holder("USA", "TRAVELER", "HAPPY", "1965-02-05", "E00007730"), Fail,
			"the holder is the USA specimen's"},
		{"the Dutch specimen citizen number", Input{Document: with(func(r *extraction.Result) {
			r.ExtractedData.PersonalNumber = field("999999990")
		})}, Fail, "the number 999999990 is the NLD specimen's"},
		{"nothing read", Input{Document: with(func(r *extraction.Result) {
			r.ExtractedData.Surname, r.ExtractedData.GivenNames, r.ExtractedData.DocumentNumber = nil, nil, nil
		})}, Inconclusive, "no name and no number"},
	})
}

// A specimen declines however the rest goes: its image retaken, its face unmatched.
func TestSpecimenDeclines(t *testing.T) {
	in := holder("UTO", "ERIKSSON", "ANNA MARIA", "1974-08-12", "L898902C3")
	in.Now = day
	in.Document.Quality.Status, in.Document.Quality.Reasons = "retake", []string{"blurred"}
	in.Document.ExtractedData.UnknownCountryCodes = []string{"UTO"}
	for _, p := range Policies() {
		d, reasons := Decide(p, Run(in))
		if d != Declined || !contains(reasons, "specimen_document") {
			t.Errorf("%s: %s %q", p, d, reasons)
		}
	}
}

func TestPortrait(t *testing.T) {
	noFace := func(r *extraction.Result) { r.Portrait = nil }
	td1 := func(r *extraction.Result) {
		noFace(r)
		r.ExtractedData.DocumentType.Value, r.ExtractedData.MRZ.Format = "id_card", "TD1"
	}
	runCases(t, GroupAuthenticity, codePortrait, []outcomeCase{
		{"found", Input{Document: passport()}, Pass, "a face of 260×330 pixels"},
		{"none on a passport", Input{Document: with(noFace)}, Fail, "no face on a TD3 page"},
		{"none on a licence", Input{Document: func() *extraction.Result { r := licence(); r.Portrait = nil; return r }()},
			Fail, "front of a driving licence"},
		{"none on a card's back", Input{Document: with(td1)}, NotApplicable, "a TD1 zone"},
		{"no extraction", Input{}, Inconclusive, noExtraction},
	})
}

func TestRecaptureOutcome(t *testing.T) {
	for _, tt := range []struct {
		v    recapture.Verdict
		want Result
	}{
		{recapture.Verdict{Score: 0.9, Recaptured: true, Tiles: 12, Evidence: "a grid"}, Fail},
		{recapture.Verdict{Score: 0.1, Tiles: 12, Evidence: "no periodic structure"}, Pass},
		{recapture.Verdict{Evidence: "too small or too flat to tell"}, Inconclusive},
	} {
		if o := recaptureOutcome(tt.v); o.result != tt.want || o.detail == "" {
			t.Errorf("%+v: %s %q, want %s", tt.v, o.result, o.detail, tt.want)
		}
	}
	// A flat image has nothing to tell by; a page photographed on paper is no recapture.
	runCases(t, GroupAuthenticity, codeRecapture, []outcomeCase{
		{"flat", Input{Page: image.NewGray(image.Rect(0, 0, 400, 300))}, Inconclusive, "too small or too flat"},
		{"a paper photo", Input{File: extractionFile(t, "icao-td3-tilt.jpg")}, Pass, "score"},
		{"no image", Input{}, Inconclusive, "no document image"},
	})
}

func TestEditingSoftware(t *testing.T) {
	photoshop := jpegWith(t, byte(0xE1), []byte(xmpHeader+xmpPacket))
	runCases(t, GroupAuthenticity, codeEditingSoftware, []outcomeCase{
		{"Photoshop", Input{File: photoshop}, Fail, `XMP CreatorTool names Adobe Photoshop: "Adobe Photoshop 25.0 (Windows)"`},
		{"GIMP", Input{File: pngWith(t, "tEXt", "Comment\x00Created with GIMP")}, Fail, "names GIMP"},
		{"a phone", Input{File: jpegWith(t, byte(0xE1), append([]byte(exifHeader), tiff(0x0131, "Android 14")...))},
			Pass, "no image editor in 1 metadata fields"},
		{"stripped", Input{File: plainJPEG(t)}, Pass, "no software metadata"},
		{"no file", Input{}, Inconclusive, "no document file"},
	})
	// Editing software alone reviews, in every policy.
	in := Input{Now: day, Document: passport(), File: photoshop}
	for _, p := range Policies() {
		if d, reasons := Decide(p, Run(in)); d == Declined || !contains(reasons, "editing_software") {
			t.Errorf("%s: %s %q", p, d, reasons)
		}
	}
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
