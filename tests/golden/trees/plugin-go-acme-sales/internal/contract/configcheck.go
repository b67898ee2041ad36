// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/configcheck.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// Reading a data source configuration and checking it against the form that declares it, as the
// Python plugin's config_values, check_config and require_valid_config and the TypeScript plugin's
// configValues, checkConfig and requireValidConfig do (the shared cases in
// scaffold/codegen/cases/config_checks.json hold the three runtimes to the same answers).
//
// RequireValidConfig answers with the contract's split (Errors): a required field without entry in
// DatasourceConfig.Fields (or no entries at all) is "too few entries", a 400 whose message names
// the codes; a field that is present but empty, holds disallowed characters, or breaks its
// ValidationRule, bounds or options is a validation error, a 422 whose ValidationErrors name every
// field. Password values arrive decrypted (the routes decrypt them before a data source method
// runs), so ConfigValues reads them as the user typed them.

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// MaxValueChars is the longest value a form field takes, in characters (code points).
const MaxValueChars = 4096

const maxRules = 256

var (
	wholeNumber = regexp.MustCompile(`^[+-]?[0-9]{1,18}$`)
	rulesMu     sync.Mutex
	rules       = map[string]*regexp.Regexp{}
)

// ConfigCheck is the outcome of checking a configuration against its form.
type ConfigCheck struct {
	// Values maps the code of every entry sent to its value (the last entry of a code wins).
	Values map[string]string
	// Missing are the codes of required fields without entry (every field's when nothing was sent).
	Missing []string
	// Errors maps the code of each field that is present but empty or invalid to its message.
	Errors map[string]string
}

// ConfigValues maps the code of each DatasourceConfig field to its value (the last one wins; a
// missing value is "").
func ConfigValues(fields []DatasourceField) map[string]string {
	values := make(map[string]string, len(fields))
	for _, item := range fields {
		values[item.Code] = item.Value.Value
	}
	return values
}

// CheckConfig checks DatasourceConfig fields against the form (ConstructorField list) describing
// them; messages are the glue's texts in locale.
func CheckConfig(form []ConstructorField, fields []DatasourceField, locale string) ConfigCheck {
	check := ConfigCheck{Values: ConfigValues(fields), Errors: map[string]string{}}
	present := make(map[string]bool, len(fields))
	for _, item := range fields {
		present[item.Code] = true
	}
	for _, spec := range form {
		if spec.Type.Value == "array" {
			continue
		}
		required := spec.Required.Value
		if !present[spec.Code] {
			if required {
				check.Missing = append(check.Missing, spec.Code)
			}
			continue
		}
		if problem := fieldProblem(spec, check.Values[spec.Code], required, locale); problem != "" {
			check.Errors[spec.Code] = problem
		}
	}
	if len(fields) == 0 { // no fields at all: every required field is missing (every field if none is)
		var needed, every []string
		for _, spec := range form {
			every = append(every, spec.Code)
			if spec.Required.Value {
				needed = append(needed, spec.Code)
			}
		}
		check.Missing = needed
		if len(needed) == 0 {
			check.Missing = every
		}
	}
	return check
}

// RequireValidConfig is the configuration's values when fields pass the form; else a *PluginError:
// 400 naming the required codes without entry, or 422 with ValidationErrors for empty or invalid
// values, its message in locale.
func RequireValidConfig(form []ConstructorField, fields []DatasourceField, locale string) (map[string]string, error) {
	check := CheckConfig(form, fields, locale)
	if len(check.Missing) > 0 {
		message := RuntimeText(locale, "form.missing", map[string]string{"codes": strings.Join(check.Missing, ", ")})
		return nil, &PluginError{Status: 400, Message: message}
	}
	if len(check.Errors) > 0 {
		message := RuntimeText(locale, "form.invalid", map[string]string{"count": strconv.Itoa(len(check.Errors))})
		return nil, &PluginError{Status: 422, Message: message, ValidationErrors: check.Errors}
	}
	return check.Values, nil
}

