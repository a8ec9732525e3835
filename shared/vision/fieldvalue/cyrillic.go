package fieldvalue

import "unicode"

// Cyrillic names are written in the MRZ by one of four systems, the columns of cyrillic:
//  0. ICAO Doc 9303 part 3, section 6 (Russia's passports since 2013, Belarus, Kazakhstan…);
//  1. Ukraine's (Cabinet resolution 55 of 2010): Г H, И Y, and YE, YI, Y, YU, YA for Є, Ї, Й,
//     Ю, Я at the start of a word;
//  2. Bulgaria's (2009): Й Y, Х H, Щ SHT, Ъ A, Ь Y, Ю YU, Я YA, and -ИЯ at a word's end IA;
//  3. Serbia's and North Macedonia's, by way of their Latin alphabets: Ђ DJ, Ж Z, Ћ C, Ц C, Ч C,
//     Ш S, Ѓ GJ, Ќ KJ.
//
// Each letter's row gives its form in each system; Transliterate's uniform forms take one
// column for the whole name.
const (
	schemeICAO = iota
	schemeUkraine
	schemeBulgaria
	schemeSerbia
	schemes
)

var cyrillic = map[rune][schemes]string{
	'А': {"A", "A", "A", "A"}, 'Б': {"B", "B", "B", "B"}, 'В': {"V", "V", "V", "V"},
	'Г': {"G", "H", "G", "G"}, 'Ґ': {"G", "G", "G", "G"}, 'Д': {"D", "D", "D", "D"},
	'Ђ': {"D", "D", "D", "DJ"}, 'Ѓ': {"G", "G", "G", "GJ"}, 'Е': {"E", "E", "E", "E"},
	'Ё': {"E", "E", "E", "E"}, 'Є': {"IE", "IE", "IE", "IE"}, 'Ж': {"ZH", "ZH", "ZH", "Z"},
	'З': {"Z", "Z", "Z", "Z"}, 'Ѕ': {"DZ", "DZ", "DZ", "DZ"}, 'И': {"I", "Y", "I", "I"},
	'І': {"I", "I", "I", "I"}, 'Ї': {"I", "I", "I", "I"}, 'Й': {"I", "I", "Y", "I"},
	'Ј': {"J", "J", "J", "J"}, 'К': {"K", "K", "K", "K"}, 'Л': {"L", "L", "L", "L"},
	'Љ': {"LJ", "LJ", "LJ", "LJ"}, 'М': {"M", "M", "M", "M"}, 'Н': {"N", "N", "N", "N"},
	'Њ': {"NJ", "NJ", "NJ", "NJ"}, 'О': {"O", "O", "O", "O"}, 'П': {"P", "P", "P", "P"},
	'Р': {"R", "R", "R", "R"}, 'С': {"S", "S", "S", "S"}, 'Т': {"T", "T", "T", "T"},
	'Ћ': {"C", "C", "C", "C"}, 'Ќ': {"K", "K", "K", "KJ"}, 'У': {"U", "U", "U", "U"},
	'Ў': {"U", "U", "U", "U"}, 'Ф': {"F", "F", "F", "F"}, 'Х': {"KH", "KH", "H", "H"},
	'Ц': {"TS", "TS", "TS", "C"}, 'Ч': {"CH", "CH", "CH", "C"}, 'Џ': {"DZ", "DZ", "DZ", "DZ"},
	'Ш': {"SH", "SH", "SH", "S"}, 'Щ': {"SHCH", "SHCH", "SHT", "SHCH"}, 'Ъ': {"IE", "IE", "A", "IE"},
	'Ы': {"Y", "Y", "Y", "Y"}, 'Ь': {"", "", "Y", ""}, 'Э': {"E", "E", "E", "E"},
	'Ю': {"IU", "IU", "YU", "IU"}, 'Я': {"IA", "IA", "YA", "IA"},
}

// ukraineInitial are the Ukrainian forms of letters at the start of a word.
var ukraineInitial = map[rune]string{'Є': "YE", 'Ї': "YI", 'Й': "Y", 'Ю': "YU", 'Я': "YA"}

// cyrillicSegment returns the forms of the Cyrillic letter runes[i], nothing for one no system
// here has.
func cyrillicSegment(runes []rune, i int) segment {
	r := unicode.ToUpper(runes[i])
	row, ok := cyrillic[r]
	if !ok {
		return omitted
	}
	initial := i == 0 || !unicode.IsLetter(runes[i-1])
	if f, ok := ukraineInitial[r]; ok && initial {
		row[schemeUkraine] = f
	}
	final := i+1 == len(runes) || !unicode.IsLetter(runes[i+1])
	if r == 'Я' && final && i > 0 && unicode.ToUpper(runes[i-1]) == 'И' {
		row[schemeBulgaria] = "A"
	}
	return row[:]
}
