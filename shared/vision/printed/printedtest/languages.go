package printedtest

// language is what a document prints in one language: its field labels and month abbreviations.
type language struct {
	code   string
	labels map[string]string // by a Field name or one of the keys below
	months [12]string        // upper case, as printed in dates such as "13 LIP/JUL 2006"
}

// The label keys: the Fields JSON names, plus passportNumber and cardNumber (the document
// number's label differs between booklets and cards) and signature.
const (
	keyPassportNumber = "passportNumber"
	keyCardNumber     = "cardNumber"
	keySignature      = "signature"
)

// The languages labels are printed in. Each issuer prints its own first, then English and often
// French (ICAO 9303 part 4 asks for English, French or Spanish beside the national language).
var (
	german = &language{code: "de", labels: map[string]string{
		FieldDocumentCode: "Typ", FieldIssuingState: "Kode",
		keyPassportNumber: "Pass-Nr.", keyCardNumber: "Ausweis-Nr.",
		FieldSurname: "Name", FieldGivenNames: "Vornamen", FieldNationality: "Staatsangehörigkeit",
		FieldDateOfBirth: "Geburtstag", FieldSex: "Geschlecht", FieldPlaceOfBirth: "Geburtsort",
		FieldIssueDate: "Ausstellungsdatum", FieldIssuingAuthority: "Behörde", FieldExpiryDate: "Gültig bis",
		FieldPersonalNumber: "Persönliche Nr.", keySignature: "Unterschrift",
	}, months: [12]string{"JAN", "FEB", "MÄR", "APR", "MAI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEZ"}}
	english = &language{code: "en", labels: map[string]string{
		FieldDocumentCode: "Type", FieldIssuingState: "Code",
		keyPassportNumber: "Passport No.", keyCardNumber: "Document No.",
		FieldSurname: "Surname", FieldGivenNames: "Given names", FieldNationality: "Nationality",
		FieldDateOfBirth: "Date of birth", FieldSex: "Sex", FieldPlaceOfBirth: "Place of birth",
		FieldIssueDate: "Date of issue", FieldIssuingAuthority: "Authority", FieldExpiryDate: "Date of expiry",
		FieldPersonalNumber: "Personal No.", keySignature: "Holder's signature",
	}, months: [12]string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}}
	french = &language{code: "fr", labels: map[string]string{
		FieldDocumentCode: "Type", FieldIssuingState: "Code",
		keyPassportNumber: "Passeport N°", keyCardNumber: "N° du document",
		FieldSurname: "Nom", FieldGivenNames: "Prénoms", FieldNationality: "Nationalité",
		FieldDateOfBirth: "Date de naissance", FieldSex: "Sexe", FieldPlaceOfBirth: "Lieu de naissance",
		FieldIssueDate: "Date de délivrance", FieldIssuingAuthority: "Autorité",
		FieldExpiryDate:     "Date d'expiration",
		FieldPersonalNumber: "N° personnel", keySignature: "Signature du titulaire",
	}, months: [12]string{"JANV", "FÉVR", "MARS", "AVR", "MAI", "JUIN", "JUIL", "AOÛT", "SEPT", "OCT", "NOV", "DÉC"}}
	polish = &language{code: "pl", labels: map[string]string{
		FieldDocumentCode: "Typ", FieldIssuingState: "Kod",
		keyPassportNumber: "Nr paszportu", keyCardNumber: "Nr dokumentu",
		FieldSurname: "Nazwisko", FieldGivenNames: "Imiona", FieldNationality: "Obywatelstwo",
		FieldDateOfBirth: "Data urodzenia", FieldSex: "Płeć", FieldPlaceOfBirth: "Miejsce urodzenia",
		FieldIssueDate: "Data wydania", FieldIssuingAuthority: "Organ wydający", FieldExpiryDate: "Data ważności",
		FieldPersonalNumber: "Nr PESEL", keySignature: "Podpis posiadacza",
	}, months: [12]string{"STY", "LUT", "MAR", "KWI", "MAJ", "CZE", "LIP", "SIE", "WRZ", "PAŹ", "LIS", "GRU"}}
	icelandic = &language{code: "is", labels: map[string]string{
		FieldDocumentCode: "Tegund", FieldIssuingState: "Kóði",
		keyPassportNumber: "Vegabréf nr.", keyCardNumber: "Skírteini nr.",
		FieldSurname: "Kenninafn", FieldGivenNames: "Eiginnöfn", FieldNationality: "Ríkisfang",
		FieldDateOfBirth: "Fæðingardagur", FieldSex: "Kyn", FieldPlaceOfBirth: "Fæðingarstaður",
		FieldIssueDate: "Útgáfudagur", FieldIssuingAuthority: "Yfirvald", FieldExpiryDate: "Gildir til",
		FieldPersonalNumber: "Kennitala", keySignature: "Undirskrift handhafa",
	}, months: [12]string{"JAN", "FEB", "MAR", "APR", "MAÍ", "JÚN", "JÚL", "ÁGÚ", "SEP", "OKT", "NÓV", "DES"}}
	danish = &language{code: "da", labels: map[string]string{
		FieldDocumentCode: "Type", FieldIssuingState: "Kode",
		keyPassportNumber: "Pas nr.", keyCardNumber: "Dokument nr.",
		FieldSurname: "Efternavn", FieldGivenNames: "Fornavne", FieldNationality: "Nationalitet",
		FieldDateOfBirth: "Fødselsdato", FieldSex: "Køn", FieldPlaceOfBirth: "Fødested",
		FieldIssueDate: "Udstedelsesdato", FieldIssuingAuthority: "Myndighed", FieldExpiryDate: "Udløbsdato",
		FieldPersonalNumber: "Personnummer", keySignature: "Indehaverens underskrift",
	}, months: [12]string{"JAN", "FEB", "MAR", "APR", "MAJ", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEC"}}
	dutch = &language{code: "nl", labels: map[string]string{
		FieldDocumentCode: "Soort", FieldIssuingState: "Code",
		keyPassportNumber: "Paspoortnr.", keyCardNumber: "Documentnr.",
		FieldSurname: "Naam", FieldGivenNames: "Voornamen", FieldNationality: "Nationaliteit",
		FieldDateOfBirth: "Geboortedatum", FieldSex: "Geslacht", FieldPlaceOfBirth: "Geboorteplaats",
		FieldIssueDate: "Datum van afgifte", FieldIssuingAuthority: "Autoriteit", FieldExpiryDate: "Geldig tot",
		FieldPersonalNumber: "Persoonsnummer", keySignature: "Handtekening houder",
	}, months: [12]string{"JAN", "FEB", "MRT", "APR", "MEI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEC"}}
	italian = &language{code: "it", labels: map[string]string{
		FieldDocumentCode: "Tipo", FieldIssuingState: "Codice",
		keyPassportNumber: "Passaporto N.", keyCardNumber: "Documento N.",
		FieldSurname: "Cognome", FieldGivenNames: "Nome", FieldNationality: "Cittadinanza",
		FieldDateOfBirth: "Data di nascita", FieldSex: "Sesso", FieldPlaceOfBirth: "Luogo di nascita",
		FieldIssueDate: "Data di rilascio", FieldIssuingAuthority: "Autorità", FieldExpiryDate: "Data di scadenza",
		FieldPersonalNumber: "N. personale", keySignature: "Firma del titolare",
	}, months: [12]string{"GEN", "FEB", "MAR", "APR", "MAG", "GIU", "LUG", "AGO", "SET", "OTT", "NOV", "DIC"}}
	czech = &language{code: "cs", labels: map[string]string{
		FieldDocumentCode: "Typ", FieldIssuingState: "Kód",
		keyPassportNumber: "Číslo pasu", keyCardNumber: "Číslo dokladu",
		FieldSurname: "Příjmení", FieldGivenNames: "Jméno", FieldNationality: "Státní občanství",
		FieldDateOfBirth: "Datum narození", FieldSex: "Pohlaví", FieldPlaceOfBirth: "Místo narození",
		FieldIssueDate: "Datum vydání", FieldIssuingAuthority: "Úřad", FieldExpiryDate: "Platnost do",
		FieldPersonalNumber: "Rodné číslo", keySignature: "Podpis držitele",
	}, months: [12]string{"LED", "ÚNO", "BŘE", "DUB", "KVĚ", "ČVN", "ČVC", "SRP", "ZÁŘ", "ŘÍJ", "LIS", "PRO"}}
	spanish = &language{code: "es", labels: map[string]string{
		FieldDocumentCode: "Tipo", FieldIssuingState: "Código",
		keyPassportNumber: "Pasaporte N.º", keyCardNumber: "N.º de soporte",
		FieldSurname: "Apellidos", FieldGivenNames: "Nombre", FieldNationality: "Nacionalidad",
		FieldDateOfBirth: "Fecha de nacimiento", FieldSex: "Sexo", FieldPlaceOfBirth: "Lugar de nacimiento",
		FieldIssueDate: "Fecha de expedición", FieldIssuingAuthority: "Autoridad",
		FieldExpiryDate:     "Fecha de caducidad",
		FieldPersonalNumber: "N.º personal", keySignature: "Firma del titular",
	}, months: [12]string{"ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"}}
	swedish = &language{code: "sv", labels: map[string]string{
		FieldDocumentCode: "Typ", FieldIssuingState: "Kod",
		keyPassportNumber: "Passnummer", keyCardNumber: "Kortnummer",
		FieldSurname: "Efternamn", FieldGivenNames: "Förnamn", FieldNationality: "Nationalitet",
		FieldDateOfBirth: "Födelsedatum", FieldSex: "Kön", FieldPlaceOfBirth: "Födelseort",
		FieldIssueDate: "Utfärdandedatum", FieldIssuingAuthority: "Myndighet", FieldExpiryDate: "Giltig till",
		FieldPersonalNumber: "Personnummer", keySignature: "Innehavarens namnteckning",
	}, months: [12]string{"JAN", "FEB", "MAR", "APR", "MAJ", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEC"}}
	hungarian = &language{code: "hu", labels: map[string]string{
		FieldDocumentCode: "Típus", FieldIssuingState: "Kód",
		keyPassportNumber: "Útlevélszám", keyCardNumber: "Okmányszám",
		FieldSurname: "Családi név", FieldGivenNames: "Utónév", FieldNationality: "Állampolgárság",
		FieldDateOfBirth: "Születési idő", FieldSex: "Nem", FieldPlaceOfBirth: "Születési hely",
		FieldIssueDate: "Kiállítás dátuma", FieldIssuingAuthority: "Kiállító hatóság",
		FieldExpiryDate:     "Érvényesség",
		FieldPersonalNumber: "Személyi szám", keySignature: "Aláírás",
	}, months: [12]string{"JAN", "FEB", "MÁR", "ÁPR", "MÁJ", "JÚN", "JÚL", "AUG", "SZE", "OKT", "NOV", "DEC"}}
)

// englishVariants are the other wordings English labels take on real documents, drawn per page.
var englishVariants = map[string][]string{
	FieldIssuingAuthority: {"Authority", "Issuing authority"},
	FieldExpiryDate:       {"Date of expiry", "Expiry date"},
	FieldGivenNames:       {"Given names", "Given name(s)"},
}
