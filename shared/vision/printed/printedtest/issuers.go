package printedtest

// issuer is a state's way of printing its documents: languages, date and sex styles, the names,
// places and authorities that appear on them, its number formats and the titles of its documents.
type issuer struct {
	code    string // ISO 3166-1 alpha-3: Truth.Issuer
	mrzCode string // the code in the MRZ and printed as Code: D for Germany
	country string // the state's name in the header
	langs   []*language
	// nationality is how its citizens' nationality is printed on passports (the code on cards).
	nationality []string
	sexes       [][2]string // printed male and female, one pair per style
	dates       []dateStyle // passports and cards; licences print dd.mm.yyyy
	men, women  []string
	surnames    [][2]string // male and female forms (the same where the language has one)
	places      []string
	authorities []string // passports and identity cards
	permitBy    []string // residence permits
	licenceBy   []string // driving licences (4c)
	// Number patterns: A a letter, 9 a digit, X a letter or digit, * a letter or digit of the
	// German alphabet (no vowels, no B, D, Q, S), anything else itself.
	passport, card, permit, licence string
	// licenceNumber, when set, derives the licence number from the holder (the British one).
	licenceNumber func(r *rng, d *doc) string
	personal      func(r *rng, d *doc) string // nil: no personal number
	titles        map[Kind]string
	idCode        string // MRZ code of its identity card; "" when it issues none
	permitCode    string
	sign          string // the licence's distinguishing sign (Vienna Convention)
	licenceTitle  string
}

// hasKind tells whether the issuer issues documents of kind k in this set.
func (s *issuer) hasKind(k Kind) bool {
	return k != IDCard || s.idCode != ""
}

// The sex styles: plain letters, bilingual letters, and the national initials some states print
// before the English one.
var (
	sexPlain     = [2]string{"M", "F"}
	sexDoubled   = [2]string{"M/M", "F/F"}
	sexPolish    = [2]string{"M/M", "K/F"}
	sexCzech     = [2]string{"M/M", "Ž/F"}
	sexIcelandic = [2]string{"KK/M", "KVK/F"}
)

