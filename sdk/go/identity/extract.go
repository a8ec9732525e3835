package identity

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
)

// ExtractFile queues the extraction of one document sent in the request (POST /v1/extract/async
// as multipart/form-data): a JPEG, PNG, WebP or PDF of about 4.5 MB at most, read whole into
// memory (a larger file goes through POST /v1/uploads and CreateExtractionWithResponse with its
// uploadId). referenceID, unless "", is echoed in the extraction and its webhooks. The generator
// gives multipart bodies no typed method, hence this one.
func (c *ClientWithResponses) ExtractFile(
	ctx context.Context,
	documentType DocumentType,
	filename string,
	file io.Reader,
	referenceID string,
	reqEditors ...RequestEditorFn,
) (*ExtractAccepted, error) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	if err := w.WriteField("documentType", string(documentType)); err != nil {
		return nil, err
	}
	if referenceID != "" {
		if err := w.WriteField("referenceId", referenceID); err != nil {
			return nil, err
		}
	}
	part, err := w.CreateFormFile("file", filename)
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(part, file); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	resp, err := c.CreateExtractionWithBodyWithResponse(ctx, nil, w.FormDataContentType(), &body, reqEditors...)
	if err != nil {
		return nil, err
	}
	if err := check(resp.HTTPResponse, resp.Body, http.StatusAccepted); err != nil {
		return nil, err
	}
	return resp.JSON202, nil
}
