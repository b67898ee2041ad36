// Code generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de); run `scaffold regenerate`. DO NOT EDIT.

package contract

import (
	"context"
	"net/http"
)

// BasePath is where the routes are mounted: the path of the spec's server URL.
const BasePath = "/api/v1"

// Operation is one operation of the contract, as the routes serve it.
type Operation struct {
	// OperationID is the spec's operationId.
	OperationID string
	// MethodName is the Handler method serving it.
	MethodName string
	// HTTPMethod is GET or POST.
	HTTPMethod string
	// Path is below BasePath.
	Path string
	// ErrorStatusType is the type of the error body's status: "boolean", "integer" or "" (none).
	ErrorStatusType string
	// ValidationErrors is true when the error body names fields in validationErrors.
	ValidationErrors bool
}

// Operations are the operations of datasource-plugin 1.2.0+r3, in the spec's order.
var Operations = []Operation{
	{OperationID: "getMetadata", MethodName: "GetMetadata", HTTPMethod: "GET", Path: "/well-known", ErrorStatusType: "", ValidationErrors: false},
	{OperationID: "checkHealth", MethodName: "CheckHealth", HTTPMethod: "POST", Path: "/datasource/health-check", ErrorStatusType: "boolean", ValidationErrors: true},
	{OperationID: "getDatasourceConstructorFields", MethodName: "GetDatasourceConstructorFields", HTTPMethod: "POST", Path: "/datasource/constructor-fields", ErrorStatusType: "", ValidationErrors: false},
	{OperationID: "getQueryConstructorFields", MethodName: "GetQueryConstructorFields", HTTPMethod: "POST", Path: "/query/constructor-fields", ErrorStatusType: "", ValidationErrors: false},
	{OperationID: "getQueryResult", MethodName: "GetQueryResult", HTTPMethod: "POST", Path: "/query/get-result", ErrorStatusType: "integer", ValidationErrors: true},
	{OperationID: "getVariableConstructorFields", MethodName: "GetVariableConstructorFields", HTTPMethod: "POST", Path: "/variable/constructor-fields", ErrorStatusType: "", ValidationErrors: false},
	{OperationID: "getVariableValues", MethodName: "GetVariableValues", HTTPMethod: "POST", Path: "/variable/values", ErrorStatusType: "", ValidationErrors: false},
}

// Handler is the data source: one method per operation of the contract. Return a *PluginError
// for content the plugin cannot process (422 unless it says otherwise); any other error, and a
// panic, is a 500 with an incident id in the log. Honour ctx: it is cancelled when the caller
// hangs up, and returning its context.Canceled then is no failure (the access line says 499).
type Handler interface {
	// GetMetadata answers GET /well-known: Plugin metadata
	GetMetadata(ctx context.Context, rc RequestContext) (*PluginMetadata, error)
	// CheckHealth answers POST /datasource/health-check: Check a data source connection
	CheckHealth(ctx context.Context, rc RequestContext, request *DatasourceConfig) (*HealthCheckResponse, error)
	// GetDatasourceConstructorFields answers POST /datasource/constructor-fields: Fields of the data source configuration form
	GetDatasourceConstructorFields(ctx context.Context, rc RequestContext, request *DataSourceConstructorRequest) ([]ConstructorField, error)
	// GetQueryConstructorFields answers POST /query/constructor-fields: Fields for building queries
	GetQueryConstructorFields(ctx context.Context, rc RequestContext, request *ConstructorRequest) ([]ConstructorField, error)
	// GetQueryResult answers POST /query/get-result: Execute one or several queries
	GetQueryResult(ctx context.Context, rc RequestContext, request *QueryDataRequest) (*QueryDataResponse, error)
	// GetVariableConstructorFields answers POST /variable/constructor-fields: Fields for building variable queries
	GetVariableConstructorFields(ctx context.Context, rc RequestContext, request *ConstructorRequest) ([]ConstructorField, error)
	// GetVariableValues answers POST /variable/values: Values for a variable
	GetVariableValues(ctx context.Context, rc RequestContext, request *VariablesRequest) ([]ConstructorFieldPropOption, error)
}

// Stub is a Handler whose every method gives the smallest answer the contract accepts (an
// empty object or list). The seeded glue tests serve it (internal/datasource/*_test.go), so
// they test the routes whatever your data source needs (a token, an API to call).
type Stub struct{}

var _ Handler = Stub{}

