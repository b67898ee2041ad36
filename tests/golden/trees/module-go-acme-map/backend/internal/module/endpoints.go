package module

import "acme-map/internal/contract/module"

// Endpoints are your module's own endpoints, called by your Widget through the platform's proxy
// (yours to edit). Register each one in an init function; internal/app (template-owned) serves
// them beside the contract's routes and conformance_test.go checks them against the schemas
// derived from their types:
//
//	func init() {
//		module.Post(Endpoints, "/api/v1/series", module.Route[SeriesQuery, ModuleSettings, Series]{
//			Errors: []int{409},
//			Handle: func(call module.Call[SeriesQuery, ModuleSettings]) (Series, error) { ... },
//		})
//	}
//
// call.Payload is your payload type, read strictly from the proxy's envelope or a bare body;
// call.ModuleContext is your settings type (what the Settings component saved) or nil;
// call.Locale is the language to answer in. Return module.Error{Status: 409, Message: ...} to
// refuse with a status you listed in Errors. README, "Your own proxied endpoints", has a
// complete example with its test; internal/contract/module/endpoints.go says every rule.
var Endpoints = module.NewEndpoints()