// DisallowedCharacters lists the disallowed characters in value as readable escapes ("" when there
// are none): C0/C1 controls and the invisible bidirectional overrides, and line breaks and tabs
// unless multiline.
func DisallowedCharacters(value string, multiline bool) string {
	var found []string
	for _, r := range value {
		if disallowed(r, multiline) {
			escape := fmt.Sprintf("U+%04X", r)
			if !slices.Contains(found, escape) {
				found = append(found, escape)
			}
		}
	}
	slices.Sort(found)
	return strings.Join(found, ", ")
}

func disallowed(r rune, multiline bool) bool {
	switch {
	case r == '\n' || r == '\r' || r == '\t':
		return !multiline
	case r <= 0x1f, r >= 0x7f && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

func fieldProblem(spec ConstructorField, value string, required bool, locale string) string {
	text := func(key string, params map[string]string) string {
		return RuntimeText(locale, "form."+key, params)
	}
	kind := string(spec.Type.Value)
	if trimPythonSpace(value) == "" {
		if required {
			return text("required", nil)
		}
		return ""
	}
	if bad := DisallowedCharacters(value, kind == "textarea"); bad != "" {
		return text("disallowed", map[string]string{"chars": bad})
	}
	if utf8.RuneCountInString(value) > MaxValueChars {
		return text("tooLong", map[string]string{"max": strconv.Itoa(MaxValueChars)})
	}
	if kind == "password" || kind == "file" {
		return ""
	}
	props := spec.Props.Value
	if kind == "number" {
		return numberProblem(props, value, text)
	}
	var options []string
	for _, option := range props.Options {
		if option.Value.Set {
			options = append(options, option.Value.Value)
		}
	}
	if (kind == "select" || kind == "radio") && len(options) > 0 && !props.AllowHandwriting.Value && !slices.Contains(options, value) {
		return text("option", map[string]string{"options": strings.Join(options, ", ")})
	}
	if rule := spec.ValidationRule.Value; rule != "" && !matchesRule(rule, value) {
		if spec.ValidationMessage.Value != "" {
			return spec.ValidationMessage.Value
		}
		return text("rule", nil)
	}
	return ""
}

func numberProblem(props ConstructorFieldProps, value string, text func(string, map[string]string) string) string {
	digits := trimPythonSpace(value)
	if !wholeNumber.MatchString(digits) {
		return text("number", nil)
	}
	number, _ := new(big.Int).SetString(strings.TrimPrefix(digits, "+"), 10)
	low, high := "-∞", "∞"
	if props.Min.Set {
		low = strconv.Itoa(int(props.Min.Value))
	}
	if props.Max.Set {
		high = strconv.Itoa(int(props.Max.Value))
	}
	if (props.Min.Set && number.Cmp(big.NewInt(int64(props.Min.Value))) < 0) ||
		(props.Max.Set && number.Cmp(big.NewInt(int64(props.Max.Value))) > 0) {
		return text("range", map[string]string{"min": low, "max": high})
	}
	return ""
}

// matchesRule is whether value matches the form's own rule, searched, not anchored (a rule Go's
// regexp cannot compile accepts everything).
func matchesRule(rule, value string) bool {
	rulesMu.Lock()
	pattern, seen := rules[rule]
	if !seen {
		pattern, _ = regexp.Compile(rule)
		if len(rules) >= maxRules {
			clear(rules)
		}
		rules[rule] = pattern
	}
	rulesMu.Unlock()
	return pattern == nil || pattern.MatchString(value)
}

// trimPythonSpace is Python's str.strip(): strings.TrimSpace keeps U+001C-U+001F, which Python strips.
func trimPythonSpace(text string) string {
	return strings.TrimFunc(text, func(r rune) bool { return (r >= 0x1c && r <= 0x1f) || unicode.IsSpace(r) })
}
