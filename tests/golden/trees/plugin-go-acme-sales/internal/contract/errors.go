// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/errors.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// The errors of a plugin: the one a data source returns for its caller, and the ones that stop a
// start, as in the Python and TypeScript plugins.
//
//   - PluginError: content the plugin cannot process (422 unless Status says otherwise), with
//     ValidationErrors naming fields where the endpoint's error body has them. Its message is the
//     caller's to read: write it in the RequestContext's Locale and never quote secrets.
//   - ConfigurationError: a setting or a file the plugin needs is wrong; the plugin does not start
//     and the message says what to fix.
//
// Any other error a data source method returns is a plugin bug: it goes to the log with an
// incident id, and the caller gets a generic 500 naming only that id.

import "fmt"

// PluginError is content the plugin cannot process: its status (422 by default) and message.
type PluginError struct {
	// Status is the HTTP status, 422 when zero (400 is the routes' own: the body does not match the schema).
	Status int
	// Message is the caller's text, in the call's language.
	Message string
	// ValidationErrors maps field codes to messages, for the endpoints whose error body has them.
	ValidationErrors map[string]string
}

// NewPluginError is a 422 with message.
func NewPluginError(message string) *PluginError {
	return &PluginError{Status: 422, Message: message}
}

// Error is the message.
func (e *PluginError) Error() string {
	return e.Message
}

func (e *PluginError) status() int {
	if e.Status == 0 {
		return 422
	}
	return e.Status
}

// ConfigurationError is a setting or a file the plugin needs that is wrong: the plugin does not start.
type ConfigurationError struct {
	// Message says what is wrong and how to fix it, in one sentence.
	Message string
}

// Error is the message.
func (e *ConfigurationError) Error() string {
	return e.Message
}

// Configurationf is a ConfigurationError with a formatted message.
func Configurationf(format string, args ...any) *ConfigurationError {
	return &ConfigurationError{Message: fmt.Sprintf(format, args...)}
}
