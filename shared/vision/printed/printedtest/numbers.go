package printedtest

import (
	"fmt"
	"strings"
)

// The German document-number alphabet: digits and consonants that cannot be misread as each other.
const germanAlphabet = "CFGHJKLMNPRTVWXYZ0123456789"

// number draws a document number from pattern: A a letter, 9 a digit, X a letter or digit, * a
// character of the German alphabet, anything else itself.
func number(r *rng, pattern string) string {
	var b strings.Builder
	for _, c := range pattern {
		switch c {
		case 'A':
			b.WriteByte(byte('A' + r.IntN(26)))
		case '9':
			b.WriteByte(byte('0' + r.IntN(10)))
		case 'X':
			b.WriteByte("ABCDEFGHJKLMNPRSTUVWXYZ0123456789"[r.IntN(33)])
		case '*':
			b.WriteByte(germanAlphabet[r.IntN(len(germanAlphabet))])
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// digits draws n decimal digits.
func digits(r *rng, n int) string { return number(r, strings.Repeat("9", n)) }

// The national personal numbers, as printed. They carry the holder's birth date (and sex) the way
// the real ones do, with their own check digits, so a reader may cross-check them.

// pesel is the Polish PESEL: YYMMDD (the month plus 20 for births from 2000), a serial, a sex
// digit (even for women) and a check digit.
func pesel(r *rng, d *doc) string {
	b := d.birth
	month := int(b.Month())
	if b.Year() >= 2000 {
		month += 20
	}
	s := fmt.Sprintf("%02d%02d%02d%s", b.Year()%100, month, b.Day(), digits(r, 3))
	sex := 2 * r.IntN(5)
	if d.sex == 'M' {
		sex++
	}
	s += fmt.Sprint(sex)
	sum := 0
	for i, w := range []int{1, 3, 7, 9, 1, 3, 7, 9, 1, 3} {
		sum += int(s[i]-'0') * w
	}
	return s + fmt.Sprint((10-sum%10)%10)
}

// kennitala is the Icelandic number: DDMMYY, two digits, a check digit (modulo 11) and the
// century (9 for the 1900s, 0 for the 2000s), printed DDMMYY-NNNN.
func kennitala(r *rng, d *doc) string {
	b := d.birth
	for {
		s := b.Format("020106") + digits(r, 2)
		sum := 0
		for i, w := range []int{3, 2, 7, 6, 5, 4, 3, 2} {
			sum += int(s[i]-'0') * w
		}
		check := (11 - sum%11) % 11
		if check == 10 {
			continue
		}
		century := 9
		if b.Year() >= 2000 {
			century = 0
		}
		return fmt.Sprintf("%s-%s%d%d", s[:6], s[6:], check, century)
	}
}

// cpr is the Danish CPR number: DDMMYY-NNNN, the last digit odd for men.
func cpr(r *rng, d *doc) string {
	last := 2 * r.IntN(5)
	if d.sex == 'M' {
		last++
	}
	return fmt.Sprintf("%s-%s%d", d.birth.Format("020106"), digits(r, 3), last)
}

// bsn is the Dutch citizen service number: nine digits passing the eleven test, printed
// 1234.56.789 as Dutch passports do.
func bsn(r *rng, _ *doc) string {
	for {
		s := fmt.Sprint(1+r.IntN(9)) + digits(r, 8)
		sum := 0
		for i := range 8 {
			sum += int(s[i]-'0') * (9 - i)
		}
		if (sum-int(s[8]-'0'))%11 == 0 {
			return s[:4] + "." + s[4:6] + "." + s[6:]
		}
	}
}

// rodneCislo is the Czech birth number: YYMMDD (the month plus 50 for women), a slash and four
// digits, the whole divisible by 11.
func rodneCislo(r *rng, d *doc) string {
	b := d.birth
	month := int(b.Month())
	if d.sex == 'F' {
		month += 50
	}
	head := fmt.Sprintf("%02d%02d%02d%s", b.Year()%100, month, b.Day(), digits(r, 3))
	n := 0
	for _, c := range head {
		n = n*10 + int(c-'0')
	}
	check := (11 - n*10%11) % 11 // the digit that makes head·10 + digit divisible by 11
	if check == 10 {
		check = 0 // numbers issued before 1985 allow it; the set keeps it simple
	}
	return fmt.Sprintf("%s/%s%d", head[:6], head[6:], check)
}

// dni is the Spanish DNI: eight digits and their letter.
func dni(r *rng, _ *doc) string {
	s := digits(r, 8)
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return s + string("TRWAGMYFPDXBNJZSQVHLCKE"[n%23])
}

// personnummer is the Swedish number: YYMMDD-NNNN with a Luhn check digit.
func personnummer(r *rng, d *doc) string {
	s := d.birth.Format("060102") + digits(r, 3)
	sum := 0
	for i, c := range s {
		v := int(c - '0')
		if i%2 == 0 {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
	}
	return fmt.Sprintf("%s-%s%d", s[:6], s[6:], (10-sum%10)%10)
}

// britishLicence is the DVLA driver number: the surname's first five letters (9s after a short
// one), the decade digit, the birth month (plus 50 for women), the day, the year digit, two
// initials (9 for a missing one), a digit and two check letters.
func britishLicence(r *rng, d *doc) string {
	s := strings.ReplaceAll(Transliterate(d.surname), "<", "")
	s = (s + "99999")[:5]
	month := int(d.birth.Month())
	if d.sex == 'F' {
		month += 50
	}
	initials := ""
	for _, g := range strings.Fields(d.given) {
		initials += Transliterate(g)[:1]
	}
	initials = (initials + "99")[:2]
	y := d.birth.Year()
	return fmt.Sprintf("%s%d%02d%02d%d%s9%s", s, y/10%10, month, d.birth.Day(), y%10, initials,
		number(r, "AA"))
}

// mrzPersonal is a printed personal number as the MRZ writes it: letters and digits only.
func mrzPersonal(s string) string {
	var b strings.Builder
	for _, c := range strings.ToUpper(s) {
		if c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}
