// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/module/conformance.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package module

// Holding answers to the published document in the project's own tests (the Python backend's
// Schemathesis test, without a download): AnswerProblem judges one answer by the statuses the
// operation documents and the JSON Schema of that status's body, read from the document itself
// (the contract's and the own endpoints' alike), with the keywords these documents use: type,
// const, enum, properties, required, additionalProperties, maxProperties, items, minimum, maximum,
// anyOf, oneOf, allOf and $ref. RequestExamples are the document's request examples, and bodies
// built from each own endpoint's schemas, to replay; ExampleRefused says which answers to them
// refused them (the rule every language's conformance test holds examples to).

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// Document is a published document, read for checking answers (tests only).
type Document struct {
	root map[string]any
}

// ReadDocument reads a document (Server.Document, or GET /openapi.json's body).
func ReadDocument(data []byte) (*Document, error) {
	var root map[string]any
	decoder := json.NewDecoder(strings.NewReader(string(data)))
	decoder.UseNumber()
	if err := decoder.Decode(&root); err != nil {
		return nil, err
	}
	return &Document{root}, nil
}

// Document is the document the server publishes (the contract with the own endpoints added).
func (s *Server) Document() []byte { return s.document }

// Operations are the document's operations as "METHOD path", sorted.
func (d *Document) Operations() []string {
	var found []string
	paths, _ := d.root["paths"].(map[string]any)
	for path, item := range paths {
		methods, _ := item.(map[string]any)
		for method := range methods {
			found = append(found, strings.ToUpper(method)+" "+path)
		}
	}
	sort.Strings(found)
	return found
}

// RequestExample is a body to send to an operation.
type RequestExample struct {
	Operation string // "POST /api/v1/demo/status"
	Name      string
	Body      []byte
}

// ExampleRefused says whether status, the answer to a request example, refused it: one of
// ModuleRefusingStatuses (the body, its size or its content refused, or the backend failed). Any
// other status the operation documents accepts it, a 2xx or an endpoint's own refusal such as a
// 409 until the module's settings are saved; AnswerProblem holds the status to the document.
func ExampleRefused(status int) bool {
	return slices.Contains(ModuleRefusingStatuses[:], status)
}

// RequestExamples are the request bodies the document gives (its examples), and for an operation
// with none, the smallest body its schema's first branch takes; for an own endpoint (its first
// branch the proxy's envelope), also that payload with the smallest moduleContext its settings
// schema takes, as the proxy sends it once the module's settings are saved.
func (d *Document) RequestExamples() []RequestExample {
	var examples []RequestExample
	for _, operation := range d.Operations() {
		media := d.at(operation, "requestBody", "content", "application/json")
		if media == nil {
			continue
		}
		given, _ := media["examples"].(map[string]any)
		names := make([]string, 0, len(given))
		for name := range given {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if value, ok := given[name].(map[string]any)["value"]; ok {
				body, _ := json.Marshal(value)
				examples = append(examples, RequestExample{operation, name, body})
			}
		}
		if len(names) == 0 {
			smallest := d.smallest(media["schema"], 0)
			body, _ := json.Marshal(smallest)
			examples = append(examples, RequestExample{operation, "smallest", body})
			// {} is read as no settings: the body above again
			if settings, _ := d.smallest(d.savedSettings(media["schema"]), 0).(map[string]any); len(settings) > 0 {
				envelope, _ := smallest.(map[string]any)
				body, _ := json.Marshal(map[string]any{envelopePayload: envelope[envelopePayload], envelopeContext: settings})
				examples = append(examples, RequestExample{operation, "smallest with moduleContext", body})
			}
		}
	}
	return examples
}

