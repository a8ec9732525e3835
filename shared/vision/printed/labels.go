package printed

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Name names a field, as in the extraction's JSON.
type Name string

// The fields the printed zone can carry.
const (
	Surname          Name = "surname"
	GivenNames       Name = "givenNames"
	DocumentNumber   Name = "documentNumber"
	Nationality      Name = "nationality"
	DateOfBirth      Name = "dateOfBirth"
	Sex              Name = "sex"
	PlaceOfBirth     Name = "placeOfBirth"
	IssueDate        Name = "issueDate"
	ExpiryDate       Name = "expiryDate"
	IssuingAuthority Name = "issuingAuthority"
	PersonalNumber   Name = "personalNumber"
	Categories       Name = "categories"
)

// labels are the words issuers print above or before each field, folded (fold): English and
// the languages of the EU and EEA, in the forms their passports, identity cards and residence
// permits use. Short words (NOM, SEX, KYN) match only whole; longer ones tolerate an OCR slip.
var labels = map[Name][]string{
	Surname: {
		"SURNAME", "NOM", "NAME", "FAMILIENNAME", "NACHNAME", "APELLIDOS", "APELLIDO", "COGNOME", "APELIDOS",
		"APELIDO", "ACHTERNAAM", "NAAM", "NAZWISKO", "PRIJMENI", "PRIEZVISKO", "VEZETEKNEV", "CSALADI NEV",
		"EFTERNAVN", "ETTERNAVN", "EFTERNAMN", "SUKUNIMI", "KENNINAFN", "EIGINNAFN", "PEREKONNANIMI",
		"UZVARDS", "PAVARDE", "PAVARDES", "PREZIME", "PRIIMEK", "NUME", "NUMELE", "SOYADI", "SOYADI SURNAME",
		"NOM DE FAMILLE", "FAMILY NAME", "LAST NAME", "COGNOME SURNAME", "NAZWISKO SURNAME",
	},
	GivenNames: {
		"GIVEN NAMES", "GIVEN NAME", "FORENAMES", "FIRST NAMES", "FIRST NAME", "PRENOMS", "PRENOM", "VORNAMEN",
		"VORNAME", "NOMBRE", "NOMBRES", "NOME", "NOMI", "NOMES", "VOORNAMEN", "VOORNAAM", "IMIONA", "IMIE",
		"JMENO", "JMENA", "MENO", "MENA", "UTONEV", "UTONEVEK", "FORNAVNE", "FORNAVN", "FORNAMN", "ETUNIMET",
		"ETUNIMI", "EIGINNOFN", "EESNIMED", "EESNIMI", "VARDS", "VARDI", "VARDAI", "VARDAS", "IME", "IMENA",
		"PRENUME", "PRENUMELE", "ADI", "ADLARI",
	},
	DocumentNumber: {
		"PASSPORT NO", "PASSPORT NUMBER", "PASSPORT N", "NO DU PASSEPORT", "N DU PASSEPORT", "NUMERO DU PASSEPORT",
		"PASSNUMMER", "PASS NR", "REISEPASS NR", "NUMERO DE PASAPORTE", "PASAPORTE N", "PASAPORTE NO",
		"N PASSAPORTO", "NUMERO PASSAPORTO", "PASSAPORTO N", "PASSAPORTE N", "PASPOORTNUMMER", "PASPOORT NR",
		"NR PASZPORTU", "NUMER PASZPORTU", "CISLO PASU", "CISLO PASA", "UTLEVEL SZAMA", "PAS NR", "PASNUMMER",
		"PASSINUMERO", "PASSI NR", "VEGABREFSNUMER", "DOCUMENT NO", "DOCUMENT NUMBER", "NO DU DOCUMENT",
		"N DU DOCUMENT", "DOKUMENTNUMMER", "NUMERO DE DOCUMENTO", "NUMERO DOCUMENTO", "DOCUMENTNUMMER",
		"NR DOKUMENTU", "CISLO DOKLADU", "CARD NO", "CARD NUMBER", "NO DE LA CARTE", "KARTENNUMMER",
		"NUMERO DE LA CARTE", "NUMER DOKUMENTU",
	},
	Nationality: {
		"NATIONALITY", "NATIONALITE", "STAATSANGEHORIGKEIT", "NACIONALIDAD", "CITTADINANZA", "NAZIONALITA",
		"NACIONALIDADE", "NATIONALITEIT", "OBYWATELSTWO", "STATNI OBCANSTVI", "STATNE OBCIANSTVO",
		"ALLAMPOLGARSAG", "NATIONALITET", "STATSBORGERSKAP", "KANSALAISUUS", "RIKISFANG", "KODAKONDSUS",
		"PILSONIBA", "PILIETYBE", "DRZAVLJANSTVO", "CETATENIA", "UYRUGU", "CITIZENSHIP",
	},
	DateOfBirth: {
		"DATE OF BIRTH", "BIRTH DATE", "DATE DE NAISSANCE", "GEBURTSTAG", "GEBURTSDATUM", "FECHA DE NACIMIENTO",
		"DATA DI NASCITA", "DATA DE NASCIMENTO", "GEBOORTEDATUM", "DATA URODZENIA", "DATUM NAROZENI",
		"DATUM NARODENIA", "SZULETESI IDO", "SZULETESI DATUM", "FODSELSDATO", "FODELSEDATUM",
		"SYNTYMAAIKA", "FAEDINGARDAGUR", "SUNNIAEG", "DZIMSANAS DATUMS",
		"GIMIMO DATA", "DATUM ROJENJA", "DATUM ROENJA", "DATA NASTERII", "DOGUM TARIHI",
	},
	Sex: {
		"SEX", "SEXE", "GESCHLECHT", "SEXO", "SESSO", "GESLACHT", "PLEC", "POHLAVI", "NEM", "KON", "KJONN",
		"KOEN", "SUKUPUOLI", "KYN", "SUGU", "DZIMUMS", "LYTIS", "SPOL", "SEXUL", "CINSIYETI",
	},
	PlaceOfBirth: {
		"PLACE OF BIRTH", "BIRTHPLACE", "LIEU DE NAISSANCE", "GEBURTSORT", "LUGAR DE NACIMIENTO",
		"LUOGO DI NASCITA", "LOCAL DE NASCIMENTO", "NATURALIDADE", "GEBOORTEPLAATS", "MIEJSCE URODZENIA",
		"MISTO NAROZENI", "MIESTO NARODENIA", "SZULETESI HELY", "FODESTED", "FODSELSSTED", "FODELSEORT",
		"SYNTYMAPAIKKA", "FAEDINGARSTADUR", "SUNNIKOHT", "DZIMSANAS VIETA", "GIMIMO VIETA", "MJESTO RODENJA",
		"MJESTO ROJENJA", "KRAJ ROJSTVA", "LOCUL NASTERII", "LOC NASTERE", "DOGUM YERI",
	},
	IssueDate: {
		"DATE OF ISSUE", "ISSUE DATE", "DATE ISSUED", "ISSUED ON", "DATE DE DELIVRANCE", "DELIVRE LE",
		"DATE D EMISSION", "AUSSTELLUNGSDATUM", "DATUM DER AUSSTELLUNG", "AUSGESTELLT AM", "FECHA DE EXPEDICION",
		"FECHA DE EMISION", "EXPEDICION", "DATA DI RILASCIO", "RILASCIATO IL", "DATA DE EMISSAO",
		"DATUM VAN AFGIFTE", "DATUM AFGIFTE", "DATA WYDANIA", "DATUM VYDANI", "DATUM VYDANIA",
		"KIALLITAS DATUMA", "KIALLITAS KELTE", "UDSTEDELSESDATO", "UTSTEDELSESDATO", "UTSTEDT",
		"UTFARDANDEDATUM", "MYONTAMISPAIVA", "MYONNETTY", "UTGAFUDAGUR", "VALJAANDMISE KUUPAEV",
		"IZDOSANAS DATUMS", "ISDAVIMO DATA", "DATUM IZDAVANJA", "DATUM IZDAJE", "DATA ELIBERARII",
		"DATA EMITERII", "VERILIS TARIHI", "DATE OF ISSUANCE",
	},
	ExpiryDate: {
		"DATE OF EXPIRY", "EXPIRY DATE", "EXPIRY", "EXPIRES", "VALID UNTIL", "DATE D EXPIRATION",
		"EXPIRE LE", "VALABLE JUSQU AU", "GULTIG BIS", "FECHA DE CADUCIDAD",
		"FECHA DE VALIDEZ", "VALIDO HASTA", "DATA DI SCADENZA", "SCADENZA", "VALIDA FINO AL", "DATA DE VALIDADE",
		"VALIDO ATE", "GELDIG TOT", "VERVALDATUM", "DATA WAZNOSCI", "TERMIN WAZNOSCI", "WAZNY DO", "PLATNOST DO",
		"PLATNY DO", "ERVENYESSEG", "ERVENYES", "UDLOBSDATO", "GYLDIG TIL", "UTLOPSDATO", "GILTIG TILL",
		"SISTA GILTIGHETSDAG", "VOIMASSA", "VOIMASSA ASTI", "GILDIR TIL", "GILDISTIMI", "KEHTIV KUNI",
		"DERIGS LIDZ", "GALIOJA IKI", "VRIJEDI DO", "VELJA DO", "DATA EXPIRARII", "VALABIL PANA LA",
		"GECERLILIK TARIHI", "SON GECERLILIK TARIHI",
	},
	IssuingAuthority: {
		"AUTHORITY", "ISSUING AUTHORITY", "ISSUED BY", "AUTORITE", "DELIVRE PAR", "BEHORDE", "AUSSTELLENDE BEHORDE",
		"AUTORIDAD", "AUTORIDAD DE EXPEDICION", "EXPEDIDO POR", "AUTORITA", "AUTORIDADE", "AUTORIDADE EMISSORA",
		"EMITIDO POR", "AUTORITEIT", "AFGEGEVEN DOOR", "ORGAN WYDAJACY", "ORGAN WYDAJACY DOKUMENT", "VYDAL",
		"VYDAVAJICI URAD", "URAD", "KIALLITO HATOSAG", "KIALLITO", "MYNDIGHED", "UDSTEDT AF", "UTSTEDT AV",
		"MYNDIGHET", "UTFARDAD AV", "VIRANOMAINEN", "MYONTAJA", "YFIRVALD", "UTGEFANDI", "VALJAANDJA",
		"IZDEVEJA IESTADE", "IZDEVA", "ISDAVE", "ISDAVUSI ISTAIGA", "IZDAO", "IZDALA", "IZDAJATELJ", "AUTORITATEA",
		"EMIS DE", "VEREN MAKAM",
	},
	PersonalNumber: {
		"PERSONAL NO", "PERSONAL NUMBER", "PERSONAL CODE", "NUMERO PERSONNEL", "PERSONENNUMMER", "NUMERO PERSONAL",
		"NUMERO PERSONALE", "PERSOONSNUMMER", "BSN", "PESEL", "NR PESEL", "RODNE CISLO", "OSOBNE CISLO",
		"SZEMELYI AZONOSITO", "CPR NR", "PERSONNUMMER", "FODSELSNUMMER", "HENKILOTUNNUS", "KENNITALA",
		"ISIKUKOOD", "PERSONAS KODS", "ASMENS KODAS", "OIB", "EMSO", "CNP", "CODUL NUMERIC PERSONAL", "TC KIMLIK NO",
		"CODICE FISCALE", "NIF", "DNI",
	},
}