var issuers = []*issuer{
	{
		code: "DEU", mrzCode: "D", country: "BUNDESREPUBLIK DEUTSCHLAND",
		langs: []*language{german, english, french}, nationality: []string{"DEUTSCH"},
		sexes: [][2]string{sexPlain, sexDoubled}, dates: []dateStyle{dateDot, dateBilingual, dateDot},
		men:   []string{"JÜRGEN", "KLAUS-DIETER", "LUKAS", "FELIX", "HANS PETER", "JÖRG"},
		women: []string{"ANNA MARIA", "BÄRBEL", "SOPHIE", "LEA", "JÖRDIS", "GRETA"},
		surnames: pairs("MÜLLER", "SCHMIDT", "WEIß", "GROẞ", "STRAẞER", "KÖHLER", "MÜLLER-LÜDENSCHEIDT",
			"VON DER HEYDE", "JÄGER", "SCHRÖDER"),
		places: []string{"BERLIN", "KÖLN", "MÜNCHEN", "Frankfurt am Main", "HAMBURG", "DÜSSELDORF",
			"Halle (Saale)", "FREIBURG IM BREISGAU", "STRAẞBURG"},
		authorities: []string{"Stadt Köln", "Landeshauptstadt München", "Bezirksamt Mitte von Berlin",
			"Stadt Frankfurt am Main", "Freie und Hansestadt Hamburg"},
		permitBy:  []string{"Ausländerbehörde Köln", "Landesamt für Einwanderung Berlin", "Stadt Düsseldorf"},
		licenceBy: []string{"Landratsamt Starnberg", "Stadt Köln", "Kreis Lippe", "Landeshauptstadt München"},
		passport:  "C********", card: "L********", permit: "Y********", licence: "A999XXXXXX9",
		titles: map[Kind]string{
			Passport:        "REISEPASS / PASSPORT / PASSEPORT",
			IDCard:          "PERSONALAUSWEIS / IDENTITY CARD / CARTE D'IDENTITÉ",
			ResidencePermit: "AUFENTHALTSTITEL / RESIDENCE PERMIT",
		},
		idCode: "ID", permitCode: "AR", sign: "D", licenceTitle: "FÜHRERSCHEIN",
	},
	{
		code: "FRA", mrzCode: "FRA", country: "RÉPUBLIQUE FRANÇAISE",
		langs: []*language{french, english, spanish}, nationality: []string{"FRANÇAISE", "Française"},
		sexes: [][2]string{sexPlain, sexDoubled}, dates: []dateStyle{dateSlash, dateMixed, dateSpace},
		men:   []string{"FRANÇOIS", "JÉRÔME", "JEAN-PIERRE", "THÉO", "GAËL", "LOÏC"},
		women: []string{"HÉLÈNE", "CÉCILE", "MARIE-ÈVE", "CHLOÉ", "ZOÉ", "AGNÈS"},
		surnames: pairs("DUPONT", "LEFÈVRE", "GARÇON", "MOREAU", "BÉRANGER", "D'ALEMBERT", "LE GOFF",
			"FRANÇOIS", "CŒUR"),
		places: []string{"PARIS", "SAINT-ÉTIENNE", "LYON 3E ARRONDISSEMENT", "AIX-EN-PROVENCE", "FORT-DE-FRANCE",
			"BESANÇON", "Châlons-en-Champagne"},
		authorities: []string{"PRÉFECTURE DE POLICE", "PRÉFECTURE DU RHÔNE", "Préfecture de la Loire",
			"SOUS-PRÉFECTURE D'ARLES"},
		permitBy:  []string{"PRÉFECTURE DE POLICE", "Préfecture de la Loire", "PRÉFECTURE DU NORD"},
		licenceBy: []string{"PRÉFECTURE DU RHÔNE", "Préfecture de police", "PRÉFECTURE DE L'ISÈRE"},
		passport:  "99AA99999", card: "XXXXXXXXX", permit: "999999999", licence: "999999999999",
		titles: map[Kind]string{
			Passport:        "PASSEPORT / PASSPORT / PASAPORTE",
			IDCard:          "CARTE NATIONALE D'IDENTITÉ / IDENTITY CARD",
			ResidencePermit: "TITRE DE SÉJOUR / RESIDENCE PERMIT",
		},
		idCode: "ID", permitCode: "IR", sign: "F", licenceTitle: "PERMIS DE CONDUIRE",
	},
	{
		code: "POL", mrzCode: "POL", country: "RZECZPOSPOLITA POLSKA",
		langs: []*language{polish, english, french}, nationality: []string{"POLSKIE", "POLSKIE/POLISH"},
		sexes: [][2]string{sexPolish, sexPlain}, dates: []dateStyle{dateBilingual, dateDot},
		men:   []string{"ŁUKASZ", "GRZEGORZ", "KRZYSZTOF", "PAWEŁ", "MACIEJ", "ZBIGNIEW"},
		women: []string{"AGNIESZKA", "MAŁGORZATA", "ŻANETA", "JOANNA", "KATARZYNA", "ŁUCJA"},
		surnames: [][2]string{{"NOWAK", "NOWAK"}, {"KOWALSKI", "KOWALSKA"}, {"WÓJCIK", "WÓJCIK"},
			{"ŻÓŁKIEWSKI", "ŻÓŁKIEWSKA"}, {"DĄBROWSKI", "DĄBROWSKA"}, {"SZCZĘSNY", "SZCZĘSNA"},
			{"BRZĘCZYSZCZYKIEWICZ", "BRZĘCZYSZCZYKIEWICZ"}, {"MAŃKOWSKI", "MAŃKOWSKA"}},
		places: []string{"WARSZAWA", "ŁÓDŹ", "KRAKÓW", "GDAŃSK", "ZIELONA GÓRA", "BIAŁYSTOK", "Nowy Dwór Mazowiecki"},
		authorities: []string{"Wojewoda Mazowiecki", "WOJEWODA MAŁOPOLSKI", "PREZYDENT M. ST. WARSZAWY",
			"WOJEWODA ŁÓDZKI"},
		permitBy:  []string{"WOJEWODA MAZOWIECKI", "Wojewoda Dolnośląski"},
		licenceBy: []string{"Starosta Piaseczyński", "PREZYDENT MIASTA KRAKOWA", "Starosta Powiatu Łódzkiego"},
		passport:  "AA9999999", card: "AAA999999", permit: "RP9999999", licence: "99999/99/9999",
		personal: pesel,
		titles: map[Kind]string{
			Passport:        "PASZPORT / PASSPORT / PASSEPORT",
			IDCard:          "DOWÓD OSOBISTY / IDENTITY CARD",
			ResidencePermit: "KARTA POBYTU / RESIDENCE PERMIT",
		},
		idCode: "ID", permitCode: "AR", sign: "PL", licenceTitle: "PRAWO JAZDY",
	},
	{
		code: "ISL", mrzCode: "ISL", country: "ÍSLAND / ICELAND",
		langs: []*language{icelandic, english, french}, nationality: []string{"ÍSLENSK/ICELANDIC", "ÍSLENSKUR"},
		sexes: [][2]string{sexIcelandic, sexPlain}, dates: []dateStyle{dateBilingualShort, dateBilingual},
		men:   []string{"ÓLAFUR", "EINAR", "ÞORSTEINN", "GUNNAR", "ÁRNI", "HALLDÓR"},
		women: []string{"GUÐRÚN", "SIGRÍÐUR", "HILDUR", "ÁSDÍS", "ÞÓRUNN", "BJÖRK"},
		surnames: [][2]string{{"ÞÓRSSON", "ÞÓRSDÓTTIR"}, {"SIGURÐSSON", "SIGURÐARDÓTTIR"},
			{"GUÐMUNDSSON", "GUÐMUNDSDÓTTIR"}, {"JÓNSSON", "JÓNSDÓTTIR"}, {"ÆGISSON", "ÆGISDÓTTIR"}},
		places:      []string{"REYKJAVÍK", "AKUREYRI", "HAFNARFJÖRÐUR", "ÍSAFJÖRÐUR", "Kópavogur"},
		authorities: []string{"Þjóðskrá Íslands", "LÖGREGLUSTJÓRINN Í REYKJAVÍK"},
		permitBy:    []string{"Útlendingastofnun"},
		licenceBy:   []string{"Lögreglustjórinn", "Sýslumaðurinn á Suðurlandi"},
		passport:    "A9999999", card: "A9999999", permit: "D9999999", licence: "99999999",
		personal: kennitala,
		titles: map[Kind]string{
			Passport:        "VEGABRÉF / PASSPORT / PASSEPORT",
			IDCard:          "NAFNSKÍRTEINI / IDENTITY CARD",
			ResidencePermit: "DVALARLEYFI / RESIDENCE PERMIT",
		},
		idCode: "ID", permitCode: "AR", sign: "IS", licenceTitle: "ÖKUSKÍRTEINI",
	},
	{
		code: "DNK", mrzCode: "DNK", country: "DANMARK / DENMARK",
		langs: []*language{danish, english, french}, nationality: []string{"DANSK/DANISH"},
		sexes: [][2]string{sexDoubled, sexPlain}, dates: []dateStyle{dateBilingual, dateBilingualShort},
		men:   []string{"JØRGEN", "SØREN", "MADS", "ANDERS BØGH", "NIELS", "FREDERIK"},
		women: []string{"ÅSE", "MARIE LOUISE", "SIGNE", "BIRGITTE", "MAJA", "KIRSTEN"},
		surnames: pairs("ØSTERGAARD", "SØRENSEN", "JØRGENSEN", "MØLLER", "NIELSEN", "KRÆMER", "ÅGÅRD",
			"BRØNDUM"),
		places:      []string{"KØBENHAVN", "AARHUS", "ODENSE", "HELSINGØR", "Frederiksberg", "NÆSTVED"},
		authorities: []string{"Københavns Kommune", "POLITIET", "AARHUS KOMMUNE"},
		permitBy:    []string{"STYRELSEN FOR INTERNATIONAL REKRUTTERING OG INTEGRATION", "Udlændingestyrelsen"},
		licenceBy:   []string{"Politiet", "Københavns Kommune"},
		passport:    "999999999", permit: "999999999", licence: "99999999",
		personal: cpr,
		titles: map[Kind]string{
			Passport:        "PAS / PASSPORT / PASSEPORT",
			ResidencePermit: "OPHOLDSTILLADELSE / RESIDENCE PERMIT",
		},
		permitCode: "AR", sign: "DK", licenceTitle: "KØREKORT",
	},
	{
		code: "GBR", mrzCode: "GBR", country: "UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND",
		langs: []*language{english, french}, nationality: []string{"BRITISH CITIZEN"},
		sexes: [][2]string{sexPlain}, dates: []dateStyle{dateMonth, dateBilingualShort},
		men:   []string{"JAMES", "OLIVER GEORGE", "HARRY", "WILLIAM", "RHYS", "SEÁN"},
		women: []string{"CHARLOTTE", "EMILY ROSE", "SIOBHÁN", "AMELIA", "ISLA", "ZOË"},
		surnames: pairs("SMITH", "O'BRIEN", "JONES", "WILLIAMS-JONES", "MACDONALD", "TAYLOR",
			"FFORDE"),
		places: []string{"LONDON", "BIRMINGHAM", "KINGSTON UPON HULL", "NEWCASTLE UPON TYNE", "CARDIFF",
			"STOKE-ON-TRENT"},
		authorities: []string{"HMPO", "UKPA"},
		permitBy:    []string{"HOME OFFICE", "UKVI"},
		licenceBy:   []string{"DVLA"},
		passport:    "999999999", permit: "ZR9999999",
		licenceNumber: britishLicence,
		titles: map[Kind]string{
			Passport:        "PASSPORT / PASSEPORT",
			ResidencePermit: "BIOMETRIC RESIDENCE PERMIT",
		},
		permitCode: "IR", sign: "UK", licenceTitle: "DRIVING LICENCE",
	},
	{
		code: "NLD", mrzCode: "NLD", country: "KONINKRIJK DER NEDERLANDEN",
		langs: []*language{dutch, english, french}, nationality: []string{"Nederlandse", "NEDERLANDSE"},
		sexes: [][2]string{sexDoubled, sexPlain}, dates: []dateStyle{dateBilingual, dateDot},
		men:   []string{"JAN", "PIETER", "DAAN", "JOOST", "SJOERD", "RUBEN"},
		women: []string{"SANNE", "EVA", "FLEUR", "ANOUK", "ROOS", "NOËLLE"},
		surnames: pairs("DE JONG", "VAN DER BERG", "JANSEN", "VAN 'T HOF", "BAKKER", "VAN DIJK",
			"IJZERMAN"),
		places: []string{"AMSTERDAM", "'s-GRAVENHAGE", "ROTTERDAM", "DEN HELDER", "'s-Hertogenbosch",
			"Alphen aan den Rijn"},
		authorities: []string{"Burgemeester van Amsterdam", "BURG. VAN 's-GRAVENHAGE",
			"Minister van Buitenlandse Zaken"},
		permitBy:  []string{"IND", "Immigratie- en Naturalisatiedienst"},
		licenceBy: []string{"RDW", "Burgemeester van Utrecht"},
		passport:  "AA******9", card: "AA******9", permit: "V99999999", licence: "9999999999",
		personal: bsn,
		titles: map[Kind]string{
			Passport:        "PASPOORT / PASSPORT / PASSEPORT",
			IDCard:          "IDENTITEITSKAART / IDENTITY CARD",
			ResidencePermit: "VERBLIJFSDOCUMENT / RESIDENCE DOCUMENT",
		},
		idCode: "I", permitCode: "AR", sign: "NL", licenceTitle: "RIJBEWIJS",
	},
	{
		code: "ITA", mrzCode: "ITA", country: "REPUBBLICA ITALIANA",
		langs: []*language{italian, english, french}, nationality: []string{"ITALIANA"},
		sexes: [][2]string{sexPlain, sexDoubled}, dates: []dateStyle{dateSlash, dateBilingual},
		men:   []string{"GIUSEPPE", "NICCOLÒ", "MARCO", "ANDREA", "LUCA", "GIANMARIA"},
		women: []string{"GIULIA", "FRANCESCA", "CHIARA", "ELISA", "BEATRICE", "ROSALÌA"},
		surnames: pairs("ROSSI", "RUSSO", "D'ANGELO", "ESPOSITO", "DE LUCA", "LA ROSA", "NICOLÒ",
			"SANTAGATA"),
		places: []string{"ROMA", "MILANO", "SAN GIOVANNI IN FIORE", "REGGIO NELL'EMILIA", "FORLÌ",
			"Castelnuovo di Porto"},
		authorities: []string{"MINISTRO AFFARI ESTERI", "Questura di Roma", "COMUNE DI MILANO"},
		permitBy:    []string{"QUESTURA DI MILANO", "Questura di Torino"},
		licenceBy:   []string{"MIT-UCO", "MC-RM", "PREFETTO DI NAPOLI"},
		passport:    "AA9999999", card: "CA99999AA", permit: "I99999999", licence: "U1A999999A",
		titles: map[Kind]string{
			Passport:        "PASSAPORTO / PASSPORT / PASSEPORT",
			IDCard:          "CARTA D'IDENTITÀ / IDENTITY CARD",
			ResidencePermit: "PERMESSO DI SOGGIORNO / RESIDENCE PERMIT",
		},
		idCode: "CI", permitCode: "AR", sign: "I", licenceTitle: "PATENTE DI GUIDA",
	},
	{
		code: "CZE", mrzCode: "CZE", country: "ČESKÁ REPUBLIKA",
		langs:       []*language{czech, english, french},
		nationality: []string{"ČESKÁ REPUBLIKA/CZECH REPUBLIC", "ČESKÁ REPUBLIKA"},
		sexes:       [][2]string{sexCzech, sexPlain}, dates: []dateStyle{dateDot, dateSpace},
		men:   []string{"JIŘÍ", "TOMÁŠ", "PETR", "ONDŘEJ", "LUBOŠ", "VÁCLAV"},
		women: []string{"JANA", "KATEŘINA", "LUCIE", "TEREZA", "RŮŽENA", "ZDEŇKA"},
		surnames: [][2]string{{"NOVÁK", "NOVÁKOVÁ"}, {"DVOŘÁK", "DVOŘÁKOVÁ"}, {"ŠIMEK", "ŠIMKOVÁ"},
			{"ČERNÝ", "ČERNÁ"}, {"PROCHÁZKA", "PROCHÁZKOVÁ"}, {"KŘÍŽ", "KŘÍŽOVÁ"}},
		places: []string{"PRAHA", "BRNO", "ČESKÉ BUDĚJOVICE", "ÚSTÍ NAD LABEM", "PLZEŇ",
			"Frýdek-Místek"},
		authorities: []string{"Magistrát hl. m. Prahy", "MěÚ Říčany", "MMB Brno", "MINISTERSTVO VNITRA"},
		permitBy:    []string{"MINISTERSTVO VNITRA"},
		licenceBy:   []string{"MěÚ Říčany", "Magistrát města Brna", "MĚSTSKÝ ÚŘAD ČESKÝ KRUMLOV"},
		passport:    "99999999", card: "999999999", permit: "AA9999999", licence: "AA 999999",
		personal: rodneCislo,
		titles: map[Kind]string{
			Passport:        "CESTOVNÍ PAS / PASSPORT / PASSEPORT",
			IDCard:          "OBČANSKÝ PRŮKAZ / IDENTITY CARD",
			ResidencePermit: "POVOLENÍ K POBYTU / RESIDENCE PERMIT",
		},
		idCode: "ID", permitCode: "AR", sign: "CZ", licenceTitle: "ŘIDIČSKÝ PRŮKAZ",
	},
	{
		code: "ESP", mrzCode: "ESP", country: "REINO DE ESPAÑA",
		langs: []*language{spanish, english, french}, nationality: []string{"ESPAÑOLA"},
		sexes: [][2]string{sexPlain, sexDoubled}, dates: []dateStyle{dateSpace, dateBilingual},
		men:   []string{"JOSÉ", "JOSÉ MARÍA", "ÁLVARO", "IÑIGO", "JESÚS", "RAÚL"},
		women: []string{"MARÍA JOSÉ", "LUCÍA", "ÁNGELA", "BEGOÑA", "INÉS", "SOLEDAD"},
		surnames: pairs("GARCÍA LÓPEZ", "MUÑOZ", "NÚÑEZ PÉREZ", "FERNÁNDEZ", "GÓMEZ", "IBÁÑEZ",
			"ÁLVAREZ DE TOLEDO"),
		places:      []string{"MADRID", "A CORUÑA", "SANTA CRUZ DE TENERIFE", "CÁDIZ", "LLEIDA", "Alcalá de Henares"},
		authorities: []string{"DGP-MADRID", "DIRECCIÓN GENERAL DE LA POLICÍA", "DGP 28079"},
		permitBy:    []string{"DIRECCIÓN GENERAL DE LA POLICÍA"},
		licenceBy:   []string{"DGT", "Ministerio del Interior"},
		passport:    "AAA999999", card: "AAA999999", permit: "E99999999", licence: "99999999A",
		personal: dni,
		titles: map[Kind]string{
			Passport:        "PASAPORTE / PASSPORT / PASSEPORT",
			IDCard:          "DOCUMENTO NACIONAL DE IDENTIDAD",
			ResidencePermit: "PERMISO DE RESIDENCIA / RESIDENCE PERMIT",
		},
		idCode: "ID", permitCode: "AR", sign: "E", licenceTitle: "PERMISO DE CONDUCCIÓN",
	},
	{
		code: "SWE", mrzCode: "SWE", country: "SVERIGE / SWEDEN",
		langs: []*language{swedish, english, french}, nationality: []string{"SVENSK/SWEDISH"},
		sexes: [][2]string{sexDoubled, sexPlain}, dates: []dateStyle{dateISO, dateBilingual},
		men:   []string{"BJÖRN", "ERIK", "LARS-ÅKE", "OSKAR", "NILS", "GÖRAN"},
		women: []string{"ÅSA", "INGRID", "LINNÉA", "MAJA", "SÖLVI", "ELIN"},
		surnames: pairs("ÅSTRÖM", "LINDSTRÖM", "JOHANSSON", "ÖBERG", "ANDERSSON", "BJÖRK",
			"HÄGGLUND"),
		places:      []string{"STOCKHOLM", "GÖTEBORG", "MALMÖ", "UMEÅ", "JÖNKÖPING", "Örnsköldsvik"},
		authorities: []string{"POLISMYNDIGHETEN", "Polisen Stockholm"},
		permitBy:    []string{"MIGRATIONSVERKET"},
		licenceBy:   []string{"Transportstyrelsen"},
		passport:    "99999999", card: "99999999", permit: "UA9999999", licence: "999999-9999",
		personal: personnummer,
		titles: map[Kind]string{
			Passport:        "PASS / PASSPORT / PASSEPORT",
			IDCard:          "NATIONELLT IDENTITETSKORT / IDENTITY CARD",
			ResidencePermit: "UPPEHÅLLSTILLSTÅND / RESIDENCE PERMIT",
		},
		idCode: "ID", permitCode: "AR", sign: "S", licenceTitle: "KÖRKORT",
	},
	{
		code: "HUN", mrzCode: "HUN", country: "MAGYARORSZÁG / HUNGARY",
		langs: []*language{hungarian, english, french}, nationality: []string{"MAGYAR/HUNGARIAN"},
		sexes: [][2]string{sexPlain}, dates: []dateStyle{dateBilingualShort, dateHungarian},
		men:   []string{"LÁSZLÓ", "GYÖRGY", "ZOLTÁN", "ISTVÁN", "BENCE"},
		women: []string{"ZSÓFIA", "ERZSÉBET", "ANIKÓ", "ILDIKÓ", "RÉKA"},
		surnames: pairs("NAGY", "KOVÁCS", "TÓTH", "SZŐKE", "HORVÁTH", "KISS", "GYŐRI",
			"FŰZFA"),
		places:      []string{"BUDAPEST", "SZÉKESFEHÉRVÁR", "GYŐR", "PÉCS", "DEBRECEN", "Hódmezővásárhely"},
		authorities: []string{"BM", "Budapest Főváros Kormányhivatala"},
		permitBy:    []string{"ORSZÁGOS IDEGENRENDÉSZETI FŐIGAZGATÓSÁG"},
		licenceBy:   []string{"Budapest Főváros Kormányhivatala", "BM"},
		passport:    "AA9999999", card: "999999AA", permit: "HU9999999", licence: "AA999999",
		titles: map[Kind]string{
			Passport:        "ÚTLEVÉL / PASSPORT / PASSEPORT",
			IDCard:          "SZEMÉLYAZONOSÍTÓ IGAZOLVÁNY / IDENTITY CARD",
			ResidencePermit: "TARTÓZKODÁSI ENGEDÉLY / RESIDENCE PERMIT",
		},
		idCode: "ID", permitCode: "AR", sign: "H", licenceTitle: "VEZETŐI ENGEDÉLY",
	},
}