// savedSettings is the schema of the settings an own endpoint's envelope carries as moduleContext
// (schema.go: oneOf the envelope and the bare payload; moduleContext anyOf the settings and {}),
// nil for any other request schema (whose smallest is then nil).
func (d *Document) savedSettings(schema any) any {
	branches, _ := d.resolve(schema)["oneOf"].([]any)
	if len(branches) != 2 {
		return nil
	}
	properties, _ := d.resolve(branches[0])["properties"].(map[string]any)
	if _, ok := properties[envelopePayload]; !ok {
		return nil
	}
	context, _ := d.resolve(properties[envelopeContext])["anyOf"].([]any)
	if len(context) == 0 {
		return nil
	}
	return context[0]
}

// at is the object under the operation at keys, nil when absent.
func (d *Document) at(operation string, keys ...string) map[string]any {
	method, path, _ := strings.Cut(operation, " ")
	paths, _ := d.root["paths"].(map[string]any)
	item, _ := paths[path].(map[string]any)
	node, _ := item[strings.ToLower(method)].(map[string]any)
	for _, key := range keys {
		node, _ = node[key].(map[string]any)
	}
	return node
}

func (d *Document) resolve(schema any) map[string]any {
	object, _ := schema.(map[string]any)
	for depth := 0; depth < 32; depth++ {
		ref, ok := object["$ref"].(string)
		if !ok {
			return object
		}
		var node any = d.root
		for _, key := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			parent, _ := node.(map[string]any)
			node = parent[key]
		}
		object, _ = node.(map[string]any)
	}
	return object
}

// smallest is a value schema takes, with only its required properties.
func (d *Document) smallest(schema any, depth int) any {
	s := d.resolve(schema)
	if depth > 16 {
		return nil
	}
	for _, key := range []string{"oneOf", "anyOf", "allOf"} {
		if branches, ok := s[key].([]any); ok && len(branches) > 0 {
			return d.smallest(branches[0], depth+1)
		}
	}
	if value, ok := s["const"]; ok {
		return value
	}
	if values, ok := s["enum"].([]any); ok && len(values) > 0 {
		return values[0]
	}
	switch s["type"] {
	case "string":
		return "x"
	case "integer", "number":
		if minimum, ok := s["minimum"].(json.Number); ok {
			if value, err := minimum.Float64(); err == nil && value > 0 {
				return minimum
			}
		}
		return 0
	case "boolean":
		return false
	case "array":
		return []any{}
	case "null":
		return nil
	}
	object := map[string]any{}
	properties, _ := s["properties"].(map[string]any)
	required, _ := s["required"].([]any)
	for _, name := range required {
		key, _ := name.(string)
		object[key] = d.smallest(properties[key], depth+1)
	}
	return object
}

// AnswerProblem is what is wrong with an answer of operation ("METHOD path"), "" when it is as
// the document says: the status is documented (404 and 405 for every path, as the spec's
// x-scaffold-decision says) and a JSON body is one the status's schema takes.
func (d *Document) AnswerProblem(operation string, status int, contentType string, body []byte) string {
	responses := d.at(operation, "responses")
	response, documented := responses[fmt.Sprint(status)].(map[string]any)
	if !documented && (status == 404 || status == 405) {
		response = map[string]any{"content": map[string]any{"application/json": map[string]any{
			"schema": map[string]any{"$ref": "#/components/schemas/DemoStatusError"}}}}
	} else if !documented {
		return fmt.Sprintf("%s answered %d, which the document does not list", operation, status)
	}
	content, _ := response["content"].(map[string]any)
	media, _ := content["application/json"].(map[string]any)
	if media == nil {
		return ""
	}
	if !strings.HasPrefix(contentType, "application/json") {
		return fmt.Sprintf("%s answered %d with Content-Type %q, not JSON", operation, status, contentType)
	}
	var value any
	decoder := json.NewDecoder(strings.NewReader(string(body)))
	decoder.UseNumber()
	if err := decoder.Decode(&value); err != nil {
		return fmt.Sprintf("%s answered %d with a body that is not JSON", operation, status)
	}
	if problem := d.check(media["schema"], value, "body", 0); problem != "" {
		return fmt.Sprintf("%s answered %d with a body the schema refuses: %s", operation, status, problem)
	}
	return ""
}