// minFuzzy is the length from which a label word may be matched with one OCR slip per fuzzyPer
// characters: short words ("NOM", "SEX") would otherwise match half the dictionary.
const (
	minFuzzy = 6
	fuzzyPer = 6
)

// labelOf says which field a piece of text labels and how surely, in [0,1]: 1 for a word of the
// dictionary read exactly, less for one read with slips; ok is false when it labels none. A label
// is often printed in two or three languages separated by slashes, each part is tried.
func labelOf(text string) (Name, float64, bool) {
	var best Name
	bestScore := 0.0
	for _, part := range labelParts(text) {
		for name, words := range labels {
			for _, w := range words {
				if s := similarity(part, w); s > bestScore || (s == bestScore && s > 0 && name < best) {
					best, bestScore = name, s
				}
			}
		}
	}
	return best, bestScore, bestScore > 0
}

// minHead is the shortest last part of a label's head matched as the start of a label: shorter
// beginnings ("DAT", "LUO") start labels of several fields.
const minHead = 5

// headLabel says which field a label's head names (ocr.Line.Head: only its first characters were
// read, "Luogo di nas", "Cognome / Sur", "Authority Aut" of "Authority / Autorité"): its whole
// parts as labelOf reads them, its last part without its last word (likely cut through), and its
// last part as the beginning of a label when it begins labels of one field only. Spaces are
// ignored in the beginning ("Placeof birth").
func headLabel(text string) (Name, float64, bool) {
	parts := labelParts(text)
	if len(parts) == 0 {
		return "", 0, false
	}
	last := parts[len(parts)-1]
	whole := parts[:len(parts)-1]
	if i := strings.LastIndexByte(last, ' '); i > 0 {
		whole = append(whole, last[:i])
	}
	name, score, ok := labelOf(strings.Join(whole, "/"))
	// The last part, and the whole head when a comma or slash was read inside one language's
	// label ("Place-of, birth"); each also without its last letter, which the cut may have gone
	// through ("Efternai" of "Efternavn").
	for _, begun := range []string{last, strings.Join(parts, "")} {
		begun = strings.ReplaceAll(begun, " ", "")
		for _, b := range []string{begun, begun[:max(0, len(begun)-1)]} {
			if n, sc, found := labelStart(b); found && sc > score {
				name, score, ok = n, sc, true
			}
		}
	}
	return name, score, ok
}