// GetMetadata answers getMetadata with &PluginMetadata{}.
func (Stub) GetMetadata(_ context.Context, _ RequestContext) (*PluginMetadata, error) {
	return &PluginMetadata{}, nil
}

// CheckHealth answers checkHealth with &HealthCheckResponse{}.
func (Stub) CheckHealth(_ context.Context, _ RequestContext, _ *DatasourceConfig) (*HealthCheckResponse, error) {
	return &HealthCheckResponse{}, nil
}

// GetDatasourceConstructorFields answers getDatasourceConstructorFields with []ConstructorField{}.
func (Stub) GetDatasourceConstructorFields(_ context.Context, _ RequestContext, _ *DataSourceConstructorRequest) ([]ConstructorField, error) {
	return []ConstructorField{}, nil
}

// GetQueryConstructorFields answers getQueryConstructorFields with []ConstructorField{}.
func (Stub) GetQueryConstructorFields(_ context.Context, _ RequestContext, _ *ConstructorRequest) ([]ConstructorField, error) {
	return []ConstructorField{}, nil
}

// GetQueryResult answers getQueryResult with &QueryDataResponse{}.
func (Stub) GetQueryResult(_ context.Context, _ RequestContext, _ *QueryDataRequest) (*QueryDataResponse, error) {
	return &QueryDataResponse{}, nil
}

// GetVariableConstructorFields answers getVariableConstructorFields with []ConstructorField{}.
func (Stub) GetVariableConstructorFields(_ context.Context, _ RequestContext, _ *ConstructorRequest) ([]ConstructorField, error) {
	return []ConstructorField{}, nil
}

// GetVariableValues answers getVariableValues with []ConstructorFieldPropOption{}.
func (Stub) GetVariableValues(_ context.Context, _ RequestContext, _ *VariablesRequest) ([]ConstructorFieldPropOption, error) {
	return []ConstructorFieldPropOption{}, nil
}

func (s *Server) routes() {
	s.mux.HandleFunc("GET "+BasePath+"/well-known", s.serveGetMetadata)
	s.mux.HandleFunc("POST "+BasePath+"/datasource/health-check", s.serveCheckHealth)
	s.mux.HandleFunc("POST "+BasePath+"/datasource/constructor-fields", s.serveGetDatasourceConstructorFields)
	s.mux.HandleFunc("POST "+BasePath+"/query/constructor-fields", s.serveGetQueryConstructorFields)
	s.mux.HandleFunc("POST "+BasePath+"/query/get-result", s.serveGetQueryResult)
	s.mux.HandleFunc("POST "+BasePath+"/variable/constructor-fields", s.serveGetVariableConstructorFields)
	s.mux.HandleFunc("POST "+BasePath+"/variable/values", s.serveGetVariableValues)
	s.mux.HandleFunc(BasePath+"/well-known", s.notAllowed("GET, HEAD"))
	s.mux.HandleFunc(BasePath+"/datasource/health-check", s.notAllowed("POST"))
	s.mux.HandleFunc(BasePath+"/datasource/constructor-fields", s.notAllowed("POST"))
	s.mux.HandleFunc(BasePath+"/query/constructor-fields", s.notAllowed("POST"))
	s.mux.HandleFunc(BasePath+"/query/get-result", s.notAllowed("POST"))
	s.mux.HandleFunc(BasePath+"/variable/constructor-fields", s.notAllowed("POST"))
	s.mux.HandleFunc(BasePath+"/variable/values", s.notAllowed("POST"))
}

// revealFields decrypts the enc:v1 values of fields; the code of one that does not decrypt, if any.
func (s *Server) revealFields(fields []DatasourceField) (string, bool) {
	for i := range fields {
		field := &fields[i]
		if field.Value.Set && IsToken(field.Value.Value) {
			plain, err := s.secrets.Decrypt(field.Value.Value, field.Code)
			if err != nil {
				return field.Code, false
			}
			field.Value.Value = plain
		}
	}
	return "", true
}

// sealFields encrypts the values of password fields and of the data source's SecretFields.
func (s *Server) sealFields(fields []DatasourceField) error {
	for i := range fields {
		field := &fields[i]
		secret := (field.Type.Set && string(field.Type.Value) == "password") || s.secretFields[field.Code]
		if secret && field.Value.Set && field.Value.Value != "" && !IsToken(field.Value.Value) {
			token, err := s.secrets.Encrypt(field.Value.Value, field.Code)
			if err != nil {
				return err
			}
			field.Value.Value = token
		}
	}
	return nil
}

