package fieldvalue

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// monthWords are the names and abbreviations of each month, January first, as issuers print
// them: English, French, German (with Austria's Jänner), Spanish, Italian, Portuguese, Dutch,
// Polish, Czech, Slovak, Hungarian, Danish, Norwegian, Swedish, Finnish, Icelandic, Estonian,
// Latvian, Lithuanian, Croatian, Slovenian, Romanian, Greek (transliterated and in Greek script)
// and Turkish; the genitive where a language writes dates with it (13 lipca 2006, 5. února
// 2001). They are folded (Fold) when the table is built, so accents here are for the reader.
var monthWords = [12]string{
	`JAN JANUARY JANUAR JÄNNER JÄN JANVIER JANV ENERO ENE GENNAIO GEN JANEIRO JANUARI STYCZEŃ STYCZNIA STY
	LEDEN LEDNA LED JANUÁR JANUÁRA TAMMIKUU TAMMIKUUTA TAMMI JANÚAR JAANUAR JAAN JANVĀRIS SAUSIS SAUSIO SAU
	SIJEČANJ SIJEČNJA SIJ IANUARIE IAN IANOUARIOS IANOUARIOU OCAK OCA ΙΑΝ ΙΑΝΟΥΑΡΙΟΣ ΙΑΝΟΥΑΡΙΟΥ`,
	`FEB FEBRUARY FEBRUAR FEBER FÉVRIER FÉVR FÉV FEBRERO FEBBRAIO FEVEREIRO FEBRUARI LUTY LUTEGO LUT ÚNOR
	ÚNORA ÚNO FEBRUÁR FEBRUÁRA FEBR HELMIKUU HELMIKUUTA HELMI FEBRÚAR VEEBRUAR VEEBR FEBRUĀRIS VASARIS
	VASARIO VAS VELJAČA VELJAČE VELJ VEL FEBRUARIE FEVROUARIOS FEVROUARIOU ŞUBAT ŞUB ΦΕΒ ΦΕΒΡΟΥΑΡΙΟΣ
	ΦΕΒΡΟΥΑΡΙΟΥ`,
	`MAR MARCH MÄRZ MÄR MRZ MARS MARZO MARÇO MAART MAA MRT MARZEC MARCA BŘEZEN BŘEZNA BŘE MAREC MÁRCIUS MÁRC
	MAALISKUU MAALISKUUTA MAALIS MARTS MÄRTS KOVAS KOVO KOV OŽUJAK OŽUJKA OŽU MARTIE MARTIOS MARTIOU MART
	ΜΑΡ ΜΑΡΤΙΟΣ ΜΑΡΤΙΟΥ`,
	`APR APRIL AVRIL AVR ABRIL ABR APRILE KWIECIEŃ KWIETNIA KWI DUBEN DUBNA DUB APRÍL APRÍLA ÁPRILIS ÁPR
	HUHTIKUU HUHTIKUUTA HUHTI APRILL APRĪLIS BALANDIS BALANDŽIO BAL TRAVANJ TRAVNJA TRA APRILIE APRILIOS
	APRILIOU NISAN NİS ΑΠΡ ΑΠΡΙΛΙΟΣ ΑΠΡΙΛΙΟΥ`,
	`MAY MAI MAYO MAGGIO MAG MAIO MEI MAJ MAJA KVĚTEN KVĚTNA KVĚ MÁJ MÁJA MÁJUS TOUKOKUU TOUKOKUUTA TOUKO
	MAÍ MAIJS GEGUŽĖ GEGUŽĖS GEG SVIBANJ SVIBNJA SVI MAIOS MAIOU MAYIS ΜΑΪ ΜΑΙΟΣ ΜΑΪΟΥ`,
	`JUN JUNE JUNI JUIN JUNIO GIUGNO GIU JUNHO CZERWIEC CZERWCA CZE ČERVEN ČERVNA ČVN JÚN JÚNA JÚNIUS
	KESÄKUU KESÄKUUTA KESÄ JÚNÍ JUUNI JŪNIJS BIRŽELIS BIRŽELIO BIR LIPANJ LIPNJA LIP JUNIJ IUNIE IUN
	IOUNIOS IOUNIOU IOUN HAZIRAN HAZ ΙΟΥΝ ΙΟΥΝΙΟΣ ΙΟΥΝΙΟΥ`,
	`JUL JULY JULI JUILLET JUIL JULIO LUGLIO LUG JULHO LIPIEC LIPCA LIP ČERVENEC ČERVENCE ČVC JÚL JÚLA
	JÚLIUS HEINÄKUU HEINÄKUUTA HEINÄ JÚLÍ JUULI JŪLIJS LIEPA LIEPOS LIE SRPANJ SRPNJA SRP JULIJ IULIE IUL
	IOULIOS IOULIOU IOUL TEMMUZ TEM ΙΟΥΛ ΙΟΥΛΙΟΣ ΙΟΥΛΙΟΥ`,
	`AUG AUGUST AOÛT AOU AGOSTO AGO AUGUSTUS AUGUSTI SIERPIEŃ SIERPNIA SIE SRPEN SRPNA SRP AUGUSZTUS
	ELOKUU ELOKUUTA ELO ÁGÚST ÁGÚ AUGUSTS RUGPJŪTIS RUGPJŪČIO RGP RUGP KOLOVOZ KOLOVOZA KOL AVGUST AVG
	AVGOUSTOS AVGOUSTOU AĞUSTOS AĞU ΑΥΓ ΑΥΓΟΥΣΤΟΣ ΑΥΓΟΥΣΤΟΥ`,
	`SEP SEPT SEPTEMBER SEPTEMBRE SEPTIEMBRE SETIEMBRE SET SETTEMBRE SETEMBRO WRZESIEŃ WRZEŚNIA WRZ ZÁŘÍ
	ZÁŘ SEPTEMBRA SZEPTEMBER SZEPT SYYSKUU SYYSKUUTA SYYS SEPTEMBRIS RUGSĖJIS RUGSĖJO RGS RUGS RUJAN RUJNA
	RUJ SEPTEMBRIE SEPTEMVRIOS SEPTEMVRIOU EYLÜL EYL ΣΕΠ ΣΕΠΤ ΣΕΠΤΕΜΒΡΙΟΣ ΣΕΠΤΕΜΒΡΙΟΥ`,
	`OCT OCTOBER OCTOBRE OCTUBRE OTTOBRE OTT OUTUBRO OUT OKTOBER OKT PAŹDZIERNIK PAŹDZIERNIKA PAŹ ŘÍJEN
	ŘÍJNA ŘÍJ OKTÓBER OKTÓBRA LOKAKUU LOKAKUUTA LOKA OKTOOBER OKTOBRIS SPALIS SPALIO SPA LISTOPAD
	LISTOPADA LIS OCTOMBRIE OKTOVRIOS OKTOVRIOU EKIM EKİ ΟΚΤ ΟΚΤΩΒΡΙΟΣ ΟΚΤΩΒΡΙΟΥ`,
	`NOV NOVEMBER NOVEMBRE NOVIEMBRE NOVEMBRO LISTOPAD LISTOPADA LISTOPADU LIS NOVEMBRA MARRASKUU
	MARRASKUUTA MARRAS NÓVEMBER NÓV NOVEMBRIS LAPKRITIS LAPKRIČIO LAP STUDENI STUDENOGA STU NOIEMBRIE NOI
	NOEMVRIOS NOEMVRIOU NOE KASIM KAS ΝΟΕ ΝΟΕΜ ΝΟΕΜΒΡΙΟΣ ΝΟΕΜΒΡΙΟΥ`,
	`DEC DECEMBER DÉCEMBRE DÉC DICIEMBRE DIC DICEMBRE DEZEMBRO DEZ DEZEMBER GRUDZIEŃ GRUDNIA GRU PROSINEC
	PROSINCE PRO DECEMBRA JOULUKUU JOULUKUUTA JOULU DESEMBER DES DETSEMBER DETS DECEMBRIS GRUODIS
	GRUODŽIO PROSINAC PROSINCA DECEMBRIE DEKEMVRIOS DEKEMVRIOU DEK ARALIK ARA ΔΕΚ ΔΕΚΕΜΒΡΙΟΣ ΔΕΚΕΜΒΡΙΟΥ`,
}

