// Code generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de); run `scaffold regenerate`. DO NOT EDIT.

package contract

// PluginMetadata is the contract's PluginMetadata: Plugin metadata returned by GET /well-known; the platform reads name, version, title, description.
type PluginMetadata struct {
	// Name is "name" (optional): Unique plugin identifier.
	Name Opt[string]
	// Title is "title" (optional): Display name per language.
	Title []LocalizedString
	// Version is "version" (optional): Plugin version.
	Version Opt[string]
	// Description is "description" (optional): Description per language.
	Description []LocalizedString
	// QueryHelp is "queryHelp" (optional): Hint for the query input field when JSON query mode is chosen.
	QueryHelp []LocalizedString
	// BaseURL is "baseUrl" (optional): Base URL of the plugin, including /api/v1.
	BaseURL Opt[string]
	// Author is "author" (optional, may be null): Optional developer name.
	Author Nullable[string]
	// Website is "website" (optional, may be null): Optional developer site.
	Website Nullable[string]
}

// LocalizedString is the contract's LocalizedString: A text in one language.
type LocalizedString struct {
	// Lang is "lang" (required): Language code.
	Lang string
	// Value is "value" (required): Text in that language.
	Value string
}

// PluginContext is the contract's PluginContext: Context of the call, sent by the platform with constructor, query and variable requests.
type PluginContext struct {
	// OrgID is "orgID" (optional): Organization id.
	OrgID Opt[int64]
	// PluginID is "pluginID" (optional): Client-side identifier of the plugin.
	PluginID Opt[string]
	// DataSourceInstanceSettings is "dataSourceInstanceSettings" (optional): Current data source configuration.
	DataSourceInstanceSettings Opt[DatasourceConfig]
}

// DatasourceConfig is the contract's DatasourceConfig: A data source configuration.
type DatasourceConfig struct {
	// Fields is "fields" (optional): Holds default values when the configuration is requested, and client-entered values when data is requested.
	Fields []DatasourceField
}

// DatasourceField is the contract's DatasourceField: A field of a data source configuration.
type DatasourceField struct {
	// Code is "code" (required): Used to form HTML id and name attributes; key of the field.
	Code string
	// Name is "name" (optional): Readable title.
	Name Opt[string]
	// Description is "description" (optional): Readable description.
	Description Opt[string]
	// Required is "required" (optional): When true the field must not be empty.
	Required Opt[bool]
	// Max is "max" (optional): Upper bound for type number.
	Max Opt[int32]
	// Min is "min" (optional): Lower bound for type number.
	Min Opt[int32]
	// MaxLength is "maxLength" (optional): Maximum string length for type text.
	MaxLength Opt[int32]
	// MinLength is "minLength" (optional): Minimum string length for type text.
	MinLength Opt[int32]
	// MaxFileSize is "maxFileSize" (optional): Maximum file size for type file.
	MaxFileSize Opt[int32]
	// AcceptFile is "acceptFile" (optional): File extensions the user may choose (for example .csv).
	AcceptFile Opt[string]
	// ReadOnly is "readOnly" (optional): Whether the user may edit the field.
	ReadOnly Opt[bool]
	// Options is "options" (optional): Choices.
	Options []DatasourceFieldOption
	// Placeholder is "placeholder" (optional): Text in the input before typing.
	Placeholder Opt[string]
	// Type is "type" (optional): Field type.
	Type Opt[DatasourceFieldType]
	// ValidationRule is "validationRule" (optional): Regular expression for client-side validation.
	ValidationRule Opt[string]
	// ValidationMessage is "validationMessage" (optional): Message about the expected value format.
	ValidationMessage Opt[string]
	// Value is "value" (optional): The field value (in a request) or default value (in a response). Sensitive values (passwords) are returned by the health check in encrypted form and afterwards used and returned only in encrypted form.
	Value Opt[string]
}

// DatasourceFieldOption is the contract's DatasourceFieldOption: A choice of a data source configuration field.
type DatasourceFieldOption struct {
	// Label is "label" (optional): Readable name.
	Label Opt[string]
	// Value is "value" (optional): Code value.
	Value Opt[string]
}

