package example

// The filters of a query or variable JSON: a list of {column, operator, value} objects. A value
// $name (or ${name}) takes the request's variable name; with several values = matches any of them
// and != none. The value of a number or time column is a filter number (filterNumber), read alike
// in the Python, TypeScript and Go examples.

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"acme-sales/internal/contract"
)

// condition is one filter: the column at index compared by operator with the wanted values.
type condition struct {
	index    int
	number   bool
	operator string
	texts    []string
	numbers  []float64
}

// filterConditions reads raw (the JSON's filters) for table.
func filterConditions(table *Table, raw any, variables contract.Variables) ([]condition, error) {
	if raw == nil || raw == "" {
		return nil, nil
	}
	items, ok := raw.([]any)
	if !ok || len(items) > MaxFilters {
		return nil, queryError("filters", "max", strconv.Itoa(MaxFilters))
	}
	conditions := []condition{}
	for _, item := range items {
		group, ok := item.(map[string]any)
		if !ok {
			return nil, queryError("filters", "max", strconv.Itoa(MaxFilters))
		}
		// JSON mode: a JSON number is a filter number (for a number column only).
		sent, isNumber := group["value"].(json.Number)
		text := ""
		var err error
		if !isNumber {
			if text, err = textOf(group, "value", ""); err != nil {
				return nil, err
			}
			if text == "" {
				continue // a group without a value is ignored
			}
		}
		name, err := textOf(group, "column", "")
		if err != nil {
			return nil, err
		}
		index, err := columnOf(table, name)
		if err != nil {
			return nil, err
		}
		operator, err := textOf(group, "operator", "=")
		if err != nil {
			return nil, err
		}
		if choice(operator, Operators, "") == "" {
			return nil, queryError("operator")
		}
		c := condition{index: index, number: table.Columns[index].Kind != KindText, operator: operator}
		if isNumber {
			if !c.number {
				return nil, queryError("notText", "key", "value") // a text column compares text
			}
			c.texts = []string{sent.String()}
		} else if c.texts, err = expand(text, variables); err != nil {
			return nil, err
		}
		if c.number {
			for _, each := range c.texts {
				number, err := filterNumber(each)
				if err != nil {
					return nil, err
				}
				c.numbers = append(c.numbers, number)
			}
		}
		conditions = append(conditions, c)
	}
	return conditions, nil
}

// expand is the values text stands for: a variable's, or text itself. Any name is a name like the
// others, in every example ($__proto__, $constructor, $toString included): one the request does
// not define is refused (422 naming the filter).
func expand(text string, variables contract.Variables) ([]string, error) {
	name, whole := contract.VariableReference(text)
	if !whole {
		return []string{text}, nil
	}
	value, ok := variables[name]
	if !ok {
		return nil, queryError("unknownVariable")
	}
	if one, ok := value.AsString(); ok {
		return []string{one}, nil
	}
	if many, ok := value.AsArray(); ok {
		return many, nil
	}
	return nil, queryError("unknownVariable")
}

// holds reports whether row meets the condition.
func (c condition) holds(row Row) bool {
	actual := row[c.index]
	switch c.operator {
	case "=", "!=":
		found := false
		if c.number {
			for _, wanted := range c.numbers {
				found = found || actual.Number == wanted
			}
		} else {
			for _, wanted := range c.texts {
				found = found || actual.Text == wanted
			}
		}
		return found == (c.operator == "=")
	}
	if len(c.texts) == 0 {
		return false
	}
	order := strings.Compare(actual.Text, c.texts[0])
	if c.number {
		order = compareNumbers(actual.Number, c.numbers[0])
	}
	switch c.operator {
	case "<":
		return order < 0
	case "<=":
		return order <= 0
	case ">":
		return order > 0
	default:
		return order >= 0
	}
}

func compareNumbers(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// isJSSpace is the white space JavaScript's String.prototype.trim removes: Go's unicode.IsSpace
// but for U+0085, plus the byte order mark U+FEFF.
func isJSSpace(r rune) bool {
	return r == '\ufeff' || (r != '\u0085' && unicode.IsSpace(r))
}

func jsTrim(text string) string {
	return strings.TrimFunc(text, isJSSpace)
}

// jsonNumber is a JSON number, nothing around it: no NaN, Infinity, 0x10, 1_000, +1, .5 or white
// space.
var jsonNumber = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$`)

// filterNumber is the number a filter on a number column compares with. Decided alike in the
// Python, TypeScript and Go examples: a filter number is a finite decimal in JSON number syntax
// (42, -0.5, 1e2, or a JSON number in JSON mode); NaN, Infinity, 1e309, 1_000, 0x10, " 1" are
// refused, never read by one language's own number rules.
func filterNumber(text string) (float64, error) {
	if !jsonNumber.MatchString(text) {
		return 0, queryError("notNumber")
	}
	number, _ := strconv.ParseFloat(text, 64) // too large: ±Inf (refused); too small: 0, as elsewhere
	if math.IsInf(number, 0) {
		return 0, queryError("notNumber")
	}
	return number, nil
}