// serveGetMetadata serves GET /well-known (getMetadata).
func (s *Server) serveGetMetadata(w http.ResponseWriter, r *http.Request) {
	op := &Operations[0]
	rc := s.requestContext(r, op)
	defer s.recoverPanic(w, r, op, rc)
	ctx, cancel := s.callContext(r)
	defer cancel()
	answer, err := s.handler.GetMetadata(ctx, rc)
	if s.ended(w, r, ctx, op, rc, err) {
		return
	}
	if err != nil {
		s.fail(w, r, op, rc, err)
		return
	}
	if answer == nil {
		s.fail(w, r, op, rc, errNoAnswer(op))
		return
	}
	s.send(w, r, op, rc, func(b []byte) ([]byte, error) {
		return appendPluginMetadata(b, answer)
	})
}

// serveCheckHealth serves POST /datasource/health-check (checkHealth).
func (s *Server) serveCheckHealth(w http.ResponseWriter, r *http.Request) {
	op := &Operations[1]
	rc := s.requestContext(r, op)
	defer s.recoverPanic(w, r, op, rc)
	var request DatasourceConfig
	release, ok := s.readRequest(w, r, op, rc, func(reader *Reader) { decodeDatasourceConfig(reader, &request) })
	if !ok {
		return
	}
	defer release()
	if code, ok := s.revealFields(request.Fields); !ok {
		s.undecryptable(w, op, rc, code)
		return
	}
	ctx, cancel := s.callContext(r)
	defer cancel()
	answer, err := s.handler.CheckHealth(ctx, rc, &request)
	if s.ended(w, r, ctx, op, rc, err) {
		return
	}
	if err != nil {
		s.fail(w, r, op, rc, err)
		return
	}
	if answer == nil {
		s.fail(w, r, op, rc, errNoAnswer(op))
		return
	}
	if answer.DatasourceConfig.Set {
		if err := s.sealFields(answer.DatasourceConfig.Value.Fields); err != nil {
			s.internal(w, r, op, rc, err)
			return
		}
	}
	s.send(w, r, op, rc, func(b []byte) ([]byte, error) {
		return appendHealthCheckResponse(b, answer)
	})
}

