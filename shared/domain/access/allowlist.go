package access

import "net/netip"

// An API key may carry an IP allow-list (KeyRecord.AllowedIPs, set when the key is created): a
// request presenting it from any other address is refused at authentication (Authenticator.key),
// before the key's use is recorded or any limit counted.

// allowed tells whether ip is inside one of prefixes; an address that could not be read (no
// source known) is never allowed.
func allowed(prefixes []netip.Prefix, ip netip.Addr) bool {
	if !ip.IsValid() {
		return false
	}
	for _, p := range prefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
