package main

import "image/color"

// document is one synthetic identity document: what the manifest records and what the renderer
// draws. The MRZ lines are written out in full, check digits included, and validate checks them.
type document struct {
	ID     string
	Type   string // passport, id_card, residence_permit, visa, driving_licence
	Format string // TD1, TD2, TD3, MRVA, MRVB, FRA_ID
	MRZ    []string
	// Expected is what a correct extraction returns.
	Expected fields
	Notes    string

	// For the printed side only.
	State      string // the issuer's name in the header
	Title      string // the document's name in the header
	Birthplace string
	Issued     string // YYYY-MM-DD
	Authority  string
	Tint       color.RGBA // background
}

// fields is the manifest's "expected" object. Dates are YYYY-MM-DD; fillers in names become
// spaces; optional data has its trailing fillers removed. OptionalData2 is TD1's second optional
// field (line 2); for FRA_ID OptionalData is the issuing office's code (line 1, positions 31-36).
type fields struct {
	DocumentCode   string `json:"documentCode"`
	IssuingCountry string `json:"issuingCountry"`
	Surname        string `json:"surname"`
	GivenNames     string `json:"givenNames"`
	DocumentNumber string `json:"documentNumber"`
	Nationality    string `json:"nationality"`
	DateOfBirth    string `json:"dateOfBirth"`
	ExpiryDate     string `json:"expiryDate"`
	Sex            string `json:"sex"`
	OptionalData   string `json:"optionalData"`
	OptionalData2  string `json:"optionalData2,omitempty"`
}

var (
	paleBlue   = color.RGBA{226, 236, 246, 255}
	palePink   = color.RGBA{246, 230, 234, 255}
	paleGreen  = color.RGBA{228, 242, 230, 255}
	paleYellow = color.RGBA{246, 242, 222, 255}
	paleViolet = color.RGBA{236, 230, 246, 255}
)

