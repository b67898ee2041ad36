package example

// The example's three forms (data source, query, variable), with texts from the locales.
//
// Each form follows the contract's constructor flow: the first request of a new form has no values
// (defaults are answered), a saved form sends every value (each field answers its value), and a
// changed trigger field (IsTrigger) sends the values of all trigger fields: the answer then
// carries the fields that fit, e.g. the columns of the chosen table.
//
// Filters are an array field: each group (arrayIndex 0, 1, ...) is one condition
// `column operator value`. Without sent groups the nested fields are answered once, without
// arrayIndex, as the template of a new group.
//
// No Code mode: the sample dataset has no query language of its own, so the query form never
// offers it (the contract makes Code mode optional; a data source with a language adds codeMode
// and codeLang to its data source form and offers Code only when both are set).

import (
	"strconv"
	"strings"

	"acme-sales/internal/contract"
)

// The choices and limits of the forms; the queries check the same ones.
var (
	Operators       = []string{"=", "!=", "<", "<=", ">", ">="}
	QueryTypes      = []string{"constructor", "json"}
	Formats         = []string{"timeseries", "table"}
	VariableSources = []string{"column_values", "tables"}
)

// The data source form's defaults and bounds.
const (
	DefaultDataset  = "sample"
	DefaultRowLimit = 10_000
	MaxRowLimit     = 1_000_000
	DatasetRule     = `^[a-z][a-z0-9_-]{0,63}$`
)

// Values are a form's values by field code.
type Values map[string]string

// Texts are the texts of one locale: T formats a text (the key itself when missing), Find is an
// optional text (a field's description or placeholder).
type Texts struct {
	catalog *contract.Catalog
	locale  string
}

// T is the text of key, its {name}s filled from params.
func (t Texts) T(key string, params map[string]string) string {
	return t.catalog.Text(t.locale, key, params)
}

// Find is the text of key, false when the catalogue has none.
func (t Texts) Find(key string) (string, bool) {
	return t.catalog.Find(t.locale, key)
}

// ConfigValues are the values of a data source configuration, by field code (the last of two
// equal codes wins).
func ConfigValues(fields []contract.DatasourceField) Values {
	values := Values{}
	for _, field := range fields {
		values[field.Code] = field.Value.Value
	}
	return values
}

// configOf is the configuration fields a constructor, query or variable request carries.
func configOf(pluginContext contract.Opt[contract.PluginContext]) []contract.DatasourceField {
	return pluginContext.Value.DataSourceInstanceSettings.Value.Fields
}

// FilterValues splits a constructor request's filter: the values without arrayIndex, and the
// groups by arrayIndex (at most 50; a gap is an empty group).
func FilterValues(filter contract.Opt[contract.ConstructorFilter]) (Values, []Values) {
	values := Values{}
	var groups []Values
	for _, item := range filter.Value.Fields {
		key, ok := item.Key.Get()
		if !ok {
			continue
		}
		index, grouped := item.ArrayIndex.Get()
		switch {
		case !grouped:
			values[key] = item.Value.Value
		case index >= 0 && index < 50:
			for len(groups) <= int(index) {
				groups = append(groups, Values{})
			}
			groups[index][key] = item.Value.Value
		}
	}
	return values, groups
}

var yes = contract.Some(true)

// field is a field of prefix's texts: its name, and its description, placeholder and validation
// message when the catalogue has them.
func (t Texts) field(prefix, code string, kind contract.ConstructorFieldType, size contract.ConstructorFieldSize) contract.ConstructorField {
	made := contract.ConstructorField{
		Code: code,
		Type: contract.Some(kind),
		Name: contract.Some(t.T(prefix+"."+code+".name", nil)),
		Size: contract.Some(size),
	}
	if text, ok := t.Find(prefix + "." + code + ".description"); ok {
		made.Description = contract.Some(text)
	}
	if text, ok := t.Find(prefix + "." + code + ".placeholder"); ok {
		made.Placeholder = contract.Some(text)
	}
	if text, ok := t.Find(prefix + "." + code + ".validationMessage"); ok {
		made.ValidationMessage = contract.Some(text)
	}
	return made
}

// choices are select or radio options: labels from prefix.<value> (or the value itself when
// prefix is ""), an optional first option for "" labelled by noneKey.
func (t Texts) choices(prefix, noneKey string, values []string) contract.Opt[contract.ConstructorFieldProps] {
	options := []contract.ConstructorFieldPropOption{}
	if noneKey != "" {
		options = append(options, option(t.T(noneKey, nil), ""))
	}
	for _, value := range values {
		label := value
		if prefix != "" {
			label = t.T(prefix+"."+value, nil)
		}
		options = append(options, option(label, value))
	}
	return contract.Some(contract.ConstructorFieldProps{Options: options})
}

