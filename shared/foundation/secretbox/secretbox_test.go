package secretbox_test

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/foundation/secretbox"
)

var (
	keyA = []byte("data-encryption-key-A-0123456789abcdef")
	keyB = []byte("data-encryption-key-B-0123456789abcdef")
)

func mustNew(t *testing.T, secret []byte) secretbox.Box {
	t.Helper()
	b, err := secretbox.New(secret)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return b
}

// A configured key is at least 32 bytes: a shorter one would be a guessable DATA_ENCRYPTION_KEY.
func TestNewRefusesShortKeys(t *testing.T) {
	for _, tt := range []struct {
		name string
		key  []byte
		ok   bool
	}{
		{"none", nil, false},
		{"31 bytes", bytes.Repeat([]byte("k"), 31), false},
		{"32 bytes", bytes.Repeat([]byte("k"), 32), true},
		{"longer", keyA, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := secretbox.New(tt.key)
			if (err == nil) != tt.ok {
				t.Errorf("New(%d bytes) = %v, want ok %v", len(tt.key), err, tt.ok)
			}
		})
	}
}

// What is sealed opens to the same bytes, under the same key and context, and the stored form does
// not show the secret.
func TestSealOpenRoundTrip(t *testing.T) {
	box := mustNew(t, keyA)
	for _, tt := range []struct {
		name  string
		plain []byte
	}{
		{"webhook secret", []byte("whsec_0123456789abcdefghijklmnopqrstuv")},
		{"empty", []byte{}},
		{"binary", []byte{0, 1, 2, 255, 254, 0}},
		{"long", bytes.Repeat([]byte("secret "), 500)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sealed, err := box.Seal(tt.plain, "prt_1")
			if err != nil {
				t.Fatal(err)
			}
			if len(tt.plain) > 4 && strings.Contains(sealed, string(tt.plain)) {
				t.Errorf("the sealed form %q shows the secret", sealed)
			}
			got, err := box.Open(sealed, "prt_1")
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			if !bytes.Equal(got, tt.plain) {
				t.Errorf("Open = %q, want %q", got, tt.plain)
			}
			// A second Box from the same configured key (another function, a cold start) opens it.
			again, err := mustNew(t, keyA).Open(sealed, "prt_1")
			if err != nil || !bytes.Equal(again, tt.plain) {
				t.Errorf("Open by another Box of the same key = %q, %v", again, err)
			}
		})
	}
}

// Sealing the same secret twice gives two different boxes (a fresh nonce each time), so a table
// export does not show which records share a secret.
func TestSealUsesAFreshNonce(t *testing.T) {
	box := mustNew(t, keyA)
	seen := map[string]bool{}
	nonces := map[string]bool{}
	for range 50 {
		sealed, err := box.Seal([]byte("the same secret"), "prt_1")
		if err != nil {
			t.Fatal(err)
		}
		if seen[sealed] {
			t.Fatalf("the same box %q sealed twice", sealed)
		}
		seen[sealed] = true
		raw, err := base64.RawStdEncoding.DecodeString(sealed)
		if err != nil || len(raw) < 12 {
			t.Fatalf("sealed %q: %v", sealed, err)
		}
		nonce := string(raw[:12]) // GCM's standard nonce leads the box
		if nonces[nonce] {
			t.Fatalf("nonce %x used twice", raw[:12])
		}
		nonces[nonce] = true
	}
}

// A box opens only unchanged, whole, under the key and the context it was sealed with; anything
// else is an error, never other bytes.
func TestOpenRefuses(t *testing.T) {
	box := mustNew(t, keyA)
	sealed, err := box.Seal([]byte("whsec_0123456789"), "prt_1")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.RawStdEncoding.DecodeString(sealed)
	flip := func(i int) string {
		b := bytes.Clone(raw)
		b[i] ^= 0x01
		return base64.RawStdEncoding.EncodeToString(b)
	}
	for _, tt := range []struct {
		name    string
		box     secretbox.Box
		sealed  string
		context string
	}{
		{"another key", mustNew(t, keyB), sealed, "prt_1"},
		{"another context (copied onto another partner)", box, sealed, "prt_2"},
		{"no context", box, sealed, ""},
		{"a nonce byte changed", box, flip(0), "prt_1"},
		{"a ciphertext byte changed", box, flip(12), "prt_1"},
		{"a tag byte changed", box, flip(len(raw) - 1), "prt_1"},
		{"the tag cut off", box, base64.RawStdEncoding.EncodeToString(raw[:len(raw)-1]), "prt_1"},
		{"only the nonce", box, base64.RawStdEncoding.EncodeToString(raw[:12]), "prt_1"},
		{"shorter than a nonce", box, base64.RawStdEncoding.EncodeToString(raw[:5]), "prt_1"},
		{"empty", box, "", "prt_1"},
		{"not base64", box, "not*base64!", "prt_1"},
		{"padded base64", box, base64.StdEncoding.EncodeToString(raw) + "=", "prt_1"},
		{"bytes appended", box, base64.RawStdEncoding.EncodeToString(append(bytes.Clone(raw), 0)), "prt_1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.box.Open(tt.sealed, tt.context)
			if err == nil {
				t.Errorf("Open = %q, want an error", got)
			}
			if got != nil {
				t.Errorf("Open returned %q with its error", got)
			}
		})
	}
}

