package verification

// specimenWords are the words issuers print across a specimen, folded (upper case, no accents):
// SPECIMEN (English, French SPÉCIMEN, Romanian, Dutch, Swedish...), ESPECIMEN (Spanish ESPÉCIMEN),
// MUSTER (German), MUESTRA (Spanish), CAMPIONE (Italian), MODELO (Portuguese, Spanish), WZOR
// (Polish WZÓR), VZOR (Czech, Slovak), VZOREC (Slovene), UZORAK (Croatian, Serbian), MINTA
// (Hungarian), NAIDIS (Estonian NÄIDIS), PARAUGS (Latvian), PAVYZDYS (Lithuanian), SAMPLE (United
// States licences), ВЗОР and ОБРАЗЕЦ (Cyrillic), ΔΕΙΓΜΑ (Greek).
var specimenWords = []string{
	"SPECIMEN", "ESPECIMEN", "MUSTER", "MUESTRA", "CAMPIONE", "MODELO", "WZOR", "VZOR", "VZOREC",
	"UZORAK", "MINTA", "NAIDIS", "PARAUGS", "PAVYZDYS", "SAMPLE", "ВЗОР", "ОБРАЗЕЦ", "ΔΕΙΓΜΑ",
}

// spacedSpecimen is the word found in a line with its spaces taken out: specimens print it
// letter-spaced across the page ("S P E C I M E N"), and no name or word of a document holds it.
const spacedSpecimen = "SPECIMEN"

// specimenState is ICAO Doc 9303's Utopia, the state of its examples and of many issuers'
// specimens.
const specimenState = "UTO"

// specimen is a well-known specimen document's holder and numbers, as the issuer published it.
type specimen struct {
	state      string // ISO 3166-1 alpha-3, UTO for ICAO's examples
	surname    string // the MRZ's form
	givenNames string // the first given names, the MRZ's form
	// births are the specimens' dates of birth: a name a real person may bear (ANNA MARIA
	// ERIKSSON) is a specimen's only with one of them; distinctive names need none.
	births      []string
	distinctive bool
	numbers     []string // document and personal numbers
}

// specimens are the specimen holders and numbers issuers and ICAO publish, which fraudsters and
// testers submit as they are.
var specimens = []specimen{
	// ICAO Doc 9303 part 4 (TD3), 5 (TD1), 6 (TD2) and 7 (MRV): Anna Maria Eriksson of Utopia.
	{state: "UTO", surname: "ERIKSSON", givenNames: "ANNA MARIA", births: []string{"1974-08-12", "1940-09-07"},
		numbers: []string{"L898902C3", "D23145890", "L8988901C"}},
	// Germany: Erika Mustermann on every document since the 1980s; the passport's C01X00T47 and
	// C11T002JM, the identity cards' T22000129 (2010) and L01X00T47 (2021).
	{state: "DEU", surname: "MUSTERMANN", givenNames: "ERIKA", distinctive: true,
		numbers: []string{"C01X00T47", "C11T002JM", "T22000129", "L01X00T47"}},
	// The Netherlands: Willeke Liselotte de Bruijn, passport and identity card SPECI2014, the
	// specimen citizen service number 999999990.
	{state: "NLD", surname: "DE BRUIJN", givenNames: "WILLEKE LISELOTTE", births: []string{"1965-03-10"},
		numbers: []string{"SPECI2014", "999999990"}},
	// France: Maëlys-Gaëlle Marie Martin, identity card of 2021, X4RTBPFW4.
	{state: "FRA", surname: "MARTIN", givenNames: "MAELYS GAELLE", births: []string{"1990-07-13"},
		numbers: []string{"X4RTBPFW4"}},
	// Spain: Carmen Española Española, DNI 99999999R, cards BAA000589, passport ZAB000254.
	{state: "ESP", surname: "ESPANOLA ESPANOLA", givenNames: "CARMEN", distinctive: true,
		numbers: []string{"99999999R", "BAA000589", "ZAB000254"}},
	// The United Kingdom: Angela Zoe UK Specimen (its surname holds SPECIMEN too).
	{state: "GBR", surname: "UK SPECIMEN", givenNames: "ANGELA ZOE", distinctive: true},
	// The United States: Happy Traveler, passport specimens of several series.
	{state: "USA", surname: "TRAVELER", givenNames: "HAPPY", distinctive: true},
	// The Czech Republic: Vzor Specimen, passport 99009054.
	{state: "CZE", surname: "SPECIMEN", givenNames: "VZOR", distinctive: true, numbers: []string{"99009054"}},
	// Italy: the electronic identity card's specimen number CA00000AA.
	{state: "ITA", numbers: []string{"CA00000AA"}},
}

// specimenNumberPrefix starts the Netherlands' specimen numbers (SPECI2014, SPECI2021): no
// document number of a real holder starts so.
const specimenNumberPrefix = "SPECI"
