package verification

import (
	"testing"

	"github.com/trustline/platform/shared/domain/extraction"
)

// named is a document of surname and given names as extracted, and an applicant.
func named(surname, given string, a Applicant) Input {
	return Input{Applicant: a, Document: with(func(r *extraction.Result) {
		r.ExtractedData.Surname, r.ExtractedData.GivenNames = field(surname), field(given)
	})}
}

func TestName(t *testing.T) {
	runCases(t, GroupComparison, codeName, []outcomeCase{
		{"the same", named("DUPONT", "CLAIRE ELODIE", Applicant{Surname: "Dupont", GivenNames: "Claire Élodie"}),
			Pass, "surname and given names agree"},
		{"swapped", named("DUPONT", "CLAIRE ELODIE", Applicant{Surname: "Claire Elodie", GivenNames: "Dupont"}),
			Pass, "agree, swapped"},
		{"MÜLLER in the MRZ's MUELLER", named("MUELLER", "JOERG", Applicant{Surname: "Müller", GivenNames: "Jörg"}),
			Pass, "surname and given names agree"},
		{"MUELLER against a printed MÜLLER", named("MÜLLER", "JÖRG", Applicant{Surname: "Mueller", GivenNames: "Joerg"}),
			Pass, "surname and given names agree"},
		{"MULLER, the short form", named("MULLER", "JORG", Applicant{Surname: "Müller", GivenNames: "Jörg"}),
			Pass, "surname and given names agree"},
		{"Cyrillic", named("IVANOV", "SERGEI", Applicant{Surname: "Иванов", GivenNames: "Сергей"}),
			Pass, "surname and given names agree"},
		{"one given name of two", named("DUPONT", "CLAIRE ELODIE", Applicant{Surname: "DUPONT", GivenNames: "Claire"}),
			Pass, "(some of the names)"},
		{"one surname of two", named("GARCIA MARTINEZ", "LUCIA", Applicant{Surname: "García", GivenNames: "Lucía"}),
			Pass, "(some of the names)"},
		{"hyphenated", named("MARTIN", "JEAN PIERRE", Applicant{Surname: "Martin", GivenNames: "Jean-Pierre"}),
			Pass, "surname and given names agree"},
		{"surname only", named("DUPONT", "CLAIRE", Applicant{Surname: "DUPONT"}), Pass, "agree"},
		{"cut short by the zone", named("DUPONT", "MARIE CHRISTI", Applicant{Surname: "Dupont",
			GivenNames: "Marie Christine"}), Inconclusive, "the start of the applicant's"},
		{"another surname", named("DUPONT", "CLAIRE ELODIE", Applicant{Surname: "Durand", GivenNames: "Claire"}),
			Fail, "not the document's, in either order"},
		{"another given name", named("DUPONT", "CLAIRE ELODIE", Applicant{Surname: "Dupont", GivenNames: "Marie"}),
			Fail, "not the document's"},
		{"a surname prefix is no surname", named("SMITH", "JOHN", Applicant{Surname: "Smithers", GivenNames: "John"}),
			Inconclusive, "the start of the applicant's"},
		{"not given", named("DUPONT", "CLAIRE", Applicant{}), NotApplicable, "no applicant name"},
		{"none read", named("", "", Applicant{Surname: "Dupont"}), Inconclusive, "no name was read"},
	})
}

func TestBirthDate(t *testing.T) {
	born := func(doc, applicant string) Input {
		return Input{Applicant: Applicant{DateOfBirth: applicant},
			Document: with(func(r *extraction.Result) { r.ExtractedData.DateOfBirth = field(doc) })}
	}
	runCases(t, GroupComparison, codeBirthDate, []outcomeCase{
		{"the same", born("1988-03-21", "1988-03-21"), Pass, "the same"},
		{"a day apart", born("1988-03-21", "1988-03-22"), Fail, "not the document's"},
		{"day and month swapped", born("1988-03-12", "1988-12-03"), Fail, "not the document's"},
		{"the document's month only", born("1988-03", "1988-03-21"), Inconclusive, "as 1988-03 only"},
		{"the document's other month", born("1988-04", "1988-03-21"), Fail, "not the document's"},
		{"the applicant's not ISO", born("1988-03-21", "21/03/1988"), Inconclusive, "is not YYYY-MM-DD"},
		{"not given", born("1988-03-21", ""), NotApplicable, "no applicant date of birth"},
	})
}

func TestNumber(t *testing.T) {
	numbered := func(doc, personal, applicant string) Input {
		return Input{Applicant: Applicant{DocumentNumber: applicant}, Document: with(func(r *extraction.Result) {
			r.ExtractedData.DocumentNumber = field(doc)
			if personal != "" {
				r.ExtractedData.PersonalNumber = field(personal)
			}
		})}
	}
	runCases(t, GroupComparison, codeNumber, []outcomeCase{
		{"the same", numbered("18CO04712", "", "18CO04712"), Pass, "the document numbers are the same"},
		{"O for 0", numbered("18CO04712", "", "18C004712"), Pass, "the same"},
		{"spaces", numbered("18CO04712", "", "18 CO 04712"), Pass, "the same"},
		{"the DNI's personal number", numbered("BAB123456", "12345678Z", "12345678Z"), Pass, "personal number"},
		{"another", numbered("18CO04712", "", "18CO04713"), Fail, "not the document's"},
		{"not given", numbered("18CO04712", "", ""), NotApplicable, "no applicant document number"},
	})
}

func TestNationality(t *testing.T) {
	runCases(t, GroupComparison, codeNationality, []outcomeCase{
		{"a code", Input{Document: passport(), Applicant: Applicant{Nationality: "FRA"}}, Pass, "both FRA"},
		{"an adjective", Input{Document: passport(), Applicant: Applicant{Nationality: "Française"}}, Pass, "both FRA"},
		{"another", Input{Document: passport(), Applicant: Applicant{Nationality: "DEU"}}, Fail, "states FRA"},
		{"a licence states none", Input{Document: licence(), Applicant: Applicant{Nationality: "POL"}},
			Inconclusive, "no nationality"},
		{"not given", Input{Document: passport()}, NotApplicable, "no applicant nationality"},
	})
}