// A function that was given no DATA_ENCRYPTION_KEY (the zero Box) neither seals nor opens: it
// never stores a secret in the clear, nor reads one.
func TestZeroBoxRefuses(t *testing.T) {
	var zero secretbox.Box
	if sealed, err := zero.Seal([]byte("whsec_x"), "prt_1"); err == nil || sealed != "" {
		t.Errorf("Seal with no key = %q, %v; want an error", sealed, err)
	}
	sealed, err := mustNew(t, keyA).Seal([]byte("whsec_x"), "prt_1")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := zero.Open(sealed, "prt_1"); err == nil || got != nil {
		t.Errorf("Open with no key = %q, %v; want an error", got, err)
	}
}

// Any secret under any context opens to itself, and under any other context not at all; Open never
// panics on what it is handed.
func FuzzSealOpen(f *testing.F) {
	f.Add([]byte("whsec_0123456789"), "prt_1", "not a box")
	f.Add([]byte{}, "", "")
	box, err := secretbox.New(keyA)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, plain []byte, context, junk string) {
		sealed, err := box.Seal(plain, context)
		if err != nil {
			t.Fatal(err)
		}
		got, err := box.Open(sealed, context)
		if err != nil || !bytes.Equal(got, plain) {
			t.Fatalf("Open = %q, %v; want %q", got, err, plain)
		}
		if _, err := box.Open(sealed, context+"x"); err == nil {
			t.Fatal("opened under another context")
		}
		_, _ = box.Open(junk, context)
	})
}

// Rotation: with the new key material on the first line and the old below it, secrets sealed under
// the old key still open and new ones are sealed under the new key; once the old line is removed,
// what only it sealed no longer opens.
func TestRotation(t *testing.T) {
	old := mustNew(t, keyA)
	before, err := old.Seal([]byte("whsec_before"), "endpoint:we_1")
	if err != nil {
		t.Fatal(err)
	}
	rotated := mustNew(t, []byte(string(keyB)+"\n"+string(keyA)+"\n"))
	if got, err := rotated.Open(before, "endpoint:we_1"); err != nil || string(got) != "whsec_before" {
		t.Errorf("a secret sealed before the rotation: %q, %v", got, err)
	}
	after, err := rotated.Seal([]byte("whsec_after"), "endpoint:we_1")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := mustNew(t, keyB).Open(after, "endpoint:we_1"); err != nil || string(got) != "whsec_after" {
		t.Errorf("a secret sealed after the rotation, under the new key alone: %q, %v", got, err)
	}
	if _, err := old.Open(after, "endpoint:we_1"); err == nil {
		t.Error("a secret sealed after the rotation opened under the old key: it was not sealed with the new one")
	}
	if _, err := mustNew(t, keyB).Open(before, "endpoint:we_1"); err == nil {
		t.Error("the old line removed, a secret only it sealed still opened")
	}
	if _, err := rotated.Open(before, "endpoint:we_2"); err == nil {
		t.Error("a secret opened under another context after the rotation")
	}
}

// Reseal moves a secret sealed under an old key onto the first one, and leaves alone what the first
// key already sealed: after it, the old line can go.
func TestReseal(t *testing.T) {
	before, _ := mustNew(t, keyA).Seal([]byte("whsec_before"), "partner:prt_1")
	rotated := mustNew(t, []byte(string(keyB)+"\n"+string(keyA)))
	resealed, changed, err := rotated.Reseal(before, "partner:prt_1")
	if err != nil || !changed || resealed == before {
		t.Fatalf("Reseal of an old key's secret = %q, %v, %v; want a new value", resealed, changed, err)
	}
	if got, err := mustNew(t, keyB).Open(resealed, "partner:prt_1"); err != nil || string(got) != "whsec_before" {
		t.Errorf("the resealed secret under the new key alone: %q, %v", got, err)
	}
	again, changed, err := rotated.Reseal(resealed, "partner:prt_1")
	if err != nil || changed || again != resealed {
		t.Errorf("Reseal of the first key's secret = %q, %v, %v; want it unchanged", again, changed, err)
	}
	if _, changed, err := rotated.Reseal(before, "partner:prt_2"); err == nil || changed {
		t.Errorf("Reseal under another context = %v, %v; want refused", changed, err)
	}
	if _, _, err := mustNew(t, keyB).Reseal(before, "partner:prt_1"); err == nil {
		t.Error("a secret no key opens was resealed")
	}
}

// Key material is read line by line: blank lines and line ends (CRLF too) are not material, and one
// short line refuses the whole value.
func TestKeyLines(t *testing.T) {
	for _, tt := range []struct {
		name   string
		secret string
		ok     bool
	}{
		{"CRLF and a blank line", string(keyB) + "\r\n\r\n" + string(keyA) + "\r\n", true},
		{"a short second line", string(keyB) + "\nshort", false},
		{"blank lines only", "\n\n", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			box, err := secretbox.New([]byte(tt.secret))
			if (err == nil) != tt.ok {
				t.Fatalf("New = %v, want ok %v", err, tt.ok)
			}
			if !tt.ok {
				return
			}
			sealed, _ := mustNew(t, keyA).Seal([]byte("s"), "c")
			if got, err := box.Open(sealed, "c"); err != nil || string(got) != "s" {
				t.Errorf("the second line's secret: %q, %v", got, err)
			}
		})
	}
}
