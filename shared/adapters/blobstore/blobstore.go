// Package blobstore keeps document files in S3 and hands out presigned uploads for them.
package blobstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Store is one bucket. Objects are encrypted at rest by the bucket's default encryption.
type Store struct {
	API    *s3.Client
	Bucket string
}

// Put stores an object.
func (s Store) Put(ctx context.Context, key string, data []byte, contentType string) error {
	_, err := s.API.PutObject(
		ctx,
		&s3.PutObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key), Body: bytes.NewReader(data),
			ContentType: aws.String(contentType), ContentLength: aws.Int64(int64(len(data)))},
	)
	if err != nil {
		return fmt.Errorf("blobstore: put: %w", err)
	}
	return nil
}

// Copy copies an object within the bucket; NotFound when src is absent. The copy is judged and
// served instead of src when src stays writable by a presigned upload.
func (s Store) Copy(ctx context.Context, src, dst string) error {
	_, err := s.API.CopyObject(ctx, &s3.CopyObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(dst),
		CopySource: aws.String(url.PathEscape(s.Bucket) + "/" + escapeKey(src))})
	if err != nil {
		return s.translate(ctx, "copy", src, err)
	}
	return nil
}

// escapeKey URL-encodes a key for CopySource, keeping its slashes.
func escapeKey(key string) string {
	parts := strings.Split(key, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// List returns the keys under prefix: the first page, up to 1,000, which is all its callers keep there.
func (s Store) List(ctx context.Context, prefix string) ([]string, error) {
	out, err := s.API.ListObjectsV2(
		ctx,
		&s3.ListObjectsV2Input{Bucket: aws.String(s.Bucket), Prefix: aws.String(prefix)},
	)
	if err != nil {
		return nil, fmt.Errorf("blobstore: list: %w", err)
	}
	keys := make([]string, 0, len(out.Contents))
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	return keys, nil
}

// Read returns at most limit bytes from the start of an object; NotFound when absent. The stored
// whole-object checksum cannot verify a range, so the SDK is told not to try.
func (s Store) Read(ctx context.Context, key string, limit int64) ([]byte, error) {
	out, err := s.API.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key),
		Range: aws.String("bytes=0-" + strconv.FormatInt(limit-1, 10))}, func(o *s3.Options) {
		o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})
	if err != nil {
		return nil, s.translate(ctx, "read", key, err)
	}
	defer out.Body.Close()
	return io.ReadAll(io.LimitReader(out.Body, limit))
}

// Size returns an object's size; NotFound when absent.
func (s Store) Size(ctx context.Context, key string) (int64, error) {
	out, err := s.API.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)})
	if err != nil {
		return 0, s.translate(ctx, "head", key, err)
	}
	return aws.ToInt64(out.ContentLength), nil
}

// PresignPut signs a PUT of exactly size bytes of contentType: both headers are part of the
// signature, so S3 refuses any other type or length.
func (s Store) PresignPut(
	ctx context.Context,
	key, contentType string,
	size int64,
	ttl time.Duration,
) (string, map[string]string, error) {
	req, err := s3.NewPresignClient(s.API).
		PresignPutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key),
			ContentType: aws.String(contentType), ContentLength: aws.Int64(size)}, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", nil, fmt.Errorf("blobstore: presign: %w", err)
	}
	headers := map[string]string{"Content-Type": contentType, "Content-Length": strconv.FormatInt(size, 10)}
	return req.URL, headers, nil
}

// Delete removes an object (absent is fine).
func (s Store) Delete(ctx context.Context, key string) error {
	if _, err := s.API.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(s.Bucket),
		Key: aws.String(key)}); err != nil {
		return fmt.Errorf("blobstore: delete: %w", err)
	}
	return nil
}

// PresignPost signs a browser form upload of one object at key, of 1 to maxSize bytes: the
// policy's content-length-range makes S3 refuse anything larger.
func (s Store) PresignPost(
	ctx context.Context,
	key string,
	maxSize int64,
	ttl time.Duration,
) (string, map[string]string, error) {
	req, err := s3.NewPresignClient(s.API).
		PresignPostObject(ctx, &s3.PutObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)},
			func(o *s3.PresignPostOptions) {
				o.Expires = ttl
				o.Conditions = []any{[]any{"content-length-range", 1, maxSize}}
			})
	if err != nil {
		return "", nil, fmt.Errorf("blobstore: presign post: %w", err)
	}
	return req.URL, req.Values, nil
}

// PresignGet signs a download of an object, offered under fileName when one is given.
func (s Store) PresignGet(ctx context.Context, key, fileName string, ttl time.Duration) (string, error) {
	in := &s3.GetObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)}
	if fileName != "" {
		in.ResponseContentDisposition = aws.String(
			mime.FormatMediaType("attachment", map[string]string{"filename": fileName}),
		)
	}
	req, err := s3.NewPresignClient(s.API).PresignGetObject(ctx, in, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", fmt.Errorf("blobstore: presign get: %w", err)
	}
	return req.URL, nil
}

// PresignView signs a download of an object to be shown rather than saved: S3 serves it inline and
// as contentType, whatever type it was stored with.
func (s Store) PresignView(ctx context.Context, key, contentType string, ttl time.Duration) (string, error) {
	req, err := s3.NewPresignClient(s.API).
		PresignGetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key),
			ResponseContentType:        aws.String(contentType),
			ResponseContentDisposition: aws.String("inline")}, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", fmt.Errorf("blobstore: presign get: %w", err)
	}
	return req.URL, nil
}

// translate turns S3's answer for an absent key into NotFound. S3 says 404 only to a caller that may
// list the whole bucket; the functions may list only their own prefixes, so to them an absent key
// is 403, like a forbidden one: a listing of exactly that key tells the two apart.
func (s Store) translate(ctx context.Context, op, key string, err error) error {
	var nsk *types.NoSuchKey
	var nf *types.NotFound
	var api smithy.APIError
	if errors.As(err, &nsk) || errors.As(err, &nf) ||
		(errors.As(err, &api) && (api.ErrorCode() == "NotFound" || api.ErrorCode() == "NoSuchKey")) {
		return fault.New(fault.NotFound, "No such file.")
	}
	var status interface{ HTTPStatusCode() int }
	if errors.As(err, &status) && status.HTTPStatusCode() == http.StatusForbidden {
		out, lerr := s.API.ListObjectsV2(
			ctx,
			&s3.ListObjectsV2Input{Bucket: aws.String(s.Bucket), Prefix: aws.String(key), MaxKeys: aws.Int32(1)},
		)
		if lerr == nil && (len(out.Contents) == 0 || aws.ToString(out.Contents[0].Key) != key) {
			return fault.New(fault.NotFound, "No such file.")
		}
	}
	return fmt.Errorf("blobstore: %s: %w", op, err)
}
