// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/module/schema.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package module

// The own endpoints in the published document (the Python backend's Endpoints.openapi): a copy of
// the contract's document with each route added as a POST operation, the JSON Schemas of its
// payload, module context and answer derived from the Go types by reflection, by the same rules
// the decoder reads them with (strict.go), so the document cannot promise what the decoder does
// not hold. Named struct types are components named `endpoints.<Type>`, as pydantic names them:
// a type read (a payload or context) and also written (an answer) is two components,
// `endpoints.<Type>-Input` and `endpoints.<Type>-Output`. An answer type is written as
// encoding/json writes it (a pointer, a slice or a map without omitempty may be null).

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
)

const componentPrefix = "endpoints."

// encodeAnswer writes an answer as encoding/json does, HTML characters as they are. The buffer and
// its encoder are reused from one answer to the next (a buffer a large answer grew is let go);
// the answer is a copy of the bytes.
func encodeAnswer(answer any) ([]byte, error) {
	writer := answerWriters.Get().(*answerWriter)
	defer func() {
		if writer.out.Cap() <= keptAnswerBuffer {
			answerWriters.Put(writer)
		}
	}()
	writer.out.Reset()
	if err := writer.encoder.Encode(answer); err != nil {
		return nil, err
	}
	return bytes.Clone(bytes.TrimRight(writer.out.Bytes(), "\n")), nil
}

// keptAnswerBuffer is the largest buffer kept for the next answer.
const keptAnswerBuffer = 64 << 10

type answerWriter struct {
	out     bytes.Buffer
	encoder *json.Encoder
}

var answerWriters = sync.Pool{New: func() any {
	writer := &answerWriter{}
	writer.encoder = json.NewEncoder(&writer.out)
	writer.encoder.SetEscapeHTML(false)
	return writer
}}

// schemas names the components of one document.
type schemas struct {
	components map[string]any
	names      map[schemaKey]string
	taken      map[string]bool
	both       map[reflect.Type]bool // named struct types read and written: -Input and -Output
}

type schemaKey struct {
	t      reflect.Type
	output bool
}

// of is the schema of t: for reading (output false: a payload or context) or as written (an answer).
func (s *schemas) of(t reflect.Type, output bool) map[string]any {
	switch t.Kind() {
	case reflect.Pointer:
		inner := s.of(t.Elem(), output)
		return map[string]any{"anyOf": []any{inner, map[string]any{"type": "null"}}}
	case reflect.Interface:
		return map[string]any{}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := float64(t.Bits())
		return map[string]any{"type": "integer", "minimum": -math.Pow(2, bits-1), "maximum": math.Pow(2, bits-1) - 1}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		most := math.Pow(2, float64(min(t.Bits(), 63))) - 1
		return map[string]any{"type": "integer", "minimum": 0, "maximum": most}
	case reflect.Slice:
		return nullable(map[string]any{"type": "array", "items": s.of(t.Elem(), output)}, output)
	case reflect.Map:
		return nullable(map[string]any{"type": "object", "additionalProperties": s.of(t.Elem(), output)}, output)
	case reflect.Struct:
		if t.Name() == "" {
			return s.object(t, output)
		}
		return map[string]any{"$ref": "#/components/schemas/" + s.named(t, output)}
	}
	return map[string]any{}
}

// nullable: encoding/json writes a nil slice or map as null.
func nullable(schema map[string]any, output bool) map[string]any {
	if !output {
		return schema
	}
	return map[string]any{"anyOf": []any{schema, map[string]any{"type": "null"}}}
}

// named is the component of the named struct type t (written once).
func (s *schemas) named(t reflect.Type, output bool) string {
	key := schemaKey{t, output}
	if name, ok := s.names[key]; ok {
		return name
	}
	name := componentPrefix + t.Name()
	switch {
	case s.both[t] && output:
		name += "-Output"
	case s.both[t]:
		name += "-Input"
	}
	for n := 2; s.taken[name]; n++ {
		name = componentPrefix + t.Name() + strconv.Itoa(n)
	}
	s.names[key], s.taken[name] = name, true
	s.components[name] = s.object(t, output)
	return name
}

func (s *schemas) object(t reflect.Type, output bool) map[string]any {
	properties := map[string]any{}
	required := []any{}
	for _, field := range fieldsOf(t) {
		schema := s.of(t.FieldByIndex(field.index).Type, output)
		if field.doc != "" {
			schema = map[string]any{"allOf": []any{schema}, "description": field.doc}
		}
		properties[field.name] = schema
		if field.required || output && !field.omit {
			required = append(required, field.name)
		}
	}
	object := map[string]any{"type": "object", "properties": properties, "title": t.Name()}
	if len(required) > 0 {
		object["required"] = required
	}
	if !output {
		object["additionalProperties"] = false
	}
	return object
}