// ConstructorField is the contract's ConstructorField: A field description (constructor) for the data source configuration form, the query builder or the variable query builder.
type ConstructorField struct {
	// Code is "code" (required): Key of the field, used in requests and to form HTML id and name.
	Code string
	// Name is "name" (optional): Readable title.
	Name Opt[string]
	// Description is "description" (optional): Hint/description.
	Description Opt[string]
	// Required is "required" (optional): True means must not be empty.
	Required Opt[bool]
	// Placeholder is "placeholder" (optional): Text in the input before typing.
	Placeholder Opt[string]
	// Type is "type" (optional): Field type. A field of type array is shown as an accordion; each item is a separate group of the nested fields (props.fields), and the user may add several groups.
	Type Opt[ConstructorFieldType]
	// ValidationRule is "validationRule" (optional): Regular expression, client-side validation.
	ValidationRule Opt[string]
	// ValidationMessage is "validationMessage" (optional): Message about the expected format.
	ValidationMessage Opt[string]
	// Value is "value" (optional): Value preset in the UI.
	Value Opt[string]
	// ReadOnly is "readOnly" (optional): Editing forbidden when true.
	ReadOnly Opt[bool]
	// Inline is "inline" (optional): True: show on the same row as the previous field; false: on a new row.
	Inline Opt[bool]
	// DenyVariables is "denyVariables" (optional): True forbids variable substitution in this field.
	DenyVariables Opt[bool]
	// ArrayIndex is "arrayIndex" (optional): Only for fields nested in an array field; may be empty for defaults, or set to match incoming parameters.
	ArrayIndex Opt[int32]
	// Size is "size" (optional): Width of the field in the row: xs about 16.66%, sm about 33.33%, md about 50%, lg about 66.64%, xl about 83.3%, xxl 100% of the row.
	Size Opt[ConstructorFieldSize]
	// IsTrigger is "isTrigger" (optional): When true, a change of the value makes the platform request the fields again (filter.fields then holds the values of all trigger fields).
	IsTrigger Opt[bool]
	// Props is "props" (optional): Extra properties depending on type.
	Props Opt[ConstructorFieldProps]
}

// ConstructorFieldProps is the contract's ConstructorFieldProps: Extra properties of a ConstructorField, depending on its type.
type ConstructorFieldProps struct {
	// Options is "options" (optional): For select and radio; always an array of label/value objects.
	Options []ConstructorFieldPropOption
	// AllowHandwriting is "allowHandwriting" (optional): For select; allow a value not in the list.
	AllowHandwriting Opt[bool]
	// AllowMultiSelect is "allowMultiSelect" (optional): For select; allow multiple selection.
	AllowMultiSelect Opt[bool]
	// Min is "min" (optional): For number; lower bound.
	Min Opt[int32]
	// Max is "max" (optional): For number; upper bound.
	Max Opt[int32]
	// Fields is "fields" (optional): For array; nested fields of one group; the platform frontend turns them into children.
	Fields []ConstructorField
	// MaxFileSize is "maxFileSize" (optional): For file; maximum file size.
	MaxFileSize Opt[int32]
	// AcceptFile is "acceptFile" (optional): For file; allowed extensions, for example .csv.
	AcceptFile Opt[string]
}

// ConstructorFieldPropOption is the contract's ConstructorFieldPropOption: A label/value choice (select and radio options, variable values).
type ConstructorFieldPropOption struct {
	// Label is "label" (optional): Readable name.
	Label Opt[string]
	// Value is "value" (optional): Code value.
	Value Opt[string]
}

// ConstructorFilter is the contract's ConstructorFilter: Filter of a constructor request. For a form created from scratch fields is an empty array; for a saved configuration it holds the values of all fields; after a trigger change it holds the values of all trigger fields.
type ConstructorFilter struct {
	// From is "from" (optional): Unix timestamp.
	From Opt[int32]
	// To is "to" (optional): Unix timestamp.
	To Opt[int32]
	// Fields is "fields" (optional): Values of the fields (key = field code, value).
	Fields []ConstructorFilterField
}

