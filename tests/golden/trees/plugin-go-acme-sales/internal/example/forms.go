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

// configOf is the configuration fields a constructor, query or variable request carries.
func configOf(pluginContext contract.Opt[contract.PluginContext]) []contract.DatasourceField {
	return pluginContext.Value.DataSourceInstanceSettings.Value.Fields
}

var yes = contract.Some(true)

// sized is field with its width set.
func sized(field contract.ConstructorField, size contract.ConstructorFieldSize) contract.ConstructorField {
	field.Size = contract.Some(size)
	return field
}

// choices are select or radio options: labels from keyPrefix.<value> (or the value itself when
// keyPrefix is ""), an optional first option for "" labelled by noneKey.
func choices(t contract.FormTexts, keyPrefix, noneKey string, values []string) contract.Opt[contract.ConstructorFieldProps] {
	options := []contract.ConstructorFieldPropOption{}
	if noneKey != "" {
		options = append(options, option(t.T(noneKey, nil), ""))
	}
	options = append(options, t.Options(keyPrefix, values)...)
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
func DatasourceForm(t contract.FormTexts, values contract.FormValues) []contract.ConstructorField {
	dataset := sized(t.Field("datasource", "dataset", contract.ConstructorFieldTypeText), contract.ConstructorFieldSizeMd)
	dataset.Required = yes
	dataset.Value = contract.Some(or(values["dataset"], DefaultDataset))
	dataset.ValidationRule = contract.Some(DatasetRule)
	accessKey := sized(t.Field("datasource", "accessKey", contract.ConstructorFieldTypePassword), contract.ConstructorFieldSizeMd)
	accessKey.Inline = yes
	rowLimit := sized(t.Field("datasource", "rowLimit", contract.ConstructorFieldTypeNumber), contract.ConstructorFieldSizeSm)
	rowLimit.Value = contract.Some(or(values["rowLimit"], strconv.Itoa(DefaultRowLimit)))
	rowLimit.Props = contract.Some(contract.ConstructorFieldProps{Min: contract.Some(int32(1)), Max: contract.Some(int32(MaxRowLimit))})
	return []contract.ConstructorField{dataset, accessKey, rowLimit}
}

// --- query form ----------------------------------------------------------------------------

// QueryForm is queryType (a trigger) and, in constructor mode, the fields of the chosen table.
func QueryForm(t contract.FormTexts, tables Tables, values contract.FormValues, groups []contract.ArrayGroup) []contract.ConstructorField {
	mode := choice(values["queryType"], QueryTypes, "constructor")
	queryType := sized(t.Field("query", "queryType", contract.ConstructorFieldTypeRadio), contract.ConstructorFieldSizeXxl)
	queryType.Value = contract.Some(mode)
	queryType.IsTrigger = yes
	queryType.Props = choices(t, "query.queryType", "", QueryTypes)
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

func tableField(t contract.FormTexts, prefix string, tables Tables, table *Table) contract.ConstructorField {
	field := sized(t.Field(prefix, "table", contract.ConstructorFieldTypeSelect), contract.ConstructorFieldSizeMd)
	field.Required = yes
	if table != nil {
		field.Value = contract.Some(table.Name)
	}
	field.IsTrigger = yes
	field.Props = choices(t, "", "", tables.Names())
	return field
}

func constructorFields(t contract.FormTexts, tables Tables, values contract.FormValues, groups []contract.ArrayGroup) []contract.ConstructorField {
	table := defaultTable(tables, values["table"], "cpu_metrics")
	format := sized(t.Field("query", "format", contract.ConstructorFieldTypeRadio), contract.ConstructorFieldSizeMd)
	format.Value = contract.Some(choice(values["format"], Formats, "timeseries"))
	format.Inline = yes
	format.Props = choices(t, "query.format", "", Formats)
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
	timeColumn := sized(t.Field("query", "timeColumn", contract.ConstructorFieldTypeSelect), contract.ConstructorFieldSizeSm)
	timeColumn.Value = contract.Some(chosenTime)
	timeColumn.Props = choices(t, "", "query.timeColumn.none", times)

	numbers := table.NamesOf(KindNumber)
	chosen := []string{}
	sent, _ := values.List("valueColumns")
	for _, name := range sent {
		if choice(name, numbers, "") != "" {
			chosen = append(chosen, name)
		}
	}
	if len(chosen) == 0 && len(numbers) > 0 {
		chosen = numbers[:1]
	}
	valueColumns := sized(t.Field("query", "valueColumns", contract.ConstructorFieldTypeSelect), contract.ConstructorFieldSizeMd)
	valueColumns.Value = contract.Some(strings.Join(chosen, ","))
	valueColumns.Inline = yes
	valueColumns.Props = choices(t, "", "", numbers)
	valueColumns.Props.Value.AllowMultiSelect = yes

	groupable := table.NamesOf(KindText)
	groupBy := sized(t.Field("query", "groupBy", contract.ConstructorFieldTypeSelect), contract.ConstructorFieldSizeSm)
	groupBy.Value = contract.Some(choice(values["groupBy"], groupable, ""))
	groupBy.Inline = yes
	groupBy.Props = choices(t, "", "query.groupBy.none", groupable)
	return append(fields, timeColumn, valueColumns, groupBy, filtersField(t, table, groups))
}

// filtersField is the filters array field: one group of column, operator and value per sent
// group, or one group without arrayIndex (the template of a new group) when none was sent.
func filtersField(t contract.FormTexts, table *Table, groups []contract.ArrayGroup) contract.ConstructorField {
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
		sent = make([]contract.ArrayGroup, 1) // one group of defaults, without arrayIndex
	}
	nested := []contract.ConstructorField{}
	for _, each := range sent {
		group := each.Values
		column := sized(t.Field("filter", "column", contract.ConstructorFieldTypeSelect), contract.ConstructorFieldSizeSm)
		column.Value = contract.Some(choice(group["column"], columns, first))
		column.Props = choices(t, "", "", columns)
		operator := sized(t.Field("filter", "operator", contract.ConstructorFieldTypeSelect), contract.ConstructorFieldSizeXs)
		operator.Value = contract.Some(choice(group["operator"], Operators, "="))
		operator.Inline = yes
		operator.Props = contract.Some(contract.ConstructorFieldProps{Options: operatorLabels})
		value := sized(t.Field("filter", "value", contract.ConstructorFieldTypeText), contract.ConstructorFieldSizeSm)
		if group["value"] != "" {
			value.Value = contract.Some(group["value"])
		}
		value.Inline = yes
		if len(groups) > 0 {
			position := contract.Some(int32(each.Index))
			column.ArrayIndex, operator.ArrayIndex, value.ArrayIndex = position, position, position
		}
		nested = append(nested, column, operator, value)
	}
	filters := sized(t.Field("query", "filters", contract.ConstructorFieldTypeArray), contract.ConstructorFieldSizeXxl)
	filters.Props = contract.Some(contract.ConstructorFieldProps{Fields: nested})
	return filters
}

// --- variable form -------------------------------------------------------------------------

// VariableForm is source (a trigger); for column_values also table (a trigger), column and
// filters.
func VariableForm(t contract.FormTexts, tables Tables, values contract.FormValues, groups []contract.ArrayGroup) []contract.ConstructorField {
	chosen := choice(values["source"], VariableSources, "column_values")
	source := sized(t.Field("variable", "source", contract.ConstructorFieldTypeSelect), contract.ConstructorFieldSizeMd)
	source.Value = contract.Some(chosen)
	source.IsTrigger = yes
	source.Props = choices(t, "variable.source", "", VariableSources)
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
	column := sized(t.Field("variable", "column", contract.ConstructorFieldTypeSelect), contract.ConstructorFieldSizeMd)
	column.Required = yes
	column.Value = contract.Some(choice(values["column"], columns, firstOf(columns)))
	column.Inline = yes
	column.Props = choices(t, "", "", columns)
	return append(fields, column, filtersField(t, table, groups))
}
