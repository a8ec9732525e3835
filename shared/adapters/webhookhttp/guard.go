package webhookhttp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Resolver looks up a host's addresses; net.DefaultResolver satisfies it.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard keeps webhook targets on the public internet: https only, every resolved address public,
// checked when a target is configured and again when connecting, where the connection goes to the
// very address that was checked (no second lookup, so DNS rebinding cannot swap it).
type Guard struct {
	Resolver Resolver
	// AllowLoopback admits http:// and https:// targets on loopback addresses, on any port (local
	// stage only).
	AllowLoopback bool
	// Ports are the only ports a public target may use (WEBHOOK_ALLOWED_PORTS): a webhook must not
	// be a way to knock on a host's other services. None means any.
	Ports []int
}

// portAllowed reports whether a target's port may be used with these addresses.
func (g Guard) portAllowed(port string, addrs []netip.Addr) bool {
	if len(g.Ports) == 0 || (g.AllowLoopback && allLoopback(addrs)) {
		return true
	}
	n, err := strconv.Atoi(port)
	return err == nil && slices.Contains(g.Ports, n)
}

// blocked4 are the IPv4 ranges no webhook may reach beyond what netip's predicates cover: with
// them, every entry of IANA's IPv4 Special-Purpose Address Registry that is not globally reachable
// (TestSpecialPurposeRegistry walks the registry), and the deprecated 6to4 relay anycast, whose
// relays forward to an address the sender does not choose.
var blocked4 = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("192.88.99.0/24"),  // 6to4 relay anycast, deprecated (RFC 7526)
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, broadcast
}

// global6 is the only IPv6 space a webhook may reach: global unicast. Everything outside it is
// refused, and with it the forms that embed an IPv4 address a translator would reach
// (IPv4-compatible ::/96, SIIT's ::ffff:0:0:0/96, NAT64's 64:ff9b::/96 and 64:ff9b:1::/48), as
// well as loopback, unique-local, link-local, multicast and the unassigned rest.
var global6 = netip.MustParsePrefix("2000::/3")

// blocked6 are the ranges inside global6 that no webhook may reach: the transition forms whose
// embedded IPv4 address a relay would reach (6to4's 2002:c0a8::/32 is 192.168.0.0/16; Teredo
// carries its client's address), and addresses reserved for documentation or protocols.
var blocked6 = []netip.Prefix{
	netip.MustParsePrefix("2001::/23"),     // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
	netip.MustParsePrefix("2001:db8::/32"), // documentation
	netip.MustParsePrefix("2002::/16"),     // 6to4
	netip.MustParsePrefix("3fff::/20"),     // documentation
}

// allowed reports whether a connection to ip is allowed. An IPv4-mapped address (::ffff:a.b.c.d,
// as resolvers return A records) is the IPv4 address it maps, judged and dialled as such.
func (g Guard) allowed(ip netip.Addr) bool {
	ip = ip.Unmap()
	if ip.IsLoopback() {
		return g.AllowLoopback
	}
	if !ip.IsValid() || ip.IsPrivate() || ip.IsUnspecified() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() {
		return false
	}
	blocked := blocked4
	if ip.Is6() {
		if !global6.Contains(ip) {
			return false
		}
		blocked = blocked6
	}
	for _, p := range blocked {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// CheckURL validates a target as configured: absolute https URL without credentials whose host
// resolves only to allowed addresses. Errors are Invalid faults naming the field.
func (g Guard) CheckURL(ctx context.Context, field, raw string) error {
	invalid := func(why string) error {
		return &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The webhook URL is not allowed.",
			InvalidParams: []string{field + ": " + why},
		}
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return invalid("must be an absolute URL")
	}
	if u.User != nil {
		return invalid("must not carry credentials")
	}
	if u.Fragment != "" {
		return invalid("must not have a fragment")
	}
	addrs, err := g.resolve(ctx, u.Hostname())
	if err != nil {
		return invalid("its host does not resolve")
	}
	for _, a := range addrs {
		if !g.allowed(a) {
			return invalid("must resolve to public addresses only")
		}
	}
	if u.Scheme != "https" && !(u.Scheme == "http" && g.AllowLoopback && allLoopback(addrs)) {
		return invalid("must use https")
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"https": "443", "http": "80"}[u.Scheme]
	}
	if !g.portAllowed(port, addrs) {
		return invalid(fmt.Sprintf("port %s is not allowed (allowed: %s)", port, joinPorts(g.Ports)))
	}
	return nil
}

func allLoopback(addrs []netip.Addr) bool {
	for _, a := range addrs {
		if !a.Unmap().IsLoopback() {
			return false
		}
	}
	return len(addrs) > 0
}

func (g Guard) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{ip}, nil
	}
	addrs, err := g.Resolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil, err
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("no address for %s", host)
	}
	return addrs, nil
}

// errBlocked is the dial error of a target whose addresses are not public.
var errBlocked = errors.New("webhook target resolves to a non-public address or uses a port not allowed")

// DialContext resolves, checks every address, and connects to a checked one.
func (g Guard) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	addrs, err := g.resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	if !g.portAllowed(port, addrs) {
		return nil, errBlocked
	}
	var d net.Dialer
	var lastErr error
	for _, a := range addrs {
		if !g.allowed(a) {
			lastErr = errBlocked
			continue
		}
		c, err := d.DialContext(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
		if err == nil {
			return c, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

func joinPorts(ports []int) string {
	s := make([]string, len(ports))
	for i, p := range ports {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, ", ")
}
