package identity

import (
	"context"
	"iter"
	"net/http"

	"github.com/trustline/platform/sdk/go/internal/paging"
)

// The All methods yield every item of a list, newest first, following its cursors: a page is read
// only once the items before it were taken, so breaking out of the loop reads no further. params
// filters the list as for one page (its Cursor is the first page's, normally nil; its Limit the
// page size); it may be nil. An error (an *APIError for an answer other than 200) is yielded once,
// with the zero item, and ends the sequence:
//
//	for e, err := range c.AllExtractions(ctx, nil) {
//		if err != nil {
//			return err
//		}
//		fmt.Println(e.ExtractionId, e.Status)
//	}

// AllExtractions yields every extraction of GET /v1/extractions that params selects.
func (c *ClientWithResponses) AllExtractions(
	ctx context.Context,
	params *ListExtractionsParams,
	reqEditors ...RequestEditorFn,
) iter.Seq2[Extraction, error] {
	p := deref(params)
	return paging.All(ctx, func(ctx context.Context, cursor *string) ([]Extraction, string, error) {
		p.Cursor = first(cursor, p.Cursor)
		resp, err := c.ListExtractionsWithResponse(ctx, &p, reqEditors...)
		if err != nil {
			return nil, "", err
		}
		if err := check(resp.HTTPResponse, resp.Body, http.StatusOK); err != nil {
			return nil, "", err
		}
		return resp.JSON200.Data, paging.Next(resp.JSON200.NextCursor, resp.HTTPResponse.Header), nil
	})
}

// AllBatches yields every batch of GET /v1/batches.
func (c *ClientWithResponses) AllBatches(
	ctx context.Context,
	params *ListBatchesParams,
	reqEditors ...RequestEditorFn,
) iter.Seq2[BatchPage_Data, error] {
	p := deref(params)
	return paging.All(ctx, func(ctx context.Context, cursor *string) ([]BatchPage_Data, string, error) {
		p.Cursor = first(cursor, p.Cursor)
		resp, err := c.ListBatchesWithResponse(ctx, &p, reqEditors...)
		if err != nil {
			return nil, "", err
		}
		if err := check(resp.HTTPResponse, resp.Body, http.StatusOK); err != nil {
			return nil, "", err
		}
		return resp.JSON200.Data, paging.Next(resp.JSON200.NextCursor, resp.HTTPResponse.Header), nil
	})
}

// AllLivenessChecks yields every liveness check record of GET /v1/liveness/checks.
func (c *ClientWithResponses) AllLivenessChecks(
	ctx context.Context,
	params *ListLivenessChecksParams,
	reqEditors ...RequestEditorFn,
) iter.Seq2[LivenessCheck, error] {
	p := deref(params)
	return paging.All(ctx, func(ctx context.Context, cursor *string) ([]LivenessCheck, string, error) {
		p.Cursor = first(cursor, p.Cursor)
		resp, err := c.ListLivenessChecksWithResponse(ctx, &p, reqEditors...)
		if err != nil {
			return nil, "", err
		}
		if err := check(resp.HTTPResponse, resp.Body, http.StatusOK); err != nil {
			return nil, "", err
		}
		return resp.JSON200.Data, paging.Next(resp.JSON200.NextCursor, resp.HTTPResponse.Header), nil
	})
}

// AllDeliveries yields every delivery, with its attempts, of the webhook endpoint endpointID
// (GET /v1/webhooks/{id}/deliveries).
func (c *ClientWithResponses) AllDeliveries(
	ctx context.Context,
	endpointID string,
	params *ListWebhookDeliveriesParams,
	reqEditors ...RequestEditorFn,
) iter.Seq2[Delivery, error] {
	p := deref(params)
	return paging.All(ctx, func(ctx context.Context, cursor *string) ([]Delivery, string, error) {
		p.Cursor = first(cursor, p.Cursor)
		resp, err := c.ListWebhookDeliveriesWithResponse(ctx, endpointID, &p, reqEditors...)
		if err != nil {
			return nil, "", err
		}
		if err := check(resp.HTTPResponse, resp.Body, http.StatusOK); err != nil {
			return nil, "", err
		}
		return resp.JSON200.Data, paging.Next(resp.JSON200.NextCursor, resp.HTTPResponse.Header), nil
	})
}

// deref is a copy of *p, or the zero value for nil: each iteration owns its parameters.
func deref[T any](p *T) T {
	var v T
	if p != nil {
		v = *p
	}
	return v
}

// first is the cursor of the page to read: the paging's, else the caller's starting one.
func first(paging, start *string) *string {
	if paging != nil {
		return paging
	}
	return start
}
