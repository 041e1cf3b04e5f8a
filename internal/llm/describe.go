package llm

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/url"
	"strings"
	"syscall"
)

// describeTransport is the root cause of a transport failure in one line,
// as a person wants to read it: "connection refused at 127.0.0.1:1234",
// "DNS lookup failed for api.example.com: no such host", "TLS certificate
// of api.example.com not trusted: …". Causes it does not know keep the
// error's own text with the request URL's query string removed (Gemini
// passes its API key as ?key=).
func describeTransport(err error) string {
	var te *TimeoutError
	if errors.As(err, &te) {
		return te.Error()
	}
	if s := describeNet(err); s != "" {
		return s
	}
	if s := describeTLS(err); s != "" {
		return s
	}
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the connection closed before the response was complete"
	case errors.Is(err, io.EOF):
		return "the server closed the connection without answering"
	}
	return withoutQuery(err)
}

// describeNet names DNS and socket failures with the host or address.
func describeNet(err error) string {
	var dns *net.DNSError
	if errors.As(err, &dns) {
		s := "DNS lookup failed for " + dns.Name
		switch {
		case dns.IsNotFound:
			return s + ": no such host"
		case dns.IsTimeout:
			return s + ": timed out"
		}
		return s + ": " + dns.Err
	}
	addr := opAddr(err)
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused at " + addr
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset by " + addr
	case errors.Is(err, syscall.ECONNABORTED), errors.Is(err, syscall.EPIPE):
		return "connection to " + addr + " broken"
	case errors.Is(err, syscall.EHOSTUNREACH):
		return "host unreachable: " + addr
	case errors.Is(err, syscall.ENETUNREACH):
		return "network unreachable: " + addr
	}
	return ""
}

// opAddr is the remote address of the failed socket operation, or "the
// server" when the error does not say.
func opAddr(err error) string {
	var op *net.OpError
	if errors.As(err, &op) && op.Addr != nil {
		return op.Addr.String()
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		if u, perr := url.Parse(ue.URL); perr == nil && u.Host != "" {
			return u.Host
		}
	}
	return "the server"
}

// describeTLS names certificate and handshake failures.
func describeTLS(err error) string {
	var (
		unknown  x509.UnknownAuthorityError
		hostname x509.HostnameError
		invalid  x509.CertificateInvalidError
		verify   *tls.CertificateVerificationError
		record   tls.RecordHeaderError
	)
	host := opAddr(err)
	switch {
	case errors.As(err, &unknown):
		return "TLS certificate of " + host + " is signed by an unknown authority"
	case errors.As(err, &hostname):
		return "TLS certificate does not match " + host + ": " + hostname.Error()
	case errors.As(err, &invalid):
		return "TLS certificate of " + host + " is invalid: " + invalid.Error()
	case errors.As(err, &verify):
		return "TLS certificate of " + host + " not trusted: " + verify.Err.Error()
	case errors.As(err, &record), strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return "TLS handshake with " + host + " failed: the server speaks plain HTTP (try http:// in base_url)"
	}
	return ""
}

// withoutQuery is err's text with the query string of a request URL
// removed.
func withoutQuery(err error) string {
	var ue *url.Error
	if !errors.As(err, &ue) {
		return err.Error()
	}
	u := ue.URL
	if i := strings.IndexByte(u, '?'); i >= 0 {
		u = u[:i]
	}
	return ue.Op + " " + u + ": " + ue.Err.Error()
}
