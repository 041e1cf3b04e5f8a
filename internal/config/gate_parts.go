package config

import (
	"encoding/json"
	"fmt"
	"strings"
)

// summarize says, for the person deciding whether to trust a project,
// what a part would do: the command line it runs, the URL it contacts,
// the variables it reads. Values are shown as written ($VAR unexpanded).
func summarize(segs []string, path string, raw any) string {
	obj, _ := raw.(map[string]any)
	var s string
	switch {
	case len(segs) == 2 && segs[0] == "mcp":
		s = mcpSummary(segs[1], obj)
	case len(segs) == 2 && segs[0] == "lsp":
		s = fmt.Sprintf("language server %q runs %s", segs[1], commandLine(obj))
	case len(segs) == 2 && segs[0] == "providers":
		s = providerSummary(segs[1], obj)
	case path == "hooks":
		s = hooksSummary(raw)
	case path == "options.skills_paths":
		s = "reads skills from " + joinJSONStrings(raw)
	case path == "options.system_prompt_file" || path == "options.append_system_prompt_file":
		s = fmt.Sprintf("reads %v (outside the project) into the model's instructions", raw)
	case path == "options.shell_env_allow":
		s = "bash keeps these secret-looking variables: " + joinJSONStrings(raw)
	case len(segs) == 3 && segs[1] == "context_paths":
		s = fmt.Sprintf("reads %v (outside the project) into the model's instructions", raw)
	case len(segs) == 3 && segs[0] == "models":
		s = fmt.Sprintf("uses model %s of a provider the project defines", modelOf(raw))
	case len(segs) == 4 && segs[3] == "provider_options":
		s = "sets adapter options " + clipJSON(raw)
	default:
		s = "sets " + path + " = " + clipJSON(raw) + " (not known to be safe)"
	}
	if vars := envRefs(raw); len(vars) > 0 {
		s += "; reads " + strings.Join(vars, ", ")
	}
	return s
}

func mcpSummary(name string, obj map[string]any) string {
	if url, _ := obj["url"].(string); url != "" {
		s := fmt.Sprintf("MCP server %q contacts %s", name, url)
		if h := keysOf(obj["headers"]); h != "" {
			s += " with headers " + h
		}
		return s
	}
	return fmt.Sprintf("MCP server %q runs %s", name, commandLine(obj))
}

func providerSummary(name string, obj map[string]any) string {
	var what []string
	if url, _ := obj["base_url"].(string); url != "" {
		what = append(what, "sends requests to "+url)
	}
	if key, _ := obj["api_key"].(string); key != "" {
		what = append(what, "sets its API key")
	}
	if h := keysOf(obj["extra_headers"]); h != "" {
		what = append(what, "adds headers "+h)
	}
	if len(what) == 0 {
		what = append(what, "defines or changes it ("+keysOf(obj)+")")
	}
	return fmt.Sprintf("provider %q %s", name, strings.Join(what, ", "))
}

// commandLine renders command and args as a shell would show them, with
// env assignments first.
func commandLine(obj map[string]any) string {
	var words []string
	if env, ok := obj["env"].(map[string]any); ok {
		for _, k := range sortedKeys(env) {
			words = append(words, shellWord(k+"="+fmt.Sprint(env[k])))
		}
	}
	cmd, _ := obj["command"].(string)
	words = append(words, shellWord(cmd))
	if args, ok := obj["args"].([]any); ok {
		for _, a := range args {
			words = append(words, shellWord(fmt.Sprint(a)))
		}
	}
	return strings.Join(words, " ")
}

// shellWord quotes s for a shell unless it is made of plain characters.
func shellWord(s string) string {
	plain := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./:=@%+,$-", r))
	}) < 0
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func modelOf(raw any) string {
	if obj, ok := raw.(map[string]any); ok {
		raw = obj["model"]
	}
	return fmt.Sprint(raw)
}

// keysOf lists an object's keys, comma separated.
func keysOf(v any) string {
	obj, _ := v.(map[string]any)
	return strings.Join(sortedKeys(obj), ", ")
}

func joinJSONStrings(v any) string {
	items, _ := v.([]any)
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = fmt.Sprint(it)
	}
	return strings.Join(out, ", ")
}

// clipJSON renders v as compact JSON, at most 120 bytes.
func clipJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if s := string(data); len(s) <= 120 {
		return s
	}
	return cutString(string(data), 117) + "…"
}

func cutString(s string, n int) string {
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// envRefs lists the $VAR references in every string of v.
func envRefs(v any) []string {
	set := map[string]bool{}
	var visit func(any)
	visit = func(v any) {
		switch v := v.(type) {
		case string:
			for i := 0; i+1 < len(v); i++ {
				if v[i] != '$' {
					continue
				}
				if v[i+1] == '$' {
					i++
					continue
				}
				if name, _ := envName(v[i+1:]); name != "" {
					set["$"+name] = true
				}
			}
		case map[string]any:
			for _, x := range v {
				visit(x)
			}
		case []any:
			for _, x := range v {
				visit(x)
			}
		}
	}
	visit(v)
	return sortedStrings(set)
}
