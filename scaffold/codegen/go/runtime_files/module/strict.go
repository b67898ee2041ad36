package module

// The strict reading of an own endpoint's payload and moduleContext into the team's Go types (the
// Python backend's pydantic strict mode). The body is already JSON (readJSON: duplicate keys,
// NaN and lone surrogates refused) and is read here from its bytes (cursor.go), straight into
// the types, each type's fields planned once; each value must be what the type says:
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
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"example.com/plugin/internal/contract/jsonio"
)

// fieldInfo is one JSON property of a struct type.
type fieldInfo struct {
	name     string
	index    []int
	required bool // neither a pointer nor omitempty
	omit     bool // omitempty (or omitzero): absent when zero, in an answer too
	doc      string
}

// structPlan is how a struct type is read, made once per type: its properties, and for each
// name the properties that take it (one, unless embedded structs repeat a name).
type structPlan struct {
	fields []fieldInfo
	byName map[string][]int
}

var (
	structFields sync.Map // reflect.Type -> []fieldInfo
	structPlans  sync.Map // reflect.Type -> *structPlan
)

// planOf is the plan of struct type t.
func planOf(t reflect.Type) *structPlan {
	if known, ok := structPlans.Load(t); ok {
		return known.(*structPlan)
	}
	plan := &structPlan{fields: fieldsOf(t), byName: map[string][]int{}}
	for i, field := range plan.fields {
		plan.byName[field.name] = append(plan.byName[field.name], i)
	}
	known, _ := structPlans.LoadOrStore(t, plan)
	return known.(*structPlan)
}

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

// reading is one body read into types: the cursor, and where the value being read lies
// (`payload.tags[2]`), written out only for a problem: reading a body that has none builds no
// text.
type reading struct {
	cursor
	steps []step
	room  [8]step
}

// step is a property (".name"), "*" for a map's key (".*"), an array's item ("[index]") when
// index >= 0, or the root's own text when first.
type step struct {
	name  string
	index int
}

func newReading(raw []byte, root string) *reading {
	r := &reading{cursor: cursor{data: raw}}
	r.steps = append(r.room[:0], step{name: root, index: -1})
	return r
}

// root starts the places anew at another root (an envelope's payload, then its moduleContext).
func (r *reading) root(name string) { r.steps = append(r.steps[:0], step{name: name, index: -1}) }

// into and out follow the reading into a value and back out of it.
func (r *reading) into(name string, index int) { r.steps = append(r.steps, step{name, index}) }

func (r *reading) out() { r.steps = r.steps[:len(r.steps)-1] }

func (r *reading) place() string {
	text := r.steps[0].name
	for _, s := range r.steps[1:] {
		if s.index >= 0 {
			text += "[" + strconv.Itoa(s.index) + "]"
		} else {
			text += "." + s.name
		}
	}
	return text
}