// documents is the one source of truth of testdata/extraction/manifest.json. The ICAO entries are
// the specimens of ICAO Doc 9303 (the fictitious state Utopia, UTO); the others are fictitious
// people with real issuing states.
var documents = []document{
	{
		ID: "icao-td3", Type: "passport", Format: "TD3",
		MRZ: []string{
			"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
			"L898902C36UTO7408122F1204159ZE184226B<<<<<10",
		},
		Expected: fields{DocumentCode: "P", IssuingCountry: "UTO", Surname: "ERIKSSON", GivenNames: "ANNA MARIA",
			DocumentNumber: "L898902C3", Nationality: "UTO", DateOfBirth: "1974-08-12", ExpiryDate: "2012-04-15",
			Sex: "F", OptionalData: "ZE184226B"},
		Notes: "ICAO 9303 part 4 specimen; expired",
		State: "UTOPIA", Title: "PASSPORT / PASSEPORT", Birthplace: "ZENITH", Issued: "2002-04-16",
		Authority: "PASSPORT OFFICE", Tint: paleBlue,
	},
	{
		ID: "icao-td1", Type: "id_card", Format: "TD1",
		MRZ: []string{
			"I<UTOD231458907<<<<<<<<<<<<<<<",
			"7408122F1204159UTO<<<<<<<<<<<6",
			"ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
		},
		Expected: fields{DocumentCode: "I", IssuingCountry: "UTO", Surname: "ERIKSSON", GivenNames: "ANNA MARIA",
			DocumentNumber: "D23145890", Nationality: "UTO", DateOfBirth: "1974-08-12", ExpiryDate: "2012-04-15",
			Sex: "F"},
		Notes: "ICAO 9303 part 5 specimen; expired",
		State: "UTOPIA", Title: "IDENTITY CARD", Birthplace: "ZENITH", Issued: "2002-04-16",
		Authority: "ZENITH", Tint: paleGreen,
	},
	{
		ID: "icao-td2", Type: "id_card", Format: "TD2",
		MRZ: []string{
			"I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
			"D231458907UTO7408122F1204159<<<<<<<6",
		},
		Expected: fields{DocumentCode: "I", IssuingCountry: "UTO", Surname: "ERIKSSON", GivenNames: "ANNA MARIA",
			DocumentNumber: "D23145890", Nationality: "UTO", DateOfBirth: "1974-08-12", ExpiryDate: "2012-04-15",
			Sex: "F"},
		Notes: "ICAO 9303 part 6 specimen; expired",
		State: "UTOPIA", Title: "IDENTITY CARD", Birthplace: "ZENITH", Issued: "2002-04-16",
		Authority: "ZENITH", Tint: paleYellow,
	},
	{
		ID: "icao-mrva", Type: "visa", Format: "MRVA",
		MRZ: []string{
			"V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
			"L8988901C4XXX4009078F96121096ZE184226B<<<<<<",
		},
		Expected: fields{DocumentCode: "V", IssuingCountry: "UTO", Surname: "ERIKSSON", GivenNames: "ANNA MARIA",
			DocumentNumber: "L8988901C", Nationality: "XXX", DateOfBirth: "1940-09-07", ExpiryDate: "1996-12-10",
			Sex: "F", OptionalData: "6ZE184226B"},
		Notes: "ICAO 9303 part 7 MRV-A specimen; nationality XXX (unspecified); expired",
		State: "UTOPIA", Title: "VISA", Birthplace: "", Issued: "1994-12-10",
		Authority: "CONSULATE ZENITH", Tint: palePink,
	},
	{
		ID: "icao-mrvb", Type: "visa", Format: "MRVB",
		MRZ: []string{
			"V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
			"L8988901C4XXX4009078F9612109<<<<<<<<",
		},
		Expected: fields{DocumentCode: "V", IssuingCountry: "UTO", Surname: "ERIKSSON", GivenNames: "ANNA MARIA",
			DocumentNumber: "L8988901C", Nationality: "XXX", DateOfBirth: "1940-09-07", ExpiryDate: "1996-12-10",
			Sex: "F"},
		Notes: "ICAO 9303 part 7 MRV-B specimen; nationality XXX (unspecified); expired",
		State: "UTOPIA", Title: "VISA", Birthplace: "", Issued: "1994-12-10",
		Authority: "CONSULATE ZENITH", Tint: palePink,
	},
	{
		ID: "fra-id", Type: "id_card", Format: "FRA_ID",
		MRZ: []string{
			"IDFRABERNARD<<<<<<<<<<<<<<<<<<751012",
			"1403751084238CAMILLE<<LEA<<9012053F0",
		},
		Expected: fields{DocumentCode: "ID", IssuingCountry: "FRA", Surname: "BERNARD", GivenNames: "CAMILLE LEA",
			DocumentNumber: "140375108423", Nationality: "FRA", DateOfBirth: "1990-12-05", ExpiryDate: "",
			Sex: "F", OptionalData: "751012"},
		Notes: "French identity card of 1988-2021 (2×36, no expiry date in the MRZ)",
		State: "RÉPUBLIQUE FRANÇAISE", Title: "CARTE NATIONALE D'IDENTITÉ", Birthplace: "PARIS 12E (75)",
		Issued: "2014-03-18", Authority: "PRÉFECTURE DE POLICE DE PARIS", Tint: paleBlue,
	},
	{
		ID: "fra-ir", Type: "residence_permit", Format: "TD1",
		MRZ: []string{
			"IRFRATS48291733<<<<<<<<<<<<<<<",
			"9207307M2802116MAR<<<<<<<<<<<4",
			"EL<AMRANI<<YOUSSEF<<<<<<<<<<<<",
		},
		Expected: fields{DocumentCode: "IR", IssuingCountry: "FRA", Surname: "EL AMRANI", GivenNames: "YOUSSEF",
			DocumentNumber: "TS4829173", Nationality: "MAR", DateOfBirth: "1992-07-30", ExpiryDate: "2028-02-11",
			Sex: "M"},
		Notes: "residence permit (code IR) issued by France to a Moroccan national",
		State: "RÉPUBLIQUE FRANÇAISE", Title: "TITRE DE SÉJOUR", Birthplace: "CASABLANCA (MAR)",
		Issued: "2024-02-12", Authority: "PRÉFECTURE DU RHÔNE", Tint: paleViolet,
	},
	{
		ID: "fra-passport", Type: "passport", Format: "TD3",
		MRZ: []string{
			"P<FRAMARTIN<<CLAIRE<ELODIE<<<<<<<<<<<<<<<<<<",
			"18CO047129FRA8803218F3306149<<<<<<<<<<<<<<<4",
		},
		Expected: fields{DocumentCode: "P", IssuingCountry: "FRA", Surname: "MARTIN", GivenNames: "CLAIRE ELODIE",
			DocumentNumber: "18CO04712", Nationality: "FRA", DateOfBirth: "1988-03-21", ExpiryDate: "2033-06-14",
			Sex: "F"},
		Notes: "document number with both the letter O and the digit 0; unused personal number with filler check digit",
		State: "RÉPUBLIQUE FRANÇAISE", Title: "PASSEPORT / PASSPORT", Birthplace: "LYON (69)",
		Issued: "2023-06-15", Authority: "PRÉFECTURE DU RHÔNE", Tint: palePink,
	},
	{
		ID: "esp-passport", Type: "passport", Format: "TD3",
		MRZ: []string{
			"P<ESPGARCIA<MARTINEZ<<LUCIA<<<<<<<<<<<<<<<<<",
			"XDA4719036ESP7911037F210519412345678Z<<<<<38",
		},
		Expected: fields{DocumentCode: "P", IssuingCountry: "ESP", Surname: "GARCIA MARTINEZ", GivenNames: "LUCIA",
			DocumentNumber: "XDA471903", Nationality: "ESP", DateOfBirth: "1979-11-03", ExpiryDate: "2021-05-19",
			Sex: "F", OptionalData: "12345678Z"},
		Notes: "expired; two-part surname; personal number (DNI) in the optional data",
		State: "REINO DE ESPAÑA", Title: "PASAPORTE / PASSPORT", Birthplace: "SEVILLA",
		Issued: "2011-05-20", Authority: "DGP 41001", Tint: paleYellow,
	},
	{
		ID: "ita-id", Type: "id_card", Format: "TD1",
		MRZ: []string{
			"CIITACA12345BB1<<<<<<<<<<<<<<<",
			"8504179M3109122ITA<<<<<<<<<<<0",
			"ROSSI<<MARCO<GIUSEPPE<<<<<<<<<",
		},
		Expected: fields{DocumentCode: "CI", IssuingCountry: "ITA", Surname: "ROSSI", GivenNames: "MARCO GIUSEPPE",
			DocumentNumber: "CA12345BB", Nationality: "ITA", DateOfBirth: "1985-04-17", ExpiryDate: "2031-09-12",
			Sex: "M"},
		Notes: "Italian electronic identity card (document code CI)",
		State: "REPUBBLICA ITALIANA", Title: "CARTA DI IDENTITÀ", Birthplace: "TORINO (TO)",
		Issued: "2021-09-13", Authority: "COMUNE DI TORINO", Tint: paleGreen,
	},
	{
		ID: "nld-id", Type: "id_card", Format: "TD1",
		MRZ: []string{
			"I<NLDIHK4R7PN29999999990<<<<<<",
			"6702236M3009082NLD<<<<<<<<<<<6",
			"DE<VRIES<<JAN<PIETER<<<<<<<<<<",
		},
		Expected: fields{DocumentCode: "I", IssuingCountry: "NLD", Surname: "DE VRIES", GivenNames: "JAN PIETER",
			DocumentNumber: "IHK4R7PN2", Nationality: "NLD", DateOfBirth: "1967-02-23", ExpiryDate: "2030-09-08",
			Sex: "M", OptionalData: "999999990"},
		Notes: "citizen service number (BSN) in line 1's optional data; surname with a particle",
		State: "KONINKRIJK DER NEDERLANDEN", Title: "IDENTITEITSKAART", Birthplace: "UTRECHT",
		Issued: "2020-09-09", Authority: "BURGEMEESTER VAN UTRECHT", Tint: paleBlue,
	},
}
