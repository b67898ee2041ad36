// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/support.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// Small helpers the generated decoders and encoders (json_gen.go) share.

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
)

// appendKey writes a property's key (a JSON string and its colon), after a comma unless first.
func appendKey(b []byte, n *int, key string) []byte {
	if *n > 0 {
		b = append(b, ',')
	}
	*n++
	return append(b, key...)
}

// sortedKeys is m's keys in order, so that maps are written the same way every time.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

// isAbsoluteURI is JSON Schema's `format: uri`: a URI with a scheme.
func isAbsoluteURI(text string) bool {
	parsed, err := url.Parse(text)
	return err == nil && parsed.Scheme != "" && !strings.ContainsAny(text, " \t\r\n")
}

// readError is what a Reader found as one error (nil when the document is as the schema says), for UnmarshalJSON.
func readError(r *Reader) error {
	if syntax := r.Syntax(); syntax != nil {
		return syntax
	}
	problems := r.Problems()
	if len(problems) == 0 {
		return nil
	}
	parts := make([]string, 0, len(problems))
	for _, problem := range problems {
		where := problem.Place
		if where == "" {
			where = "the document"
		}
		parts = append(parts, where+": "+problem.Kind)
	}
	return fmt.Errorf("not as the contract's schema says: %s", strings.Join(parts, "; "))
}

// mustTexts reads the generated runtime texts (texts_gen.go holds them as JSON text).
func mustTexts(text string) map[string]map[string]string {
	var texts map[string]map[string]string
	if err := json.Unmarshal([]byte(text), &texts); err != nil {
		panic("the runtime texts are not valid JSON: " + err.Error())
	}
	return texts
}
