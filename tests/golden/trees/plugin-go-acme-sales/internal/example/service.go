// Package example is the example data source behind every operation: the sample dataset
// (sample.go), three forms (forms.go) and queries (queries.go, filters.go, frames.go).
// internal/datasource delegates to it out of the box; it answers as the TypeScript and Python
// examples do, answer for answer, so a project reads alike in every language.
//
// The configuration: dataset (only "sample" exists: another name is a health check with status
// false), accessKey and rowLimit. The access key is a password field: when the plugin's
// environment sets EXAMPLE_ACCESS_KEY every call must carry that key (the health check reports a
// wrong one with status false, the other endpoints answer 422 naming the field); when it is not
// set the key is not checked, and the field only shows how the platform's password encryption
// works.
//
// Limits from the plugin's settings (internal/settings): PLUGIN_QUERY_SECONDS (5) bounds the work
// of one request, PLUGIN_MAX_RESULT_BYTES (16 MiB) the size of its frames; a query past either is
// answered 422 naming it.
//
// Errors: every one is a *contract.PluginError (422) with a text from the locales in the caller's
// language; it quotes nothing from the request, and names a query by its refID only when that is
// a short plain identifier (else by its position: contract.QueryError). A query's JSON and a
// variable query's are read by contract.QueryJSON and contract.VariableQueryJSON (422 in the
// glue's texts).
package example

import (
	"context"
	"crypto/subtle"
	"errors"
	"os"
	"strconv"
	"time"

	"acme-sales/internal/contract"
)

// AccessKeyEnv is the environment variable holding the access key every call must carry.
const AccessKeyEnv = "EXAMPLE_ACCESS_KEY"

// MaxQueries is the most queries one get-result request may hold.
const MaxQueries = 100

// Options are what the example takes from the plugin.
type Options struct {
	Name, Version string
	// PublicURL is the base URL announced in the metadata ("": as the caller reached it).
	PublicURL string
	Catalog   *contract.Catalog
	// QuerySeconds and MaxResultBytes are settings.Settings' QuerySeconds and MaxResultBytes.
	QuerySeconds   int
	MaxResultBytes int64
	// Getenv reads EXAMPLE_ACCESS_KEY (nil: os.Getenv).
	Getenv func(string) string
	// Now is the time the sample's time window is built around (zero: now).
	Now time.Time
}

// Example is the example data source. It is never changed after New, so requests may share it.
type Example struct {
	options   Options
	tables    Tables
	accessKey string // "": not checked
}

// New is the example data source of options.
func New(options Options) *Example {
	getenv, now := options.Getenv, options.Now
	if getenv == nil {
		getenv = os.Getenv
	}
	if now.IsZero() {
		now = time.Now()
	}
	return &Example{options: options, tables: SampleTables(now.Unix()), accessKey: jsTrim(getenv(AccessKeyEnv))}
}

// Texts are the catalogue's texts in the call's language.
func (e *Example) Texts(rc contract.RequestContext) contract.FormTexts {
	return contract.NewFormTexts(e.options.Catalog, rc.Locale)
}

func (e *Example) reason(t contract.FormTexts, err *QueryError) string {
	params := map[string]string{"seconds": strconv.Itoa(e.options.QuerySeconds)}
	for name, value := range err.Params {
		params[name] = value
	}
	return t.T("errors.reason."+err.Key, params)
}

// keyAccepted compares in constant time, so the answer's timing does not tell how much of a
// guessed key was right.
func (e *Example) keyAccepted(values contract.FormValues) bool {
	if e.accessKey == "" {
		return true
	}
	return subtle.ConstantTimeCompare([]byte(values["accessKey"]), []byte(e.accessKey)) == 1
}

// refused is a 422 naming one field.
func refused(message, code string) *contract.PluginError {
	return &contract.PluginError{Status: 422, Message: message, ValidationErrors: map[string]string{code: message}}
}

// rowLimit is the configured row limit of a constructor, query or variable request; a 422 for a
// wrong key or a dataset that does not exist.
func (e *Example) rowLimit(t contract.FormTexts, pluginContext contract.Opt[contract.PluginContext]) (int, error) {
	values := contract.FormValues(contract.ConfigValues(configOf(pluginContext)))
	if !e.keyAccepted(values) {
		return 0, refused(t.T("errors.accessKey", nil), "accessKey")
	}
	if or(values["dataset"], DefaultDataset) != DefaultDataset {
		return 0, refused(t.T("errors.dataset", nil), "dataset")
	}
	if limit, ok := contract.FormValues(values).Number("rowLimit"); ok && limit >= 1 && limit <= MaxRowLimit {
		return int(limit), nil
	}
	return DefaultRowLimit, nil
}

// limits are a request's limits; cancel frees its deadline's timer. ctx ends when the caller
// hangs up or the routes' own deadline (the same PLUGIN_QUERY_SECONDS) passes; this one holds
// when the example is called without them, as its tests call it.
func (e *Example) limits(ctx context.Context, rowLimit int) (limits *Limits, cancel context.CancelFunc) {
	ctx, cancel = context.WithTimeout(ctx, time.Duration(e.options.QuerySeconds)*time.Second)
	return NewLimits(ctx, rowLimit, e.options.MaxResultBytes), cancel
}

// --- operations ----------------------------------------------------------------------------

