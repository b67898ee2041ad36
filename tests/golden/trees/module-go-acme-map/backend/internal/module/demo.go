// Package module is your module's own code (seeded once by scaffold; yours to edit): the
// tutorial endpoint (demo.go), your own proxied endpoints (endpoints.go) and the texts
// (texts.go). No `scaffold upgrade` touches these files.
package module

import (
	"acme-map/internal/contract"
	"acme-map/internal/contract/module"
)

// DemoStatus answers the tutorial endpoint POST /api/v1/demo/status.
//
// The contract glue has already read the body strictly, as the spec's DemoStatusRequest says (the
// proxy envelope {payload, moduleContext} or a bare payload {message}; anything else 400, see
// README) and chosen the language from Accept-Language. call.ModuleContext is the saved module
// settings when the platform's proxy added them, else nil; its shape is yours (set in the
// Settings component) and it may hold encrypted secrets, so it is never echoed back. An error
// returned here is answered 500 with an incident id and logged.
func DemoStatus(call module.DemoCall) (contract.DemoStatusResponse, error) {
	presence := contract.ModuleContextPresenceAbsent
	if call.HasModuleContext() {
		presence = contract.ModuleContextPresencePresent
	}
	return contract.DemoStatusResponse{
		Status:        contract.DemoStatusValueOk,
		Message:       Texts[call.Locale]["demo_ok"],
		Payload:       contract.Some(contract.DemoStatusPayload{Message: call.Message}),
		ModuleContext: contract.Some(presence),
	}, nil
}
