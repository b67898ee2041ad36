// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`

/**
 * TypeScript types of the Dashboard widget module contract (dashboard-module 2026.1.1+r5).
 * Import them in your components; regenerate instead of editing.
 */

/** A localized string. */
export interface LocaleArrayItem {
  /** Language code such as ru-RU or en-US. */
  lang: string;
  /** The text in that language. */
  value: string;
}

/**
 * Module metadata, the answer of GET {baseUrl}/api/v1/well-known. Minimum required set: name,
 * title, description, version, entryPoint, frontendHost, scope, components. Always returning the
 * full set is recommended.
 */
export interface ModuleMetadata {
  /** Unique technical module name; critical. */
  name: string;
  /** Localized display name. */
  title: LocaleArrayItem[];
  /** Localized description. */
  description: LocaleArrayItem[];
  /** Module version. */
  version: string;
  /**
   * Path to the JS bundle; critical. The JS URL is the result of resolving entryPoint against
   * frontendHost.
   */
  entryPoint: string;
  /** Base host of frontend artifacts. */
  frontendHost: string;
  /** Name of the global object in window. */
  scope: string;
  /** Component names available in registry; critical. */
  components: string[];
  /** Whether widgets of this module may be created on a dashboard. */
  canAddToDashboard?: boolean;
}

/** Host-side module record, passed to WidgetEditor. */
export interface ExternalModule {
  /** Module id in the system. */
  id: string;
  /** Technical name. */
  name: string;
  /** Module version. */
  version: string;
  /** Base URL of the module backend/API. */
  baseUrl: string;
  /** Service build mark for cache busting. */
  buildTimestamp?: string;
  /** Base host of frontend artifacts. */
  frontendHost: string;
  /** Name of the global object in window. */
  scope: string;
  /** Internal module type identifier. */
  module: string;
  /** Whether the module is active. */
  isActive: boolean;
  /** Whether widgets of this module may be created on a dashboard. */
  canAddToDashboard?: boolean;
  /** Path to the JS bundle. */
  entryPoint: string;
  /** Component names available in registry. */
  components: string[];
  /** Creation date of the record. */
  createdAt: string;
  /** Last change date. */
  updatedAt: string;
  /** Saved module settings (any JSON value; the structure is free). */
  settings: unknown;
  /** Localized display name. */
  title: LocaleArrayItem[];
  /** Localized description. */
  description: LocaleArrayItem[];
}

/**
 * Time range, refresh interval and sizes inherited from the dashboard (WidgetEditor
 * dashboardProps).
 */
export interface IDashboardWidgetProps {
  /**
   * Start of time range.
   *
   * scaffold's decision: The format of from and to is not shown in the contract. scaffold's
   * reading, which its dev page, check and seeded tests follow: an ISO 8601 instant in UTC with
   * milliseconds, as JavaScript's Date.prototype.toISOString() writes it
   * (2026-03-14T09:00:00.000Z); the host resolves a relative range ("now-6h") before a component
   * sees it.
   */
  from?: string;
  /** End of time range. */
  to?: string;
  /** Auto-refresh interval in milliseconds. */
  refreshTime: number;
  /** Widget width in grid columns. */
  cols?: number;
  /** Widget height in grid rows. */
  rows?: number;
}

/** Short description of a user. */
export interface IShortUser {
  /** User id. */
  _id: string;
  /** User name. */
  username: string;
  /** User email. */
  email: string;
  /** User role. */
  role: string;
}

/** A color palette available in the system. */
export interface IPalette {
  /** Palette id. */
  _id?: string;
  /** Palette name. */
  name: string;
  /** Colors of the palette. */
  colors: string[];
  /** Creation date. */
  createdAt: string;
  /** Last change date. */
  updatedAt: string;
  /** User who created the palette. */
  createdBy?: IShortUser;
  /** User who last changed the palette. */
  updatedBy?: IShortUser;
  /** Whether the palette is editable in the current context. */
  isEditable?: boolean;
}

