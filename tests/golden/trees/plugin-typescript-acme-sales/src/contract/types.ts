// generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`

/**
 * TypeScript types of the Data Source Plugin HTTP API (datasource-plugin 1.2.0+r3).
 * Import them in your components; regenerate instead of editing.
 */

/**
 * Plugin metadata returned by GET /well-known; the platform reads name, version, title,
 * description.
 */
export interface PluginMetadata {
  /** Unique plugin identifier. */
  name?: string;
  /** Display name per language. */
  title?: LocalizedString[];
  /** Plugin version. */
  version?: string;
  /** Description per language. */
  description?: LocalizedString[];
  /** Hint for the query input field when JSON query mode is chosen. */
  queryHelp?: LocalizedString[];
  /** Base URL of the plugin, including /api/v1. */
  baseUrl?: string;
  /** Optional developer name. */
  author?: string | null;
  /** Optional developer site. */
  website?: string | null;
}

/** A text in one language. */
export interface LocalizedString {
  /** Language code. */
  lang: string;
  /** Text in that language. */
  value: string;
}

/** Context of the call, sent by the platform with constructor, query and variable requests. */
export interface PluginContext {
  /** Organization id. */
  orgID?: number;
  /** Client-side identifier of the plugin. */
  pluginID?: string;
  /** Current data source configuration. */
  dataSourceInstanceSettings?: DatasourceConfig;
}

/** A data source configuration. */
export interface DatasourceConfig {
  /**
   * Holds default values when the configuration is requested, and client-entered values when data
   * is requested.
   */
  fields?: DatasourceField[];
}

/** A field of a data source configuration. */
export interface DatasourceField {
  /** Used to form HTML id and name attributes; key of the field. */
  code: string;
  /** Readable title. */
  name?: string;
  /** Readable description. */
  description?: string;
  /** When true the field must not be empty. */
  required?: boolean;
  /** Upper bound for type number. */
  max?: number;
  /** Lower bound for type number. */
  min?: number;
  /** Maximum string length for type text. */
  maxLength?: number;
  /** Minimum string length for type text. */
  minLength?: number;
  /** Maximum file size for type file. */
  maxFileSize?: number;
  /** File extensions the user may choose (for example .csv). */
  acceptFile?: string;
  /** Whether the user may edit the field. */
  readOnly?: boolean;
  /** Choices. */
  options?: DatasourceFieldOption[];
  /** Text in the input before typing. */
  placeholder?: string;
  /** Field type. */
  type?: DatasourceFieldType;
  /** Regular expression for client-side validation. */
  validationRule?: string;
  /** Message about the expected value format. */
  validationMessage?: string;
  /**
   * The field value (in a request) or default value (in a response). Sensitive values (passwords)
   * are returned by the health check in encrypted form and afterwards used and returned only in
   * encrypted form.
   */
  value?: string;
}

/** A choice of a data source configuration field. */
export interface DatasourceFieldOption {
  /** Readable name. */
  label?: string;
  /** Code value. */
  value?: string;
}

/**
 * A field description (constructor) for the data source configuration form, the query builder or
 * the variable query builder.
 */
export interface ConstructorField {
  /** Key of the field, used in requests and to form HTML id and name. */
  code: string;
  /** Readable title. */
  name?: string;
  /** Hint/description. */
  description?: string;
  /** True means must not be empty. */
  required?: boolean;
  /** Text in the input before typing. */
  placeholder?: string;
  /**
   * Field type. A field of type array is shown as an accordion; each item is a separate group of
   * the nested fields (props.fields), and the user may add several groups.
   */
  type?: ConstructorFieldType;
  /** Regular expression, client-side validation. */
  validationRule?: string;
  /** Message about the expected format. */
  validationMessage?: string;
  /** Value preset in the UI. */
  value?: string;
  /** Editing forbidden when true. */
  readOnly?: boolean;
  /** True: show on the same row as the previous field; false: on a new row. */
  inline?: boolean;
  /** True forbids variable substitution in this field. */
  denyVariables?: boolean;
  /**
   * Only for fields nested in an array field; may be empty for defaults, or set to match incoming
   * parameters.
   */
  arrayIndex?: number;
  /**
   * Width of the field in the row: xs about 16.66%, sm about 33.33%, md about 50%, lg about 66.64%,
   * xl about 83.3%, xxl 100% of the row.
   */
  size?: ConstructorFieldSize;
  /**
   * When true, a change of the value makes the platform request the fields again (filter.fields
   * then holds the values of all trigger fields).
   */
  isTrigger?: boolean;
  /** Extra properties depending on type. */
  props?: ConstructorFieldProps;
}

