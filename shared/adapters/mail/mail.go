// Package mail sends the product's e-mail: through Amazon SES on AWS, and into a local outbox
// folder (one file per mail, also logged) in the local stage, so a person can open the link.
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"github.com/trustline/platform/shared/domain/accounts"
)

// Outbox writes each mail to a file in Dir and to the log. Local stage only: mails carry links with
// tokens, which must never reach the logs of a deployed stage.
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
	o.Log.InfoContext(
		ctx,
		"mail written to the local outbox",
		"file",
		filepath.Join(o.Dir, name),
		"to",
		m.To,
		"subject",
		m.Subject,
		"text",
		m.Text,
	)
	return nil
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
