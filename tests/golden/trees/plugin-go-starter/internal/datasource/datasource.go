// Package datasource is your data source: one method per operation of the plugin contract; the
// routes (internal/contract, generated) call them.
//
// This package is yours: scaffold created it once and never changes it (scaffold upgrade
// included). Each method gets the checked request (the contract's types, internal/contract/
// types_gen.go) and a RequestContext (chosen locale, headers, request id) and returns the answer.
// Out of the box every method returns the smallest answer the contract accepts, and its comment
// says what goes there: fill them in one by one.
//
//   - Return contract.NewPluginError(message) for an error the caller should see: 422 (the routes
//     have already answered 400 for a body that does not match the contract's schema, so what is
//     left is content your plugin cannot process); set ValidationErrors to name fields. Any other
//     error is answered with a generic 500 and goes to the log with an incident id.
//   - Password fields arrive decrypted and are encrypted again in health-check answers by the
//     routes; list other secret field codes in SecretFields.
//   - If a newer contract adds an operation, the build stops at the assertion below naming the
//     method to add.
package datasource

import (
	"context"
	"embed"

	"acme-sales/internal/contract"
	"acme-sales/internal/settings"
)

// Locales are the plugin's texts by language (locales/<language>.json), built into the binary.
//
//go:embed locales/*.json
var Locales embed.FS

// DataSource answers the operations of the contract.
type DataSource struct {
	settings settings.Settings
	catalog  *contract.Catalog
}

// The build stops here when the contract has an operation DataSource does not implement.
var _ contract.Handler = (*DataSource)(nil)

// New is the data source of the plugin.
func New(s settings.Settings, catalog *contract.Catalog) *DataSource {
	return &DataSource{settings: s, catalog: catalog}
}

// SecretFields are configuration fields whose values are secret even when not of type password
// (encrypted in health-check answers too), e.g. []string{"apiToken"}.
func (d *DataSource) SecretFields() []string {
	return nil
}

// GetMetadata is what the platform's list of plugins shows; the texts are in locales/*.json.
func (d *DataSource) GetMetadata(_ context.Context, rc contract.RequestContext) (*contract.PluginMetadata, error) {
	baseURL := rc.BaseURL
	if d.settings.PublicURL != "" {
		baseURL = d.settings.PublicURL
	}
	return &contract.PluginMetadata{
		Name:        contract.Some("acme-sales"),
		Title:       contract.Texts(d.catalog, "plugin.title"),
		Version:     contract.Some("0.1.0"),
		Description: contract.Texts(d.catalog, "plugin.description"),
		QueryHelp:   contract.Texts(d.catalog, "plugin.queryHelp"),
		BaseURL:     contract.Some(baseURL),
	}, nil
}

// CheckHealth checks the fields against your data source form (contract.RequireValidConfig: 400
// when a required field has no entry, 422 naming each empty or invalid one; it returns the values
// by code, passwords decrypted), then tries your service with them: Status false and a message
// saying why when it does not answer. DatasourceConfig is what the platform saves: the fields
// sent, then your form's defaults.
func (d *DataSource) CheckHealth(ctx context.Context, rc contract.RequestContext, request *contract.DatasourceConfig) (*contract.HealthCheckResponse, error) {
	form, err := d.GetDatasourceConstructorFields(ctx, rc, &contract.DataSourceConstructorRequest{})
	if err != nil {
		return nil, err
	}
	if _, err := contract.RequireValidConfig(form, request.Fields, rc.Locale); err != nil {
		return nil, err
	}
	return &contract.HealthCheckResponse{
		Error:            contract.Some(false),
		Status:           contract.Some(true),
		Message:          contract.Some(d.catalog.Text(rc.Locale, "health.ok", nil)),
		DatasourceConfig: contract.Some(contract.SavedConfig(form, request.Fields)),
	}, nil
}

// GetDatasourceConstructorFields is the data source form: the connection settings your plugin
// needs (a URL; a token as a password field), with their texts from locales/*.json.
func (d *DataSource) GetDatasourceConstructorFields(_ context.Context, _ contract.RequestContext, _ *contract.DataSourceConstructorRequest) ([]contract.ConstructorField, error) {
	return []contract.ConstructorField{}, nil
}

// GetQueryConstructorFields is the query form. A field with IsTrigger makes the platform ask again
// with the values chosen so far (request.Filter), so later fields can follow earlier ones.
func (d *DataSource) GetQueryConstructorFields(_ context.Context, _ contract.RequestContext, _ *contract.ConstructorRequest) ([]contract.ConstructorField, error) {
	return []contract.ConstructorField{}, nil
}

// GetQueryResult answers one frame per query, echoing its refID, with the data its JSON (the query
// form's values) asks for in the request's time range.
func (d *DataSource) GetQueryResult(_ context.Context, _ contract.RequestContext, request *contract.QueryDataRequest) (*contract.QueryDataResponse, error) {
	frames := make([]contract.Frame, 0, len(request.DataQuery))
	for _, query := range request.DataQuery {
		frames = append(frames, contract.NewFrame(query.RefID.Value, query.RefID.Value, []contract.Field{}))
	}
	return contract.NewQueryResponse(frames), nil
}

// GetVariableConstructorFields is the form of a dashboard variable whose values your plugin lists.
func (d *DataSource) GetVariableConstructorFields(_ context.Context, _ contract.RequestContext, _ *contract.ConstructorRequest) ([]contract.ConstructorField, error) {
	return []contract.ConstructorField{}, nil
}

// GetVariableValues lists the values of that variable (a label and a value each) for the form's
// values in JSON.
func (d *DataSource) GetVariableValues(_ context.Context, _ contract.RequestContext, _ *contract.VariablesRequest) ([]contract.ConstructorFieldPropOption, error) {
	return []contract.ConstructorFieldPropOption{}, nil
}
