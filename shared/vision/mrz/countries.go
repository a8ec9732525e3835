package mrz

import (
	"strings"
	"sync"
)

// iso3166 is ISO 3166-1 alpha-3 (249 codes, from the Debian iso-codes list).
const iso3166 = `
ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD BGR
BHR BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG
COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH
FIN FJI FLK FRA FRO FSM GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY
HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR JPN KAZ KEN KGZ KHM
KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA MDG MDV MEX MHL
MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL NER NFK NGA NIC NIU NLD NOR
NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU
SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR TCA
TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB
VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE
`

// icaoCodes are the codes ICAO Doc 9303 part 3 adds: Germany's D; the British nationality
// categories (GBD dependent territories citizen, GBN national overseas, GBO overseas citizen,
// GBP protected person, GBS subject); the United Nations (UNO organization, UNA specialized
// agency, UNK Kosovo resident under UNMIK); RKS, the code Kosovo uses; EUE, the European Union;
// the organizations XBA, XIM, XCC, XCE, XCO, XDC, XEC, XES, XMP, XOM, XPO; XXA stateless, XXB
// and XXC refugees, XXX unspecified nationality. XKX (the user-assigned code some states use
// for Kosovo) is accepted too.
const icaoCodes = `
D EUE GBD GBN GBO GBP GBS RKS UNA UNK UNO
XBA XCC XCE XCO XDC XEC XES XIM XKX XMP XOM XPO XXA XXB XXC XXX
`

var countrySet = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, 300)
	for _, c := range strings.Fields(iso3166 + icaoCodes) {
		m[c] = true
	}
	return m
})

// KnownCountry tells whether code (fillers trimmed, e.g. "D", "FRA") is an ISO 3166-1 alpha-3
// code or one of the codes ICAO adds for documents.
func KnownCountry(code string) bool { return countrySet()[code] }
