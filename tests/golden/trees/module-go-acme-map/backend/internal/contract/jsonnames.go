// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/jsonnames.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// The strict JSON reader and the wire-format writer live in their own package,
// internal/contract/jsonio; these are the names the contract package (its generated decoders and
// encoders among them) and the code written against it have always used.

import "acme-map/internal/contract/jsonio"

// Reader reads one JSON body strictly, token by token (jsonio.Reader).
type Reader = jsonio.Reader

// Problem is a place in a body where a value does not match the contract (jsonio.Problem).
type Problem = jsonio.Problem

// SyntaxError is a body that is not JSON (jsonio.SyntaxError).
type SyntaxError = jsonio.SyntaxError

// NewReader reads data, refusing nesting deeper than maxDepth (jsonio.NewReader).
func NewReader(data []byte, maxDepth int) *Reader { return jsonio.NewReader(data, maxDepth) }

// AppendString appends s as a JSON string (jsonio.AppendString).
func AppendString(b []byte, s string) []byte { return jsonio.AppendString(b, s) }

// AppendInt appends n as a JSON number (jsonio.AppendInt).
func AppendInt(b []byte, n int64) []byte { return jsonio.AppendInt(b, n) }

// AppendBool appends true or false (jsonio.AppendBool).
func AppendBool(b []byte, v bool) []byte { return jsonio.AppendBool(b, v) }

// AppendFloat appends f as JSON writes a float64; an error for NaN and infinities (jsonio.AppendFloat).
func AppendFloat(b []byte, f float64) ([]byte, error) { return jsonio.AppendFloat(b, f) }

// AppendAny appends a value of encoding/json's kinds (jsonio.AppendAny).
func AppendAny(b []byte, v any) ([]byte, error) { return jsonio.AppendAny(b, v) }
