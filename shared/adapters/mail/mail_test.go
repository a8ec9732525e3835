package mail

import (
	"bytes"
	"context"
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
	for _, want := range []string{`"subject":"Choose a new password"`, `"toHash":"` + recipientHash(m.To) + `"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log lacks %s: %s", want, logs.String())
		}
	}
	if recipientHash(m.To) != recipientHash(" ada.lovelace@EXAMPLE.com") || len(recipientHash(m.To)) != 16 {
		t.Errorf("recipientHash(%q) = %q: not the same for the same address", m.To, recipientHash(m.To))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 1 {
		t.Fatalf("%d files in the outbox, want 1", len(files))
	}
	if text, _ := os.ReadFile(files[0]); !strings.Contains(string(text), m.Text) {
		t.Errorf("the outbox file lacks the mail's text: %s", text)
	}
}
