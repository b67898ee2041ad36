// Code generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6); run `scaffold regenerate`. DO NOT EDIT.

package contract

// Values of the dashboard-module 2026.1.1+r3 contract that the backend glue uses.

// ContractName, ContractVersion and ReleaseLabel name the contract this backend implements.
const (
	ContractName    = "dashboard-module"
	ContractVersion = "2026.1.1+r3"
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
