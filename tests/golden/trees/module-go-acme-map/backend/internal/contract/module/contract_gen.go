// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

package module

// Values of the dashboard-module 2026.1.1+r5 contract that the backend glue uses.

// ContractName, ContractVersion and ReleaseLabel name the contract this backend implements.
const (
	ContractName    = "dashboard-module"
	ContractVersion = "2026.1.1+r5"
	ReleaseLabel    = "2026H1.1"
)

// Paths of the module backend's endpoints (GET well-known is the one the platform requires)
// and where this backend serves the built frontend (scaffold's choice; entryPoint points there).
const (
	WellKnownPath  = "/api/v1/well-known"
	DemoStatusPath = "/api/v1/demo/status"
	StaticPrefix   = "/static/"
)

// ModuleDefaultLocale is the language of answers when Accept-Language names none the module has.
const ModuleDefaultLocale = "ru-RU"

// AllowedComponents are the components a module may register, in the contract's order.
var AllowedComponents = []string{"Widget", "WidgetEditor", "Settings"}

// RequiredForDashboard is the component a module registers to be added to dashboards.
const RequiredForDashboard = "Widget"

// CacheQueryParameters are the query parameters the platform may append to the JS URL.
var CacheQueryParameters = []string{"version", "buildTimestamp"}
