package sdkbody

import "reflect"

// maxOwnDepth bounds how deep ownValue copies; deeper values (or a
// cycle) are not owned.
const maxOwnDepth = 32

// ownValue returns a deep copy of v: maps, slices, arrays, pointers,
// interfaces and structs are copied all the way down, so that nothing a
// caller holds can change it. Strings and other plain values are shared
// (they cannot be changed in place). false when v holds something that
// cannot be copied that way (a function, a channel, an unsafe pointer, a
// struct with unexported fields) or is nested deeper than maxOwnDepth;
// the copy is then partial.
func ownValue(v reflect.Value, depth int) (reflect.Value, bool) {
	if depth > maxOwnDepth {
		return v, false
	}
	switch v.Kind() {
	case reflect.Map:
		return ownMap(v, depth)
	case reflect.Slice:
		if v.IsNil() {
			return v, true
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		return out, ownElems(out, v, depth)
	case reflect.Array:
		out := reflect.New(v.Type()).Elem()
		return out, ownElems(out, v, depth)
	case reflect.Pointer:
		if v.IsNil() {
			return v, true
		}
		e, ok := ownValue(v.Elem(), depth+1)
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(e)
		return out, ok
	case reflect.Interface:
		if v.IsNil() {
			return v, true
		}
		e, ok := ownValue(v.Elem(), depth+1)
		out := reflect.New(v.Type()).Elem()
		out.Set(e)
		return out, ok
	case reflect.Struct:
		return ownStruct(v, depth)
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return v, false
	}
	return v, true
}

func ownMap(v reflect.Value, depth int) (reflect.Value, bool) {
	if v.IsNil() {
		return v, true
	}
	out := reflect.MakeMapWithSize(v.Type(), v.Len())
	ok := true
	for it := v.MapRange(); it.Next(); {
		k, kok := ownValue(it.Key(), depth+1)
		e, eok := ownValue(it.Value(), depth+1)
		out.SetMapIndex(k, e)
		ok = ok && kok && eok
	}
	return out, ok
}

// ownElems sets each element of out to a copy of v's.
func ownElems(out, v reflect.Value, depth int) bool {
	ok := true
	for i := range v.Len() {
		e, eok := ownValue(v.Index(i), depth+1)
		out.Index(i).Set(e)
		ok = ok && eok
	}
	return ok
}

func ownStruct(v reflect.Value, depth int) (reflect.Value, bool) {
	out := reflect.New(v.Type()).Elem()
	for i := range v.NumField() {
		if !v.Type().Field(i).IsExported() {
			return v, false
		}
		e, ok := ownValue(v.Field(i), depth+1)
		out.Field(i).Set(e)
		if !ok {
			return out, false
		}
	}
	return out, true
}
