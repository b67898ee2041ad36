// Package datasource is your data source: one method per operation of the plugin contract; the
// routes (internal/contract, generated) call them.
//
// This package is yours: scaffold created it once and never changes it (scaffold upgrade
// included). Each method gets the checked request (the contract's types, internal/contract/
// types_gen.go) and a RequestContext (chosen locale, headers, request id) and returns the answer.
// Out of the box every method delegates to the example data source in internal/example (a sample
// dataset in memory: metrics over time and a table of servers); replace those calls with your own
// logic, and delete internal/example (and the example's texts in locales/) when nothing uses it
// any more.
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
	"acme-sales/internal/example"
	"acme-sales/internal/settings"
)

// Locales are the plugin's texts by language (locales/<language>.json), built into the binary.
//
//go:embed locales/*.json
var Locales embed.FS

// DataSource answers the operations of the contract.
type DataSource struct {
	// settings and catalog are for your own logic (the example has its own copy of what it needs).
	settings settings.Settings
	catalog  *contract.Catalog
	example  *example.Example
}

// The build stops here when the contract has an operation DataSource does not implement.
var _ contract.Handler = (*DataSource)(nil)

// New is the data source of the plugin.
func New(s settings.Settings, catalog *contract.Catalog) *DataSource {
	return &DataSource{
		settings: s,
		catalog:  catalog,
		example: example.New(example.Options{
			Name:           "acme-sales",
			Version:        "0.1.0",
			PublicURL:      s.PublicURL,
			Catalog:        catalog,
			QuerySeconds:   s.QuerySeconds,
			MaxResultBytes: s.MaxResultBytes,
		}),
	}
}

// SecretFields are configuration fields whose values are secret even when not of type password
// (encrypted in health-check answers too), e.g. []string{"apiToken"}.
func (d *DataSource) SecretFields() []string {
	return []string{"accessKey"}
}

// GetMetadata is what the platform's list of plugins shows; the texts are in locales/*.json.
func (d *DataSource) GetMetadata(_ context.Context, rc contract.RequestContext) (*contract.PluginMetadata, error) {
	return d.example.Metadata(rc), nil
}

// CheckHealth checks the data source form's fields, then tries the data source with their values.
func (d *DataSource) CheckHealth(_ context.Context, rc contract.RequestContext, request *contract.DatasourceConfig) (*contract.HealthCheckResponse, error) {
	return d.example.CheckHealth(rc, request)
}

// GetDatasourceConstructorFields is the data source form.
func (d *DataSource) GetDatasourceConstructorFields(_ context.Context, rc contract.RequestContext, request *contract.DataSourceConstructorRequest) ([]contract.ConstructorField, error) {
	return d.example.DatasourceFields(rc, request), nil
}

// GetQueryConstructorFields is the query form; its trigger fields make the platform ask again.
func (d *DataSource) GetQueryConstructorFields(_ context.Context, rc contract.RequestContext, request *contract.ConstructorRequest) ([]contract.ConstructorField, error) {
	return d.example.QueryFields(rc, request)
}

// GetQueryResult answers one frame per query, echoing its refID.
func (d *DataSource) GetQueryResult(ctx context.Context, rc contract.RequestContext, request *contract.QueryDataRequest) (*contract.QueryDataResponse, error) {
	return d.example.QueryResult(ctx, rc, request)
}

// GetVariableConstructorFields is the form of a dashboard variable whose values the plugin lists.
func (d *DataSource) GetVariableConstructorFields(_ context.Context, rc contract.RequestContext, request *contract.ConstructorRequest) ([]contract.ConstructorField, error) {
	return d.example.VariableFields(rc, request)
}

// GetVariableValues lists the values of that variable (a label and a value each).
func (d *DataSource) GetVariableValues(ctx context.Context, rc contract.RequestContext, request *contract.VariablesRequest) ([]contract.ConstructorFieldPropOption, error) {
	return d.example.VariableValues(ctx, rc, request)
}