// OpenAPI is contract (a JSON document) with the registered routes added, and POST
// ModuleSecretsPath (secrets.go), which every module backend serves.
func (e *Endpoints) OpenAPI(contract []byte) ([]byte, error) {
	if err := e.Err(); err != nil {
		return nil, err
	}
	var document map[string]any
	if err := json.Unmarshal(contract, &document); err != nil {
		return nil, err
	}
	components, _ := document["components"].(map[string]any)
	if components == nil {
		components = map[string]any{}
		document["components"] = components
	}
	found, _ := components["schemas"].(map[string]any)
	if found == nil {
		found = map[string]any{}
		components["schemas"] = found
	}
	routes := e.served(nil)
	s := &schemas{components: found, names: map[schemaKey]string{}, taken: map[string]bool{}, both: readAndWritten(routes)}
	for name := range found {
		s.taken[name] = true
	}
	paths, _ := document["paths"].(map[string]any)
	if paths == nil {
		paths = map[string]any{}
		document["paths"] = paths
	}
	for _, route := range routes {
		paths[route.path] = map[string]any{"post": s.operation(route)}
	}
	s.describeSealing()
	return encodeAnswer(document)
}

// readAndWritten are the named struct types the routes both read (in a payload or context) and
// write (in an answer): pydantic names their two schemas `-Input` and `-Output`, and so does OpenAPI.
func readAndWritten(routes []*ownRoute) map[reflect.Type]bool {
	read, written := map[reflect.Type]bool{}, map[reflect.Type]bool{}
	for _, route := range routes {
		namedStructs(route.payload, read)
		namedStructs(route.context, read)
		namedStructs(route.answer, written)
	}
	both := map[reflect.Type]bool{}
	for t := range read {
		if written[t] {
			both[t] = true
		}
	}
	return both
}

// namedStructs adds to seen the named struct types t's schema refers to, t's own included.
func namedStructs(t reflect.Type, seen map[reflect.Type]bool) {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map:
		namedStructs(t.Elem(), seen)
	case reflect.Struct:
		if t.Name() != "" {
			if seen[t] {
				return
			}
			seen[t] = true
		}
		for _, field := range fieldsOf(t) {
			namedStructs(t.FieldByIndex(field.index).Type, seen)
		}
	}
}

func (s *schemas) operation(route *ownRoute) map[string]any {
	payload := s.of(route.payload, false)
	saved := map[string]any{"type": "object"}
	if route.context.Kind() == reflect.Struct {
		saved = s.of(route.context, false)
	}
	context := map[string]any{"anyOf": []any{saved, map[string]any{"type": "object", "maxProperties": 0}}}
	envelope := map[string]any{
		"type":       "object",
		"required":   []any{envelopePayload},
		"properties": map[string]any{envelopePayload: payload, envelopeContext: context},
	}
	failure := map[string]any{
		"description": "Refused: the body, the module's settings or the endpoint said no",
		"content":     map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/DemoStatusError"}}},
	}
	responses := map[string]any{"200": map[string]any{
		"description": "The answer",
		"content":     map[string]any{"application/json": map[string]any{"schema": s.of(route.answer, true)}},
	}}
	statuses := append(append([]int(nil), ModuleRefusingStatuses[:]...), route.errors...)
	sort.Ints(statuses)
	for _, status := range statuses {
		responses[strconv.Itoa(status)] = failure
	}
	summary := route.summary
	if summary == "" {
		summary = "The module's own endpoint " + route.path
	}
	return map[string]any{
		"operationId": "own_" + operationName(route.path),
		"summary":     summary,
		"tags":        []any{"endpoints"},
		"parameters":  []any{map[string]any{"$ref": "#/components/parameters/AcceptLanguage"}},
		"requestBody": map[string]any{
			"required": true,
			"content":  map[string]any{"application/json": map[string]any{"schema": map[string]any{"oneOf": []any{envelope, payload}}}},
		},
		"responses": responses,
	}
}

// operationName is path with every character but letters and digits as '_' (Python's rule).
func operationName(path string) string {
	return strings.Map(func(c rune) rune {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			return c
		}
		return '_'
	}, strings.Trim(path, "/"))
}