// labelStart says which field's labels begin with folded text, spaces removed, when those of one
// field only do.
func labelStart(begun string) (Name, float64, bool) {
	if len(begun) < minHead {
		return "", 0, false
	}
	var best Name
	bestScore, ambiguous := 0.0, false
	for field, words := range labels {
		for _, w := range words {
			w = strings.ReplaceAll(w, " ", "")
			sc := similarity(begun, w[:min(len(w), len(begun))])
			if len(w) < len(begun) {
				sc = similarity(begun, w)
			}
			switch {
			case sc > bestScore:
				best, bestScore, ambiguous = field, sc, false
			case sc == bestScore && sc > 0 && field != best:
				ambiguous = true
			}
		}
	}
	return best, bestScore, bestScore > 0 && !ambiguous
}

// labelParts splits a label's text at slashes, commas and vertical bars, drops the zone numbers
// printed before it ("1.", "(4)", "04", "4a.") and folds each part.
func labelParts(text string) []string {
	var parts []string
	separator := func(r rune) bool { return r == '/' || r == '|' || r == ',' || r == ';' }
	for _, p := range strings.FieldsFunc(text, separator) {
		if f := foldLabel(p); f != "" {
			parts = append(parts, dropNumbering(f))
		}
	}
	return parts
}

// dropNumbering removes the zone numbers before or after folded text ("1 SURNAME", "SURNAME 1").
func dropNumbering(f string) string {
	words := strings.Fields(f)
	for len(words) > 1 && isZoneNumber(words[0]) {
		words = words[1:]
	}
	for len(words) > 1 && isZoneNumber(words[len(words)-1]) {
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
}

// isZoneNumber reports a folded word that is a field's number ("1", "04", "4A", "10").
func isZoneNumber(w string) bool {
	if w == "" || len(w) > 3 {
		return false
	}
	digits := 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= '0' && c <= '9':
			digits++
		case i == len(w)-1 && c >= 'A' && c <= 'D' && digits > 0:
		default:
			return false
		}
	}
	return digits > 0
}