// Metadata is the plugin's metadata, its texts in every language.
func (e *Example) Metadata(rc contract.RequestContext) *contract.PluginMetadata {
	catalog := e.options.Catalog
	baseURL := or(e.options.PublicURL, rc.BaseURL)
	return &contract.PluginMetadata{
		Name:        contract.Some(e.options.Name),
		Title:       contract.Texts(catalog, "plugin.title"),
		Version:     contract.Some(e.options.Version),
		Description: contract.Texts(catalog, "plugin.description"),
		QueryHelp:   contract.Texts(catalog, "plugin.queryHelp"),
		BaseURL:     contract.Some(baseURL),
	}
}

// CheckHealth is a 400 for a required field without entry, a 422 naming every empty or invalid
// field (contract.RequireValidConfig), else the dataset's answer (status false: why).
func (e *Example) CheckHealth(rc contract.RequestContext, config *contract.DatasourceConfig) (*contract.HealthCheckResponse, error) {
	t := e.Texts(rc)
	form := DatasourceForm(t, contract.ConfigValues(config.Fields))
	values, err := contract.RequireValidConfig(form, config.Fields, rc.Locale)
	if err != nil {
		return nil, err
	}
	failed := func(key string) *contract.HealthCheckResponse {
		return &contract.HealthCheckResponse{Error: contract.Some(true), Status: contract.Some(false), Message: contract.Some(t.T(key, nil))}
	}
	if !e.keyAccepted(values) {
		return failed("errors.accessKey"), nil
	}
	if values["dataset"] != DefaultDataset {
		return failed("errors.dataset"), nil
	}
	return &contract.HealthCheckResponse{
		Error:            contract.Some(false),
		Status:           contract.Some(true),
		Message:          contract.Some(t.T("health.ok", map[string]string{"tables": strconv.Itoa(len(e.tables))})),
		DatasourceConfig: contract.Some(contract.SavedConfig(form, config.Fields)),
	}, nil
}

// DatasourceFields is the data source form: the saved configuration's values, then the sent ones.
func (e *Example) DatasourceFields(rc contract.RequestContext, request *contract.DataSourceConstructorRequest) []contract.ConstructorField {
	values := contract.ConfigValues(configOf(request.PluginContext))
	sent, _ := contract.FilterValues(request.Filter)
	for code, value := range sent {
		values[code] = value
	}
	return DatasourceForm(e.Texts(rc), values)
}

// QueryFields is the query form for the values sent so far.
func (e *Example) QueryFields(rc contract.RequestContext, request *contract.ConstructorRequest) ([]contract.ConstructorField, error) {
	t := e.Texts(rc)
	if _, err := e.rowLimit(t, request.PluginContext); err != nil {
		return nil, err
	}
	values, groups := contract.FilterValues(request.Filter)
	return QueryForm(t, e.tables, values, groups), nil
}

// QueryResult answers every query of request, or a 422 naming the first that fails.
func (e *Example) QueryResult(ctx context.Context, rc contract.RequestContext, request *contract.QueryDataRequest) (*contract.QueryDataResponse, error) {
	t := e.Texts(rc)
	queries := request.DataQuery
	if len(queries) == 0 {
		return nil, refused(t.T("errors.noQueries", nil), "dataQuery")
	}
	if len(queries) > MaxQueries {
		return nil, refused(t.T("errors.tooManyQueries", map[string]string{"max": strconv.Itoa(MaxQueries)}), "dataQuery")
	}
	rowLimit, err := e.rowLimit(t, request.PluginContext)
	if err != nil {
		return nil, err
	}
	limits, cancel := e.limits(ctx, rowLimit)
	defer cancel()
	frames := make([]contract.Frame, 0, len(queries))
	for index, query := range queries {
		spec, err := contract.QueryJSON(query, index, rc.Locale, contract.TextBounds{})
		if err != nil {
			return nil, err
		}
		frame, err := RunQuery(e.tables, query, spec, request.Variables, limits)
		var failed *QueryError
		if errors.As(err, &failed) {
			return nil, contract.QueryError(query.RefID.Value, index, e.reason(t, failed), rc.Locale)
		}
		if err != nil {
			return nil, err
		}
		frames = append(frames, frame)
	}
	// a line of the request's log: request_id on it, in text and JSON alike
	contract.Logger(ctx).Debug("ran the queries", "queries", len(frames))
	return contract.NewQueryResponse(frames), nil
}

// VariableFields is the variable form for the values sent so far.
func (e *Example) VariableFields(rc contract.RequestContext, request *contract.ConstructorRequest) ([]contract.ConstructorField, error) {
	t := e.Texts(rc)
	if _, err := e.rowLimit(t, request.PluginContext); err != nil {
		return nil, err
	}
	values, groups := contract.FilterValues(request.Filter)
	return VariableForm(t, e.tables, values, groups), nil
}

// VariableValues are the values of the variable request.JSON describes.
func (e *Example) VariableValues(ctx context.Context, rc contract.RequestContext, request *contract.VariablesRequest) ([]contract.ConstructorFieldPropOption, error) {
	t := e.Texts(rc)
	rowLimit, err := e.rowLimit(t, request.PluginContext)
	if err != nil {
		return nil, err
	}
	limits, cancel := e.limits(ctx, rowLimit)
	defer cancel()
	spec, err := contract.VariableQueryJSON(request.JSON.Value, rc.Locale, contract.TextBounds{})
	if err != nil {
		return nil, err
	}
	values, err := VariableValues(e.tables, spec, request.Variables, limits)
	var failed *QueryError
	if errors.As(err, &failed) {
		reason := e.reason(t, failed)
		return nil, refused(t.T("errors.variable", map[string]string{"reason": reason}), "json")
	}
	if err != nil {
		return nil, err
	}
	options := make([]contract.ConstructorFieldPropOption, 0, len(values))
	for _, value := range values {
		options = append(options, option(value, value))
	}
	return options, nil
}