/**
 * Current saved state of a module widget. moduleData has no fixed schema; it is a JSON-compatible
 * object whose structure the module defines.
 */
export interface IModuleWidgetData {
  /** Dashboard the widget belongs to. */
  dashboardId: string;
  /** Widget title. */
  title: string;
  /** Widget description. */
  description?: string;
  /** Own refresh interval when set. */
  refreshTime?: number | string | null;
  /**
   * Own range start when set.
   *
   * scaffold's decision: The format of from and to is not shown in the contract. scaffold's
   * reading, which its dev page, check and seeded tests follow: an ISO 8601 instant in UTC with
   * milliseconds, as JavaScript's Date.prototype.toISOString() writes it
   * (2026-03-14T09:00:00.000Z); the host resolves a relative range ("now-6h") before a component
   * sees it.
   */
  from?: string | null;
  /** Own range end when set. */
  to?: string | null;
  /** Widget type for the module scenario (the literal module). */
  widgetType: 'module';
  /** Creation date. */
  createdAt?: string;
  /** Author id. */
  createdBy?: string;
  /** Connected module id. */
  moduleId: string;
  /**
   * Saved widget data: a JSON-compatible object (string keys, unknown values) whose structure the
   * module defines.
   */
  moduleData: Record<string, unknown>;
}

/** General form field description. */
export interface IField {
  /** Field title. */
  title?: string;
  /** Key in the form. */
  name: string;
  /** Validation rules. */
  rules: IFieldRules;
  /** Default value. */
  defaultValue?: IFieldDefaultValue;
  /** Props of the field control. */
  props?: IFieldProps;
  /** Width of the control. */
  controlWidth?: number | null;
  /** Disable standard wrapper. */
  noWrapper?: boolean;
  /** Horizontal layout of the field. */
  isHorizontal?: boolean;
  /** Show the required mark. */
  requiredMark?: boolean;
  /** Help text. */
  helpText?: string;
  /** Field type. */
  type?: string;
  /** Nested fields. */
  children?: IField[];
}

/** Props of a form field control. */
export interface IFieldProps {
  /** CSS class name. */
  className?: string;
  /** Placeholder. */
  placeholder?: IFieldPlaceholder;
  /** Title of the button. */
  titleButton?: string;
  /** Items (array of IOption or array of ISelectOption). */
  items?: IFieldItems;
  /** Title. */
  title?: string;
  /** Whether the control is disabled. */
  disabled?: boolean;
  /** Textarea rows. */
  rows?: number;
  /** Nested fields. */
  fields?: IField[];
  /** Control type. */
  type?: IFieldControlType;
  /** Select or radio options. */
  options?: ISelect[];
  /** Minimum value. */
  min?: number;
  /** Maximum value. */
  max?: number;
  /** Step. */
  step?: number;
  /** Whether the control is read-only. */
  readOnly?: boolean;
  /** Label. */
  label?: string;
}

/** Validation rules of a form field (IField.rules), an object or an array of objects. */
export type IFieldRules = IFieldRule | IFieldRuleList;

/**
 * One validation rule of a form field: an object whose properties the contract does not show (the
 * host's form library reads them).
 */
export type IFieldRule = Record<string, unknown>;

/** Several validation rules of a form field (IField.rules as an array). */
export type IFieldRuleList = IFieldRule[];

/** Default value of a form field (IField.defaultValue). */
export type IFieldDefaultValue = string | boolean | number;

/** Placeholder of a form field control (IFieldProps.placeholder). */
export type IFieldPlaceholder = string | string[];

/**
 * Items of a form field control (IFieldProps.items).
 *
 * scaffold's decision: anyOf, not oneOf: IOption and ISelectOption are not shown in the contract
 * and get the same shape, so an array can match both alternatives.
 */
export type IFieldItems = IOption[] | ISelectOption[];

