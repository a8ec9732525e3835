package mrz_test

import (
	"testing"

	"github.com/trustline/platform/shared/vision/mrz"
)

func TestCheckDigit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want byte
	}{
		{"L898902C3", '6'},
		{"740812", '2'},
		{"120415", '9'},
		{"ZE184226B<<<<<", '1'},
		{"D23145890734", '9'},
		{"L898902C3674081221204159ZE184226B<<<<<1", '0'},
		{"<<<<<<", '0'},
		{"", '0'},
	} {
		if got := mrz.CheckDigit(tc.in); got != tc.want {
			t.Errorf("CheckDigit(%q) = %c, want %c", tc.in, got, tc.want)
		}
	}
}
