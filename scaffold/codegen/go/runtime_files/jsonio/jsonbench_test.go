package jsonio

// Benchmarks of the reader on a realistic ~100 KB body (an array of query objects with strings,
// integers, floats, nested arrays and a map), decoded as generated decoders do, beside
// encoding/json decoding the same body into the same structs.

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

type jrbQuery struct {
	RefID    string            `json:"refID"`
	Name     string            `json:"name"`
	Interval int64             `json:"intervalMs"`
	MaxLines int32             `json:"maxDataPoints"`
	Hide     bool              `json:"hide"`
	Ratio    float64           `json:"ratio"`
	Tags     []string          `json:"tags"`
	Values   []int64           `json:"values"`
	Labels   map[string]string `json:"labels"`
}

// jrbBody returns about size bytes of JSON: an array of queries.
func jrbBody(size int) []byte {
	var b strings.Builder
	b.WriteString("[\n")
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		n := strconv.Itoa(i)
		b.WriteString(`  {"refID": "Q` + n + `", "name": "requests per second \"p95\" – service ` + n + `",`)
		b.WriteString(` "intervalMs": ` + strconv.Itoa(i*1000+15) + `, "maxDataPoints": 1500, "hide": ` + strconv.FormatBool(i%3 == 0) + `,`)
		b.WriteString(` "ratio": 0.` + n + `5, "tags": ["prod", "eu-west-1", "tier-` + n + `"],`)
		b.WriteString(` "values": [`)
		for j := 0; j < 12; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(i*j*7919 - 40000))
		}
		b.WriteString(`], "labels": {"job": "api", "instance": "10.0.0.` + n + `:9090"}, "datasource": {"uid": "x` + n + `", "type": "prometheus"}}`)
	}
	b.WriteString("\n]\n")
	return []byte(b.String())
}

func jrbDecodeQueries(r *Reader, v *[]jrbQuery) {
	if !r.BeginArray() {
		return
	}
	*v = []jrbQuery{}
	for i := 0; r.NextItem(); i++ {
		r.EnterIndex(i)
		var q jrbQuery
		jrbDecodeQuery(r, &q)
		*v = append(*v, q)
		r.Leave()
	}
}

func jrbDecodeQuery(r *Reader, v *jrbQuery) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "refID":
			r.Enter("refID")
			seen |= 1
			v.RefID = r.String()
			r.Leave()
		case "name":
			r.Enter("name")
			v.Name = r.String()
			r.Leave()
		case "intervalMs":
			r.Enter("intervalMs")
			v.Interval = r.Int64()
			r.Leave()
		case "maxDataPoints":
			r.Enter("maxDataPoints")
			v.MaxLines = r.Int32()
			r.Leave()
		case "hide":
			r.Enter("hide")
			v.Hide = r.Bool()
			r.Leave()
		case "ratio":
			r.Enter("ratio")
			v.Ratio = r.Float64()
			r.Leave()
		case "tags":
			r.Enter("tags")
			if r.BeginArray() {
				v.Tags = []string{}
				for i := 0; r.NextItem(); i++ {
					r.EnterIndex(i)
					v.Tags = append(v.Tags, r.String())
					r.Leave()
				}
			}
			r.Leave()
		case "values":
			r.Enter("values")
			if r.BeginArray() {
				v.Values = []int64{}
				for i := 0; r.NextItem(); i++ {
					r.EnterIndex(i)
					v.Values = append(v.Values, r.Int64())
					r.Leave()
				}
			}
			r.Leave()
		case "labels":
			r.Enter("labels")
			if r.BeginObject() {
				v.Labels = make(map[string]string)
				for r.NextKey() {
					key := string(r.Key())
					r.EnterKey()
					v.Labels[key] = r.String()
					r.Leave()
				}
			}
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&1 == 0 {
		r.Enter("refID")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func TestJSONReadBenchmarkBody(t *testing.T) {
	data := jrbBody(100 << 10)
	r := NewReader(data, 64)
	var got []jrbQuery
	jrbDecodeQueries(r, &got)
	r.End()
	var want []jrbQuery
	if err := json.Unmarshal(data, &want); err != nil || r.Syntax() != nil || len(r.Problems()) != 0 {
		t.Fatal(err, r.Syntax(), r.Problems())
	}
	if len(got) != len(want) || got[7].Name != want[7].Name || got[7].Ratio != want[7].Ratio ||
		got[9].Values[11] != want[9].Values[11] || got[5].Labels["instance"] != want[5].Labels["instance"] {
		t.Errorf("the decoders disagree: %+v, %+v", got[7], want[7])
	}
}

func BenchmarkReader(b *testing.B) {
	data := jrbBody(100 << 10)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r := NewReader(data, 64)
		var v []jrbQuery
		jrbDecodeQueries(r, &v)
		r.End()
		if r.Syntax() != nil {
			b.Fatal(r.Syntax())
		}
	}
}

func BenchmarkReaderSkip(b *testing.B) {
	data := jrbBody(100 << 10)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r := NewReader(data, 64)
		r.Skip()
		r.End()
	}
}

// BenchmarkReaderEncodingJSON is the yardstick: encoding/json decoding the same body.
func BenchmarkReaderEncodingJSON(b *testing.B) {
	data := jrbBody(100 << 10)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v []jrbQuery
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}