// ConstructorFilterField is the contract's ConstructorFilterField: The value of one field in a constructor request.
type ConstructorFilterField struct {
	// Key is "key" (optional): Field code.
	Key Opt[string]
	// ArrayIndex is "arrayIndex" (optional): Index of the group for fields nested in an array field.
	ArrayIndex Opt[int32]
	// Value is "value" (optional): Field value.
	Value Opt[string]
}

// ConstructorRequest is the contract's ConstructorRequest: Request of the query and variable constructor endpoints.
type ConstructorRequest struct {
	// PluginContext is "pluginContext" (optional): Context of the call.
	PluginContext Opt[PluginContext]
	// Filter is "filter" (optional): Values already entered (empty fields for a new form).
	Filter Opt[ConstructorFilter]
	// Variables is "variables" (optional): Variables to be substituted in the query; a variable is a string or an array of strings.
	Variables Variables
}

// DataSourceConstructorRequest is the contract's DataSourceConstructorRequest: Request of POST /datasource/constructor-fields; same shape as ConstructorRequest.
type DataSourceConstructorRequest struct {
	// PluginContext is "pluginContext" (optional): Context of the call.
	PluginContext Opt[PluginContext]
	// Filter is "filter" (optional): Values already entered (empty fields for a new form).
	Filter Opt[ConstructorFilter]
	// Variables is "variables" (optional): Variables to be substituted in the query; a variable is a string or an array of strings.
	Variables Variables
}

// VariablesRequest is the contract's VariablesRequest: Request of POST /variable/values; its fields depend on what the plugin expects.
type VariablesRequest struct {
	// PluginContext is "pluginContext" (optional): Context of the call.
	PluginContext Opt[PluginContext]
	// JSON is "json" (optional): Free-form JSON text whose structure depends on the plugin.
	JSON Opt[string]
	// Variables is "variables" (optional): Variables to be substituted in the query; a variable is a string or an array of strings.
	Variables Variables
}

// QueryDataRequest is the contract's QueryDataRequest: Request of POST /query/get-result; several queries may be given in dataQuery.
type QueryDataRequest struct {
	// PluginContext is "pluginContext" (optional): Context of the call.
	PluginContext Opt[PluginContext]
	// DataQuery is "dataQuery" (required): The queries to execute; at least one.
	DataQuery []DataQuery
	// Variables is "variables" (optional): Variables to be substituted in the query; a variable is a string or an array of strings.
	Variables Variables
}

// DataQuery is the contract's DataQuery: One data query.
type DataQuery struct {
	// RefID is "refID" (optional): Query reference id, echoed in frames and fields.
	RefID Opt[string]
	// CodeQuery is "codeQuery" (optional): Direct query text in the data source syntax (Code mode). Code mode is offered only when the data source configuration contains codeMode set to the string true and a codeLang value, and the user switches the queryType radio switch to Code.
	CodeQuery Opt[string]
	// MaxDataPoints is "maxDataPoints" (optional): Maximum number of data points.
	MaxDataPoints Opt[int64]
	// TimeRange is "timeRange" (optional): Time range of the query.
	TimeRange Opt[TimeRange]
	// JSON is "json" (optional): JSON text with free structure depending on query type.
	JSON Opt[string]
}

// TimeRange is the contract's TimeRange: A time range; both bounds are unix time and inclusive.
type TimeRange struct {
	// From is "from" (optional): Start, unix time, inclusive.
	From Opt[int64]
	// To is "to" (optional): End, unix time, inclusive.
	To Opt[int64]
}

// QueryDataResponse is the contract's QueryDataResponse: Result of POST /query/get-result. Values follow either the Timestamp or the Regular result value contract.
type QueryDataResponse struct {
	// Error is "error" (optional): True when an error occurred.
	Error Opt[bool]
	// Message is "message" (optional): Error message.
	Message Opt[string]
	// ValidationErrors is "validationErrors" (optional): Field to error.
	ValidationErrors map[string]string
	// Status is "status" (optional): Status of the result (the contract gives no notes; examples mirror the HTTP status code).
	Status Opt[int32]
	// Frames is "frames" (optional): Result frames, each carrying the refID of its query.
	Frames []Frame
}

