package redact

import "strings"

// SecretName reports whether an environment variable's name suggests its
// value is a secret (API keys, tokens, passwords, personal access tokens,
// connection strings). It decides only what is redacted from logs and
// error texts, where redacting too much is harmless; what a child process
// may see is decided by the sandbox's allowlist, never by this guess.
func SecretName(name string) bool {
	n := strings.ToUpper(name)
	for _, suffix := range []string{"_KEY", "_PAT", "_DSN", "_URL", "_URI"} {
		if strings.HasSuffix(n, suffix) && n != "BASE_URL" {
			return suffixSecret(n, suffix)
		}
	}
	if n == "API_KEY" {
		return true
	}
	for _, part := range []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "PRIVATE", "AUTH"} {
		if strings.Contains(n, part) {
			return true
		}
	}
	return false
}

// suffixSecret judges names ending in suffix: every *_KEY and *_PAT, but
// only the *_URL, *_URI and *_DSN that name a database or broker (their
// values carry passwords), not ordinary endpoints.
func suffixSecret(n, suffix string) bool {
	switch suffix {
	case "_KEY", "_PAT", "_DSN":
		return true
	}
	for _, kind := range []string{"DATABASE", "POSTGRES", "MYSQL", "MONGO", "REDIS", "AMQP", "RABBIT", "DB_"} {
		if strings.Contains(n, kind) {
			return true
		}
	}
	return false
}
