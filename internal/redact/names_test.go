package redact

import "testing"

func TestSecretName(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"ANTHROPIC_API_KEY": true, "API_KEY": true, "AZURE_OPENAI_KEY": true, "GH_PAT": true,
		"GITHUB_TOKEN": true, "DATABASE_URL": true, "REDIS_URL": true, "SENTRY_DSN": true,
		"AWS_SECRET_ACCESS_KEY": true, "PGPASSWORD": true, "NPM_AUTH": true,
		"PATH": false, "HOME": false, "OLLAMA_HOST": false, "BASE_URL": false, "HOMEPAGE_URL": false,
		"LANG": false, "GOPATH": false, "TERM": false,
	} {
		if got := SecretName(name); got != want {
			t.Errorf("SecretName(%q) = %v, want %v", name, got, want)
		}
	}
}
