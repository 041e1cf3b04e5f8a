package config

import (
	"errors"
	"fmt"
	"strings"

	"github.com/honecode/hone/configs"
)

// ErrNoProvider is matched (errors.Is) by *NoProviderError.
var ErrNoProvider = errors.New("no usable model provider")

// NoProviderError says that a role has no usable candidate, and what
// would fix it: the key variables of the catalog providers, the local
// provider's host variable, and the global config file.
type NoProviderError struct {
	// Skipped are configured candidates whose provider is not usable.
	Skipped []string
	// KeyEnvs enable a catalog provider each (ANTHROPIC_API_KEY, …).
	KeyEnvs []string
	// HostEnvs enable a local provider (OLLAMA_HOST).
	HostEnvs []string
	// ConfigPath is the global config file where providers can be added.
	ConfigPath string
}

func newNoProviderError(r *Resolved, cat *configs.Catalog, getenv func(string) string) *NoProviderError {
	e := &NoProviderError{Skipped: r.Skipped, ConfigPath: GlobalPath(getenv)}
	for _, p := range cat.Providers {
		if p.APIKeyEnv != "" {
			e.KeyEnvs = append(e.KeyEnvs, p.APIKeyEnv)
		}
		if p.HostEnv != "" {
			e.HostEnvs = append(e.HostEnvs, p.HostEnv)
		}
	}
	return e
}

// Error explains what is missing and lists every way to enable a provider.
func (e *NoProviderError) Error() string {
	var b strings.Builder
	if len(e.Skipped) > 0 {
		fmt.Fprintf(&b, "none of the configured models is usable (%s); ", strings.Join(e.Skipped, "; "))
	} else {
		b.WriteString("no model provider is usable; ")
	}
	fmt.Fprintf(&b, "to enable one, set an API key variable (%s)", strings.Join(e.KeyEnvs, ", "))
	if len(e.HostEnvs) > 0 {
		fmt.Fprintf(&b, ", set %s or start a local Ollama", strings.Join(e.HostEnvs, " or "))
	}
	where := "the config file"
	if e.ConfigPath != "" {
		where = e.ConfigPath
	}
	fmt.Fprintf(&b, ", or add a provider under \"providers\" (type, api_key) and models under \"models\" in %s", where)
	return b.String()
}

// Is makes errors.Is(err, ErrNoProvider) true.
func (e *NoProviderError) Is(target error) bool { return target == ErrNoProvider }