func option(label, value string) contract.ConstructorFieldPropOption {
	return contract.ConstructorFieldPropOption{Label: contract.Some(label), Value: contract.Some(value)}
}

// choice is value when allowed lists it, else fallback.
func choice(value string, allowed []string, fallback string) string {
	for _, item := range allowed {
		if item == value {
			return value
		}
	}
	return fallback
}

func firstOf(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

func or(value, fallback string) string {
	if value == "" {
		return fallback
	}
	return value
}

// --- data source form ----------------------------------------------------------------------

// DatasourceForm is dataset, accessKey (a password: the routes encrypt it in health-check
// answers) and rowLimit.
func DatasourceForm(t Texts, values Values) []contract.ConstructorField {
	dataset := t.field("datasource", "dataset", contract.ConstructorFieldTypeText, contract.ConstructorFieldSizeMd)
	dataset.Required = yes
	dataset.Value = contract.Some(or(values["dataset"], DefaultDataset))
	dataset.ValidationRule = contract.Some(DatasetRule)
	accessKey := t.field("datasource", "accessKey", contract.ConstructorFieldTypePassword, contract.ConstructorFieldSizeMd)
	accessKey.Inline = yes
	rowLimit := t.field("datasource", "rowLimit", contract.ConstructorFieldTypeNumber, contract.ConstructorFieldSizeSm)
	rowLimit.Value = contract.Some(or(values["rowLimit"], strconv.Itoa(DefaultRowLimit)))
	rowLimit.Props = contract.Some(contract.ConstructorFieldProps{Min: contract.Some(int32(1)), Max: contract.Some(int32(MaxRowLimit))})
	return []contract.ConstructorField{dataset, accessKey, rowLimit}
}

// --- query form ----------------------------------------------------------------------------

// QueryForm is queryType (a trigger) and, in constructor mode, the fields of the chosen table.
func QueryForm(t Texts, tables Tables, values Values, groups []Values) []contract.ConstructorField {
	mode := choice(values["queryType"], QueryTypes, "constructor")
	queryType := t.field("query", "queryType", contract.ConstructorFieldTypeRadio, contract.ConstructorFieldSizeXxl)
	queryType.Value = contract.Some(mode)
	queryType.IsTrigger = yes
	queryType.Props = t.choices("query.queryType", "", QueryTypes)
	fields := []contract.ConstructorField{queryType}
	if mode == "constructor" {
		fields = append(fields, constructorFields(t, tables, values, groups)...)
	}
	return fields
}

// defaultTable is the table called name if there is one, else preferred, else the first table.
func defaultTable(tables Tables, name, preferred string) *Table {
	if table := tables.Get(name); table != nil {
		return table
	}
	if table := tables.Get(preferred); table != nil {
		return table
	}
	if len(tables) > 0 {
		return tables[0]
	}
	return nil
}

func tableField(t Texts, prefix string, tables Tables, table *Table) contract.ConstructorField {
	field := t.field(prefix, "table", contract.ConstructorFieldTypeSelect, contract.ConstructorFieldSizeMd)
	field.Required = yes
	if table != nil {
		field.Value = contract.Some(table.Name)
	}
	field.IsTrigger = yes
	field.Props = t.choices("", "", tables.Names())
	return field
}

func constructorFields(t Texts, tables Tables, values Values, groups []Values) []contract.ConstructorField {
	table := defaultTable(tables, values["table"], "cpu_metrics")
	format := t.field("query", "format", contract.ConstructorFieldTypeRadio, contract.ConstructorFieldSizeMd)
	format.Value = contract.Some(choice(values["format"], Formats, "timeseries"))
	format.Inline = yes
	format.Props = t.choices("query.format", "", Formats)
	fields := []contract.ConstructorField{tableField(t, "query", tables, table), format}
	if table == nil {
		return fields
	}
	times := table.NamesOf(KindTime)
	// "" is the "(none)" option: a saved form that chose it must get it back, not the default
	// (which a form that sent no timeColumn at all gets).
	chosenTime := table.TimeColumn
	if sent, ok := values["timeColumn"]; ok {
		chosenTime = choice(sent, append([]string{""}, times...), table.TimeColumn)
	}
	timeColumn := t.field("query", "timeColumn", contract.ConstructorFieldTypeSelect, contract.ConstructorFieldSizeSm)
	timeColumn.Value = contract.Some(chosenTime)
	timeColumn.Props = t.choices("", "query.timeColumn.none", times)

	numbers := table.NamesOf(KindNumber)
	chosen := []string{}
	for _, name := range strings.Split(values["valueColumns"], ",") {
		if choice(name, numbers, "") != "" {
			chosen = append(chosen, name)
		}
	}
	if len(chosen) == 0 && len(numbers) > 0 {
		chosen = numbers[:1]
	}
	valueColumns := t.field("query", "valueColumns", contract.ConstructorFieldTypeSelect, contract.ConstructorFieldSizeMd)
	valueColumns.Value = contract.Some(strings.Join(chosen, ","))
	valueColumns.Inline = yes
	valueColumns.Props = t.choices("", "", numbers)
	valueColumns.Props.Value.AllowMultiSelect = yes

	groupable := table.NamesOf(KindText)
	groupBy := t.field("query", "groupBy", contract.ConstructorFieldTypeSelect, contract.ConstructorFieldSizeSm)
	groupBy.Value = contract.Some(choice(values["groupBy"], groupable, ""))
	groupBy.Inline = yes
	groupBy.Props = t.choices("", "query.groupBy.none", groupable)
	return append(fields, timeColumn, valueColumns, groupBy, filtersField(t, table, groups))
}

// filtersField is the filters array field: one group of column, operator and value per sent
// group, or one group without arrayIndex (the template of a new group) when none was sent.
func filtersField(t Texts, table *Table, groups []Values) contract.ConstructorField {
	columns := table.Names()
	first := firstOf(table.NamesOf(KindText))
	if first == "" {
		first = firstOf(columns)
	}
	operatorLabels := make([]contract.ConstructorFieldPropOption, 0, len(Operators))
	for i, operator := range Operators {
		operatorLabels = append(operatorLabels, option(t.T("filter.operator."+strconv.Itoa(i), nil), operator))
	}
	sent := groups
	if len(sent) == 0 {
		sent = []Values{nil} // one group of defaults
	}
	nested := []contract.ConstructorField{}
	for index, group := range sent {
		column := t.field("filter", "column", contract.ConstructorFieldTypeSelect, contract.ConstructorFieldSizeSm)
		column.Value = contract.Some(choice(group["column"], columns, first))
		column.Props = t.choices("", "", columns)
		operator := t.field("filter", "operator", contract.ConstructorFieldTypeSelect, contract.ConstructorFieldSizeXs)
		operator.Value = contract.Some(choice(group["operator"], Operators, "="))
		operator.Inline = yes
		operator.Props = contract.Some(contract.ConstructorFieldProps{Options: operatorLabels})
		value := t.field("filter", "value", contract.ConstructorFieldTypeText, contract.ConstructorFieldSizeSm)
		if group["value"] != "" {
			value.Value = contract.Some(group["value"])
		}
		value.Inline = yes
		if len(groups) > 0 {
			position := contract.Some(int32(index))
			column.ArrayIndex, operator.ArrayIndex, value.ArrayIndex = position, position, position
		}
		nested = append(nested, column, operator, value)
	}
	filters := t.field("query", "filters", contract.ConstructorFieldTypeArray, contract.ConstructorFieldSizeXxl)
	filters.Props = contract.Some(contract.ConstructorFieldProps{Fields: nested})
	return filters
}

// --- variable form -------------------------------------------------------------------------

// VariableForm is source (a trigger); for column_values also table (a trigger), column and
// filters.
func VariableForm(t Texts, tables Tables, values Values, groups []Values) []contract.ConstructorField {
	chosen := choice(values["source"], VariableSources, "column_values")
	source := t.field("variable", "source", contract.ConstructorFieldTypeSelect, contract.ConstructorFieldSizeMd)
	source.Value = contract.Some(chosen)
	source.IsTrigger = yes
	source.Props = t.choices("variable.source", "", VariableSources)
	fields := []contract.ConstructorField{source}
	if chosen != "column_values" {
		return fields
	}
	table := defaultTable(tables, values["table"], "servers")
	fields = append(fields, tableField(t, "variable", tables, table))
	if table == nil {
		return fields
	}
	columns := table.Names()
	column := t.field("variable", "column", contract.ConstructorFieldTypeSelect, contract.ConstructorFieldSizeMd)
	column.Required = yes
	column.Value = contract.Some(choice(values["column"], columns, firstOf(columns)))
	column.Inline = yes
	column.Props = t.choices("", "", columns)
	return append(fields, column, filtersField(t, table, groups))
}
