// Package handoffapi provides the HTTP endpoints of mobile handoff sessions: creation and status,
// the phone's upload page and upload address, the QR code of that address, and consumption.
package handoffapi

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	qrcode "github.com/yeqown/go-qrcode/v2"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/foundation/fault"
)

// API serves the handoff endpoints.
type API struct {
	Handoffs    *handoff.Service
	Guard       *guard.Guard
	Idempotency guard.Idempotency // of creation
	BaseURL     string            // the identity API's public base URL
}

// sessionsPerMinute is how many sessions one address may open in a minute (creation needs no
// credential).
const sessionsPerMinute = 30

//go:embed page.html
var page string

// Routes are the handoff endpoints. Status, the page and the upload need no credential: the
// session ID (130 random bits) is the capability to upload, never to download. Creation takes a
// credential when there is one (the session is then that user's); consuming needs one, and for a
// session created without one also its consume token.
func (a API) Routes() []httpapi.Route {
	return []httpapi.Route{
		{
			Pattern: "POST /v1/mobile-handoff/session",
			Handler: a.Guard.Throttle("handoff", sessionsPerMinute,
				a.Guard.Optional(access.Users, a.Idempotency.Wrap(a.create))),
		},
		{Pattern: "GET /v1/mobile-handoff/session/{sessionId}", Handler: a.status},
		{Pattern: "GET /v1/mobile-handoff/session/{sessionId}/qr.svg", Handler: a.qr},
		{Pattern: "GET /v1/mobile-handoff/upload/{sessionId}", Handler: a.uploadPage},
		{Pattern: "PUT /v1/mobile-handoff/upload/{sessionId}", Handler: a.put},
		{Pattern: "POST /v1/mobile-handoff/upload/{sessionId}", Handler: a.post},
		{Pattern: "POST /v1/mobile-handoff/upload/{sessionId}/start", Handler: a.start},
		{Pattern: "GET /v1/mobile-handoff/consume/{sessionId}", Handler: a.Guard.Require(access.Users, a.consume)},
	}
}

func (a API) uploadURL(id string) string  { return a.BaseURL + "/v1/mobile-handoff/upload/" + id }
func (a API) consumeURL(id string) string { return a.BaseURL + "/v1/mobile-handoff/consume/" + id }

// create opens a session: the caller's own when it sends a credential, else one whose consume
// token is in this answer and nowhere else (not in uploadUrl, the QR code or the upload fields).
func (a API) create(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	s, up, token, err := a.Handoffs.Create(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	body := map[string]any{"sessionId": s.ID, "uploadUrl": a.uploadURL(s.ID), "consumeUrl": a.consumeURL(s.ID),
		"status": s.Status, "expiresAt": s.ExpiresAt.UTC(), "upload": up,
		"qrCodeUrl": a.BaseURL + "/v1/mobile-handoff/session/" + s.ID + "/qr.svg"}
	if token != "" {
		body["consumeToken"] = token
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, body)
	return nil
}

// statusView is the spec's session-status shape.
type statusView struct {
	SessionID  string         `json:"sessionId"`
	Status     handoff.Status `json:"status"`
	FileName   string         `json:"fileName,omitempty"`
	FileSize   int64          `json:"fileSize,omitempty"`
	FileType   string         `json:"fileType,omitempty"`
	UploadedAt *time.Time     `json:"uploadedAt,omitempty"`
	ExpiresAt  time.Time      `json:"expiresAt"`
}

func viewOf(s handoff.Session) statusView {
	v := statusView{SessionID: s.ID, Status: s.Status, ExpiresAt: s.ExpiresAt.UTC()}
	if f := s.File; f != nil && f.MIME != "" {
		at := f.UploadedAt.UTC()
		v.FileName, v.FileSize, v.FileType, v.UploadedAt = f.Name, f.Size, f.MIME, &at
	}
	return v
}

func (a API) status(w http.ResponseWriter, r *http.Request) error {
	s, err := a.Handoffs.Get(r.Context(), r.PathValue("sessionId"))
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, viewOf(s))
	return nil
}

// uploadPage serves the phone's upload page to browsers, and the session's status to API clients.
func (a API) uploadPage(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("sessionId")
	s, err := a.Handoffs.Get(r.Context(), id)
	if err != nil {
		return err
	}
	if !strings.Contains(r.Header.Get("Accept"), "text/html") {
		httpapi.WriteJSON(w, http.StatusOK, viewOf(s))
		return nil
	}
	cfg, _ := json.Marshal(
		map[string]any{
			"startUrl":  a.uploadURL(id) + "/start",
			"statusUrl": a.BaseURL + "/v1/mobile-handoff/session/" + id,
			"maxSize":   a.Handoffs.MaxBytes,
		},
	)
	// Inline script and style only; uploads go to the bucket's presigned address, any https origin.
	csp := "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self' " +
		connectSources(a.BaseURL) + "; base-uri 'none'; form-action 'none'"
	httpapi.WritePage(w, http.StatusOK, csp, strings.Replace(page, "{{CONFIG}}", string(cfg), 1))
	return nil
}

