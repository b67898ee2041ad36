// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/module/strict.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package module

// The strict reading of an own endpoint's payload and moduleContext into the team's Go types (the
// Python backend's pydantic strict mode). The body is already JSON (parseJSON: duplicate keys,
// NaN and lone surrogates refused); here each value must be what the type says:
//
//   - a struct is a JSON object; its properties are the exported fields' `json` names (the field's
//     name without a tag, matched exactly: no case folding), embedded structs' fields included;
//     a key no field takes is refused;
//   - a field is required unless it is a pointer (absent or null: nil) or tagged `omitempty`
//     (absent: the zero value); null is refused for every other field;
//   - nothing is coerced: "1" is no integer, 1.5 no int, "true" no boolean; 79.0 is an integer,
//     as JSON Schema says; an integer out of the field's range is refused;
//   - a slice is an array, a map with string keys an object, `any` takes any value as parsed.
//
// A problem names its place by the types' own names and array indices, never a key the types do
// not declare (`*`) nor a value: a body may hold secrets.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// fieldInfo is one JSON property of a struct type.
type fieldInfo struct {
	name     string
	index    []int
	required bool // neither a pointer nor omitempty
	omit     bool // omitempty (or omitzero): absent when zero, in an answer too
	doc      string
}

var structFields sync.Map // reflect.Type -> []fieldInfo

// fieldsOf are the JSON properties of struct type t, as encoding/json names them.
func fieldsOf(t reflect.Type) []fieldInfo {
	if known, ok := structFields.Load(t); ok {
		return known.([]fieldInfo)
	}
	var fields []fieldInfo
	for i := 0; i < t.NumField(); i++ {
		field := t.Field(i)
		tag := field.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, options, _ := strings.Cut(tag, ",")
		if field.Anonymous && name == "" && field.Type.Kind() == reflect.Struct {
			for _, inner := range fieldsOf(field.Type) {
				inner.index = append([]int{i}, inner.index...)
				fields = append(fields, inner)
			}
			continue
		}
		if !field.IsExported() {
			continue
		}
		if name == "" {
			name = field.Name
		}
		omit := strings.Contains(","+options+",", ",omitempty,") || strings.Contains(","+options+",", ",omitzero,")
		required := field.Type.Kind() != reflect.Pointer && !omit
		fields = append(fields, fieldInfo{name: name, index: []int{i}, required: required, omit: omit, doc: field.Tag.Get("doc")})
	}
	structFields.Store(t, fields)
	return fields
}

// problem is the first thing wrong with a value, at its place.
type problem struct {
	place   string
	message string
	unknown bool // a property no field takes: the message names the object, not the key
}

func (p *problem) text() string {
	if p.unknown {
		return Text(TextEndpointExtra, map[string]string{"where": p.place})
	}
	return p.place + ": " + p.message
}

