package console

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
)

// problem is an API's RFC 9457 answer to a refused call.
type problem struct {
	Status        int      `json:"status"`
	Title         string   `json:"title"`
	Detail        string   `json:"detail"`
	InvalidParams []string `json:"invalidParams"`
}

func (p *problem) Error() string { return fmt.Sprintf("%d %s: %s", p.Status, p.Title, p.Detail) }

// maxAnswer bounds an API answer the console reads (a page of a list is far smaller).
const maxAnswer = 4 << 20

// call sends method path to the API that serves path (the partner API for /api/, else the identity
// API) with s's login token and body as JSON, and decodes the answer into out (raw bytes when out
// is a *[]byte). A refusal is a *problem.
func (c *Console) call(r *http.Request, s *session, method, path string, body, out any) error {
	_, err := c.exchange(r, s, method, path, body, out)
	return err
}

// exchange is call, returning the answer's headers too (a list's Link, a created key's Location).
func (c *Console) exchange(r *http.Request, s *session, method, path string, body, out any) (http.Header, error) {
	base := c.Identity
	if strings.HasPrefix(path, "/api/") {
		base = c.Partner
	}
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(r.Context(), method, base+path, reader)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "trustline-console")
	// One request id from the browser's request to the API's log lines.
	req.Header.Set("X-Request-Id", httpapi.RequestID(r.Context()))
	if ip := httpapi.SourceIP(r); ip.IsValid() && len(c.ForwardingKey) > 0 {
		req.Header.Set(httpapi.ClientHeader, httpapi.SignClient(c.ForwardingKey, ip, method, req.URL.Path, c.now()))
	}
	if s != nil {
		req.Header.Set("Authorization", "Bearer "+s.Token)
	}
	resp, err := c.Client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 400 {
		p := &problem{}
		if json.Unmarshal(data, p) != nil || p.Status == 0 {
			p = &problem{
				Status: resp.StatusCode,
				Title:  http.StatusText(resp.StatusCode),
				Detail: "The API answered " + resp.Status + ".",
			}
		}
		p.Status = resp.StatusCode
		return resp.Header, p
	}
	if out != nil && len(data) > 0 {
		if raw, ok := out.(*[]byte); ok {
			*raw = data
			return resp.Header, nil
		}
		if err := json.Unmarshal(data, out); err != nil {
			return nil, fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
	return resp.Header, nil
}

// noFields is the body of an action whose request has none: an empty JSON object.
var noFields = struct{}{}

// listPage is a list page's data: one page of the API's items, the page's filters as sent, and
// the link to its next page.
type listPage[T any] struct {
	Items []T
	Q     url.Values
	Next  string
}

// newListPage is the list page of items, whose next page the API's cursor names (nil on the last).
func newListPage[T any](r *http.Request, items []T, cursor *string) listPage[T] {
	p := listPage[T]{Items: items, Q: r.URL.Query()}
	if cursor != nil {
		p.Next = nextPage(r, *cursor)
	}
	return p
}

// query is the list query of a page: the filters the page's form sent (only those named; a date
// input's day as the start of that day in UTC), the cursor, and the mode of s, when given, for
// the lists that take one.
func query(r *http.Request, s *session, filters ...string) string {
	in, out := r.URL.Query(), url.Values{}
	for _, name := range append(filters, "cursor") {
		if v := strings.TrimSpace(in.Get(name)); v != "" {
			out.Set(name, dateTime(v))
		}
	}
	if s != nil && s.Role == "user" {
		out.Set("mode", s.Mode)
	}
	if len(out) == 0 {
		return ""
	}
	return "?" + out.Encode()
}

// nextPage is the console link to the next page of a list, the same page with the API's cursor.
func nextPage(r *http.Request, cursor string) string {
	if cursor == "" {
		return ""
	}
	q := r.URL.Query()
	q.Set("cursor", cursor)
	q.Del("notice")
	return r.URL.Path + "?" + q.Encode()
}

func (c *Console) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}