// connectSources are where the page may send the file: any https origin (the bucket's presigned
// address), and the local emulator's http origin when the API itself is served over http.
func connectSources(base string) string {
	if u, err := url.Parse(base); err == nil && u.Scheme == "http" {
		return "https: http:"
	}
	return "https:"
}

func (a API) start(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		FileName string `json:"fileName" maxLength:"255"`
		Size     int64  `json:"size"`
	}
	if r.ContentLength != 0 {
		if err := httpapi.DecodeJSON(r, &in); err != nil {
			return err
		}
	}
	if in.Size > a.Handoffs.MaxBytes {
		return fault.Newf(fault.TooLarge, "The file is over the %d MB limit.", a.Handoffs.MaxBytes>>20)
	}
	up, err := a.Handoffs.Start(r.Context(), r.PathValue("sessionId"), in.FileName)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"status": handoff.StatusUploading, "upload": up})
	return nil
}

// larger is the way for files over the request limit: the phone has no credential for
// POST /v1/uploads, but its session has a presigned upload.
func larger(r *http.Request) string {
	return "send the file through the session's presigned upload: POST {uploadUrl}/start (/v1/mobile-handoff/upload/" +
		r.PathValue("sessionId") + "/start), then send the file where its answer says."
}

// put takes the raw file as the body.
func (a API) put(w http.ResponseWriter, r *http.Request) error {
	data, err := io.ReadAll(httpapi.Body(r))
	if err != nil {
		return httpapi.BodyError(err, larger(r))
	}
	return a.store(w, r, "", data)
}

// Forms are the multipart/form-data bodies this package reads, by route, with the bounds their
// OpenAPI document states.
var Forms = map[string][]httpapi.Part{"POST /v1/mobile-handoff/upload/{sessionId}": httpapi.FileForm}

// post takes a multipart form with a `file` part.
func (a API) post(w http.ResponseWriter, r *http.Request) error {
	name, data, err := httpapi.FormFile(r, larger(r))
	if err != nil {
		return err
	}
	return a.store(w, r, name, data)
}

func (a API) store(w http.ResponseWriter, r *http.Request, name string, data []byte) error {
	s, err := a.Handoffs.Upload(r.Context(), r.PathValue("sessionId"), name, data)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, viewOf(s))
	return nil
}

func (a API) consume(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	s, url, until, err := a.Handoffs.Consume(
		r.Context(),
		r.PathValue("sessionId"),
		handoff.Consumer{UserID: p.UserID, Tokens: guard.ConsumeTokens(r.Header)},
	)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"sessionId": s.ID, "status": s.Status,
		"file":        map[string]any{"originalName": s.File.Name, "mimeType": s.File.MIME, "size": s.File.Size},
		"downloadUrl": url, "downloadExpiresAt": until.UTC().Format(time.RFC3339)})
	return nil
}

// qr renders the session's upload address as an SVG QR code, for a desktop page to show.
func (a API) qr(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("sessionId")
	if _, err := a.Handoffs.Get(r.Context(), id); err != nil {
		return err
	}
	code, err := qrcode.NewWith(a.uploadURL(id), qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium))
	if err != nil {
		return err
	}
	svg := &svgWriter{}
	if err := code.Save(svg); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=900")
	_, _ = io.WriteString(w, svg.out.String())
	return nil
}

// svgWriter draws a QR matrix as SVG: one unit per module, a four-module quiet zone.
type svgWriter struct{ out strings.Builder }

func (s *svgWriter) Write(m qrcode.Matrix) error {
	bits := m.Bitmap()
	n := len(bits)
	const quiet = 4
	fmt.Fprintf(
		&s.out,
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`,
		n+2*quiet,
		n+2*quiet,
	)
	fmt.Fprintf(&s.out, `<rect width="100%%" height="100%%" fill="#fff"/><path fill="#000" d="`)
	for y, row := range bits {
		for x, on := range row {
			if on {
				fmt.Fprintf(&s.out, "M%d %dh1v1h-1z", x+quiet, y+quiet)
			}
		}
	}
	s.out.WriteString(`"/></svg>`)
	return nil
}

func (s *svgWriter) Close() error { return nil }