/** Extra properties of a ConstructorField, depending on its type. */
export interface ConstructorFieldProps {
  /** For select and radio; always an array of label/value objects. */
  options?: ConstructorFieldPropOption[];
  /** For select; allow a value not in the list. */
  allowHandwriting?: boolean;
  /** For select; allow multiple selection. */
  allowMultiSelect?: boolean;
  /** For number; lower bound. */
  min?: number;
  /** For number; upper bound. */
  max?: number;
  /** For array; nested fields of one group; the platform frontend turns them into children. */
  fields?: ConstructorField[];
  /** For file; maximum file size. */
  maxFileSize?: number;
  /** For file; allowed extensions, for example .csv. */
  acceptFile?: string;
}

/** A label/value choice (select and radio options, variable values). */
export interface ConstructorFieldPropOption {
  /** Readable name. */
  label?: string;
  /** Code value. */
  value?: string;
}

/**
 * Filter of a constructor request. For a form created from scratch fields is an empty array; for a
 * saved configuration it holds the values of all fields; after a trigger change it holds the values
 * of all trigger fields.
 */
export interface ConstructorFilter {
  /** Unix timestamp. */
  from?: number;
  /** Unix timestamp. */
  to?: number;
  /** Values of the fields (key = field code, value). */
  fields?: ConstructorFilterField[];
}

/** The value of one field in a constructor request. */
export interface ConstructorFilterField {
  /** Field code. */
  key?: string;
  /** Index of the group for fields nested in an array field. */
  arrayIndex?: number;
  /** Field value. */
  value?: string;
}

/** Request of the query and variable constructor endpoints. */
export interface ConstructorRequest {
  /** Context of the call. */
  pluginContext?: PluginContext;
  /** Values already entered (empty fields for a new form). */
  filter?: ConstructorFilter;
  /** Variables to be substituted in the query; a variable is a string or an array of strings. */
  variables?: Variables;
}

/** Request of POST /datasource/constructor-fields; same shape as ConstructorRequest. */
export interface DataSourceConstructorRequest {
  /** Context of the call. */
  pluginContext?: PluginContext;
  /** Values already entered (empty fields for a new form). */
  filter?: ConstructorFilter;
  /** Variables to be substituted in the query; a variable is a string or an array of strings. */
  variables?: Variables;
}

/** Request of POST /variable/values; its fields depend on what the plugin expects. */
export interface VariablesRequest {
  /** Context of the call. */
  pluginContext?: PluginContext;
  /** Free-form JSON text whose structure depends on the plugin. */
  json?: string;
  /** Variables to be substituted in the query; a variable is a string or an array of strings. */
  variables?: Variables;
}

/** Request of POST /query/get-result; several queries may be given in dataQuery. */
export interface QueryDataRequest {
  /** Context of the call. */
  pluginContext?: PluginContext;
  /** The queries to execute; at least one. */
  dataQuery: DataQuery[];
  /** Variables to be substituted in the query; a variable is a string or an array of strings. */
  variables?: Variables;
}

/** One data query. */
export interface DataQuery {
  /** Query reference id, echoed in frames and fields. */
  refID?: string;
  /**
   * Direct query text in the data source syntax (Code mode). Code mode is offered only when the
   * data source configuration contains codeMode set to the string true and a codeLang value, and
   * the user switches the queryType radio switch to Code.
   */
  codeQuery?: string;
  /** Maximum number of data points. */
  maxDataPoints?: number;
  /** Time range of the query. */
  timeRange?: TimeRange;
  /** JSON text with free structure depending on query type. */
  json?: string;
}

