package llmtest

import (
	"reflect"

	"github.com/honecode/hone/internal/llm"
)

// RequestFields returns, for each field of llm.Request, its name and a
// request whose only non-zero field it is (strings "x", numbers 1, one
// element in each slice and map, pointers to such values): tests of code
// that must read every field that lands in a body (a cache key) check
// each one, and a field added to llm.Request is checked too.
func RequestFields() (names []string, reqs []*llm.Request) {
	typ := reflect.TypeFor[llm.Request]()
	for i := range typ.NumField() {
		req := &llm.Request{}
		setNonZero(reflect.ValueOf(req).Elem().Field(i), 0)
		names, reqs = append(names, typ.Field(i).Name), append(reqs, req)
	}
	return names, reqs
}

// setNonZero sets v to a value other than its zero value, recursively
// (depth bounds recursive types).
func setNonZero(v reflect.Value, depth int) {
	if depth > 4 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		setNonZero(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		setNonZero(s.Index(0), depth+1)
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		setNonZero(k, depth+1)
		setNonZero(e, depth+1)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Interface:
		if x := reflect.ValueOf("x"); x.Type().AssignableTo(v.Type()) {
			v.Set(x)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				setNonZero(v.Field(i), depth+1)
			}
		}
	}
}
