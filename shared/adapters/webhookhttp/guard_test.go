package webhookhttp

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/trustline/platform/shared/foundation/fault"
)

// fakeResolver answers from a table; rebind answers a public address first, then loopback.
type fakeResolver struct {
	hosts map[string][]netip.Addr
	calls atomic.Int32
}

func (f *fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	n := f.calls.Add(1)
	if host == "rebind.example" {
		if n == 1 {
			return []netip.Addr{netip.MustParseAddr("93.184.216.34")}, nil
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}
	if a, ok := f.hosts[host]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

func addrs(s ...string) []netip.Addr {
	var out []netip.Addr
	for _, a := range s {
		out = append(out, netip.MustParseAddr(a))
	}
	return out
}

func TestCheckURL(t *testing.T) {
	r := &fakeResolver{hosts: map[string][]netip.Addr{
		"hooks.partner.example": addrs("93.184.216.34"),
		"mixed.example":         addrs("93.184.216.34", "10.1.2.3"),
		"internal.example":      addrs("192.168.1.10"),
		"v6.example":            addrs("2606:2800:220:1:248:1893:25c8:1946"),
		"v6-ula.example":        addrs("fd00::1"),
		"localhost":             addrs("127.0.0.1", "::1"),
	}}
	tests := []struct {
		url      string
		loopback bool
		ok       bool
	}{
		{"https://hooks.partner.example/insurance", false, true},
		{"https://v6.example/x", false, true},
		{"http://hooks.partner.example/insurance", false, false}, // not https
		{"https://10.0.0.1/x", false, false},                     // private
		{"https://172.16.5.4/x", false, false},
		{"https://192.168.0.1/x", false, false},
		{"https://internal.example/x", false, false},
		{"https://mixed.example/x", false, false}, // one private address is enough to refuse
		{"https://127.0.0.1/x", false, false},     // loopback
		{"https://localhost/x", false, false},
		{"https://[::1]/x", false, false},
		{"https://169.254.10.10/x", false, false},                  // link-local
		{"https://169.254.169.254/latest/meta-data", false, false}, // cloud metadata
		{"https://[fe80::1]/x", false, false},
		{"https://v6-ula.example/x", false, false},
		{"https://100.64.0.1/x", false, false}, // carrier-grade NAT
		{"https://0.0.0.0/x", false, false},
		{"https://[::ffff:10.0.0.1]/x", false, false}, // IPv4-mapped private
		{"https://[64:ff9b::a00:1]/x", false, false},  // NAT64 of 10.0.0.1
		{"https://user:pass@hooks.partner.example/x", false, false},
		{"https://nonexistent.example/x", false, false},
		{"/relative", false, false},
		{"http://127.0.0.1:8080/x", true, true}, // local stage with WEBHOOK_ALLOW_LOOPBACK
		{"http://localhost:8080/x", true, true},
		{"http://10.0.0.1/x", true, false}, // loopback allowance admits loopback only
		{"http://hooks.partner.example/x", true, false},
	}
	for _, tt := range tests {
		g := Guard{Resolver: r, AllowLoopback: tt.loopback}
		err := g.CheckURL(context.Background(), "webhookUrl", tt.url)
		if (err == nil) != tt.ok {
			t.Errorf("CheckURL(%q, loopback=%v) = %v, want ok=%v", tt.url, tt.loopback, err, tt.ok)
		}
		if err != nil &&
			(!fault.Is(err, fault.Invalid) || !strings.HasPrefix(fault.As(err).InvalidParams[0], "webhookUrl: ")) {
			t.Errorf("CheckURL(%q) error %v is not an Invalid fault naming the field", tt.url, err)
		}
	}
}

// A host that resolved to a public address when configured and to loopback at delivery is refused
// at delivery: the dialer checks the address it connects to.
func TestDNSRebindingIsRefusedAtDelivery(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	g := Guard{Resolver: &fakeResolver{}}
	if err := g.CheckURL(context.Background(), "webhookUrl", "https://rebind.example:"+port+"/"); err != nil {
		t.Fatalf("configuration-time check: %v", err)
	}
	client := (&Sender{Guard: g, Timeout: 2e9}).Client()
	_, err := client.Post("http://rebind.example:"+port+"/", "application/json", nil)
	if err == nil || !strings.Contains(err.Error(), "non-public") {
		t.Errorf("delivery after rebinding: err = %v, want a refusal", err)
	}
	if hits.Load() != 0 {
		t.Error("the rebound address was reached")
	}
}

// Only global unicast IPv6 is reachable, without the transition forms that carry an IPv4 address
// a relay or translator would reach, checked on the address itself: at configuration (a literal
// or resolved address) and at delivery alike go through it.
func TestAllowedAddresses(t *testing.T) {
	tests := []struct {
		addr string
		ok   bool
	}{
		{"2a00:1450:4007:80e::200e", true}, // a public IPv6 host
		{"2606:2800:220:1:248:1893:25c8:1946", true},
		{"93.184.216.34", true},
		{"::ffff:93.184.216.34", true},                  // IPv4-mapped public: the IPv4 address it is
		{"2002:c0a8::1", false},                         // 6to4 of 192.168.0.1
		{"2002:7f00:1::1", false},                       // 6to4 of 127.0.0.1
		{"2002:5db8:d822::1", false},                    // 6to4 even of a public address: a relay is in between
		{"2001:0:4136:e378:8000:63bf:3fff:fdd2", false}, // Teredo
		{"2001:2::1", false},                            // benchmarking
		{"2001:db8::1", false},                          // documentation
		{"3fff::1", false},                              // documentation
		{"::ffff:10.0.0.1", false},                      // IPv4-mapped private
		{"::ffff:127.0.0.1", false},                     // IPv4-mapped loopback
		{"::10.0.0.1", false},                           // IPv4-compatible
		{"::ffff:0:10.0.0.1", false},                    // SIIT IPv4-translated
		{"64:ff9b::10.0.0.1", false},                    // NAT64
		{"64:ff9b::5db8:d822", false},                   // NAT64 even of a public address
		{"64:ff9b:1::a00:1", false},                     // local-use NAT64
		{"fc00::1", false},                              // unique local
		{"fd12:3456::1", false},
		{"fe80::1", false}, // link-local
		{"fec0::1", false}, // site-local, deprecated
		{"::1", false},     // loopback
		{"::", false},      // unspecified
		{"ff02::1", false}, // multicast
		{"ff0e::1", false}, // global multicast
		{"100::1", false},  // discard-only
		{"5f00::1", false}, // outside global unicast
		{"10.0.0.1", false},
		{"169.254.169.254", false},
	}
	for _, tt := range tests {
		if got := (Guard{}).allowed(netip.MustParseAddr(tt.addr)); got != tt.ok {
			t.Errorf("allowed(%s) = %v, want %v", tt.addr, got, tt.ok)
		}
	}
	// At configuration, a literal address in the URL, and a name resolving to such an address.
	r := &fakeResolver{
		hosts: map[string][]netip.Addr{"mixed6.example": addrs("2a00:1450:4007:80e::200e", "2002:c0a8::1"),
			"sixtofour.example": addrs("2002:c0a8::1", "64:ff9b::a00:1")},
	}
	for _, raw := range []string{"https://[2002:7f00:1::1]/hook", "https://[64:ff9b::a00:1]/hook",
		"https://[::a00:1]/hook", "https://mixed6.example/hook"} {
		if err := (Guard{Resolver: r}).CheckURL(context.Background(), "url", raw); !fault.Is(err, fault.Invalid) {
			t.Errorf("CheckURL(%s) = %v, want a refusal", raw, err)
		}
	}
	// At delivery, the dialer refuses before connecting (no address here is dialled).
	_, err := (Guard{Resolver: r}).DialContext(context.Background(), "tcp", "sixtofour.example:443")
	if err == nil || !strings.Contains(err.Error(), "non-public") {
		t.Errorf("dialling a name with a 6to4 address: %v, want a refusal", err)
	}
}

// Every range of IANA's IPv4 Special-Purpose Address Registry
// (https://www.iana.org/assignments/iana-ipv4-special-registry, 2024 edition) that is not globally
// reachable, and the deprecated 6to4 relay anycast, is refused: its first, a middle and its last
// address. A range added to the registry is added here.
func TestSpecialPurposeRegistry(t *testing.T) {
	for _, r := range []string{
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.0.0.0/29", "192.0.0.8/32", "192.0.0.170/32", "192.0.0.171/32", "192.0.2.0/24",
		"192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
		"224.0.0.0/4", "240.0.0.0/4", "255.255.255.255/32",
	} {
		p := netip.MustParsePrefix(r)
		first := p.Addr()
		last := first.As4()
		hostBits := 32 - p.Bits()
		for i := range 4 {
			bits := min(max(hostBits-8*(3-i), 0), 8)
			last[i] |= byte(1<<bits - 1)
		}
		middle := first.As4()
		if hostBits > 1 {
			middle[3] |= 1
		}
		for _, a := range []netip.Addr{first, netip.AddrFrom4(middle), netip.AddrFrom4(last)} {
			if (Guard{}).allowed(a) {
				t.Errorf("%s (in %s) is allowed", a, r)
			}
		}
	}
}
