package example

// The filters of a query or variable JSON: a list of {column, operator, value} objects. A value
// $name (or ${name}) takes the request's variable name; with several values = matches any of them
// and != none. The value of a number or time column is read as JavaScript's Number() reads it, so
// a filter means the same here as in the TypeScript example.

import (
	"math"
	"math/big"
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
		text, err := textOf(group, "value", "")
		if err != nil {
			return nil, err
		}
		if text == "" {
			continue // a group without a value is ignored
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
		wanted, err := expand(text, variables)
		if err != nil {
			return nil, err
		}
		c := condition{index: index, number: table.Columns[index].Kind != KindText, operator: operator, texts: wanted}
		if c.number {
			for _, each := range wanted {
				number := jsNumber(each)
				if jsTrim(each) == "" || math.IsNaN(number) || math.IsInf(number, 0) {
					return nil, queryError("notNumber")
				}
				c.numbers = append(c.numbers, number)
			}
		}
		conditions = append(conditions, c)
	}
	return conditions, nil
}

var variableName = regexp.MustCompile(`^\$(?:\{(\w+)\}|(\w+))$`)

// expand is the values text stands for: a variable's, or text itself.
func expand(text string, variables contract.Variables) ([]string, error) {
	match := variableName.FindStringSubmatch(text)
	if match == nil {
		return []string{text}, nil
	}
	value, ok := variables[or(match[1], match[2])]
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

var (
	decimalNumber = regexp.MustCompile(`^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$`)
	prefixedWhole = regexp.MustCompile(`^0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)$`)
)

// jsNumber is JavaScript's Number(text): decimal (with an exponent), 0x/0o/0b whole numbers,
// Infinity, and NaN for anything else; "" (after trimming) is 0.
func jsNumber(text string) float64 {
	text = jsTrim(text)
	switch {
	case text == "":
		return 0
	case decimalNumber.MatchString(text):
		number, _ := strconv.ParseFloat(text, 64) // out of range: ±Inf or 0, as in JavaScript
		return number
	case prefixedWhole.MatchString(text):
		bases := map[byte]int{'x': 16, 'o': 8, 'b': 2}
		whole, _ := new(big.Int).SetString(text[2:], bases[text[1]|0x20])
		number, _ := new(big.Float).SetInt(whole).Float64()
		return number
	case text == "Infinity" || text == "+Infinity":
		return math.Inf(1)
	case text == "-Infinity":
		return math.Inf(-1)
	}
	return math.NaN()
}
