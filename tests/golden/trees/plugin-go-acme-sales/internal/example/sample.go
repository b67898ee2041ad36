package example

// The example's sample dataset: in memory, generated deterministically, no file and no network.
//
// Tables (the same as the Python and TypeScript examples' sample data, and the same values):
//
//   - cpu_metrics(time, host, region, usage, iowait): one row per host per minute;
//   - servers(hostname, region, role, cores, memory_gb): the three sample hosts.
//
// cpu_metrics spans DaysBefore days before and DaysAfter days after the UTC midnight of the day
// the plugin started, so a new plugin shows data for "the last hours" at once. Its rows are not
// stored: each is a pure function of (host, time), made when a query reads its time range.

import "math"

// The sample's time grid.
const (
	StepSeconds = 60
	Day         = 86_400
	DaysBefore  = 7
	DaysAfter   = 7
)

// Kind is what a column holds: a unix time, a text or a number.
type Kind int

// The kinds of columns.
const (
	KindTime Kind = iota
	KindText
	KindNumber
)

// Column is one column of a table.
type Column struct {
	Name string
	Kind Kind
}

// Value is one cell: Text for a text column, Number for a time or number column. A struct rather
// than an interface keeps filters and frames free of type switches.
type Value struct {
	Text   string
	Number float64
}

// Row is one row: its values in the order of its table's columns.
type Row []Value

// Table is one table of the dataset.
type Table struct {
	Name    string
	Columns []Column
	// TimeColumn is the column queries filter by time range ("" when the table has none).
	TimeColumn string
	// scan calls yield with each row whose time lies in [from, to] (both inclusive), in time
	// order, until yield returns false. A table without a time column ignores the bounds.
	scan func(from, to int64, yield func(Row) bool)
}

// Index is the position of the column called name, -1 when the table has none.
func (t *Table) Index(name string) int {
	for i, column := range t.Columns {
		if column.Name == name {
			return i
		}
	}
	return -1
}

// Names are the table's column names, in order.
func (t *Table) Names() []string {
	names := make([]string, 0, len(t.Columns))
	for _, column := range t.Columns {
		names = append(names, column.Name)
	}
	return names
}

// NamesOf are the names of the table's columns of one kind, in order.
func (t *Table) NamesOf(kind Kind) []string {
	names := []string{}
	for _, column := range t.Columns {
		if column.Kind == kind {
			names = append(names, column.Name)
		}
	}
	return names
}

// Tables are the dataset's tables in the order the forms list them.
type Tables []*Table

// Get is the table called name, nil when there is none.
func (ts Tables) Get(name string) *Table {
	for _, table := range ts {
		if table.Name == name {
			return table
		}
	}
	return nil
}

// Names are the table names, in order.
func (ts Tables) Names() []string {
	names := make([]string, 0, len(ts))
	for _, table := range ts {
		names = append(names, table.Name)
	}
	return names
}

// Host is one of the sample's servers.
type Host struct {
	Hostname, Region, Role string
	Cores, MemoryGB        float64
}

// Hosts are the sample's three servers: the rows of servers, the hosts of cpu_metrics.
var Hosts = []Host{
	{Hostname: "db-01", Region: "eu-west", Role: "primary", Cores: 16, MemoryGB: 64},
	{Hostname: "db-02", Region: "eu-west", Role: "replica", Cores: 8, MemoryGB: 32},
	{Hostname: "db-03", Region: "eu-north", Role: "replica", Cores: 8, MemoryGB: 32},
}

// The formulas below are written as the TypeScript example's, operation for operation, so that
// both plugins answer the same numbers. The float64(...) conversions around products keep Go from
// fusing a multiply and an add into one FMA instruction (allowed on arm64 and others), which
// would round differently from JavaScript.

// noise is a deterministic value in [-1, 1) from (host, t): sample data without a random source.
func noise(host int, t int64, salt int) float64 {
	minute := floorDiv(t, 60) % 2000
	mixed := (minute*1761 + int64(host)*40503 + int64(salt)*9973) % 2000
	return float64(mixed)/1000 - 1
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// jsRound is JavaScript's Math.round: halves go up (math.Round takes them away from zero).
func jsRound(x float64) float64 {
	r := math.Floor(x)
	if x-r >= 0.5 {
		r++
	}
	return r
}

func round2(value float64) float64 {
	return jsRound(float64(value*100)) / 100
}

// CPUUsage is cpu_metrics.usage of host (its index in Hosts) at unix time t.
func CPUUsage(host int, t int64) float64 {
	daily := math.Sin(float64(2*math.Pi*float64(t%Day))/Day + float64(host))
	hourly := math.Sin(float64(float64(2*math.Pi*float64(t))/3600*0.7) + float64(2*host))
	return round2(40 + float64(20*daily) + float64(6*hourly) + float64(2*noise(host, t, 1)))
}

// CPUIowait is cpu_metrics.iowait of host at unix time t.
func CPUIowait(host int, t int64) float64 {
	wave := math.Sin(float64(2*math.Pi*float64(t))/7200 + float64(host))
	return round2(math.Max(0, 2+float64(1.5*wave)+float64(0.5*noise(host, t, 2))))
}

// SampleWindow is the first and last minute of cpu_metrics for a plugin started at now (unix
// seconds).
func SampleWindow(now int64) (first, last int64) {
	end := now - now%Day + DaysAfter*Day
	return end - (DaysBefore+DaysAfter)*Day, end - StepSeconds
}

func cpuMetrics(now int64) *Table {
	first, last := SampleWindow(now)
	return &Table{
		Name: "cpu_metrics",
		Columns: []Column{
			{Name: "time", Kind: KindTime},
			{Name: "host", Kind: KindText},
			{Name: "region", Kind: KindText},
			{Name: "usage", Kind: KindNumber},
			{Name: "iowait", Kind: KindNumber},
		},
		TimeColumn: "time",
		scan: func(from, to int64, yield func(Row) bool) {
			if from > last || to < first {
				return // also keeps the rounding below from overflowing at int64's ends
			}
			low, high := first, min(last, to)
			if from > first {
				low = -floorDiv(-from, StepSeconds) * StepSeconds // from rounded up to a minute
			}
			for t := low; t <= high; t += StepSeconds {
				for i, host := range Hosts {
					row := Row{
						{Number: float64(t)},
						{Text: host.Hostname},
						{Text: host.Region},
						{Number: CPUUsage(i, t)},
						{Number: CPUIowait(i, t)},
					}
					if !yield(row) {
						return
					}
				}
			}
		},
	}
}

func servers() *Table {
	return &Table{
		Name: "servers",
		Columns: []Column{
			{Name: "hostname", Kind: KindText},
			{Name: "region", Kind: KindText},
			{Name: "role", Kind: KindText},
			{Name: "cores", Kind: KindNumber},
			{Name: "memory_gb", Kind: KindNumber},
		},
		scan: func(_, _ int64, yield func(Row) bool) {
			for _, host := range Hosts {
				row := Row{{Text: host.Hostname}, {Text: host.Region}, {Text: host.Role}, {Number: host.Cores}, {Number: host.MemoryGB}}
				if !yield(row) {
					return
				}
			}
		},
	}
}

// SampleTables are the sample dataset's tables, cpu_metrics around the day of now (unix seconds).
func SampleTables(now int64) Tables {
	return Tables{cpuMetrics(now), servers()}
}
