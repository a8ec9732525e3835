package config

import (
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"
)

type loader struct {
	getenv func(string) string
	errs   []error
}

func (l *loader) fail(name, format string, args ...any) {
	l.errs = append(l.errs, fmt.Errorf("  %s: %s", name, fmt.Sprintf(format, args...)))
}

// raw returns the value, or the documented default, or records the setting as missing.
func (l *loader) raw(name string) string {
	if v := strings.TrimSpace(l.getenv(name)); v != "" {
		return v
	}
	for _, s := range Settings {
		if s.Name == name && s.Default != "" {
			return s.Default
		}
	}
	l.fail(name, "missing")
	return ""
}

func (l *loader) str(name string) string { return l.raw(name) }

func (l *loader) oneOf(name string, allowed ...string) string {
	v := l.raw(name)
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	if v != "" {
		l.fail(name, "%q is not one of %s", v, strings.Join(allowed, ", "))
	}
	return v
}

func (l *loader) baseURL(name string) string {
	v := l.raw(name)
	if v == "" {
		return ""
	}
	u, err := url.Parse(v)
	web := err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
	if !web || strings.Trim(u.Path, "/") != "" || u.RawQuery != "" {
		l.fail(name, "%q is not a base URL such as https://api.example.com", v)
		return ""
	}
	return strings.TrimSuffix(v, "/")
}

// optional returns the value, or "" for the documented `-` (none).
func (l *loader) optional(name string) string {
	if v := l.raw(name); v != "-" {
		return v
	}
	return ""
}

// providerURL is an optional https (or, for local fakes, http) URL, returned without trailing slash.
func (l *loader) providerURL(name string) string {
	v := l.optional(name)
	if v == "" {
		return ""
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.User != nil {
		l.fail(name, "%q is not a URL such as https://provider.example.com/v1", v)
		return ""
	}
	return strings.TrimSuffix(v, "/")
}

func (l *loader) duration(name string) time.Duration {
	v := l.raw(name)
	if v == "" {
		return 0
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		l.fail(name, "%q is not a positive duration such as 10s or 15m", v)
	}
	return d
}

func (l *loader) schedule(name string) []time.Duration {
	v := l.raw(name)
	var out []time.Duration
	for _, part := range strings.Split(v, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(part))
		if err != nil || d <= 0 || (len(out) > 0 && d <= out[len(out)-1]) {
			l.fail(name, "%q is not a list of increasing positive durations such as 2m,4m,8m", v)
			return nil
		}
		out = append(out, d)
	}
	return out
}

func (l *loader) secret(name string, minLen int) []byte {
	v := l.raw(name)
	if v != "" && len(v) < minLen {
		l.fail(name, "too short: at least %d characters", minLen)
	}
	return []byte(v)
}

func (l *loader) limits(name string) map[string]int {
	out := map[string]int{}
	for _, part := range strings.Split(l.raw(name), ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		n, err := strconv.Atoi(v)
		if !ok || k == "" || err != nil || n < 0 {
			l.fail(name, "%q is not a list such as free=60,partner=600", part)
			return nil
		}
		out[k] = n
	}
	return out
}

func (l *loader) plans(name string) map[string]Plan {
	out := map[string]Plan{}
	for _, part := range strings.Split(l.raw(name), ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		price, credits, ok2 := strings.Cut(v, ":")
		p, err := strconv.ParseInt(price, 10, 64)
		c, err2 := strconv.Atoi(credits)
		if !ok || !ok2 || k == "" || err != nil || err2 != nil || p < 0 || c < 0 {
			l.fail(name, "%q is not a list such as free=0:0,starter=15000:1000", part)
			return nil
		}
		out[k] = Plan{Price: p, Credits: c}
	}
	return out
}

func (l *loader) fraction(name string) float64 {
	v := l.raw(name)
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f > 1 {
		l.fail(name, "%q is not a number from 0 to 1", v)
	}
	return f
}

func (l *loader) positive(name string) int {
	v := l.raw(name)
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		l.fail(name, "%q is not a positive whole number", v)
	}
	return n
}

func (l *loader) ports(name string) []int {
	var ports []int
	for _, f := range strings.Split(l.raw(name), ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 65535 {
			l.fail(name, "%q is not a port number", f)
			continue
		}
		ports = append(ports, n)
	}
	return ports
}

func (l *loader) boolean(name string) bool {
	v := l.raw(name)
	b, err := strconv.ParseBool(v)
	if err != nil {
		l.fail(name, "%q is not true or false", v)
	}
	return b
}

func (l *loader) level(name string) slog.Level {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(l.raw(name))); err != nil {
		l.fail(name, "%q is not debug, info, warn or error", l.getenv(name))
	}
	return lv
}
