package example

// Answering one DataQuery from the sample dataset, and the values of a variable.
//
// DataQuery.json is a JSON object of the query form's field codes and values (as the Python and
// TypeScript examples'):
//
//	{"queryType": "constructor", "table": "cpu_metrics", "format": "timeseries",
//	 "timeColumn": "time", "valueColumns": ["usage"], "groupBy": "host",
//	 "filters": [{"column": "host", "operator": "=", "value": "$hosts"}]}
//
//   - table is required, as the query form marks it (without one: 422 "table is required"); any
//     other field left out takes the form's default. Table and column names must be the
//     dataset's; valueColumns is a list or a comma-separated text.
//   - A filter value $name (or ${name}) takes the request's variable name: with several values,
//     = matches any of them and != none. A group without a value is ignored. A filter on a
//     number column compares numbers: a finite decimal in JSON number syntax (filters.go).
//   - format "timeseries" answers the Timestamp contract (one field per value column and group),
//     "table" the Regular contract (one field whose values are the rows).
//   - timeRange bounds the time column (inclusive). maxDataPoints caps the points of each series:
//     when more rows fall in the range they are averaged into equal time buckets (each point at
//     the time of its bucket's first row). In table format it caps the rows. The data source's
//     rowLimit caps every query.
//   - Every query of one request shares its deadline (PLUGIN_QUERY_SECONDS) and its result budget
//     (PLUGIN_MAX_RESULT_BYTES): Limits.Spend stops a query that runs past either.

import (
	"context"
	"math"
	"strconv"
	"strings"

	"acme-sales/internal/contract"
)

// The most a query may ask for.
const (
	MaxValueColumns   = 20
	MaxFilters        = 50
	MaxVariableValues = 1000
)

// QueryError is an error of the query's content: Key names its text (errors.reason.<Key>) in the
// locales, Params fill it. The service turns it into a 422 in the caller's language.
type QueryError struct {
	Key    string
	Params map[string]string
}

func (e *QueryError) Error() string {
	return "example: query error " + e.Key
}

func queryError(key string, params ...string) *QueryError {
	named := map[string]string{}
	for i := 0; i+1 < len(params); i += 2 {
		named[params[i]] = params[i+1]
	}
	return &QueryError{Key: key, Params: named}
}

// Limits are what one request may use: the row cap, the deadline (ctx's) and the result budget.
// The queries of a request run one after another, so Limits needs no lock.
type Limits struct {
	RowLimit int
	ctx      context.Context
	maxBytes int64
	rows     int64
	bytes    int64
}

// NewLimits are the limits of one request: rowLimit rows per query, until ctx is done, at most
// maxBytes of results in all.
func NewLimits(ctx context.Context, rowLimit int, maxBytes int64) *Limits {
	return &Limits{RowLimit: rowLimit, ctx: ctx, maxBytes: maxBytes}
}

// Spend counts one row read and the bytes it adds to the answer: an error past the budget, or
// (checked every 1000 rows, as reading the clock costs) past the deadline.
func (l *Limits) Spend(bytes int) error {
	l.bytes += int64(bytes)
	if l.bytes > l.maxBytes {
		return queryError("tooLarge", "bytes", strconv.FormatInt(l.maxBytes, 10))
	}
	l.rows++
	if l.rows%1000 == 0 && l.ctx.Err() != nil {
		return queryError("timeout")
	}
	return nil
}

// textOf is spec's text at key: fallback when absent or null, an error when not a string.
func textOf(spec map[string]any, key, fallback string) (string, error) {
	value, ok := spec[key]
	if !ok || value == nil {
		return fallback, nil
	}
	text, ok := value.(string)
	if !ok {
		return "", queryError("notText", "key", key)
	}
	return text, nil
}

// tableOf is the table spec names: required, as the query and variable forms mark it (in every
// example).
func tableOf(tables Tables, spec map[string]any) (*Table, error) {
	name, err := textOf(spec, "table", "")
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, queryError("tableRequired")
	}
	table := tables.Get(name)
	if table == nil {
		return nil, queryError("unknownTable")
	}
	return table, nil
}

func columnOf(table *Table, name string) (int, error) {
	index := table.Index(name)
	if index < 0 {
		return 0, queryError("unknownColumn", "table", table.Name)
	}
	return index, nil
}

func valueColumns(table *Table, spec map[string]any) ([]string, error) {
	numbers := table.NamesOf(KindNumber)
	var names []any
	switch raw := spec["valueColumns"].(type) {
	case nil:
		names = []any{}
		if len(numbers) > 0 {
			names = append(names, numbers[0])
		}
	case string:
		if raw == "" {
			return valueColumns(table, map[string]any{})
		}
		for _, name := range strings.Split(raw, ",") {
			names = append(names, jsTrim(name))
		}
	case []any:
		names = raw
	default:
		return nil, queryError("notText", "key", "valueColumns")
	}
	if len(names) > MaxValueColumns {
		return nil, queryError("tooManyColumns", "max", strconv.Itoa(MaxValueColumns))
	}
	columns := make([]string, 0, len(names))
	for _, name := range names {
		text, ok := name.(string)
		if !ok || choice(text, numbers, "") == "" {
			return nil, queryError("notNumberColumn", "table", table.Name)
		}
		columns = append(columns, text)
	}
	return columns, nil
}

