// Package mail sends the product's e-mail: through Amazon SES on AWS, and into a local outbox
// folder (one file per mail) in the local stage, so a person can open the link.
package mail

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"github.com/trustline/platform/shared/domain/accounts"
)

// Outbox writes each mail to a file in Dir, which a person opens to follow its link. Local stage
// only. The log says only that a mail went out, with its subject and its recipient's hash, never
// its text or address: mails carry verification and reset tokens, and logs are read by more
// people, and kept longer, than the mails themselves.
type Outbox struct {
	Dir string
	Log *slog.Logger
}

// Send writes the mail to a file named by the time and its recipient's hash (RecipientHash): an
// address in the name made a name past the file system's 255 bytes for an address over 225
// characters, so its mails failed after the account was stored.
func (o Outbox) Send(ctx context.Context, m accounts.Mail) error {
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	name := fmt.Sprintf("%s-%s.txt", time.Now().UTC().Format("20060102T150405.000000000"), RecipientHash(m.To))
	body := fmt.Sprintf("To: %s\nSubject: %s\n\n%s", m.To, m.Subject, m.Text)
	if err := os.WriteFile(filepath.Join(o.Dir, name), []byte(body), 0o600); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	o.Log.InfoContext(ctx, "mail written to the local outbox", "toHash", RecipientHash(m.To), "subject", m.Subject)
	return nil
}

// Mails returns the files of the outbox's mails to an address, oldest first.
func (o Outbox) Mails(to string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(o.Dir, "*-"+RecipientHash(to)+".txt"))
	slices.Sort(files) // the names start with the time
	return files, err
}

// RecipientHash is how logs and the outbox's file names name a mail's recipient: the first 16 hex
// digits of the SHA-256 of the address as compared (trimmed, lower case), enough to tell one
// person's mails from another's without showing the address.
func RecipientHash(to string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(to))))
	return hex.EncodeToString(sum[:8])
}

// SESAPI is the part of the SES v2 client the sender uses.
type SESAPI interface {
	SendEmail(
		ctx context.Context,
		in *sesv2.SendEmailInput,
		opts ...func(*sesv2.Options),
	) (*sesv2.SendEmailOutput, error)
}

// SES sends through Amazon SES from a verified identity.
type SES struct {
	API  SESAPI
	From string
}

// Send sends the mail as plain text.
func (s SES) Send(ctx context.Context, m accounts.Mail) error {
	_, err := s.API.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(s.From),
		Destination:      &types.Destination{ToAddresses: []string{m.To}},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(m.Subject), Charset: aws.String("UTF-8")},
			Body:    &types.Body{Text: &types.Content{Data: aws.String(m.Text), Charset: aws.String("UTF-8")}},
		}},
	})
	if err != nil {
		return fmt.Errorf("mail: ses: %w", err)
	}
	return nil
}
