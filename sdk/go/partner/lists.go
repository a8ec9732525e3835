package partner

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
//	for req, err := range c.AllContractRequests(ctx, nil) {
//		if err != nil {
//			return err
//		}
//		fmt.Println(req.Reference, req.ContractStatus)
//	}

// AllContractRequests yields every contract request of GET /api/v1/partner/contracts/requests,
// the calling partner's own.
func (c *ClientWithResponses) AllContractRequests(
	ctx context.Context,
	params *ListContractRequestsParams,
	reqEditors ...RequestEditorFn,
) iter.Seq2[ContractStatus, error] {
	p := deref(params)
	return paging.All(ctx, func(ctx context.Context, cursor *string) ([]ContractStatus, string, error) {
		p.Cursor = first(cursor, p.Cursor)
		resp, err := c.ListContractRequestsWithResponse(ctx, &p, reqEditors...)
		if err != nil {
			return nil, "", err
		}
		if err := check(resp.HTTPResponse, resp.Body, http.StatusOK); err != nil {
			return nil, "", err
		}
		return resp.JSON200.Data, paging.Next(resp.JSON200.NextCursor, resp.HTTPResponse.Header), nil
	})
}

// AllDeliveries yields every delivery, with its attempts, of the partner's webhook
// (GET /api/v1/partners/me/webhook/deliveries).
func (c *ClientWithResponses) AllDeliveries(
	ctx context.Context,
	params *ListWebhookDeliveriesParams,
	reqEditors ...RequestEditorFn,
) iter.Seq2[Delivery, error] {
	p := deref(params)
	return paging.All(ctx, func(ctx context.Context, cursor *string) ([]Delivery, string, error) {
		p.Cursor = first(cursor, p.Cursor)
		resp, err := c.ListWebhookDeliveriesWithResponse(ctx, &p, reqEditors...)
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
