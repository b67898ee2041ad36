package contract

// Reading the values a constructor form sends: trigger values, array groups, typed reads.
//
// A constructor request's Filter.Fields is a flat list of ConstructorFilterField {Key, ArrayIndex,
// Value}: the first request of a new form sends none, a saved form sends every value, and a changed
// trigger field (IsTrigger) sends the values of all trigger fields. The fields nested in an array
// field carry the ArrayIndex of their group. FilterValues splits the list into the top-level values
// and the groups by ArrayIndex; FormValues' Text, Number, Bool and List read one value by code, from
// those or from ConfigValues, with false for absent. The Python (form_values.py) and TypeScript
// (form-values.ts) runtimes read alike: the shared cases in scaffold/codegen/cases/form_values.json
// hold all three to the same answers.

import (
	"math/big"
	"sort"
	"strings"
)

// MaxExactNumber is the largest whole number every language holds exactly (a JavaScript number's
// 2^53 - 1): Number reads no larger one, which another runtime would round.
const MaxExactNumber = 1<<53 - 1

// FormValues are a form's values by field code (ConfigValues' and FilterValues' answers convert).
type FormValues map[string]string

// ArrayGroup is one group of an array field: its ArrayIndex (answer it as the fields' ArrayIndex)
// and its values by key.
type ArrayGroup struct {
	Index  int
	Values FormValues
}

// FilterValues splits a ConstructorFilter (absent: no values) into the values without ArrayIndex
// and the array groups in ArrayIndex order. An entry without key is skipped, one without value
// reads as "", the last entry of a key wins; an ArrayIndex outside 0..MaxArrayGroups-1 is skipped.
func FilterValues(filter Opt[ConstructorFilter]) (FormValues, []ArrayGroup) {
	values := FormValues{}
	byIndex := map[int]FormValues{}
	for _, item := range filter.Value.Fields {
		key, ok := item.Key.Get()
		if !ok {
			continue
		}
		index, grouped := item.ArrayIndex.Get()
		switch {
		case !grouped:
			values[key] = item.Value.Value
		case index >= 0 && index < MaxArrayGroups:
			group := byIndex[int(index)]
			if group == nil {
				group = FormValues{}
				byIndex[int(index)] = group
			}
			group[key] = item.Value.Value
		}
	}
	groups := make([]ArrayGroup, 0, len(byIndex))
	for index, group := range byIndex {
		groups = append(groups, ArrayGroup{Index: index, Values: group})
	}
	sort.Slice(groups, func(i, j int) bool { return groups[i].Index < groups[j].Index })
	return values, groups
}

// Text is the value of code ("" when sent empty); false when absent.
func (v FormValues) Text(code string) (string, bool) {
	text, ok := v[code]
	return text, ok
}

// Number is the whole number code holds (spaces around allowed, as the config check takes it);
// false when absent, when the value is no whole number, or past ±MaxExactNumber.
func (v FormValues) Number(code string) (int64, bool) {
	text, ok := v[code]
	digits := trimPythonSpace(text)
	if !ok || !wholeNumber.MatchString(digits) {
		return 0, false
	}
	number, _ := new(big.Int).SetString(strings.TrimPrefix(digits, "+"), 10)
	if !number.IsInt64() || number.Int64() > MaxExactNumber || number.Int64() < -MaxExactNumber {
		return 0, false
	}
	return number.Int64(), true
}

// Bool is a checkbox's value: true for "true", false for "false"; ok is false for anything else
// or absent.
func (v FormValues) Bool(code string) (value, ok bool) {
	switch v[code] {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// List is a multi-select's values: comma-separated, empty items dropped; false when absent.
func (v FormValues) List(code string) ([]string, bool) {
	text, ok := v[code]
	if !ok {
		return nil, false
	}
	items := []string{}
	for _, item := range strings.Split(text, ",") {
		if item != "" {
			items = append(items, item)
		}
	}
	return items, true
}