// similarity is 1 for equal strings, 1 − slips/len for a long word read with at most one slip per
// fuzzyPer characters, and 0 otherwise.
func similarity(read, word string) float64 {
	if read == word {
		return 1
	}
	if len(word) < minFuzzy {
		return 0
	}
	d := levenshtein(read, word, len(word)/fuzzyPer)
	if d < 0 {
		return 0
	}
	return 1 - float64(d)/float64(len(word))
}

// levenshtein is the edit distance between a and b, or −1 when it exceeds bound (the early stop
// keeps matching a line against the dictionary cheap).
func levenshtein(a, b string, bound int) int {
	if abs(len(a)-len(b)) > bound {
		return -1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		lowest := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			lowest = min(lowest, cur[j])
		}
		if lowest > bound {
			return -1
		}
		prev, cur = cur, prev
	}
	if prev[len(b)] > bound {
		return -1
	}
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// foldLabel is text as the dictionary spells it: letters without accents, upper case, the letters
// that decompose to none spelled as ICAO's transliteration does, punctuation as single spaces.
func foldLabel(s string) string {
	var b strings.Builder
	space := false
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		r = unicode.ToUpper(r)
		var out string
		switch r {
		case 'Ø':
			out = "O"
		case 'Æ':
			out = "AE"
		case 'Œ':
			out = "OE"
		case 'Þ':
			out = "TH"
		case 'Ð', 'Đ':
			out = "D"
		case 'Ł':
			out = "L"
		case 'ß', 'ẞ':
			out = "SS"
		case 'I', 'İ', 'ı':
			out = "I"
		default:
			if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
				out = string(r)
			}
		}
		if out == "" {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteString(out)
	}
	return b.String()
}