// Frame is the contract's Frame: A result frame of one query.
type Frame struct {
	// Name is "name" (optional): Frame name.
	Name Opt[string]
	// RefID is "refID" (optional): Query reference id, echoed from DataQuery.refID.
	RefID Opt[string]
	// Meta is "meta" (optional): Frame metadata. Its meaning is not shown in the contract; scaffold passes it through as an opaque string and never interprets it.
	Meta Opt[string]
	// Fields is "fields" (optional): The fields (series) of the frame.
	Fields []Field
}

// Field is the contract's Field: A field (series) of a Frame. Go type name Field.
type Field struct {
	// Name is "name" (optional): Series/metric name.
	Name Opt[string]
	// RefID is "refID" (optional): Query reference id, echoed from DataQuery.refID.
	RefID Opt[string]
	// Type is "type" (optional): Metric type.
	Type Opt[string]
	// Labels is "labels" (optional): Labels of the series. Their meaning is not shown in the contract; scaffold passes them through as an opaque string and never interprets them.
	Labels Opt[string]
	// Values is "values" (optional): Values as objects with arbitrary keys, following one of two result value contracts. Timestamp: each element is an object whose key is a unix timestamp and whose value is a string. Regular: each element is an object with arbitrary keys (for example a label and a value).
	Values []map[string]any
}

// HealthCheckResponse is the contract's HealthCheckResponse: Result of POST /datasource/health-check.
type HealthCheckResponse struct {
	// Error is "error" (optional): True when an error occurred.
	Error Opt[bool]
	// Message is "message" (optional): Message (error message when error is true).
	Message Opt[string]
	// ValidationErrors is "validationErrors" (optional): Field to error (map field code to error text).
	ValidationErrors map[string]string
	// Status is "status" (optional): True: data source is valid and reachable.
	Status Opt[bool]
	// DatasourceConfig is "datasourceConfig" (optional): The fields with their values; sensitive values (passwords) in encrypted form.
	DatasourceConfig Opt[DatasourceConfig]
}

// ErrorResponse is the contract's ErrorResponse: Error body of the endpoints whose contract shows no error body, and of 404, 405, 408, 413, 500 and 503 on every endpoint.
type ErrorResponse struct {
	// Error is "error" (required): Always true.
	Error bool
	// Message is "message" (required): What is wrong, in the caller's language.
	Message string
}

// DatasourceFieldType is the contract's DatasourceFieldType: Type of a data source configuration field (DatasourceField.type).
type DatasourceFieldType string

// The values of DatasourceFieldType.
const (
	// DatasourceFieldTypeNumber is "number".
	DatasourceFieldTypeNumber DatasourceFieldType = "number"
	// DatasourceFieldTypePassword is "password".
	DatasourceFieldTypePassword DatasourceFieldType = "password"
	// DatasourceFieldTypeText is "text".
	DatasourceFieldTypeText DatasourceFieldType = "text"
	// DatasourceFieldTypeTextarea is "textarea".
	DatasourceFieldTypeTextarea DatasourceFieldType = "textarea"
	// DatasourceFieldTypeFile is "file".
	DatasourceFieldTypeFile DatasourceFieldType = "file"
	// DatasourceFieldTypeSelect is "select".
	DatasourceFieldTypeSelect DatasourceFieldType = "select"
	// DatasourceFieldTypeRadio is "radio".
	DatasourceFieldTypeRadio DatasourceFieldType = "radio"
)

// Valid reports whether v is one of the values the contract lists for DatasourceFieldType.
func (v DatasourceFieldType) Valid() bool {
	switch v {
	case DatasourceFieldTypeNumber, DatasourceFieldTypePassword, DatasourceFieldTypeText, DatasourceFieldTypeTextarea, DatasourceFieldTypeFile, DatasourceFieldTypeSelect, DatasourceFieldTypeRadio:
		return true
	}
	return false
}

// ConstructorFieldType is the contract's ConstructorFieldType: Type of a constructor field (ConstructorField.type).
type ConstructorFieldType string

