package llm

import (
	"encoding/json"
	"fmt"
)

// NumberOption reads the numeric provider option key from opts, given as
// any JSON or Go number; ok is false when the key is absent or null, and
// the error names the key when the value is not a number.
func NumberOption(opts map[string]any, key string) (v float64, ok bool, err error) {
	raw, present := opts[key]
	if !present || raw == nil {
		return 0, false, nil
	}
	switch n := raw.(type) {
	case float64:
		return n, true, nil
	case float32:
		return float64(n), true, nil
	case int:
		return float64(n), true, nil
	case int64:
		return float64(n), true, nil
	case json.Number:
		f, err := n.Float64()
		if err != nil {
			return 0, false, fmt.Errorf("provider option %s: %w", key, err)
		}
		return f, true, nil
	}
	return 0, false, fmt.Errorf("provider option %s: want a number, got %T", key, raw)
}
