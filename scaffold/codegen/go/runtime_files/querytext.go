package contract

// A query's text: DataQuery.json read as an object, and $variables expanded in a text.
//
// The contract sends a JSON-mode query as DataQuery.json (and a variable query as
// VariablesRequest.json): "JSON text with free structure", a string inside the request, so the
// strict reading of the body never looked inside it. QueryJSON and VariableQueryJSON read it as
// strictly as the body (scaffold/codegen/cases/data_queries.json holds the cases every runtime
// reads alike):
//
//   - absent, empty or JSON white space only: an empty map (a query sent without a form);
//   - longer than MaxQueryTextBytes, arrays and objects nested deeper than MaxJSONDepth, no JSON, a
//     key twice in one object or a lone surrogate, or a value other than an object: a PluginError
//     422 in the contract's get-result shape, message "Query <refID>: <reason>" and
//     ValidationErrors {<refID>: <reason>}. A refID that is not a short plain identifier is named by
//     its position (#2) and keyed dataQuery.<index>, so an answer never quotes arbitrary request
//     text. VariableQueryJSON answers "Variable query: <reason>", keyed json; ParseJSONObject
//     returns the bare reason for any other text.
//
// Numbers stay json.Number (the literal as written), as the strict reader gives them.
//
// The contract says only that variables "holds variables to be substituted in the query".
// ExpandVariables substitutes them the common way (scaffold/codegen/cases/variable_expansion.json):
//
//   - $name and ${name}, a name being [A-Za-z_][A-Za-z0-9_]* ($name takes the longest); anything
//     else after $ ($1, $$, ${a-b}, a ${ never closed) is text, kept as written;
//   - a string value stands for itself, a list for its items joined by "," (none: empty text);
//   - Escape is applied to every value (every item of a list) before it is put in the text, never
//     to the text around it: SQLString for a SQL string literal, URLComponent for a URL part, or
//     your driver's own quoting. Better still, bind values as parameters where the driver can;
//   - a name the request does not define is, by Undefined: UndefinedError (the default, a
//     PluginError 422 naming it), UndefinedKeep (the reference stays as written) or UndefinedEmpty;
//   - the result is at most MaxBytes (UTF-8; MaxQueryTextBytes when 0), else a 422.
//
// VariableReference tells whether a text is one whole reference, for a value that takes a
// variable's list as a list (a filter host = $hosts meaning "any of them").

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// TextBounds are how long a text may be (UTF-8 bytes) and how deep its JSON may nest; a zero
// field takes MaxQueryTextBytes or MaxJSONDepth (MaxDepth may lower MaxJSONDepth, never raise it).
type TextBounds struct {
	MaxBytes int
	MaxDepth int
}

// UndefinedRule is what ExpandVariables does with a name the request does not define.
type UndefinedRule int

// The rules for an undefined name.
const (
	UndefinedError UndefinedRule = iota // a PluginError 422 naming it
	UndefinedKeep                       // the reference stays as written
	UndefinedEmpty                      // replaced by nothing
)

// ExpandOptions are what ExpandVariables does with each value (Escape, nil for none), with an
// undefined name, and how long the result may grow (0: MaxQueryTextBytes).
type ExpandOptions struct {
	Escape    func(string) string
	Undefined UndefinedRule
	MaxBytes  int
}

var (
	// qtPlainRef is a refID a message may name: short and plain.
	qtPlainRef       = regexp.MustCompile(`^[A-Za-z0-9_-]{1,16}$`)
	qtReference      = regexp.MustCompile(`\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))`)
	qtWholeReference = regexp.MustCompile(`^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$`)
)

// qtNameChars: a longer variable name is clipped in a message.
const qtNameChars = 64

// QueryError is a 422 about query number index (from 0) of a get-result request, in the
// contract's shape: "Query A: <reason>", ValidationErrors {"A": reason}; a refID that is not a short
// plain identifier is named by position ("Query #3") and keyed "dataQuery.2".
func QueryError(refID string, index int, reason, locale string) *PluginError {
	name, key := refID, refID
	if !qtPlainRef.MatchString(refID) {
		name = RuntimeText(locale, "query.position", map[string]string{"n": strconv.Itoa(index + 1)})
		key = "dataQuery." + strconv.Itoa(index)
	}
	message := RuntimeText(locale, "query.invalid", map[string]string{"query": name, "reason": reason})
	return &PluginError{Status: 422, Message: message, ValidationErrors: map[string]string{key: reason}}
}

// QueryJSON is query.JSON (query number index of the request) as an object; a 422 naming the query.
func QueryJSON(query DataQuery, index int, locale string, bounds TextBounds) (map[string]any, error) {
	object, err := ParseJSONObject(query.JSON.Value, locale, bounds)
	var refused *PluginError
	if errors.As(err, &refused) {
		return nil, QueryError(query.RefID.Value, index, refused.Message, locale)
	}
	return object, err
}

// VariableQueryJSON is a VariablesRequest.json text as an object; a 422 "Variable query: <reason>",
// keyed json.
func VariableQueryJSON(text, locale string, bounds TextBounds) (map[string]any, error) {
	object, err := ParseJSONObject(text, locale, bounds)
	var refused *PluginError
	if errors.As(err, &refused) {
		message := RuntimeText(locale, "query.variable", map[string]string{"reason": refused.Message})
		return nil, &PluginError{Status: 422, Message: message, ValidationErrors: map[string]string{"json": refused.Message}}
	}
	return object, err
}

