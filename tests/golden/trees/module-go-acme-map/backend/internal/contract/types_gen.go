// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

package contract

// LocaleArrayItem is the contract's LocaleArrayItem: A localized string.
type LocaleArrayItem struct {
	// Lang is "lang" (required): Language code such as ru-RU or en-US.
	Lang string
	// Value is "value" (required): The text in that language.
	Value string
}

// ModuleMetadata is the contract's ModuleMetadata: Module metadata, the answer of GET {baseUrl}/api/v1/well-known. Minimum required set: name, title, description, version, entryPoint, frontendHost, scope, components. Always returning the full set is recommended.
type ModuleMetadata struct {
	// Name is "name" (required): Unique technical module name; critical.
	Name string
	// Title is "title" (required): Localized display name.
	Title []LocaleArrayItem
	// Description is "description" (required): Localized description.
	Description []LocaleArrayItem
	// Version is "version" (required): Module version.
	Version string
	// EntryPoint is "entryPoint" (required): Path to the JS bundle; critical. The JS URL is the result of resolving entryPoint against frontendHost.
	EntryPoint string
	// FrontendHost is "frontendHost" (required): Base host of frontend artifacts.
	FrontendHost string
	// Scope is "scope" (required): Name of the global object in window.
	Scope string
	// Components is "components" (required): Component names available in registry; critical.
	Components []string
	// CanAddToDashboard is "canAddToDashboard" (optional): Whether widgets of this module may be created on a dashboard.
	CanAddToDashboard Opt[bool]
}

// DemoStatusPayload is the contract's DemoStatusPayload: The demo stub's payload: a message to echo back. Sent bare by a browser calling the stub directly, or as the envelope's payload. Shape not shown in the contract.
type DemoStatusPayload struct {
	// Message is "message" (required): Free text the stub echoes back.
	Message string
}

// DemoStatusValue is the contract's DemoStatusValue: Status of the demo stub; always ok.
type DemoStatusValue string

// The values of DemoStatusValue.
const (
	// DemoStatusValueOk is "ok".
	DemoStatusValueOk DemoStatusValue = "ok"
)

// Valid reports whether v is one of the values the contract lists for DemoStatusValue.
func (v DemoStatusValue) Valid() bool {
	switch v {
	case DemoStatusValueOk:
		return true
	}
	return false
}

// ModuleContextPresence is the contract's ModuleContextPresence: Whether a moduleContext was received (present) or not (absent). Its content is never echoed: it can hold secrets.
type ModuleContextPresence string

// The values of ModuleContextPresence.
const (
	// ModuleContextPresencePresent is "present".
	ModuleContextPresencePresent ModuleContextPresence = "present"
	// ModuleContextPresenceAbsent is "absent".
	ModuleContextPresenceAbsent ModuleContextPresence = "absent"
)

// Valid reports whether v is one of the values the contract lists for ModuleContextPresence.
func (v ModuleContextPresence) Valid() bool {
	switch v {
	case ModuleContextPresencePresent, ModuleContextPresenceAbsent:
		return true
	}
	return false
}

// DemoStatusResponse is the contract's DemoStatusResponse: Answer of the demo stub. Shape not shown in the contract.
type DemoStatusResponse struct {
	// Status is "status" (required).
	Status DemoStatusValue
	// Message is "message" (required): Human-readable status message, localised by Accept-Language.
	Message string
	// Payload is "payload" (optional): Echo of the received payload (the envelope's payload, or the bare body).
	Payload Opt[DemoStatusPayload]
	// ModuleContext is "moduleContext" (optional): Whether a moduleContext was received; its content is never echoed.
	ModuleContext Opt[ModuleContextPresence]
}

// DemoStatusError is the contract's DemoStatusError: Error body of the module backend: every 4xx and 5xx answer of every path. Module endpoint errors are not shown in the contract.
type DemoStatusError struct {
	// Error is "error" (required): Always true.
	Error bool
	// Message is "message" (required): What went wrong.
	Message string
}
