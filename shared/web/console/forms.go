package console

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Forms answer in the two ways people expect of them. Accepted, with a redirect (POST, redirect,
// GET): a reload shows the page again and never sends the form twice (a second key, a second
// rotation). Refused by the API as invalid, with the same page and the form as it was sent: what
// was typed kept (never a password or a secret), and each reason next to its field.

// formState is a refused form as sent back: the values typed, the API's reasons by field, and its
// detail for the whole form.
type formState struct {
	Values  url.Values
	Errors  map[string]string
	Detail  string
	Reasons []string // every reason, above the form too: none is lost when no field carries it
}

// Value is what was typed in the field name.
func (f formState) Value(name string) string { return f.Values.Get(name) }

// Has reports whether value was among those sent for name (a checkbox, a select).
func (f formState) Has(name, value string) bool { return slices.Contains(f.Values[name], value) }

// Sent reports whether the page shows a refused form.
func (f formState) Sent() bool { return f.Values != nil }

// ErrorOf is the API's reason about the field name, "" when it has none.
func (f formState) ErrorOf(name string) string { return f.Errors[name] }

type formKey struct{}

// refusedForm turns the API's refusal of a form's call into the form shown again: for a request
// the API judged invalid or in conflict (400, 409, 422), r carrying the form's state for the page,
// and the status to answer; false for any other error, which the error page shows. The fields
// named in secret (passwords, secrets) are not sent back.
func refusedForm(r *http.Request, err error, secret ...string) (*http.Request, int, bool) {
	var p *problem
	if !errors.As(err, &p) ||
		(p.Status != http.StatusBadRequest && p.Status != http.StatusConflict &&
			p.Status != http.StatusUnprocessableEntity) {
		return r, 0, false
	}
	f := formState{Values: url.Values{}, Errors: map[string]string{}, Detail: p.Detail, Reasons: p.InvalidParams}
	for name, values := range r.PostForm {
		if name != "csrf" && name != "confirmed" && !slices.Contains(secret, name) {
			f.Values[name] = values
		}
	}
	for _, reason := range p.InvalidParams {
		field, why, ok := strings.Cut(reason, ": ")
		if !ok {
			continue
		}
		if i := strings.IndexAny(field, "[."); i > 0 { // allowedIps[1], documents[0].uploadId
			field = field[:i]
		}
		if f.Errors[field] != "" {
			why = f.Errors[field] + "; " + why
		}
		f.Errors[field] = why
	}
	return r.WithContext(context.WithValue(r.Context(), formKey{}, f)), p.Status, true
}

// formOf is the refused form r carries, if any.
func formOf(r *http.Request) formState {
	f, _ := r.Context().Value(formKey{}).(formState)
	return f
}

// shownOnce is a secret the API shows once (a new key, a signing secret), carried from the form
// that made it to the page the form redirects to.
type shownOnce struct {
	Label string // what was done: "Key ci created."
	What  string // what the value is: "The key's secret"
	Value string
}

// onceCookie carries a shownOnce across the redirect: sent to the one page that shows it, for a
// minute at most, deleted by that page's first view (a reload shows it no more), and sealed with a
// key drawn from the session's own token, so that the cookie alone, logged or left on a disk,
// reveals nothing.
const onceCookie = "tl_once"

// setOnce keeps o for the page at path, the redirect's target.
func setOnce(w http.ResponseWriter, r *http.Request, s *session, path string, o shownOnce) error {
	plain, err := json.Marshal(o)
	if err != nil {
		return err
	}
	aead, err := onceCipher(s)
	if err != nil {
		return err
	}
	nonce := make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce)
	sealed := aead.Seal(nonce, nonce, plain, []byte(path))
	http.SetCookie(w, &http.Cookie{Name: onceCookie, Value: base64.RawURLEncoding.EncodeToString(sealed),
		Path: path, MaxAge: 60, HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: !loopbackHTTP(r)})
	return nil
}

// takeOnce is the shownOnce kept for this page, deleted as it is read; nil when there is none (or
// one this session cannot open).
func takeOnce(w http.ResponseWriter, r *http.Request, s *session) *shownOnce {
	ck, err := r.Cookie(onceCookie)
	if err != nil {
		return nil
	}
	http.SetCookie(w, &http.Cookie{Name: onceCookie, Value: "", Path: r.URL.Path, MaxAge: -1,
		Expires: time.Unix(1, 0), HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: !loopbackHTTP(r)})
	sealed, err := base64.RawURLEncoding.DecodeString(ck.Value)
	aead, cerr := onceCipher(s)
	if err != nil || cerr != nil || len(sealed) < aead.NonceSize() {
		return nil
	}
	plain, err := aead.Open(nil, sealed[:aead.NonceSize()], sealed[aead.NonceSize():], []byte(r.URL.Path))
	var o shownOnce
	if err != nil || json.Unmarshal(plain, &o) != nil {
		return nil
	}
	return &o
}

func onceCipher(s *session) (cipher.AEAD, error) {
	key := sha256.Sum256([]byte("trustline console shown-once\x00" + s.Token))
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// fieldsOf splits a text field of values separated by commas, spaces or lines.
func fieldsOf(v string) []string {
	return strings.FieldsFunc(
		v,
		func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\r' || r == '\t' },
	)
}

// dateTime turns a date input's value (2026-12-31) into the API's RFC 3339 time, the start of that
// day in UTC; anything else is passed on for the API to judge.
func dateTime(v string) string {
	if _, err := time.Parse(time.DateOnly, v); err == nil {
		return v + "T00:00:00Z"
	}
	return v
}

// formDate is the date typed in the field name (a date input's 2026-12-31) as the start of that
// day in UTC, for a request body whose field is a time: a value that is no date is refused with
// the form, detail saying what was refused, as the API refuses its own invalid fields.
func formDate(r *http.Request, name, detail string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, dateTime(strings.TrimSpace(r.PostFormValue(name))))
	if err != nil {
		return time.Time{}, &problem{Status: http.StatusUnprocessableEntity, Title: "Validation failed",
			Detail: detail, InvalidParams: []string{name + ": a date, as 2026-12-31"}}
	}
	return t, nil
}