/** Control type of a form field (IFieldProps.type). */
export type IFieldControlType = 'text' | 'object' | 'json' | 'array' | 'password' | 'email';

/**
 * An option of IFieldProps.items; shape not shown in the contract.
 *
 * scaffold's decision: The contract names this type but does not show its shape. scaffold gives it
 * the usual option shape, an optional label (string) and an optional value (string or number), and
 * allows any other properties.
 */
export interface IOption {
  /** Displayed text. */
  label?: string;
  /** Option value. */
  value?: string | number;
  [key: string]: unknown;
}

/**
 * A select option of IFieldProps.items; shape not shown in the contract.
 *
 * scaffold's decision: The contract names this type but does not show its shape. scaffold gives it
 * the usual option shape, an optional label (string) and an optional value (string or number), and
 * allows any other properties.
 */
export interface ISelectOption {
  /** Displayed text. */
  label?: string;
  /** Option value. */
  value?: string | number;
  [key: string]: unknown;
}

/**
 * A select or radio option of IFieldProps.options; shape not shown in the contract.
 *
 * scaffold's decision: The contract names this type but does not show its shape. scaffold gives it
 * the usual option shape, an optional label (string) and an optional value (string or number), and
 * allows any other properties.
 */
export interface ISelect {
  /** Displayed text. */
  label?: string;
  /** Option value. */
  value?: string | number;
  [key: string]: unknown;
}

/**
 * Dashboard variable values. Key: the variable name. Value: string (single value), array of string
 * (multiple selection), number (numeric value) or null (not chosen yet or cleared).
 */
export type VariableValues = Record<string, VariableValue>;

/**
 * The value of one dashboard variable: string (single value), array of string (multiple selection),
 * number (numeric value) or null (not chosen yet or cleared).
 */
export type VariableValue = string | string[] | number | null;

/**
 * Values passed to onFetch; they are also the states of this contract (transitions: not shown). ""
 * (empty string): default state, no explicit result; "fetchLinerSuccess": data loaded successfully;
 * "fetchLinerError": data loading failed.
 */
export type FETCH_STATUSES = '' | 'fetchLinerSuccess' | 'fetchLinerError';

/**
 * Props of the Widget component (display on the dashboard; required for a module that must appear
 * on the dashboard). Rules: render the widget content; use moduleData as the main configuration
 * payload; use variables, from, to for data requests or filtering; signal errors via onErrorChange;
 * update the status via onFetch.
 */
export interface WidgetProps {
  /** Module id. */
  moduleId: string;
  /** Widget data saved by the module. */
  moduleData: Record<string, unknown>;
  /** Current color palette. */
  palette: string[];
  /** Widget id. */
  id: string;
  /** Dashboard variable values. */
  variables: VariableValues | null;
  /**
   * Left bound of time range.
   *
   * scaffold's decision: The format of from and to is not shown in the contract. scaffold's
   * reading, which its dev page, check and seeded tests follow: an ISO 8601 instant in UTC with
   * milliseconds, as JavaScript's Date.prototype.toISOString() writes it
   * (2026-03-14T09:00:00.000Z); the host resolves a relative range ("now-6h") before a component
   * sees it.
   */
  from?: string;
  /** Right bound of time range. */
  to?: string;
  /** Widget title. */
  title?: string;
  /** Width in columns. */
  cols?: number;
  /** Height in rows. */
  rows?: number;
  /** Dashboard edit mode. */
  isDashboardEdit: boolean;
  /** Widget edit mode. */
  isWidgetEdit: boolean;
  /** Manual refresh flag. */
  isRefreshClicked: boolean;
  /** Resets the manual refresh flag. */
  setRefreshClicked?: (isRefreshClicked: boolean) => void;
  /** Tells the host about an error. */
  onErrorChange: (hasError: boolean) => void;
  /** Reports data loading status. */
  onFetch: (status: FETCH_STATUSES) => void;
}