// scanMatching calls yield with each row of table in timeRange that meets every condition, until
// yield returns false.
func scanMatching(table *Table, timeRange contract.Opt[contract.TimeRange], conditions []condition, yield func(Row) bool) error {
	from, hasFrom := timeRange.Value.From.Get()
	to, hasTo := timeRange.Value.To.Get()
	if hasFrom && hasTo && from > to {
		return queryError("timeRange")
	}
	if !hasFrom {
		from = math.MinInt64
	}
	if !hasTo {
		to = math.MaxInt64
	}
	table.scan(from, to, func(row Row) bool {
		for _, c := range conditions {
			if !c.holds(row) {
				return true
			}
		}
		return yield(row)
	})
	return nil
}

// RunQuery is the frame answering query (its refID echoed on the frame and its fields); spec is
// its JSON, as contract.QueryJSON read it.
func RunQuery(tables Tables, query contract.DataQuery, spec map[string]any, variables contract.Variables, limits *Limits) (contract.Frame, error) {
	var none contract.Frame
	mode, err := textOf(spec, "queryType", "constructor")
	if err != nil {
		return none, err
	}
	if mode = or(mode, "constructor"); mode != "constructor" && mode != "json" {
		return none, queryError("queryType")
	}
	table, err := tableOf(tables, spec)
	if err != nil {
		return none, err
	}
	format, err := textOf(spec, "format", "timeseries")
	if err != nil {
		return none, err
	}
	if format = or(format, "timeseries"); choice(format, Formats, "") == "" {
		return none, queryError("format")
	}
	timeColumn, err := textOf(spec, "timeColumn", table.TimeColumn)
	if err != nil {
		return none, err
	}
	if timeColumn != "" && timeColumn != table.TimeColumn {
		return none, queryError("timeColumn", "table", table.Name)
	}
	values, err := valueColumns(table, spec)
	if err != nil {
		return none, err
	}
	group, err := textOf(spec, "groupBy", "")
	if err != nil {
		return none, err
	}
	if group != "" {
		if _, err := columnOf(table, group); err != nil {
			return none, err
		}
	}
	conditions, err := filterConditions(table, spec["filters"], variables)
	if err != nil {
		return none, err
	}
	limit := int64(limits.RowLimit)
	if requested := query.MaxDataPoints.Value; requested >= 1 {
		limit = min(requested, limit)
	}
	source := rowSource{table: table, timeRange: query.TimeRange, conditions: conditions}
	if format == "table" {
		columns := []string{}
		for _, name := range append([]string{timeColumn, group}, values...) {
			if name != "" && choice(name, columns, "") == "" {
				columns = append(columns, name)
			}
		}
		return tableFrame(query, source, columns, limit, limits)
	}
	if timeColumn == "" {
		return none, queryError("noTimeColumn", "table", table.Name)
	}
	return seriesFrame(query, source, group, values, limit, limits)
}

// rowSource is what a query reads: the rows of table in timeRange that meet the conditions.
type rowSource struct {
	table      *Table
	timeRange  contract.Opt[contract.TimeRange]
	conditions []condition
}

func (s rowSource) scan(yield func(Row) bool) error {
	return scanMatching(s.table, s.timeRange, s.conditions, yield)
}

// newFrame is contract.NewFrame with meta, echoing an empty refID too when the query sent one
// (as the TypeScript example does).
func newFrame(query contract.DataQuery, name string, fields []contract.Field, meta string) contract.Frame {
	frame := contract.NewFrame(query.RefID.Value, name, fields)
	if query.RefID.Set && query.RefID.Value == "" {
		frame.RefID = query.RefID
		for i := range frame.Fields {
			if !frame.Fields[i].RefID.Set {
				frame.Fields[i].RefID = query.RefID
			}
		}
	}
	frame.Meta = contract.Some(meta)
	return frame
}

// VariableValues are a variable's values: the table names, or the distinct values of a column
// (filtered), at most MaxVariableValues.
func VariableValues(tables Tables, spec map[string]any, variables contract.Variables, limits *Limits) ([]string, error) {
	source, err := textOf(spec, "source", "")
	if err != nil {
		return nil, err
	}
	if choice(source, VariableSources, "column_values") == "tables" {
		return tables.Names(), nil
	}
	table, err := tableOf(tables, spec)
	if err != nil {
		return nil, err
	}
	name, err := textOf(spec, "column", "")
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, queryError("columnRequired") // required, as the variable form marks it
	}
	column, err := columnOf(table, name)
	if err != nil {
		return nil, err
	}
	conditions, err := filterConditions(table, spec["filters"], variables)
	if err != nil {
		return nil, err
	}
	found := []string{}
	seen := map[string]bool{}
	var spent error
	err = scanMatching(table, contract.Opt[contract.TimeRange]{}, conditions, func(row Row) bool {
		if spent = limits.Spend(0); spent != nil {
			return false
		}
		if value := cellText(table.Columns[column], row[column]); !seen[value] {
			seen[value] = true
			found = append(found, value)
		}
		return len(found) < MaxVariableValues
	})
	if err != nil {
		return nil, err
	}
	if spent != nil {
		return nil, spent
	}
	return found, nil
}
