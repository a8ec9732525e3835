package mail

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/domain/accounts"
)

// TestOutboxLogsNoMail: the outbox's file holds the whole mail, for a person to open; its log
// line holds the subject and the recipient's hash only. It logged the whole mail, verification and
// reset tokens included.
func TestOutboxLogsNoMail(t *testing.T) {
	var logs bytes.Buffer
	dir := t.TempDir()
	o := Outbox{Dir: dir, Log: slog.New(slog.NewJSONHandler(&logs, nil))}
	m := accounts.Mail{
		To:      "Ada.Lovelace@example.com",
		Subject: "Choose a new password",
		Text:    "Open https://api.example/reset?token=rst_SECRET-TOKEN-42 within an hour.",
	}
	if err := o.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"rst_SECRET-TOKEN-42", "lovelace", "Lovelace", "within an hour"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the log shows %q: %s", secret, logs.String())
		}
	}
	for _, want := range []string{`"subject":"Choose a new password"`, `"toHash":"` + RecipientHash(m.To) + `"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log lacks %s: %s", want, logs.String())
		}
	}
	if RecipientHash(m.To) != RecipientHash(" ada.lovelace@EXAMPLE.com") || len(RecipientHash(m.To)) != 16 {
		t.Errorf("RecipientHash(%q) = %q: not the same for the same address", m.To, RecipientHash(m.To))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 1 {
		t.Fatalf("%d files in the outbox, want 1", len(files))
	}
	if text, _ := os.ReadFile(files[0]); !strings.Contains(string(text), m.Text) {
		t.Errorf("the outbox file lacks the mail's text: %s", text)
	}
}

// TestOutboxNamesFilesByHash: a mail's file is named by its recipient's hash, never the address,
// so the longest address RFC 5321 allows is written like any other (the address in the name failed
// past 225 characters: the file system's 255 bytes), and Mails finds an address's mails, oldest
// first, in whatever case it is given.
func TestOutboxNamesFilesByHash(t *testing.T) {
	dir := t.TempDir()
	o := Outbox{Dir: dir, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	longest := strings.Repeat("l", 64) + "@" + strings.Repeat("d", 63) + "." + strings.Repeat("d", 63) + "." +
		strings.Repeat("d", 57) + ".com"
	if len(longest) != 254 {
		t.Fatalf("%d octets", len(longest))
	}
	for i, to := range []string{longest, "ada@example.com", longest} {
		if err := o.Send(context.Background(), accounts.Mail{To: to, Subject: fmt.Sprint(i), Text: "text"}); err != nil {
			t.Fatalf("mail %d to a %d-octet address: %v", i, len(to), err)
		}
	}
	files, err := o.Mails(strings.ToUpper(longest))
	if err != nil || len(files) != 2 {
		t.Fatalf("Mails = %v, %v; want the 2 mails to the address", files, err)
	}
	for i, f := range files {
		if b, _ := os.ReadFile(f); !strings.Contains(string(b), "To: "+longest+"\nSubject: "+fmt.Sprint(2*i)+"\n") {
			t.Errorf("mail %d: %s", i, b)
		}
		if strings.Contains(filepath.Base(f), "@") || !strings.HasSuffix(f, "-"+RecipientHash(longest)+".txt") {
			t.Errorf("file name %s", filepath.Base(f))
		}
	}
}
