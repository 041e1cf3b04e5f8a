package sandbox

import "encoding/json"

// Confine decodes an encoded policy into the setup that confines the
// thread a child is forked from; it has the type procgroup.Confine.
func Confine(raw json.RawMessage) (func() error, error) {
	p, err := Unmarshal(raw)
	if err != nil {
		return nil, err
	}
	return func() error { return Setup(p) }, nil
}