// ParseJSONObject is a JSON text as an object (empty when the text is empty or white space); a
// PluginError 422 with the reason otherwise.
func ParseJSONObject(text, locale string, bounds TextBounds) (map[string]any, error) {
	if strings.Trim(text, " \t\n\r") == "" {
		return map[string]any{}, nil
	}
	maxBytes, maxDepth := bounds.MaxBytes, bounds.MaxDepth
	if maxBytes <= 0 {
		maxBytes = MaxQueryTextBytes
	}
	if maxDepth <= 0 || maxDepth > MaxJSONDepth {
		maxDepth = MaxJSONDepth // lowered, never raised, as in Python and TypeScript
	}
	if len(text) > maxBytes {
		return nil, NewPluginError(RuntimeText(locale, "query.jsonTooLarge", map[string]string{"max": strconv.Itoa(maxBytes)}))
	}
	if qtDepth(text) > maxDepth {
		return nil, NewPluginError(RuntimeText(locale, "query.jsonTooDeep", map[string]string{"max": strconv.Itoa(maxDepth)}))
	}
	reader := NewReader([]byte(text), maxDepth)
	value := reader.Any()
	reader.End()
	if reader.Syntax() != nil {
		return nil, NewPluginError(RuntimeText(locale, "query.jsonInvalid", nil))
	}
	object, ok := value.(map[string]any)
	if !ok {
		return nil, NewPluginError(RuntimeText(locale, "query.jsonNotObject", nil))
	}
	return object, nil
}

// qtDepth is how deep arrays and objects nest in text, strings left out (a string runs to its
// closing quote or the end; a backslash escapes the next character). Found before parsing, as the
// Python and TypeScript runtimes find it, so what is too deep does not depend on where a parser
// would stop first.
func qtDepth(text string) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString && c == '\\':
			i++
		case inString && c == '"':
			inString = false
		case inString:
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// VariableReference is the variable name when text is exactly one reference ($name or ${name}),
// and whether it is one.
func VariableReference(text string) (string, bool) {
	match := qtWholeReference.FindStringSubmatch(text)
	if match == nil {
		return "", false
	}
	return match[1] + match[2], true
}

// VariableValueText is what ExpandVariables reads of a variable's value: a list's items or its one
// text (the spec's VariableValue; a type parameter, so a spec that names it otherwise still builds).
type VariableValueText interface {
	AsArray() ([]string, bool)
	AsString() (string, bool)
}

// ExpandVariables is text with $name and ${name} replaced by the request's variables (see the
// file's doc).
func ExpandVariables[V VariableValueText](text string, variables map[string]V, locale string, options ExpandOptions) (string, error) {
	maxBytes := options.MaxBytes
	if maxBytes <= 0 {
		maxBytes = MaxQueryTextBytes
	}
	tooLarge := func() error {
		return NewPluginError(RuntimeText(locale, "query.expandedTooLarge", map[string]string{"max": strconv.Itoa(maxBytes)}))
	}
	var out strings.Builder
	add := func(part string) bool {
		if out.Len()+len(part) > maxBytes {
			return false
		}
		out.WriteString(part)
		return true
	}
	position := 0
	for _, match := range qtReference.FindAllStringSubmatchIndex(text, -1) {
		if !add(text[position:match[0]]) {
			return "", tooLarge()
		}
		position = match[1]
		name := qtGroup(text, match, 1) + qtGroup(text, match, 2)
		value, defined := variables[name]
		var part string
		switch {
		case defined:
			part = qtValueText(value, options.Escape, maxBytes-out.Len())
		case options.Undefined == UndefinedKeep:
			part = text[match[0]:match[1]]
		case options.Undefined == UndefinedEmpty:
			part = ""
		default:
			shown := name
			if len(shown) > qtNameChars {
				shown = shown[:qtNameChars] + "…"
			}
			return "", NewPluginError(RuntimeText(locale, "query.variableUndefined", map[string]string{"name": "$" + shown}))
		}
		if !add(part) {
			return "", tooLarge()
		}
	}
	if !add(text[position:]) {
		return "", tooLarge()
	}
	return out.String(), nil
}

// qtGroup is submatch group of text in match ("" when it did not take part).
func qtGroup(text string, match []int, group int) string {
	if match[2*group] < 0 {
		return ""
	}
	return text[match[2*group]:match[2*group+1]]
}

// qtValueText is a variable's value as text: each item escaped, items joined by ",". It stops once
// past room bytes (the caller then refuses the text), so a huge list is never joined whole.
func qtValueText[V VariableValueText](value V, escape func(string) string, room int) string {
	items, ok := value.AsArray()
	if !ok {
		one, _ := value.AsString()
		items = []string{one}
	}
	var b strings.Builder
	for i, item := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		if escape != nil {
			item = escape(item)
		}
		b.WriteString(item)
		if b.Len() > room {
			break
		}
	}
	return b.String()
}

// SQLString is value as a standard SQL string literal: in single quotes, each quote doubled.
// Standard SQL reads no backslash escapes (SQLite, PostgreSQL, SQL Server); a server that does
// (MySQL without NO_BACKSLASH_ESCAPES) needs its driver's own quoting.
func SQLString(value string) string {
	return "'" + strings.ReplaceAll(value, "'", "''") + "'"
}

// URLComponent is value percent-encoded as UTF-8, all but the unreserved characters of RFC 3986
// (A-Z a-z 0-9 - . _ ~), so it is one path segment or query value whatever it holds.
func URLComponent(value string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(value); i++ {
		c := value[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
