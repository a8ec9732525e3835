package fieldvalue

import (
	"strings"
	"sync"
)

// nationalities are the countries' names and nationality adjectives issuers print, in their
// languages and English, each list after its ISO 3166-1 alpha-3 code: what an identity card
// writes where a passport writes the code (DEUTSCH, FRANÇAISE, ITALIANA). A word two countries'
// languages share (SLOVENSKO is Slovakia in Slovak, Slovenian in Slovene) is left out.
var nationalities = map[string]string{
	"AUT": "ÖSTERREICH;ÖSTERREICHISCH;REPUBLIK ÖSTERREICH;AUSTRIA;AUSTRIAN",
	"BEL": "BELGE;BELG;BELGISCH;BELGISCHE;BELGIQUE;BELGIË;BELGIEN;BELGIUM;BELGIAN",
	"BGR": "БЪЛГАРИЯ;БЪЛГАРСКО;BULGARIA;BULGARIAN;BALGARIYA",
	"CHE": "SCHWEIZ;SCHWEIZER;SCHWEIZERIN;SUISSE;SVIZZERA;SVIZRA;SWITZERLAND;SWISS",
	"CYP": "ΚΥΠΡΙΑΚΗ;ΚΥΠΡΟΣ;KYPRIAKI;CYPRUS;CYPRIOT",
	"CZE": "ČESKÁ REPUBLIKA;ČESKÁ;ČESKO;CZECH REPUBLIC;CZECHIA;CZECH",
	"DEU": "DEUTSCH;DEUTSCHE;DEUTSCHLAND;BUNDESREPUBLIK DEUTSCHLAND;GERMANY;GERMAN;ALLEMANDE;ALLEMAGNE",
	"DNK": "DANSK;DANMARK;DENMARK;DANISH",
	"ESP": "ESPAÑOLA;ESPAÑOL;ESPAÑA;SPAIN;SPANISH",
	"EST": "EESTI;EESTI VABARIIK;ESTONIA;ESTONIAN",
	"FIN": "SUOMI;SUOMEN;SUOMALAINEN;FINLAND;FINNISH",
	"FRA": "FRANÇAISE;FRANÇAIS;FRANCE;RÉPUBLIQUE FRANÇAISE;FRENCH",
	"GBR": "BRITISH CITIZEN;BRITISH;UNITED KINGDOM;GREAT BRITAIN",
	"GRC": "ΕΛΛΗΝΙΚΗ;ΕΛΛΑΔΑ;ELLINIKI;HELLENIC;GREECE;GREEK",
	"HRV": "HRVATSKO;HRVATSKA;REPUBLIKA HRVATSKA;CROATIA;CROATIAN",
	"HUN": "MAGYAR;MAGYARORSZÁG;HUNGARY;HUNGARIAN",
	"IRL": "ÉIREANNACH;ÉIRE;IRELAND;IRISH",
	"ISL": "ÍSLENSKUR;ÍSLENSK;ÍSLAND;ICELAND;ICELANDIC",
	"ITA": "ITALIANA;ITALIANO;ITALIA;ITALY;ITALIAN",
	"LIE": "LIECHTENSTEIN;LIECHTENSTEINER",
	"LTU": "LIETUVOS;LIETUVA;LIETUVOS RESPUBLIKA;LITHUANIA;LITHUANIAN",
	"LUX": "LUXEMBOURGEOISE;LUXEMBOURGEOIS;LUXEMBOURG;LUXEMBURG;LUXEMBURGISH",
	"LVA": "LATVIJA;LATVIJAS;LATVIJAS REPUBLIKA;LATVIA;LATVIAN",
	"MCO": "MONÉGASQUE;MONACO",
	"MLT": "MALTA;MALTESE",
	"NLD": "NEDERLANDSE;NEDERLAND;NETHERLANDS;DUTCH",
	"NOR": "NORSK;NORGE;NORWAY;NORWEGIAN",
	"POL": "POLSKIE;POLSKA;RZECZPOSPOLITA POLSKA;POLAND;POLISH",
	"PRT": "PORTUGUESA;PORTUGUÊS;PORTUGAL;PORTUGUESE",
	"ROU": "ROMÂNĂ;ROMÂNIA;ROMANIA;ROMANIAN",
	"SVK": "SLOVENSKÁ REPUBLIKA;SLOVAK REPUBLIC;SLOVAKIA;SLOVAK",
	"SVN": "SLOVENIJA;REPUBLIKA SLOVENIJA;SLOVENIA;SLOVENIAN",
	"SWE": "SVENSK;SVERIGE;SWEDEN;SWEDISH",
	"TUR": "TÜRK;TÜRKİYE;TURKEY;TURKISH",
	"UKR": "УКРАЇНА;UKRAINA;UKRAINE;UKRAINIAN",
	"USA": "UNITED STATES OF AMERICA;UNITED STATES;AMERICAN",
	"CAN": "CANADA;CANADIAN;CANADIENNE;CANADIEN",
}

var nationalityCodes = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for code, names := range nationalities {
		for n := range strings.SplitSeq(names, ";") {
			m[countryKey(n)] = code
		}
	}
	return m
})

// countryKey folds a printed country or nationality: Fold, punctuation as spaces.
func countryKey(s string) string {
	return strings.Join(strings.FieldsFunc(Fold(s), func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r > 0x7f)
	}), " ")
}

// countryCode returns the code a printed country, nationality or code stands for, "" for none
// known: a code of three letters as it is (D is DEU), a name through nationalities, and of a
// national/English pair (FRANÇAISE/FRENCH) the first part known.
func countryCode(s string) string {
	k := countryKey(s)
	if k == "D" {
		return "DEU"
	}
	if len(k) == 3 && strings.Trim(k, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
		return k
	}
	if c, ok := nationalityCodes()[k]; ok {
		return c
	}
	for part := range strings.SplitSeq(s, "/") {
		if c, ok := nationalityCodes()[countryKey(part)]; ok {
			return c
		}
	}
	return ""
}
