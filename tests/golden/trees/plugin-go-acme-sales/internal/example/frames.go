package example

// The two result shapes of a query: a table (the Regular contract: one field whose values are the
// rows) and time series (the Timestamp contract: one field per value column and group, each value
// an object {"<unix time>": "<number>"}), thinned to maxDataPoints by averaging time buckets.

import (
	"math"
	"strconv"

	"acme-sales/internal/contract"
)

// jsString is a number as JavaScript's String(number) writes it, so that series values and
// labels read the same as the TypeScript example's.
func jsString(number float64) string {
	switch {
	case math.IsNaN(number):
		return "NaN"
	case math.IsInf(number, 1):
		return "Infinity"
	case math.IsInf(number, -1):
		return "-Infinity"
	}
	text, _ := contract.AppendFloat(nil, number) // finite: no error
	return string(text)
}

// cellText is a cell as text: a text as it is, a number as JavaScript writes it.
func cellText(column Column, value Value) string {
	if column.Kind == KindText {
		return value.Text
	}
	return jsString(value.Number)
}

// cellJSON is a cell as a value of a Regular frame: a string or a float64.
func cellJSON(column Column, value Value) any {
	if column.Kind == KindText {
		return value.Text
	}
	return value.Number
}

func tableFrame(query contract.DataQuery, source rowSource, columns []string, limit int64, limits *Limits) (contract.Frame, error) {
	table := source.table
	indexes := make([]int, len(columns))
	for i, name := range columns {
		indexes[i] = table.Index(name)
	}
	records := []map[string]any{}
	var encoded []byte // one record as JSON: what it adds to the answer
	var spent error
	err := source.scan(func(row Row) bool {
		if int64(len(records)) >= limit {
			return false
		}
		record := make(map[string]any, len(columns))
		encoded = append(encoded[:0], '{')
		for i, name := range columns {
			value := cellJSON(table.Columns[indexes[i]], row[indexes[i]])
			record[name] = value
			if i > 0 {
				encoded = append(encoded, ',')
			}
			encoded = append(contract.AppendString(encoded, name), ':')
			encoded, _ = contract.AppendAny(encoded, value)
		}
		encoded = append(encoded, '}')
		if spent = limits.Spend(len(encoded) + 1); spent != nil {
			return false
		}
		records = append(records, record)
		return true
	})
	if err == nil {
		err = spent
	}
	if err != nil {
		return contract.Frame{}, err
	}
	field := contract.Field{Name: contract.Some(table.Name), Type: contract.Some("table"), Values: records}
	meta := `{"rows":` + strconv.Itoa(len(records)) + `}`
	return newFrame(query, table.Name, []contract.Field{field}, meta), nil
}

// point is one value of a series at a unix time, both as JavaScript numbers (float64) so that
// bucketing rounds as in the TypeScript example.
type point struct {
	time, value float64
}

type series struct {
	name, labels string
	points       []point
}

func seriesFrame(query contract.DataQuery, source rowSource, group string, values []string, limit int64, limits *Limits) (contract.Frame, error) {
	table := source.table
	timeIndex := table.Index(table.TimeColumn)
	groupIndex := table.Index(group)
	valueIndexes := make([]int, len(values))
	for i, name := range values {
		valueIndexes[i] = table.Index(name)
	}
	// series in the order they first appear, found by (value column, group value)
	var found []*series
	byKey := map[[2]string]*series{}
	var spent error
	err := source.scan(func(row Row) bool {
		time := row[timeIndex].Number
		groupValue := ""
		if groupIndex >= 0 {
			groupValue = cellText(table.Columns[groupIndex], row[groupIndex])
		}
		for i, value := range values {
			key := [2]string{value, groupValue}
			s := byKey[key]
			if s == nil {
				s = &series{name: value}
				if group != "" {
					s.name, s.labels = value+" "+groupValue, group+"="+groupValue
				}
				byKey[key] = s
				found = append(found, s)
			}
			if spent = limits.Spend(24); spent != nil {
				return false
			}
			s.points = append(s.points, point{time, row[valueIndexes[i]].Number})
		}
		return true
	})
	if err == nil {
		err = spent
	}
	if err != nil {
		return contract.Frame{}, err
	}
	fields := make([]contract.Field, 0, len(found))
	bucketSeconds := 0.0
	for _, s := range found {
		kept, width := thin(s.points, limit, query.TimeRange.Value)
		bucketSeconds = math.Max(bucketSeconds, width)
		points := make([]map[string]any, 0, len(kept))
		for _, p := range kept {
			points = append(points, map[string]any{jsString(p.time): jsString(p.value)})
		}
		field := contract.Field{Name: contract.Some(s.name), Type: contract.Some("number"), Values: points}
		if s.labels != "" {
			field.Labels = contract.Some(s.labels)
		}
		fields = append(fields, field)
	}
	meta := "{}"
	if bucketSeconds != 0 {
		meta = `{"bucketSeconds":` + jsString(bucketSeconds) + `}`
	}
	return newFrame(query, table.Name, fields, meta), nil
}

// thin keeps at most limit points: averages over equal time buckets of the time range (of the
// points, for a bound the range leaves out), each at the time of its bucket's first point. It
// also returns the bucket width in seconds (0 when nothing was averaged).
func thin(points []point, limit int64, timeRange contract.TimeRange) ([]point, float64) {
	if int64(len(points)) <= limit || len(points) == 0 {
		return points, 0
	}
	low, high := points[0].time, points[len(points)-1].time
	if from, ok := timeRange.From.Get(); ok {
		low = float64(from)
	}
	if to, ok := timeRange.To.Get(); ok {
		high = float64(to)
	}
	width := math.Max(1, math.Ceil((high-low+1)/float64(limit)))
	type bucket struct {
		time, sum float64
		count     int
	}
	var buckets []*bucket
	byIndex := map[float64]*bucket{}
	for _, p := range points {
		index := math.Floor((p.time - low) / width)
		if b := byIndex[index]; b != nil {
			b.sum += p.value
			b.count++
			continue
		}
		b := &bucket{time: p.time, sum: p.value, count: 1}
		byIndex[index] = b
		buckets = append(buckets, b)
	}
	averaged := make([]point, 0, len(buckets))
	for _, b := range buckets {
		averaged = append(averaged, point{b.time, round2(b.sum / float64(b.count))})
	}
	return averaged, width
}