func kindOf(value any) string {
	switch v := value.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if f, err := v.Float64(); err == nil && f == math.Trunc(f) {
			return "integer"
		}
		return "number"
	}
	return "unknown"
}

// check says why schema refuses value at place ("" when it takes it).
func (d *Document) check(schema any, value any, place string, depth int) string {
	s := d.resolve(schema)
	if s == nil || depth > 64 {
		return ""
	}
	if types, ok := s["type"]; ok {
		names, _ := types.([]any)
		if name, isName := types.(string); isName {
			names = []any{name}
		}
		kind, matched := kindOf(value), false
		for _, name := range names {
			matched = matched || name == kind || name == "number" && kind == "integer"
		}
		if !matched {
			return fmt.Sprintf("%s: a %s, not %v", place, kind, types)
		}
	}
	if expected, ok := s["const"]; ok && fmt.Sprint(expected) != fmt.Sprint(value) {
		return place + ": not the constant the schema names"
	}
	if values, ok := s["enum"].([]any); ok {
		found := false
		for _, allowed := range values {
			found = found || fmt.Sprint(allowed) == fmt.Sprint(value)
		}
		if !found {
			return place + ": not one of the values the schema lists"
		}
	}
	if number, ok := value.(json.Number); ok {
		n, _ := number.Float64()
		if minimum, ok := s["minimum"].(json.Number); ok {
			if bound, _ := minimum.Float64(); n < bound {
				return place + ": below the minimum"
			}
		}
		if maximum, ok := s["maximum"].(json.Number); ok {
			if bound, _ := maximum.Float64(); n > bound {
				return place + ": above the maximum"
			}
		}
	}
	if problem := d.checkObject(s, value, place, depth); problem != "" {
		return problem
	}
	if items, ok := value.([]any); ok && s["items"] != nil {
		for i, item := range items {
			if problem := d.check(s["items"], item, fmt.Sprintf("%s[%d]", place, i), depth+1); problem != "" {
				return problem
			}
		}
	}
	return d.checkBranches(s, value, place, depth)
}

func (d *Document) checkObject(s map[string]any, value any, place string, depth int) string {
	object, ok := value.(map[string]any)
	if !ok {
		return ""
	}
	properties, _ := s["properties"].(map[string]any)
	required, _ := s["required"].([]any)
	for _, name := range required {
		if _, present := object[name.(string)]; !present {
			return fmt.Sprintf("%s.%s: required, missing", place, name)
		}
	}
	if most, ok := s["maxProperties"].(json.Number); ok {
		if limit, _ := most.Int64(); int64(len(object)) > limit {
			return place + ": more properties than the schema allows"
		}
	}
	for key, item := range object {
		if property, known := properties[key]; known {
			if problem := d.check(property, item, place+"."+key, depth+1); problem != "" {
				return problem
			}
		} else if extra, set := s["additionalProperties"]; set {
			if extra == false {
				return place + ": a property the schema does not allow"
			}
			if problem := d.check(extra, item, place+".*", depth+1); problem != "" {
				return problem
			}
		}
	}
	return ""
}

func (d *Document) checkBranches(s map[string]any, value any, place string, depth int) string {
	if all, ok := s["allOf"].([]any); ok {
		for _, branch := range all {
			if problem := d.check(branch, value, place, depth+1); problem != "" {
				return problem
			}
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		branches, ok := s[key].([]any)
		if !ok {
			continue
		}
		matched, first := 0, ""
		for _, branch := range branches {
			if problem := d.check(branch, value, place, depth+1); problem == "" {
				matched++
			} else if first == "" {
				first = problem
			}
		}
		if matched == 0 {
			return first
		}
		if key == "oneOf" && matched > 1 {
			return place + ": matches more than one branch of oneOf"
		}
	}
	return ""
}