/** A time range; both bounds are unix time and inclusive. */
export interface TimeRange {
  /** Start, unix time, inclusive. */
  from?: number;
  /** End, unix time, inclusive. */
  to?: number;
}

/**
 * Result of POST /query/get-result. Values follow either the Timestamp or the Regular result value
 * contract.
 */
export interface QueryDataResponse {
  /** True when an error occurred. */
  error?: boolean;
  /** Error message. */
  message?: string;
  /** Field to error. */
  validationErrors?: Record<string, string>;
  /** Status of the result (the contract gives no notes; examples mirror the HTTP status code). */
  status?: number;
  /** Result frames, each carrying the refID of its query. */
  frames?: Frame[];
}

/** A result frame of one query. */
export interface Frame {
  /** Frame name. */
  name?: string;
  /** Query reference id, echoed from DataQuery.refID. */
  refID?: string;
  /**
   * Frame metadata. Its meaning is not shown in the contract; scaffold passes it through as an
   * opaque string and never interprets it.
   *
   * scaffold's decision: Meaning not shown in the contract: scaffold passes meta through as an
   * opaque string and never interprets it.
   */
  meta?: string;
  /** The fields (series) of the frame. */
  fields?: Field[];
}

/** A field (series) of a Frame. TypeScript type name Field. */
export interface Field {
  /** Series/metric name. */
  name?: string;
  /** Query reference id, echoed from DataQuery.refID. */
  refID?: string;
  /** Metric type. */
  type?: string;
  /**
   * Labels of the series. Their meaning is not shown in the contract; scaffold passes them through
   * as an opaque string and never interprets them.
   *
   * scaffold's decision: Meaning not shown in the contract: scaffold passes labels through as an
   * opaque string and never interprets them.
   */
  labels?: string;
  /**
   * Values as objects with arbitrary keys, following one of two result value contracts. Timestamp:
   * each element is an object whose key is a unix timestamp and whose value is a string. Regular:
   * each element is an object with arbitrary keys (for example a label and a value).
   */
  values?: Record<string, unknown>[];
}

/** Result of POST /datasource/health-check. */
export interface HealthCheckResponse {
  /** True when an error occurred. */
  error?: boolean;
  /** Message (error message when error is true). */
  message?: string;
  /** Field to error (map field code to error text). */
  validationErrors?: Record<string, string>;
  /** True: data source is valid and reachable. */
  status?: boolean;
  /** The fields with their values; sensitive values (passwords) in encrypted form. */
  datasourceConfig?: DatasourceConfig;
}

/**
 * Error body of the endpoints whose contract shows no error body, and of 404, 405, 408, 413, 500
 * and 503 on every endpoint.
 *
 * scaffold's decision: Error bodies are not shown in the contract for these cases: scaffold uses
 * {"error": true, "message": "<text>"}, the two fields the contract's own error bodies share. The
 * message is localised by Accept-Language where the endpoint takes it and never echoes the input.
 */
export interface ErrorResponse {
  /** Always true. */
  error: true;
  /** What is wrong, in the caller's language. */
  message: string;
}

/** Type of a data source configuration field (DatasourceField.type). */
export type DatasourceFieldType = 'number' | 'password' | 'text' | 'textarea' | 'file' | 'select' | 'radio';

/** Type of a constructor field (ConstructorField.type). */
export type ConstructorFieldType = 'text' | 'password' | 'number' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'array' | 'file';

/**
 * Width of a constructor field in its row: xs about 16.66%, sm about 33.33%, md about 50%, lg about
 * 66.64%, xl about 83.3%, xxl 100% of the row.
 */
export type ConstructorFieldSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';

/** The value of one variable, a string or an array of strings. */
export type VariableValue = string | string[];

/**
 * Variables to be substituted in the query, by name; a variable is a string or an array of strings.
 */
export type Variables = Record<string, VariableValue>;
