// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/answers.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// Building the contract's answers: frames of a query result, and the configuration a health check
// saves. The same helpers as the Python and TypeScript plugins' (frame, queryResponse,
// savedConfig), so a data source reads alike in every language.

import "encoding/json"

// NewFrame is a frame of one query: refID echoes DataQuery.refID (and is set on every field
// without one); an empty name or refID is left out.
func NewFrame(refID, name string, fields []Field) Frame {
	frame := Frame{Fields: make([]Field, len(fields))}
	for i, field := range fields {
		if !field.RefID.Set && refID != "" {
			field.RefID = Some(refID)
		}
		frame.Fields[i] = field
	}
	if name != "" {
		frame.Name = Some(name)
	}
	if refID != "" {
		frame.RefID = Some(refID)
	}
	return frame
}

// NewQueryResponse is the answer of getQueryResult: the frames, status 200.
func NewQueryResponse(frames []Frame) *QueryDataResponse {
	if frames == nil {
		frames = []Frame{}
	}
	return &QueryDataResponse{Frames: frames, Status: Some(int32(200))}
}

// SavedConfig is what the platform saves after a health check: the fields sent, then the defaults
// of form (the data source form) for the fields not sent; password fields stay passwords, so the
// routes return them encrypted.
func SavedConfig(form []ConstructorField, sent []DatasourceField) DatasourceConfig {
	kinds := make(map[string]string, len(form))
	for _, field := range form {
		if field.Type.Set {
			kinds[field.Code] = string(field.Type.Value)
		}
	}
	saved := []DatasourceField{}
	seen := map[string]bool{}
	for _, item := range sent {
		if seen[item.Code] {
			continue
		}
		seen[item.Code] = true
		kind := kinds[item.Code]
		if item.Type.Set {
			kind = string(item.Type.Value)
		}
		saved = append(saved, savedField(item.Code, kind, item.Value.Value))
	}
	for _, field := range form {
		if !seen[field.Code] && field.Value.Set {
			saved = append(saved, savedField(field.Code, kinds[field.Code], field.Value.Value))
		}
	}
	return DatasourceConfig{Fields: saved}
}

func savedField(code, kind, value string) DatasourceField {
	field := DatasourceField{Code: code, Value: Some(value)}
	if DatasourceFieldType(kind).Valid() {
		field.Type = Some(DatasourceFieldType(kind))
	}
	return field
}

// Texts is a text in every language of catalog, for the metadata's localised lists.
func Texts(catalog *Catalog, key string) []LocalizedString {
	found := []LocalizedString{}
	for _, text := range catalog.Texts(key) {
		found = append(found, LocalizedString{Lang: text.Lang, Value: text.Value})
	}
	return found
}

// JSONText is value as JSON text, for fields the contract carries as strings of JSON (meta, json).
func JSONText(value any) (string, error) {
	data, err := json.Marshal(value)
	return string(data), err
}