/**
 * Props of the WidgetEditor component (widget editor, optional, needed for UI editing). Rules: let
 * the user change the future moduleData; use widget to edit a saved widget; use dashboardProps and
 * variables for preview or dependent configuration; call onChange when editor data changed so the
 * host updates dirty state or preview.
 *
 * scaffold's decision: How the host reads the edited values is not shown in the contract (onChange
 * has no arguments). scaffold's reading, which its dev page and check follow: the host renders the
 * WidgetEditor inside its widget editor form, a react-hook-form form (the host global
 * ReactHookForm, react-hook-form in x-host-globals) whose values are the IModuleWidgetData being
 * edited, provided through react-hook-form's FormProvider. The editor hands the host the future
 * moduleData with setValue("moduleData", data, {shouldDirty: true}) on useFormContext(), and a
 * general field by its name (title, description), then calls onChange(); the host saves the form's
 * values and re-renders the Widget with them. Outside such a form (useFormContext() is null) an
 * editor keeps its values to itself.
 */
export interface WidgetEditorProps {
  /** Time range, refresh interval and sizes inherited from the dashboard. */
  dashboardProps: IDashboardWidgetProps;
  /** Connected module id. */
  moduleId: string;
  /** Full module object with metadata and settings. */
  module: ExternalModule | null;
  /** Palettes available in the system. */
  palettes: IPalette[];
  /** Current saved state of the edited widget, if any. */
  widget: IModuleWidgetData | null;
  /** Id when editing an existing widget. */
  widgetId?: string;
  /** Host asked to refresh preview or data. */
  refreshClicked: boolean;
  /**
   * General fields of the standard editor for reuse; the host currently passes two: title and
   * description of the widget.
   */
  generalFields: IField[];
  /** Current dashboard variables. */
  variables: VariableValues | null;
  /** Resets or changes the refresh state. */
  onRefreshChange: (refreshClicked: boolean) => void;
  /** The module reports that editor data changed. */
  onChange: () => void;
}

/**
 * Props of the Settings component (module settings, optional). Rules: render a free-form settings
 * form; call onChange(newSettings) on every change; do not save to the system directly unless the
 * module's own logic requires it; treat settings as the single source of the current state loaded
 * from the host. The settings structure is free (a list of connections is common but not
 * mandatory).
 */
export interface SettingsProps {
  /** Current saved module settings (any JSON value). */
  settings: unknown;
  /** Connected module id. */
  moduleId: string;
  /** Passes new settings to the host. */
  onChange: (data: unknown) => void;
}

/**
 * A request body a module backend may receive through the platform's backend proxy: an object with
 * a payload object (module-defined) and a moduleContext object (module-defined; it may contain
 * secret values in encrypted form).
 *
 * scaffold's decision: payload is required and moduleContext optional, because for JSON requests
 * the platform "may" add the moduleContext field. This is the general shape of the contract; the
 * demo stub's own envelope, whose payload is a DemoStatusPayload, is DemoStatusEnvelope.
 */
export interface ModuleProxyRequest {
  /** Module-defined payload. */
  payload: Record<string, unknown>;
  moduleContext?: ModuleContext;
}

/**
 * The content of the saved module settings (those set through Settings), added by the platform's
 * backend proxy. Its shape is not standardized by the platform and it may contain secret values in
 * encrypted form; a module backend either interprets it or ignores it safely. It is an object when
 * present; null is not allowed.
 *
 * scaffold's decision: The contract shows neither who encrypts a secret setting nor how. A
 * scaffolded module's secrets are `enc:v1:` tokens (AES-256-GCM with a fresh 96-bit nonce,
 * base64url of nonce, ciphertext and tag; the token of the data source plugins) made by the
 * module's own backend, the only party holding the key (MODULE_SECRET_KEY; MODULE_OLD_SECRET_KEYS
 * still decrypt): the Settings component posts `{"payload": {"name": <property>, "value":
 * <secret>}}` through the proxy to the backend's `POST /api/v1/secrets`, which answers `{"value":
 * <token>}` (503 when the backend has no key), and saves the token in place of the secret. A token
 * is bound to the name of the property holding it (the items of an array, at any depth, take the
 * array's property name), so it does not decrypt elsewhere. Before any endpoint that reads
 * moduleContext sees it, the backend replaces every string value starting with `enc:v1:` by its
 * plaintext; a token that does not decrypt is answered 400, and a token with no key 503. Property
 * names and other values are never changed.
 */
