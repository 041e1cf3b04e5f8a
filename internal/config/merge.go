package config

import (
	"reflect"
	"strings"
)

var (
	modelInfosType = reflect.TypeFor[[]ModelInfo]()
	hookListType   = reflect.TypeFor[[]HookMatcher]()
)

// mergeInto merges src, one layer's config, into dst: objects merge by key
// (recursively), arrays and scalars present in the layer replace what came
// before — so a layer's models.large list replaces an earlier one — and a
// provider's model entries merge by id. has reports whether a JSON path
// was present in the layer's file, so that an explicit false or 0 still
// overrides. Permissions are merged separately (mergePermissions).
func mergeInto(dst, src *Config, has func(path string) bool) {
	perms := dst.Permissions
	mergeValue(reflect.ValueOf(dst).Elem(), reflect.ValueOf(src).Elem(), "", has)
	dst.Permissions = perms
}

func mergeValue(dst, src reflect.Value, path string, has func(string) bool) {
	switch {
	case src.Type() == modelInfosType:
		dst.Set(mergeModelInfos(dst, src, path, has))
	case src.Type() == hookListType: // hooks of every layer run, in layer order
		dst.Set(reflect.AppendSlice(dst, src))
	case src.Kind() == reflect.Struct && src.Type() != modelRefType:
		for i := range src.NumField() {
			f := src.Type().Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" || !has(joinKey(path, name)) {
				continue
			}
			mergeValue(dst.Field(i), src.Field(i), joinKey(path, name), has)
		}
	case src.Kind() == reflect.Map && !src.IsNil():
		if dst.IsNil() {
			dst.Set(reflect.MakeMap(src.Type()))
		}
		iter := src.MapRange()
		for iter.Next() {
			key, v := iter.Key(), iter.Value()
			merged := reflect.New(v.Type()).Elem()
			if old := dst.MapIndex(key); old.IsValid() {
				merged.Set(old)
			}
			mergeValue(merged, v, joinKey(path, key.String()), has)
			dst.SetMapIndex(key, merged)
		}
	default:
		dst.Set(src)
	}
}

// mergeModelInfos merges a provider's model entries by id: a later entry
// for the same id overrides only the fields it sets.
func mergeModelInfos(dst, src reflect.Value, path string, has func(string) bool) reflect.Value {
	out := append([]ModelInfo(nil), dst.Interface().([]ModelInfo)...)
	for i, m := range src.Interface().([]ModelInfo) {
		j := indexModelInfo(out, m.ID)
		if j < 0 {
			out = append(out, m)
			continue
		}
		merged := out[j]
		mergeValue(reflect.ValueOf(&merged).Elem(), reflect.ValueOf(m), joinIndex(path, i), has)
		out[j] = merged
	}
	return reflect.ValueOf(out)
}

func indexModelInfo(l []ModelInfo, id string) int {
	for i, m := range l {
		if m.ID == id {
			return i
		}
	}
	return -1
}