// The values of ConstructorFieldType.
const (
	// ConstructorFieldTypeText is "text".
	ConstructorFieldTypeText ConstructorFieldType = "text"
	// ConstructorFieldTypePassword is "password".
	ConstructorFieldTypePassword ConstructorFieldType = "password"
	// ConstructorFieldTypeNumber is "number".
	ConstructorFieldTypeNumber ConstructorFieldType = "number"
	// ConstructorFieldTypeTextarea is "textarea".
	ConstructorFieldTypeTextarea ConstructorFieldType = "textarea"
	// ConstructorFieldTypeSelect is "select".
	ConstructorFieldTypeSelect ConstructorFieldType = "select"
	// ConstructorFieldTypeRadio is "radio".
	ConstructorFieldTypeRadio ConstructorFieldType = "radio"
	// ConstructorFieldTypeCheckbox is "checkbox".
	ConstructorFieldTypeCheckbox ConstructorFieldType = "checkbox"
	// ConstructorFieldTypeArray is "array".
	ConstructorFieldTypeArray ConstructorFieldType = "array"
	// ConstructorFieldTypeFile is "file".
	ConstructorFieldTypeFile ConstructorFieldType = "file"
)

// Valid reports whether v is one of the values the contract lists for ConstructorFieldType.
func (v ConstructorFieldType) Valid() bool {
	switch v {
	case ConstructorFieldTypeText, ConstructorFieldTypePassword, ConstructorFieldTypeNumber, ConstructorFieldTypeTextarea, ConstructorFieldTypeSelect, ConstructorFieldTypeRadio, ConstructorFieldTypeCheckbox, ConstructorFieldTypeArray, ConstructorFieldTypeFile:
		return true
	}
	return false
}

// ConstructorFieldSize is the contract's ConstructorFieldSize: Width of a constructor field in its row: xs about 16.66%, sm about 33.33%, md about 50%, lg about 66.64%, xl about 83.3%, xxl 100% of the row.
type ConstructorFieldSize string

// The values of ConstructorFieldSize.
const (
	// ConstructorFieldSizeXs is "xs".
	ConstructorFieldSizeXs ConstructorFieldSize = "xs"
	// ConstructorFieldSizeSm is "sm".
	ConstructorFieldSizeSm ConstructorFieldSize = "sm"
	// ConstructorFieldSizeMd is "md".
	ConstructorFieldSizeMd ConstructorFieldSize = "md"
	// ConstructorFieldSizeLg is "lg".
	ConstructorFieldSizeLg ConstructorFieldSize = "lg"
	// ConstructorFieldSizeXl is "xl".
	ConstructorFieldSizeXl ConstructorFieldSize = "xl"
	// ConstructorFieldSizeXxl is "xxl".
	ConstructorFieldSizeXxl ConstructorFieldSize = "xxl"
)

// Valid reports whether v is one of the values the contract lists for ConstructorFieldSize.
func (v ConstructorFieldSize) Valid() bool {
	switch v {
	case ConstructorFieldSizeXs, ConstructorFieldSizeSm, ConstructorFieldSizeMd, ConstructorFieldSizeLg, ConstructorFieldSizeXl, ConstructorFieldSizeXxl:
		return true
	}
	return false
}

// VariableValue is the contract's VariableValue: The value of one variable, a string or an array of strings.
// Exactly one branch holds a value: build one with VariableValueFrom<Branch>, read it with As<Branch>.
type VariableValue struct {
	// branch is 1 + the index of the branch that holds the value (0: none yet).
	branch uint8
	// v0 holds the string branch.
	v0 string
	// v1 holds the array branch.
	v1 []string
}

// VariableValueFromString is a VariableValue holding the string branch.
func VariableValueFromString(value string) VariableValue {
	return VariableValue{branch: 1, v0: value}
}

// AsString is the string branch's value, and whether that branch is the one held.
func (v VariableValue) AsString() (string, bool) {
	return v.v0, v.branch == 1
}

// VariableValueFromArray is a VariableValue holding the array branch.
func VariableValueFromArray(value []string) VariableValue {
	return VariableValue{branch: 2, v1: value}
}

// AsArray is the array branch's value, and whether that branch is the one held.
func (v VariableValue) AsArray() ([]string, bool) {
	return v.v1, v.branch == 2
}

// Variables is the contract's Variables: Variables to be substituted in the query, by name; a variable is a string or an array of strings.
type Variables map[string]VariableValue