export type ModuleContext = Record<string, unknown>;

/**
 * The body of POST /api/v1/demo/status: the proxy envelope (DemoStatusEnvelope) or a bare payload
 * (DemoStatusPayload). The two are told apart by their required properties, so exactly one matches
 * any valid body: the envelope requires `payload`; the bare payload requires `message` and allows
 * no other property, so it never has `payload`. A body that matches neither (for example `{}`, `[]`
 * or `{"message": {}}`) is answered 400.
 *
 * scaffold's decision: The body is oneOf DemoStatusEnvelope or DemoStatusPayload, because the
 * platform's proxy may wrap the body in {payload, moduleContext} while a browser calling the module
 * backend directly sends a bare payload. The branches are disjoint through `required` and
 * `additionalProperties: false` rather than `not`, which client generators cannot use to pick a
 * branch.
 */
export type DemoStatusRequest = DemoStatusEnvelope | DemoStatusPayload;

/**
 * The demo stub's body as the platform's backend proxy forwards it: the payload and, when the
 * platform adds it, moduleContext.
 *
 * scaffold's decision: payload is required and moduleContext optional (the platform "may" add it).
 * Other top-level properties are allowed and ignored, so a platform that adds more fields still
 * reaches the stub.
 */
export interface DemoStatusEnvelope {
  payload: DemoStatusPayload;
  moduleContext?: ModuleContext;
  [key: string]: unknown;
}

/**
 * The demo stub's payload: a message to echo back. Sent bare by a browser calling the stub
 * directly, or as the envelope's payload. Shape not shown in the contract.
 *
 * scaffold's decision: An object with a required message string and no other property. Being
 * closed, it never has a top-level "payload" key, which marks the proxy envelope
 * (DemoStatusEnvelope).
 */
export interface DemoStatusPayload {
  /** Free text the stub echoes back. */
  message: string;
}

/** Status of the demo stub; always ok. */
export type DemoStatusValue = 'ok';

/**
 * Whether a moduleContext was received (present) or not (absent). Its content is never echoed: it
 * can hold secrets.
 */
export type ModuleContextPresence = 'present' | 'absent';

/**
 * Answer of the demo stub. Shape not shown in the contract.
 *
 * scaffold's decision: status "ok", a message localised by Accept-Language, an echo of the payload,
 * and whether a moduleContext was received; the moduleContext content is never echoed because it
 * can hold secrets.
 */
export interface DemoStatusResponse {
  status: DemoStatusValue;
  /** Human-readable status message, localised by Accept-Language. */
  message: string;
  /** Echo of the received payload (the envelope's payload, or the bare body). */
  payload?: DemoStatusPayload;
  /** Whether a moduleContext was received; its content is never echoed. */
  moduleContext?: ModuleContextPresence;
}

/**
 * Error body of the module backend: every 4xx and 5xx answer of every path. Module endpoint errors
 * are not shown in the contract.
 *
 * scaffold's decision: Errors are {error: true, message}: 400 for a body that is not JSON or
 * matches no request shape, 404 for an unknown path, 405 for a method a path does not serve, 413
 * for a body over 1 MiB, 422 for a body nested more than 64 levels deep, 500 for an unexpected
 * error (the message carries an incident id). Messages never repeat the request body.
 */
export interface DemoStatusError {
  /** Always true. */
  error: true;
  /** What went wrong. */
  message: string;
}
