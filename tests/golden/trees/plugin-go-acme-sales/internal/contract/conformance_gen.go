// Code generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de); run `scaffold regenerate`. DO NOT EDIT.

package contract

// answerChecks are, per operation (its HTTP method and path below BasePath), the statuses the
// contract documents and the strict decoder of each one's body: CheckAnswers holds answers to them.
var answerChecks = map[string]map[int]func([]byte) error{
	"GET /well-known": {
		200: func(data []byte) error { var v PluginMetadata; return v.UnmarshalJSON(data) },
		500: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		503: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
	},
	"POST /datasource/health-check": {
		200: func(data []byte) error { var v HealthCheckResponse; return v.UnmarshalJSON(data) },
		400: func(data []byte) error { var v HealthCheckResponse; return v.UnmarshalJSON(data) },
		408: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		413: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		422: func(data []byte) error { var v HealthCheckResponse; return v.UnmarshalJSON(data) },
		500: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		503: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
	},
	"POST /datasource/constructor-fields": {
		200: func(data []byte) error { return checkList(data, decodeConstructorField) },
		400: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		408: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		413: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		422: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		500: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		503: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
	},
	"POST /query/constructor-fields": {
		200: func(data []byte) error { return checkList(data, decodeConstructorField) },
		400: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		408: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		413: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		422: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		500: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		503: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
	},
	"POST /query/get-result": {
		200: func(data []byte) error { var v QueryDataResponse; return v.UnmarshalJSON(data) },
		400: func(data []byte) error { var v QueryDataResponse; return v.UnmarshalJSON(data) },
		408: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		413: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		422: func(data []byte) error { var v QueryDataResponse; return v.UnmarshalJSON(data) },
		500: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		503: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
	},
	"POST /variable/constructor-fields": {
		200: func(data []byte) error { return checkList(data, decodeConstructorField) },
		400: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		408: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		413: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		422: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		500: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		503: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
	},
	"POST /variable/values": {
		200: func(data []byte) error { return checkList(data, decodeConstructorFieldPropOption) },
		400: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		408: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		413: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		422: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		500: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
		503: func(data []byte) error { var v ErrorResponse; return v.UnmarshalJSON(data) },
	},
}