// pairs gives surnames that have one form for both sexes.
func pairs(names ...string) [][2]string {
	out := make([][2]string, len(names))
	for i, n := range names {
		out[i] = [2]string{n, n}
	}
	return out
}

// foreigner is a nationality residence permits are issued to: names and places of birth from
// elsewhere, with their own diacritics.
type foreigner struct {
	nationality string
	surnames    [][2]string
	men, women  []string
	places      []string
}

var foreigners = []foreigner{
	{"UKR", pairs("KOVALENKO", "SHEVCHENKO", "BONDARENKO", "TKACHUK"),
		[]string{"OLEKSANDR", "ANDRII", "SERHII"}, []string{"OLENA", "IRYNA", "YULIIA"},
		[]string{"KYIV", "LVIV", "KHARKIV", "ZAPORIZHZHIA"}},
	{"TUR", pairs("YILMAZ", "ÖZTÜRK", "ÇELİK", "ŞAHİN", "DOĞAN"),
		[]string{"MEHMET", "MUSTAFA", "EMRE"}, []string{"AYŞE", "ELİF", "GÜL"},
		[]string{"İSTANBUL", "ANKARA", "İZMİR", "GAZİANTEP"}},
	{"IND", pairs("SHARMA", "PATEL", "REDDY", "IYER"),
		[]string{"RAHUL", "ARJUN KUMAR", "VIKRAM"}, []string{"PRIYA", "ANANYA", "LAKSHMI DEVI"},
		[]string{"MUMBAI", "NEW DELHI", "BENGALURU", "Chennai"}},
	{"BRA", pairs("SILVA", "GONÇALVES", "ARAÚJO", "DOS SANTOS"),
		[]string{"JOÃO", "JOSÉ CARLOS", "THIAGO"}, []string{"MARIA", "ANA LÚCIA", "CONCEIÇÃO"},
		[]string{"SÃO PAULO", "BELO HORIZONTE", "RIO DE JANEIRO", "Florianópolis"}},
	{"USA", pairs("SMITH", "O'CONNOR", "JOHNSON", "MCALLISTER"),
		[]string{"JOHN", "MICHAEL", "DAVID LEE"}, []string{"EMILY", "SARAH", "MARY ANN"},
		[]string{"NEW YORK", "SAN FRANCISCO", "CHICAGO", "Salt Lake City"}},
	{"VNM", pairs("NGUYỄN", "TRẦN", "LÊ", "PHẠM"),
		[]string{"VĂN ANH", "MINH", "ĐỨC"}, []string{"THỊ HOA", "LAN", "THỊ MAI"},
		[]string{"HÀ NỘI", "HẢI PHÒNG", "ĐÀ NẴNG"}},
	{"SYR", pairs("AL-HASSAN", "KHALIL", "HADDAD", "AL-MASRI"),
		[]string{"AHMAD", "MOHAMMAD", "OMAR"}, []string{"FATIMA", "LAYLA", "NOUR"},
		[]string{"DAMASCUS", "ALEPPO", "HOMS"}},
	{"CHN", pairs("WANG", "LI", "ZHANG", "LIU"),
		[]string{"WEI", "JIANGUO", "HAO"}, []string{"FANG", "XIAOLING", "JING"},
		[]string{"BEIJING", "SHANGHAI", "GUANGDONG"}},
}
