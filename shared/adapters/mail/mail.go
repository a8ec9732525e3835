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
	"regexp"
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

var unsafeName = regexp.MustCompile(`[^a-zA-Z0-9@._-]`)

// Send writes the mail.
func (o Outbox) Send(ctx context.Context, m accounts.Mail) error {
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	name := fmt.Sprintf(
		"%s-%s.txt",
		time.Now().UTC().Format("20060102T150405.000000000"),
		unsafeName.ReplaceAllString(m.To, "_"),
	)
	body := fmt.Sprintf("To: %s\nSubject: %s\n\n%s", m.To, m.Subject, m.Text)
	if err := os.WriteFile(filepath.Join(o.Dir, name), []byte(body), 0o600); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	o.Log.InfoContext(ctx, "mail written to the local outbox", "toHash", recipientHash(m.To), "subject", m.Subject)
	return nil
}

// recipientHash is how logs name a mail's recipient: the first 16 hex digits of the SHA-256 of
// the address as compared (trimmed, lower case), enough to tell one person's mails from another's
// without showing the address.
func recipientHash(to string) string {
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
