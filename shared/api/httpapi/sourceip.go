package httpapi

import (
	"net/http"
	"net/netip"

	"github.com/awslabs/aws-lambda-go-api-proxy/core"
)

// SourceIP is the caller's address as API Gateway saw it (requestContext.http.sourceIp), never a
// client-supplied header such as X-Forwarded-For; on a console call, the browser's address the
// console signed (TrustConsole). It is invalid when the request did not come through API Gateway
// (or the local runner, which fills the same field).
func SourceIP(r *http.Request) netip.Addr {
	if ip, ok := r.Context().Value(clientKey{}).(netip.Addr); ok {
		return ip
	}
	ctx, ok := core.GetAPIGatewayV2ContextFromContext(r.Context())
	if !ok {
		return netip.Addr{}
	}
	ip, err := netip.ParseAddr(ctx.HTTP.SourceIP)
	if err != nil {
		return netip.Addr{}
	}
	return ip.Unmap()
}
