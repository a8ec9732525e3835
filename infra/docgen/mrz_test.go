package main

import (
	"strings"
	"testing"
)

func TestCheckDigit(t *testing.T) {
	tests := []struct{ in, want string }{
		{"L898902C3", "6"}, {"740812", "2"}, {"120415", "9"}, {"ZE184226B<<<<<", "1"},
		{"D23145890", "7"}, {"<<<<<<", "0"}, {"18CO04712", "9"},
	}
	for _, tt := range tests {
		got, err := checkDigit(tt.in)
		if err != nil || string(got) != tt.want {
			t.Errorf("checkDigit(%q) = %c, %v; want %s", tt.in, got, err, tt.want)
		}
	}
	if _, err := checkDigit("abc"); err == nil {
		t.Error("lower case accepted")
	}
}

func TestDocumentsAreValid(t *testing.T) {
	for _, d := range documents {
		if err := validate(d); err != nil {
			t.Errorf("%s: %v", d.ID, err)
		}
	}
}

// TestValidateRefuses changes one thing at a time in a valid document.
func TestValidateRefuses(t *testing.T) {
	base := documents[0] // icao-td3
	tests := []struct {
		name   string
		change func(d *document)
		want   string
	}{
		{
			"document number check digit",
			func(d *document) { d.MRZ[1] = "L898902C37" + d.MRZ[1][10:] },
			"document number",
		},
		{"composite check digit", func(d *document) { d.MRZ[1] = d.MRZ[1][:43] + "1" }, "composite"},
		{
			"birth date check digit",
			func(d *document) { d.MRZ[1] = d.MRZ[1][:19] + "3" + d.MRZ[1][20:] },
			"date of birth",
		},
		{"short line", func(d *document) { d.MRZ[0] = d.MRZ[0][:43] }, "43 characters"},
		{"expected surname", func(d *document) { d.Expected.Surname = "ERIKSON" }, "surname"},
		{"expected expiry", func(d *document) { d.Expected.ExpiryDate = "2013-04-15" }, "expiryDate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := base
			d.MRZ = append([]string(nil), base.MRZ...)
			tt.change(&d)
			err := validate(d)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("validate = %v, want an error about %s", err, tt.want)
			}
		})
	}
}

// TestRunRefusesBadDocument checks that the command writes nothing for an inconsistent manifest.
func TestRunRefusesBadDocument(t *testing.T) {
	saved := documents
	t.Cleanup(func() { documents = saved })
	bad := saved[0]
	bad.MRZ = []string{saved[0].MRZ[0], saved[0].MRZ[1][:9] + "0" + saved[0].MRZ[1][10:]}
	documents = []document{bad}
	out := t.TempDir()
	var log strings.Builder
	if err := run([]string{"-out", out + "/x"}, &log); err == nil || !strings.Contains(err.Error(), "check digit") {
		t.Fatalf("run = %v, want a check digit error", err)
	}
	if log.Len() != 0 {
		t.Errorf("wrote files:\n%s", log.String())
	}
}