// monthTable maps each folded month word to the months it names (bit m for month m): a word
// several languages give to different months (LIS, LIP, SRP) names both.
type monthTable struct {
	words    map[string]uint16
	maxRunes int // the longest word, so that longer runs skip the lookup
}

var months = sync.OnceValue(func() monthTable {
	t := monthTable{words: make(map[string]uint16, 600)}
	for i, list := range monthWords {
		for _, w := range strings.Fields(list) {
			f := Fold(w)
			t.words[f] |= 1 << (i + 1)
			t.maxRunes = max(t.maxRunes, utf8.RuneCountInString(f))
		}
	}
	return t
})

// letterFor is the letter OCR reads as each digit in a month name: 0CT for OCT.
var letterFor = [10]byte{'O', 'I', 'Z', 0, 0, 'S', 'G', 0, 'B', 0}

// monthsOf returns the months a word names (0 for none) and how many of its characters were
// digits read for the letters they resemble. A word of digits only is no month name.
func monthsOf(word string) (mask uint16, subs int) {
	t := months()
	var buf [24]byte
	if len(word) > len(buf) {
		return 0, 0
	}
	letters := 0
	for i := 0; i < len(word); i++ {
		c := word[i]
		switch {
		case c >= utf8.RuneSelf:
			// Accented or Greek: rare enough that the allocation of Fold does not matter.
			if utf8.RuneCountInString(word) > t.maxRunes {
				return 0, 0
			}
			return t.words[Fold(word)], 0
		case c >= 'a' && c <= 'z':
			buf[i] = c - 'a' + 'A'
			letters++
		case c >= 'A' && c <= 'Z':
			buf[i] = c
			letters++
		case c >= '0' && c <= '9' && letterFor[c-'0'] != 0:
			buf[i] = letterFor[c-'0']
			subs++
		default:
			return 0, 0
		}
	}
	if subs >= letters {
		return 0, 0
	}
	return t.words[string(buf[:len(word)])], subs
}

// single returns the month of a mask naming exactly one.
func single(mask uint16) (int, bool) {
	if mask == 0 || mask&(mask-1) != 0 {
		return 0, false
	}
	m := 0
	for mask > 1 {
		mask >>= 1
		m++
	}
	return m, true
}