// lastPart is what follows a line's last slash: a label's last language, or all of it.
func lastPart(text string) string {
	if i := strings.LastIndexAny(text, "/|"); i >= 0 {
		return text[i+1:]
	}
	return text
}

// lastPartIsLabel reports a line whose last part is a label whole: no value follows it.
func lastPartIsLabel(text string) bool {
	_, _, ok := labelOf(lastPart(text))
	return ok
}

// inlineLabel reads a line that starts with a label and goes on with its value: "Sex: F",
// "Date of issue 01 JUL 2014", "Kiállítás dátuma/Date of issue 2022.02.02.". The label is the
// first words of the line's last slash-separated part (the parts before it are its other
// languages); ok is false when no label of the dictionary starts it or nothing follows it.
func inlineLabel(text string) (name Name, score float64, value string, ok bool) {
	last := lastPart(text)
	if i := strings.IndexByte(last, ':'); i > 0 {
		n, sc, found := labelOf(last[:i])
		v := strings.TrimSpace(last[i+1:])
		return n, sc, v, found && v != ""
	}
	raw := strings.Fields(last)
	folded := make([]string, len(raw))
	for i, w := range raw {
		folded[i] = foldLabel(w)
	}
	// heads[n] is the first n words folded, those that fold to nothing (punctuation) left out:
	// made once, not for each of the dictionary's labels.
	heads := make([]string, len(raw))
	for n := 1; n < len(raw); n++ {
		heads[n] = strings.Join(slices.DeleteFunc(slices.Clone(folded[:n]), func(s string) bool { return s == "" }), " ")
	}
	for field, words := range labels {
		for _, w := range words {
			n := strings.Count(w, " ") + 1
			if n >= len(raw) {
				continue
			}
			if sc := similarity(heads[n], w); sc > score || sc == score && sc > 0 && field < name {
				name, score, value = field, sc, strings.Join(raw[n:], " ")
			}
		}
	}
	return name, score, value, score > 0
}
