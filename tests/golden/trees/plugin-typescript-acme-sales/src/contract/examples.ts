// generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
/** One request example of the spec: its operation, its name, and its body (none: no request body). */
export interface RequestExample {
  readonly operationId: string;
  readonly name: string;
  readonly body?: unknown;
}

/** Every request example of the spec, in its order; an operation without a request body has one. */
export const REQUEST_EXAMPLES: readonly RequestExample[] = [
  { operationId: 'getMetadata', name: 'no body' },
  {
    operationId: 'checkHealth',
    name: 'postgres',
    body: {
      fields: [
        { code: 'host', type: 'text', value: 'db-01.metrics.internal' },
        { code: 'port', type: 'number', value: '5432' },
        { code: 'database', type: 'text', value: 'metrics' },
        { code: 'user', type: 'text', value: 'grafana_reader' },
        { code: 'password', type: 'password', value: 's3cr3t-Passw0rd' },
        { code: 'codeMode', value: 'true' },
        { code: 'codeLang', type: 'select', value: 'sql' },
      ],
    },
  },
  {
    operationId: 'getDatasourceConstructorFields',
    name: 'newForm',
    body: {
      pluginContext: {
        orgID: 1,
        pluginID: 'acme-sql-datasource',
        dataSourceInstanceSettings: { fields: [] },
      },
      filter: { fields: [] },
      variables: {},
    },
  },
  {
    operationId: 'getDatasourceConstructorFields',
    name: 'authTypeChanged',
    body: {
      pluginContext: {
        orgID: 1,
        pluginID: 'acme-sql-datasource',
        dataSourceInstanceSettings: { fields: [] },
      },
      filter: {
        fields: [{ key: 'authType', value: 'certificate' }, { key: 'codeMode', value: 'true' }],
      },
      variables: {},
    },
  },
  {
    operationId: 'getQueryConstructorFields',
    name: 'newQuery',
    body: {
      pluginContext: {
        orgID: 1,
        pluginID: 'acme-sql-datasource',
        dataSourceInstanceSettings: {
          fields: [
            { code: 'host', value: 'db-01.metrics.internal' },
            {
              code: 'password',
              type: 'password',
              value: 'enc:v1:gkew7qJlGJM8-adwItXNxCvDtt4slCI7SGabgAPXfT74EVHLqg-e0NRbyg',
            },
            { code: 'codeMode', value: 'true' },
            { code: 'codeLang', value: 'sql' },
          ],
        },
      },
      filter: { from: 1767225600, to: 1767229200, fields: [] },
      variables: { env: 'prod', hosts: ['db-01', 'db-02'] },
    },
  },
  {
    operationId: 'getQueryConstructorFields',
    name: 'triggerChanged',
    body: {
      pluginContext: {
        orgID: 1,
        pluginID: 'acme-sql-datasource',
        dataSourceInstanceSettings: {
          fields: [{ code: 'codeMode', value: 'true' }, { code: 'codeLang', value: 'sql' }],
        },
      },
      filter: {
        from: 1767225600,
        to: 1767229200,
        fields: [
          { key: 'queryType', value: 'constructor' },
          { key: 'table', value: 'cpu_metrics' },
          { key: 'column', arrayIndex: 0, value: 'host' },
        ],
      },
      variables: { env: 'prod' },
    },
  },
  {
    operationId: 'getQueryResult',
    name: 'twoQueries',
    body: {
      pluginContext: {
        orgID: 1,
        pluginID: 'acme-sql-datasource',
        dataSourceInstanceSettings: {
          fields: [
            { code: 'host', value: 'db-01.metrics.internal' },
            {
              code: 'password',
              type: 'password',
              value: 'enc:v1:gkew7qJlGJM8-adwItXNxCvDtt4slCI7SGabgAPXfT74EVHLqg-e0NRbyg',
            },
            { code: 'codeMode', value: 'true' },
            { code: 'codeLang', value: 'sql' },
          ],
        },
      },
      dataQuery: [
        {
          refID: 'A',
          codeQuery: 'SELECT time, usage FROM cpu_metrics WHERE host IN ($hosts) AND region = \'$region\'',
          maxDataPoints: 1000,
          timeRange: { from: 1767225600, to: 1767229200 },
        },
        {
          refID: 'B',
          maxDataPoints: 10,
          timeRange: { from: 1767225600, to: 1767229200 },
          json: '{"queryType": "constructor", "table": "servers", "format": "table"}',
        },
      ],
      variables: { region: 'eu-west', hosts: ['db-01', 'db-02'] },
    },
  },
  {
    operationId: 'getVariableConstructorFields',
    name: 'newVariable',
    body: {
      pluginContext: {
        orgID: 1,
        pluginID: 'acme-sql-datasource',
        dataSourceInstanceSettings: { fields: [{ code: 'host', value: 'db-01.metrics.internal' }] },
      },
      filter: { fields: [] },
      variables: {},
    },
  },
  {
    operationId: 'getVariableConstructorFields',
    name: 'sourceChanged',
    body: {
      pluginContext: {
        orgID: 1,
        pluginID: 'acme-sql-datasource',
        dataSourceInstanceSettings: { fields: [{ code: 'host', value: 'db-01.metrics.internal' }] },
      },
      filter: { fields: [{ key: 'source', value: 'column_values' }] },
      variables: { env: 'prod' },
    },
  },
  {
    operationId: 'getVariableValues',
    name: 'hostnames',
    body: {
      pluginContext: {
        orgID: 1,
        pluginID: 'acme-sql-datasource',
        dataSourceInstanceSettings: { fields: [{ code: 'host', value: 'db-01.metrics.internal' }] },
      },
      json: '{"source": "column_values", "table": "servers", "column": "hostname", "where": "region IN ($regions)"}',
      variables: { env: 'prod', regions: ['eu-west', 'eu-north'] },
    },
  },
];