// serveGetDatasourceConstructorFields serves POST /datasource/constructor-fields (getDatasourceConstructorFields).
func (s *Server) serveGetDatasourceConstructorFields(w http.ResponseWriter, r *http.Request) {
	op := &Operations[2]
	rc := s.requestContext(r, op)
	defer s.recoverPanic(w, r, op, rc)
	var request DataSourceConstructorRequest
	release, ok := s.readRequest(w, r, op, rc, func(reader *Reader) { decodeDataSourceConstructorRequest(reader, &request) })
	if !ok {
		return
	}
	defer release()
	if request.PluginContext.Set && request.PluginContext.Value.DataSourceInstanceSettings.Set {
		if code, ok := s.revealFields(request.PluginContext.Value.DataSourceInstanceSettings.Value.Fields); !ok {
			s.undecryptable(w, op, rc, code)
			return
		}
	}
	ctx, cancel := s.callContext(r)
	defer cancel()
	answer, err := s.handler.GetDatasourceConstructorFields(ctx, rc, &request)
	if s.ended(w, r, ctx, op, rc, err) {
		return
	}
	if err != nil {
		s.fail(w, r, op, rc, err)
		return
	}
	s.send(w, r, op, rc, func(b []byte) ([]byte, error) {
		var err error
		b = append(b, '[')
		for i0 := range answer {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendConstructorField(b, &answer[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
		return b, err
	})
}

// serveGetQueryConstructorFields serves POST /query/constructor-fields (getQueryConstructorFields).
func (s *Server) serveGetQueryConstructorFields(w http.ResponseWriter, r *http.Request) {
	op := &Operations[3]
	rc := s.requestContext(r, op)
	defer s.recoverPanic(w, r, op, rc)
	var request ConstructorRequest
	release, ok := s.readRequest(w, r, op, rc, func(reader *Reader) { decodeConstructorRequest(reader, &request) })
	if !ok {
		return
	}
	defer release()
	if request.PluginContext.Set && request.PluginContext.Value.DataSourceInstanceSettings.Set {
		if code, ok := s.revealFields(request.PluginContext.Value.DataSourceInstanceSettings.Value.Fields); !ok {
			s.undecryptable(w, op, rc, code)
			return
		}
	}
	ctx, cancel := s.callContext(r)
	defer cancel()
	answer, err := s.handler.GetQueryConstructorFields(ctx, rc, &request)
	if s.ended(w, r, ctx, op, rc, err) {
		return
	}
	if err != nil {
		s.fail(w, r, op, rc, err)
		return
	}
	s.send(w, r, op, rc, func(b []byte) ([]byte, error) {
		var err error
		b = append(b, '[')
		for i0 := range answer {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendConstructorField(b, &answer[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
		return b, err
	})
}

// serveGetQueryResult serves POST /query/get-result (getQueryResult).
func (s *Server) serveGetQueryResult(w http.ResponseWriter, r *http.Request) {
	op := &Operations[4]
	rc := s.requestContext(r, op)
	defer s.recoverPanic(w, r, op, rc)
	var request QueryDataRequest
	release, ok := s.readRequest(w, r, op, rc, func(reader *Reader) { decodeQueryDataRequest(reader, &request) })
	if !ok {
		return
	}
	defer release()
	if request.PluginContext.Set && request.PluginContext.Value.DataSourceInstanceSettings.Set {
		if code, ok := s.revealFields(request.PluginContext.Value.DataSourceInstanceSettings.Value.Fields); !ok {
			s.undecryptable(w, op, rc, code)
			return
		}
	}
	ctx, cancel := s.callContext(r)
	defer cancel()
	answer, err := s.handler.GetQueryResult(ctx, rc, &request)
	if s.ended(w, r, ctx, op, rc, err) {
		return
	}
	if err != nil {
		s.fail(w, r, op, rc, err)
		return
	}
	if answer == nil {
		s.fail(w, r, op, rc, errNoAnswer(op))
		return
	}
	s.send(w, r, op, rc, func(b []byte) ([]byte, error) {
		return appendQueryDataResponse(b, answer)
	})
}

// serveGetVariableConstructorFields serves POST /variable/constructor-fields (getVariableConstructorFields).
func (s *Server) serveGetVariableConstructorFields(w http.ResponseWriter, r *http.Request) {
	op := &Operations[5]
	rc := s.requestContext(r, op)
	defer s.recoverPanic(w, r, op, rc)
	var request ConstructorRequest
	release, ok := s.readRequest(w, r, op, rc, func(reader *Reader) { decodeConstructorRequest(reader, &request) })
	if !ok {
		return
	}
	defer release()
	if request.PluginContext.Set && request.PluginContext.Value.DataSourceInstanceSettings.Set {
		if code, ok := s.revealFields(request.PluginContext.Value.DataSourceInstanceSettings.Value.Fields); !ok {
			s.undecryptable(w, op, rc, code)
			return
		}
	}
	ctx, cancel := s.callContext(r)
	defer cancel()
	answer, err := s.handler.GetVariableConstructorFields(ctx, rc, &request)
	if s.ended(w, r, ctx, op, rc, err) {
		return
	}
	if err != nil {
		s.fail(w, r, op, rc, err)
		return
	}
	s.send(w, r, op, rc, func(b []byte) ([]byte, error) {
		var err error
		b = append(b, '[')
		for i0 := range answer {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendConstructorField(b, &answer[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
		return b, err
	})
}

// serveGetVariableValues serves POST /variable/values (getVariableValues).
func (s *Server) serveGetVariableValues(w http.ResponseWriter, r *http.Request) {
	op := &Operations[6]
	rc := s.requestContext(r, op)
	defer s.recoverPanic(w, r, op, rc)
	var request VariablesRequest
	release, ok := s.readRequest(w, r, op, rc, func(reader *Reader) { decodeVariablesRequest(reader, &request) })
	if !ok {
		return
	}
	defer release()
	if request.PluginContext.Set && request.PluginContext.Value.DataSourceInstanceSettings.Set {
		if code, ok := s.revealFields(request.PluginContext.Value.DataSourceInstanceSettings.Value.Fields); !ok {
			s.undecryptable(w, op, rc, code)
			return
		}
	}
	ctx, cancel := s.callContext(r)
	defer cancel()
	answer, err := s.handler.GetVariableValues(ctx, rc, &request)
	if s.ended(w, r, ctx, op, rc, err) {
		return
	}
	if err != nil {
		s.fail(w, r, op, rc, err)
		return
	}
	s.send(w, r, op, rc, func(b []byte) ([]byte, error) {
		var err error
		b = append(b, '[')
		for i0 := range answer {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendConstructorFieldPropOption(b, &answer[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
		return b, err
	})
}