// wrong is a problem with the value being read.
func (r *reading) wrong(message string) *problem {
	return &problem{place: r.place(), message: message}
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

// decode sets target (addressable) from the value in front of the cursor and moves past it,
// whatever it finds.
func (r *reading) decode(target reflect.Value) *problem {
	t := target.Type()
	first := r.peek()
	switch {
	case t.Kind() == reflect.Pointer:
		if first == 'n' {
			r.skip()
			target.SetZero()
			return nil
		}
		fresh := reflect.New(t.Elem())
		if found := r.decode(fresh.Elem()); found != nil {
			return found
		}
		target.Set(fresh)
		return nil
	case t.Kind() == reflect.Interface:
		if span := r.skip(); first != 'n' {
			target.Set(reflect.ValueOf(anyOf(span)))
		}
		return nil
	case first == 'n':
		r.skip()
		return r.wrong(textWantValue)
	}
	switch t.Kind() {
	case reflect.Struct:
		return r.decodeStruct(target)
	case reflect.String:
		if first != '"' {
			r.skip()
			return r.wrong(textWantString)
		}
		target.SetString(r.str())
	case reflect.Bool:
		if first != 't' && first != 'f' {
			r.skip()
			return r.wrong(textWantBoolean)
		}
		target.SetBool(r.literal())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if first != '-' && (first < '0' || first > '9') {
			r.skip()
			return r.wrong(textWantInteger)
		}
		signed := t.Kind() < reflect.Uint
		n, message := integer(r.number(), t.Bits(), signed)
		if message != "" {
			return r.wrong(message)
		}
		if signed {
			target.SetInt(n)
		} else {
			target.SetUint(uint64(n))
		}
	case reflect.Float32, reflect.Float64:
		if first != '-' && (first < '0' || first > '9') {
			r.skip()
			return r.wrong(textWantNumber)
		}
		value, err := strconv.ParseFloat(string(r.number()), t.Bits())
		if err != nil {
			return r.wrong(textWantNumber)
		}
		target.SetFloat(value)
	case reflect.Slice:
		return r.decodeSlice(target, first)
	case reflect.Map:
		return r.decodeMap(target, first)
	default:
		r.skip()
		return r.wrong(textWantValue)
	}
	return nil
}

// anyOf is a value for an `any`: nil, bool, string, json.Number, []any or map[string]any, as
// jsonio reads it (span is JSON).
func anyOf(span []byte) any {
	return jsonio.NewReader(span, ModuleMaxJSONDepth).Any()
}

// decodeSlice reads an array item by item; the first problem is the answer, the rest is skipped.
func (r *reading) decodeSlice(target reflect.Value, first byte) *problem {
	if first != '[' {
		r.skip()
		return r.wrong(textWantArray)
	}
	slice := reflect.MakeSlice(target.Type(), 0, 0)
	var found *problem
	r.enter()
	for i := 0; r.more(']'); i++ {
		if found != nil {
			r.skip()
			continue
		}
		slice = reflect.Append(slice, reflect.Zero(slice.Type().Elem()))
		r.into("", i)
		found = r.decode(slice.Index(i))
		r.out()
	}
	if found == nil {
		target.Set(slice)
	}
	return found
}

// decodeMap reads an object into a map with string keys; a key's place is "*", never its text.
func (r *reading) decodeMap(target reflect.Value, first byte) *problem {
	if first != '{' {
		r.skip()
		return r.wrong(textWantObject)
	}
	t := target.Type()
	result := reflect.MakeMap(t)
	var found *problem
	r.enter()
	for r.more('}') {
		key := string(r.key())
		if found != nil {
			r.skip()
			continue
		}
		value := reflect.New(t.Elem()).Elem()
		r.into("*", -1)
		if found = r.decode(value); found == nil {
			result.SetMapIndex(reflect.ValueOf(key).Convert(t.Key()), value)
		}
		r.out()
	}
	if found == nil {
		target.Set(result)
	}
	return found
}

// decodeStruct reads an object into a struct. Its problem is the first in the fields' order (a
// required field absent, or a value that is not what its field takes), else a key no field
// takes: the answer does not depend on the order of the keys in the body.
func (r *reading) decodeStruct(target reflect.Value) *problem {
	if r.peek() != '{' {
		r.skip()
		return r.wrong(textWantObject)
	}
	plan := planOf(target.Type())
	var seenRoom [16]bool
	var foundRoom [16]*problem
	seen, found := seenRoom[:0], foundRoom[:0]
	if len(plan.fields) > len(seenRoom) {
		seen, found = make([]bool, 0, len(plan.fields)), make([]*problem, 0, len(plan.fields))
	}
	seen, found = seen[:len(plan.fields)], found[:len(plan.fields)]
	unknown := false
	r.enter()
	for r.more('}') {
		taking, known := plan.byName[string(r.key())]
		if !known {
			unknown = true
			r.skip()
			continue
		}
		start := r.pos
		for n, i := range taking { // two fields of one name: each reads the value
			if n > 0 {
				r.pos = start
			}
			seen[i] = true
			field := &plan.fields[i]
			r.into(field.name, -1)
			if got := r.decode(target.FieldByIndex(field.index)); found[i] == nil {
				found[i] = got
			}
			r.out()
		}
	}
	for i, field := range plan.fields {
		if found[i] != nil {
			return found[i]
		}
		if !seen[i] && field.required {
			r.into(field.name, -1)
			missing := r.wrong(textFieldRequired)
			r.out()
			return missing
		}
	}
	if unknown {
		return &problem{place: r.place(), unknown: true}
	}
	return nil
}

// integer is the whole number literal holds (a JSON number), within bits (signed or not); a
// number with a zero fraction (79.0) is one, as JSON Schema's integer says. Unsigned values hold
// up to MaxInt64.
func integer(literal []byte, bits int, signed bool) (int64, string) {
	number := string(literal)
	value, err := strconv.ParseFloat(number, 64) // ±Inf (and ErrRange) past float64
	if err != nil && !errors.Is(err, strconv.ErrRange) || value != math.Trunc(value) {
		return 0, textWantInteger
	}
	n, err := strconv.ParseInt(number, 10, 64)
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
