// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/module/demo.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package module

// The tutorial endpoint's body, as the spec's DemoStatusRequest says (the Python backend's
// envelope.py `unwrap`): a body with a top-level "payload" key is the proxy's envelope, whose
// payload must be a bare payload and whose moduleContext, when the key is present, an object (null
// is refused; other keys are ignored); any other body must be a bare payload, an object with a
// `message` string and no other key. Anything else is 400 naming the first problem. Nothing is
// coerced (1 is no string).

import (
	"net/http"

	"acme-map/internal/contract/acceptlanguage"
)

const (
	envelopePayload = "payload"
	envelopeContext = "moduleContext"
	payloadMessage  = "message"
	// theBody names the whole body where a text names the place of a problem (as Python's and
	// TypeScript's runtimes name it).
	theBody = "the body"
)

// DemoCall is the tutorial endpoint's input, the same whether it came through the proxy or directly.
type DemoCall struct {
	// Message is the payload's message.
	Message string
	// ModuleContext is the saved module settings the proxy added (an empty map for `{}`), nil
	// when the body had none. It may hold encrypted secrets: never echo it.
	ModuleContext map[string]any
	// ViaProxy says the body was the proxy's envelope.
	ViaProxy bool
	// Locale is the language to answer in, chosen from Accept-Language among Options.Locales.
	Locale string
	// Request is the HTTP request (headers, its context with the request id).
	Request *http.Request
}

// HasModuleContext says that the body carried a moduleContext.
func (c DemoCall) HasModuleContext() bool { return c.ModuleContext != nil }

func (s *Server) demoStatus(w http.ResponseWriter, r *http.Request) {
	locale := acceptlanguage.ChooseOr(r.Header.Get("Accept-Language"), s.opts.Locales, ModuleDefaultLocale)
	raw, release, refused := readBody(w, r, s.budget)
	defer release() // the body's bytes count until the answer is made
	var call DemoCall
	if refused == nil {
		var data any
		if data, refused = parseJSON(raw); refused == nil {
			call, refused = unwrapDemo(data)
		}
	}
	if refused != nil {
		writeError(w, refused.status, refused.message, refused.headers)
		return
	}
	call.Locale, call.Request = locale, r
	answer, err := s.opts.Demo(call)
	if stoppedByShutdown(w, r) {
		return
	}
	var body []byte
	if err == nil {
		body, err = answer.MarshalJSON()
	}
	if err != nil {
		s.internalError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, body, map[string]string{"Content-Language": locale, "Vary": "Accept-Language"})
}

// unwrapDemo reads an envelope or a bare payload (the file comment).
func unwrapDemo(data any) (DemoCall, *bodyError) {
	if object, ok := data.(map[string]any); ok {
		if payload, isEnvelope := object[envelopePayload]; isEnvelope {
			message, problem := payloadProblem(payload, envelopePayload)
			if problem == "" {
				problem = contextProblem(object)
			}
			if problem != "" {
				return DemoCall{}, neither(problem)
			}
			saved, _ := object[envelopeContext].(map[string]any)
			return DemoCall{Message: message, ModuleContext: saved, ViaProxy: true}, nil
		}
	}
	if object, ok := data.(map[string]any); ok {
		if _, saved := object[envelopeContext]; saved {
			return DemoCall{}, contextWithoutPayload()
		}
	}
	message, problem := payloadProblem(data, "")
	if problem != "" {
		return DemoCall{}, neither(problem)
	}
	return DemoCall{Message: message}, nil
}

// neither is the refusal of a body that is no envelope and no bare payload, for problem.
func neither(problem string) *bodyError {
	return refuse(http.StatusBadRequest, Text(TextEnvelopeNeither, map[string]string{"problem": problem}))
}

// contextProblem is why the envelope's moduleContext is not usable (an object when present), or "".
func contextProblem(object map[string]any) string {
	context, present := object[envelopeContext]
	if _, isObject := context.(map[string]any); !present || isObject {
		return ""
	}
	if context == nil {
		return Text(TextEnvelopeContextNull, nil)
	}
	return Text(TextEnvelopeContextNotObject, nil)
}

// payloadProblem is the message of a bare payload, or why value is none; where is the property
// the value came from ("" for the whole body).
func payloadProblem(value any, where string) (string, string) {
	prefix := ""
	if where != "" {
		prefix = where + "."
	}
	object, ok := value.(map[string]any)
	if !ok {
		if where == "" {
			where = theBody
		}
		return "", Text(TextEnvelopeNotObject, map[string]string{"where": where})
	}
	message, present := object[payloadMessage]
	if !present {
		return "", Text(TextEnvelopeRequired, map[string]string{"where": prefix})
	}
	text, isString := message.(string)
	if !isString {
		return "", Text(TextEnvelopeNotString, map[string]string{"where": prefix})
	}
	if len(object) > 1 {
		if where != "" {
			return "", Text(TextEnvelopeExtraInPayload, nil)
		}
		return "", Text(TextEnvelopeExtraInBare, nil)
	}
	return text, ""
}
