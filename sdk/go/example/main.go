// Example drives both APIs through the SDK against a running stack, as a quickstart does: it
// submits two extractions of a test document, waits for them, finds them by following the list's
// cursors, then creates an auto contract request with an idempotency key of its own (sent twice:
// the second is a replay) and another with the key the client makes, reads the first's status
// and finds both in the partner's list. It exits non-zero with a
// message on the first failure.
//
//	TRUSTLINE_BASE_URL=http://127.0.0.1:3000 TRUSTLINE_API_KEY=sk_test_... \
//	TRUSTLINE_PARTNER_KEY=pk_sandbox_... TRUSTLINE_DOCUMENT=testdata/extraction/icao-td3-clean.png \
//	go run ./example
package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
	"github.com/trustline/platform/sdk/go/partner"
)

func main() {
	if err := run(context.Background(), os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "example:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv func(string) string) error {
	env := map[string]string{}
	for _, name := range []string{"TRUSTLINE_BASE_URL", "TRUSTLINE_API_KEY", "TRUSTLINE_PARTNER_KEY", "TRUSTLINE_DOCUMENT"} {
		if env[name] = getenv(name); env[name] == "" {
			return fmt.Errorf("%s is not set", name)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	if err := extract(ctx, env["TRUSTLINE_BASE_URL"], env["TRUSTLINE_API_KEY"], env["TRUSTLINE_DOCUMENT"]); err != nil {
		return fmt.Errorf("identity API: %w", err)
	}
	if err := contract(ctx, env["TRUSTLINE_BASE_URL"], env["TRUSTLINE_PARTNER_KEY"]); err != nil {
		return fmt.Errorf("partner API: %w", err)
	}
	fmt.Println("ok")
	return nil
}

// extract submits the document twice, waits for both extractions, then lists the extractions in
// pages of one to the end, so that finding both follows the list's cursors.
func extract(ctx context.Context, baseURL, apiKey, document string) error {
	c, err := identity.New(baseURL, apiKey)
	if err != nil {
		return err
	}
	file, err := os.ReadFile(document)
	if err != nil {
		return err
	}
	want := map[string]bool{}
	for _, ref := range []string{"sdk-go-example-1", "sdk-go-example-2"} {
		accepted, err := c.ExtractFile(
			ctx,
			identity.DocumentTypeAuto,
			filepath.Base(document),
			bytes.NewReader(file),
			ref,
		)
		if err != nil {
			return fmt.Errorf("submitting %s: %w", document, err)
		}
		fmt.Println("extraction", accepted.ExtractionId, accepted.Status)
		e, err := c.WaitForExtraction(ctx, accepted.ExtractionId, &identity.WaitOptions{Timeout: 3 * time.Minute})
		if err != nil {
			return fmt.Errorf("waiting for %s: %w", accepted.ExtractionId, err)
		}
		if e.Status != identity.ExtractionStatusCompleted {
			return fmt.Errorf("extraction %s %s: %+v", e.ExtractionId, e.Status, e.Error)
		}
		fmt.Println("extraction", e.ExtractionId, e.Status, "as", e.DocumentType)
		want[e.ExtractionId] = true
	}

	limit, n := 1, 0
	for listed, err := range c.AllExtractions(ctx, &identity.ListExtractionsParams{Limit: &limit}) {
		if err != nil {
			return fmt.Errorf("listing extractions: %w", err)
		}
		n++
		delete(want, listed.ExtractionId)
	}
	if len(want) > 0 {
		return fmt.Errorf("extractions %v are not among the %d listed", want, n)
	}
	fmt.Println("listed", n, "extractions in pages of one, both found")
	return nil
}

func contract(ctx context.Context, baseURL, partnerKey string) error {
	c, err := partner.New(baseURL, partnerKey)
	if err != nil {
		return err
	}
	body := partner.AutoRequest{
		ReturnUrl: "https://partner.example/return",
		CancelUrl: "https://partner.example/cancel",
		Contract: partner.AutoContract{
			CliCode: "CLI-001", Cat: "550", ScatCode: "011", CarrCode: "ROU", Nrg: "ESS", Pfs: 150, NbP: 2, Dure: 12,
			Effet: time.Now().
				AddDate(0, 0, 1).
				Format("02/01/2006"),
			NumImmat: "SDK-1234-GO", MqCode: "YAMA", Modele: "MT-07",
		},
	}
	// A key of our own, sent on both tries: the second answers the first's response.
	key := partner.NewIdempotencyKey()
	var reference string
	for try := range 2 {
		resp, err := c.CreateAutoContractWithResponse(
			ctx,
			&partner.CreateAutoContractParams{IdempotencyKey: &key},
			body,
		)
		if err != nil {
			return err
		}
		if resp.JSON201 == nil {
			return fmt.Errorf("creating a contract request: HTTP %d: %s", resp.StatusCode(), resp.Body)
		}
		if try == 0 {
			reference = resp.JSON201.Reference
			fmt.Println(
				"contract request",
				reference,
				resp.JSON201.ContractStatus,
				resp.JSON201.Pricing.Total,
				resp.JSON201.Pricing.Currency,
			)
		} else if !partner.Replayed(resp.HTTPResponse) || resp.JSON201.Reference != reference {
			return fmt.Errorf("the second try with key %s made %s (replayed: %v), not a replay of %s", key, resp.JSON201.Reference, partner.Replayed(resp.HTTPResponse), reference)
		}
	}

	// Without a key of our own the client sends a fresh one: another request.
	second, err := c.CreateAutoContractWithResponse(ctx, nil, body)
	if err != nil {
		return err
	}
	if second.JSON201 == nil || second.JSON201.Reference == reference {
		return fmt.Errorf("creating a second contract request: HTTP %d: %s", second.StatusCode(), second.Body)
	}
	fmt.Println("contract request", second.JSON201.Reference, second.JSON201.ContractStatus)

	status, err := c.GetContractRequestWithResponse(ctx, reference)
	if err != nil {
		return err
	}
	if status.StatusCode() != http.StatusOK {
		return fmt.Errorf("reading %s: HTTP %d: %s", reference, status.StatusCode(), status.Body)
	}
	fmt.Println("contract request", reference, "is", status.JSON200.ContractStatus)

	want := map[string]bool{reference: true, second.JSON201.Reference: true}
	limit, n := 1, 0
	for req, err := range c.AllContractRequests(ctx, &partner.ListContractRequestsParams{Limit: &limit}) {
		if err != nil {
			return fmt.Errorf("listing contract requests: %w", err)
		}
		n++
		delete(want, req.Reference)
	}
	if len(want) > 0 {
		return fmt.Errorf("contract requests %v are not among the %d listed", want, n)
	}
	fmt.Println("listed", n, "contract requests in pages of one, both found")
	return nil
}
