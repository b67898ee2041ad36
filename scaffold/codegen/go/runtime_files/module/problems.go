package module

// The words of an own endpoint's problem at one place ("payload.count: Input should be a valid
// integer"), filled into the table's "endpoint.mismatch" text. They are this runtime's, as the
// Python backend's are pydantic's messages and the TypeScript backend's Ajv's: the table
// (moduletexts_gen.go) holds the sentences every language says alike, these the part each
// language's validator words. The Go ones follow pydantic's, the reference backend's.
const (
	textFieldRequired = "Field required"
	textWantString    = "Input should be a valid string"
	textWantInteger   = "Input should be a valid integer"
	textWantNumber    = "Input should be a valid number"
	textWantBoolean   = "Input should be a valid boolean"
	textWantObject    = "Input should be an object"
	textWantArray     = "Input should be a valid list"
	textWantValue     = "Input should not be null"
	textOutOfRange    = "Input should be a whole number the field can hold"
)