// SpecExamples are the spec's request examples, operation by operation; an operation without a
// request body has one case, "no body".
var SpecExamples = []SpecExample{
	{Method: "GET", Path: "/well-known", Name: "no body"},
	// checkHealth: postgres
	{Method: "POST", Path: "/datasource/health-check", Name: "postgres", Body: []byte("{\"fields\":[{\"code\":\"host\",\"type\":\"text\",\"value\":\"db-01.metrics.internal\"},{\"code\":\"port\",\"type\":\"number\",\"value\":\"5432\"},{\"code\":\"database\",\"type\":\"text\",\"value\":\"metrics\"},{\"code\":\"user\",\"type\":\"text\",\"value\":\"grafana_reader\"},{\"code\":\"password\",\"type\":\"password\",\"value\":\"s3cr3t-Passw0rd\"},{\"code\":\"codeMode\",\"value\":\"true\"},{\"code\":\"codeLang\",\"type\":\"select\",\"value\":\"sql\"}]}")},
	// getDatasourceConstructorFields: newForm
	{Method: "POST", Path: "/datasource/constructor-fields", Name: "newForm", Body: []byte("{\"pluginContext\":{\"orgID\":1,\"pluginID\":\"acme-sql-datasource\",\"dataSourceInstanceSettings\":{\"fields\":[]}},\"filter\":{\"fields\":[]},\"variables\":{}}")},
	// getDatasourceConstructorFields: authTypeChanged
	{Method: "POST", Path: "/datasource/constructor-fields", Name: "authTypeChanged", Body: []byte("{\"pluginContext\":{\"orgID\":1,\"pluginID\":\"acme-sql-datasource\",\"dataSourceInstanceSettings\":{\"fields\":[]}},\"filter\":{\"fields\":[{\"key\":\"authType\",\"value\":\"certificate\"},{\"key\":\"codeMode\",\"value\":\"true\"}]},\"variables\":{}}")},
	// getQueryConstructorFields: newQuery
	{Method: "POST", Path: "/query/constructor-fields", Name: "newQuery", Body: []byte("{\"pluginContext\":{\"orgID\":1,\"pluginID\":\"acme-sql-datasource\",\"dataSourceInstanceSettings\":{\"fields\":[{\"code\":\"host\",\"value\":\"db-01.metrics.internal\"},{\"code\":\"password\",\"type\":\"password\",\"value\":\"enc:v1:gkew7qJlGJM8-adwItXNxCvDtt4slCI7SGabgAPXfT74EVHLqg-e0NRbyg\"},{\"code\":\"codeMode\",\"value\":\"true\"},{\"code\":\"codeLang\",\"value\":\"sql\"}]}},\"filter\":{\"from\":1767225600,\"to\":1767229200,\"fields\":[]},\"variables\":{\"env\":\"prod\",\"hosts\":[\"db-01\",\"db-02\"]}}")},
	// getQueryConstructorFields: triggerChanged
	{Method: "POST", Path: "/query/constructor-fields", Name: "triggerChanged", Body: []byte("{\"pluginContext\":{\"orgID\":1,\"pluginID\":\"acme-sql-datasource\",\"dataSourceInstanceSettings\":{\"fields\":[{\"code\":\"codeMode\",\"value\":\"true\"},{\"code\":\"codeLang\",\"value\":\"sql\"}]}},\"filter\":{\"from\":1767225600,\"to\":1767229200,\"fields\":[{\"key\":\"queryType\",\"value\":\"constructor\"},{\"key\":\"table\",\"value\":\"cpu_metrics\"},{\"key\":\"column\",\"arrayIndex\":0,\"value\":\"host\"}]},\"variables\":{\"env\":\"prod\"}}")},
	// getQueryResult: twoQueries
	{Method: "POST", Path: "/query/get-result", Name: "twoQueries", Body: []byte("{\"pluginContext\":{\"orgID\":1,\"pluginID\":\"acme-sql-datasource\",\"dataSourceInstanceSettings\":{\"fields\":[{\"code\":\"host\",\"value\":\"db-01.metrics.internal\"},{\"code\":\"password\",\"type\":\"password\",\"value\":\"enc:v1:gkew7qJlGJM8-adwItXNxCvDtt4slCI7SGabgAPXfT74EVHLqg-e0NRbyg\"},{\"code\":\"codeMode\",\"value\":\"true\"},{\"code\":\"codeLang\",\"value\":\"sql\"}]}},\"dataQuery\":[{\"refID\":\"A\",\"codeQuery\":\"SELECT time, usage FROM cpu_metrics WHERE host IN ($hosts) AND region = '$region'\",\"maxDataPoints\":1000,\"timeRange\":{\"from\":1767225600,\"to\":1767229200}},{\"refID\":\"B\",\"maxDataPoints\":10,\"timeRange\":{\"from\":1767225600,\"to\":1767229200},\"json\":\"{\\\"queryType\\\": \\\"constructor\\\", \\\"table\\\": \\\"servers\\\", \\\"format\\\": \\\"table\\\"}\"}],\"variables\":{\"region\":\"eu-west\",\"hosts\":[\"db-01\",\"db-02\"]}}")},
	// getVariableConstructorFields: newVariable
	{Method: "POST", Path: "/variable/constructor-fields", Name: "newVariable", Body: []byte("{\"pluginContext\":{\"orgID\":1,\"pluginID\":\"acme-sql-datasource\",\"dataSourceInstanceSettings\":{\"fields\":[{\"code\":\"host\",\"value\":\"db-01.metrics.internal\"}]}},\"filter\":{\"fields\":[]},\"variables\":{}}")},
	// getVariableConstructorFields: sourceChanged
	{Method: "POST", Path: "/variable/constructor-fields", Name: "sourceChanged", Body: []byte("{\"pluginContext\":{\"orgID\":1,\"pluginID\":\"acme-sql-datasource\",\"dataSourceInstanceSettings\":{\"fields\":[{\"code\":\"host\",\"value\":\"db-01.metrics.internal\"}]}},\"filter\":{\"fields\":[{\"key\":\"source\",\"value\":\"column_values\"}]},\"variables\":{\"env\":\"prod\"}}")},
	// getVariableValues: hostnames
	{Method: "POST", Path: "/variable/values", Name: "hostnames", Body: []byte("{\"pluginContext\":{\"orgID\":1,\"pluginID\":\"acme-sql-datasource\",\"dataSourceInstanceSettings\":{\"fields\":[{\"code\":\"host\",\"value\":\"db-01.metrics.internal\"}]}},\"json\":\"{\\\"source\\\": \\\"column_values\\\", \\\"table\\\": \\\"servers\\\", \\\"column\\\": \\\"hostname\\\", \\\"where\\\": \\\"region IN ($regions)\\\"}\",\"variables\":{\"env\":\"prod\",\"regions\":[\"eu-west\",\"eu-north\"]}}")},
}