// decodeValue sets target (addressable) from the parsed JSON value data found at place.
func decodeValue(target reflect.Value, data any, place string) *problem {
	t := target.Type()
	if t.Kind() == reflect.Pointer {
		if data == nil {
			target.SetZero()
			return nil
		}
		fresh := reflect.New(t.Elem())
		if found := decodeValue(fresh.Elem(), data, place); found != nil {
			return found
		}
		target.Set(fresh)
		return nil
	}
	if t.Kind() == reflect.Interface {
		if data != nil {
			target.Set(reflect.ValueOf(data))
		}
		return nil
	}
	if data == nil {
		return &problem{place: place, message: textWantValue}
	}
	switch t.Kind() {
	case reflect.Struct:
		return decodeStruct(target, data, place)
	case reflect.String:
		text, ok := data.(string)
		if !ok {
			return &problem{place: place, message: textWantString}
		}
		target.SetString(text)
	case reflect.Bool:
		flag, ok := data.(bool)
		if !ok {
			return &problem{place: place, message: textWantBoolean}
		}
		target.SetBool(flag)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, message := integer(data, t.Bits(), true)
		if message != "" {
			return &problem{place: place, message: message}
		}
		target.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, message := integer(data, t.Bits(), false)
		if message != "" {
			return &problem{place: place, message: message}
		}
		target.SetUint(uint64(n))
	case reflect.Float32, reflect.Float64:
		number, ok := data.(json.Number)
		value, err := strconv.ParseFloat(string(number), t.Bits())
		if !ok || err != nil {
			return &problem{place: place, message: textWantNumber}
		}
		target.SetFloat(value)
	case reflect.Slice:
		items, ok := data.([]any)
		if !ok {
			return &problem{place: place, message: textWantArray}
		}
		slice := reflect.MakeSlice(t, len(items), len(items))
		for i, item := range items {
			if found := decodeValue(slice.Index(i), item, place+"["+strconv.Itoa(i)+"]"); found != nil {
				return found
			}
		}
		target.Set(slice)
	case reflect.Map:
		object, ok := data.(map[string]any)
		if !ok {
			return &problem{place: place, message: textWantObject}
		}
		result := reflect.MakeMapWithSize(t, len(object))
		for key, item := range object {
			value := reflect.New(t.Elem()).Elem()
			if found := decodeValue(value, item, place+".*"); found != nil {
				return found
			}
			result.SetMapIndex(reflect.ValueOf(key).Convert(t.Key()), value)
		}
		target.Set(result)
	default:
		return &problem{place: place, message: textWantValue}
	}
	return nil
}

func decodeStruct(target reflect.Value, data any, place string) *problem {
	object, ok := data.(map[string]any)
	if !ok {
		return &problem{place: place, message: textWantObject}
	}
	fields := fieldsOf(target.Type())
	taken := 0
	for _, field := range fields {
		value, present := object[field.name]
		if !present {
			if field.required {
				return &problem{place: place + "." + field.name, message: textFieldRequired}
			}
			continue
		}
		taken++
		if found := decodeValue(target.FieldByIndex(field.index), value, place+"."+field.name); found != nil {
			return found
		}
	}
	if taken < len(object) {
		return &problem{place: place, unknown: true}
	}
	return nil
}

// integer is the whole number data holds, within bits (signed or not); a number with a zero
// fraction (79.0) is one, as JSON Schema's integer says. Unsigned values hold up to MaxInt64.
func integer(data any, bits int, signed bool) (int64, string) {
	number, ok := data.(json.Number)
	if !ok {
		return 0, textWantInteger
	}
	value, err := strconv.ParseFloat(string(number), 64) // ±Inf (and ErrRange) past float64
	if err != nil && !errors.Is(err, strconv.ErrRange) || value != math.Trunc(value) {
		return 0, textWantInteger
	}
	n, err := strconv.ParseInt(string(number), 10, 64)
	if err != nil { // a fraction or an exponent (79.0, 1e3), or past int64
		if value < -(1<<62)*2 || value >= (1<<62)*2 {
			return 0, textOutOfRange
		}
		n = int64(value)
	}
	switch {
	case !signed && n < 0:
		return 0, textOutOfRange
	case bits < 64 && signed && (n < -(1<<(bits-1)) || n >= 1<<(bits-1)):
		return 0, textOutOfRange
	case bits < 64 && !signed && n >= 1<<bits:
		return 0, textOutOfRange
	}
	return n, ""
}

// checkType says why values of t cannot be read or written as JSON, "" when they can (a route's
// types are checked when it is registered).
func checkType(t reflect.Type, place string, seen map[reflect.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return fmt.Sprintf("%s is a byte slice, which JSON writes as base64 text: use string", place)
		}
		return checkType(t.Elem(), place, seen)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return fmt.Sprintf("%s is a map whose keys are not strings", place)
		}
		return checkType(t.Elem(), place, seen)
	case reflect.Struct:
		for _, field := range fieldsOf(t) {
			if problem := checkType(t.FieldByIndex(field.index).Type, place+"."+field.name, seen); problem != "" {
				return problem
			}
		}
		return ""
	case reflect.String, reflect.Bool, reflect.Interface, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return ""
	}
	return fmt.Sprintf("%s is a %s, which is no JSON value", place, t.Kind())
}
