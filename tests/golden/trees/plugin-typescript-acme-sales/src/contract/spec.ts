// generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
/** datasource-plugin 1.2.0+r3 as this plugin publishes it and checks request bodies by. */
export const CONTRACT = 'datasource-plugin 1.2.0+r3';

export const DOCUMENT: Readonly<Record<string, unknown>> = {
  openapi: '3.1.0',
  info: {
    title: 'Data Source Plugin HTTP API',
    version: '1.2.0+r3',
    'x-contract-version': '1.2.0',
    'x-spec-revision': 3,
    'x-contract': 'datasource-plugin',
    'x-release-label': '2026H1',
    'x-contract-document': 'datasource-plugin-contract.md',
    description: 'The HTTP API that a data source plugin exposes to the platform. A plugin is an independent\nHTTP service; the platform backend calls it. All request and response bodies are JSON\n(application/json). Contract version 1.2.0, documentation release label 2026H1; this file is\nspec revision 3 of that contract version (1.2.0+r3).\n\nRevision 2 changes no wire shape the platform sends or reads. It corrects the spec of 1.2.0:\nevery status a scaffold-generated plugin answers is documented with its body; the rules the\nplugin enforces are stated (as schema keywords where JSON Schema can say them, in the\noperation description otherwise); the examples are valid and consistent with the contract\'s\nrules, and their encrypted values decrypt with the example key below; enums and the variable\nvalue union are named schemas, so client generators in any language give them readable names;\nthe absence of authentication is declared with a root `security: []`.\n\nRevision 3 changes no wire shape either. It follows the contract\'s Errors table where\nrevision 2 did not: a data source configuration without an entry for a field the plugin\'s\nform requires is "too few entries in DatasourceConfig.fields", the contract\'s 400, no longer\na 422 (an entry that is present but empty or invalid stays the contract\'s 422 validation\nerror). It documents the statuses revision 2 left out although generated plugins answer them:\n408 for a body that stops arriving, 503 while the plugin holds as many request bodies as it may\nor is stopping, and the 422 for a data source that does not answer within the plugin\'s\ndeadline.\n\nStatuses of every operation with a request body:\n- 200: the request was processed (for the health check this includes status false: the\n  check ran and the data source is unreachable or refused the connection).\n- 400: the form of the request is wrong: the body is not JSON, its declared Content-Type is\n  not JSON, or it does not match the request schema (a wrong type, null where the schema does\n  not allow null, a missing required property, a violated minItems, enum or bound). No value\n  is coerced: "1" is not an integer, "true" is not a boolean, and null is not an omitted\n  property. Also 400: a data source configuration the plugin checks against its form has no\n  entry for a field the form requires (the contract\'s "too few entries in\n  DatasourceConfig.fields"); the message names the missing field codes.\n- 422: the form is right but the content cannot be processed, by a rule JSON Schema cannot\n  express; each operation\'s description lists its rules. On every operation, also: the data\n  source did not answer within the plugin\'s deadline (PLUGIN_QUERY_SECONDS, 5 s by default);\n  the plugin cancelled its work and the message says so.\n- 413: the body is larger than the plugin accepts (10 MiB by default).\n- 408: the body stopped arriving before it was complete; send the request again.\n- 503 (with Retry-After): the plugin holds as many request bodies at once as its memory\n  budget allows, or it is stopping and cut the request at the end of its shutdown grace\n  period; retry, on another replica if there is one.\n- 500: an unexpected error in the plugin\'s own code; the message carries an incident id that\n  ties it to the plugin\'s log and never the error\'s details.\nAn unknown path is answered 404 and a method a path does not serve 405, both with an\nErrorResponse body; they belong to no operation, so no operation lists them.\n\nExample values: the `enc:v1:` values in the examples are encrypted with the example key\n`x-example-secret-key` (a base64url PLUGIN_SECRET_KEY of a scaffold-generated plugin). It is\npublished and must never be used outside tests; a plugin run with it decrypts the examples.\n\nThe plugin serves: its own metadata; a check of a data source connection; field descriptions\n(constructors) for the data source configuration, for queries and for variable queries;\nexecution of one or several data queries; values for variables.\n\nThe base URL already includes the path segment /api/v1; all paths are relative to it.\n\nTypical call order:\n1. GET /well-known\n2. POST /datasource/health-check\n3. POST /datasource/constructor-fields\n4. POST /query/constructor-fields\n5. POST /query/get-result\n6. POST /variable/constructor-fields and POST /variable/values\n\nLocalisation: for the endpoints that return field metadata (the three constructor-fields\nendpoints) the platform sends the header Accept-Language (a locale code of the form ll-CC).\nThe plugin uses it to localise name, description, placeholder, label and similar texts.\nDefault when absent: ru-RU.\n\nQuery building has three modes: Code, JSON, Constructor. Code mode is offered only when both\nconditions hold: (a) the data source configuration (delivered to the platform as\ndataSource.configFields) contains codeMode set to the string true and a codeLang value;\n(b) the user switches the queryType radio switch to Code. When codeLang is absent, the Code\noption is hidden and the mode returns to fields.\n\nConstructor flow (three constructor endpoints): the first request from the UI sends\nfilter.fields as an empty array for a form created from scratch, or the values of all fields\nfor a form opened with a saved configuration. A field with isTrigger true is a trigger; when\nthe value of any trigger field changes, the UI sends a repeated request with filter.fields\nholding the values of all trigger fields (key = field code, value). The response then carries\nthe updated set of fields.\n\nAuthentication of calls to a plugin is not shown in the contract. Scaffold\'s decision: no\nauthentication is assumed; deploy the plugin behind the platform\'s network controls.\n',
    'x-scaffold-decision': 'Authentication is not shown in the contract: no authentication is assumed; deploy the plugin behind the platform\'s network controls; the root `security: []` declares it. Events are not shown: plugins emit none. Rate limits are not shown: none are imposed. Request size limits are not shown: scaffold-generated plugins refuse bodies over 10 MiB with 413 and an ErrorResponse. Error statuses other than the contract\'s 400 and 422 of the health check and the 400 of get-result are not shown: scaffold-generated plugins answer 400 for a wrong request form, 422 for content they cannot process, 408, 413, 500 and 503, as documented per operation; 404 for an unknown path and 405 for a method a path does not serve, with an ErrorResponse body. Deadlines are not shown: a data source call that runs longer than PLUGIN_QUERY_SECONDS is cancelled and answered 422 in the operation\'s 422 shape. States are not shown: plugins are stateless, so they scale by adding workers or replicas. The compatibility policy is not shown: scaffold treats the contract version as semantic (a minor version only adds optional fields or endpoints) and `scaffold specs diff` marks what breaks a project.',
    'x-example-secret-key': 'ZXhhbXBsZS1rZXktZG8tbm90LXVzZS1pbi1wcm9kISE=',
  },
  servers: [
    {
      url: '/api/v1',
      description: 'This service; the URL is relative to the address of this document.',
    },
  ],
  security: [],
  tags: [
    { name: 'metadata', description: 'Plugin metadata.' },
    { name: 'datasource', description: 'Data source configuration and connection check.' },
    { name: 'query', description: 'Query constructors and query execution.' },
    { name: 'variable', description: 'Variable constructors and variable values.' },
  ],
  paths: {
    '/well-known': {
      get: {
        operationId: 'getMetadata',
        tags: ['metadata'],
        summary: 'Plugin metadata',
        description: 'Returns the plugin metadata; the platform reads name, version, title, description.',
        'x-scaffold-decision': 'Error responses of this endpoint are not shown in the contract: it takes no request body, so it answers 200 with PluginMetadata, or 500 with an ErrorResponse when the plugin\'s own metadata code fails.',
        responses: {
          '200': {
            description: 'The plugin metadata.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/PluginMetadata' },
                examples: {
                  withAuthor: {
                    summary: 'Metadata with author and website',
                    value: {
                      name: 'acme-sql-datasource',
                      title: [
                        { lang: 'ru-RU', value: 'Источник данных Acme SQL' },
                        { lang: 'en-US', value: 'Acme SQL data source' },
                      ],
                      version: '1.4.2',
                      description: [
                        {
                          lang: 'ru-RU',
                          value: 'Запросы к базам PostgreSQL с метриками временных рядов.',
                        },
                        {
                          lang: 'en-US',
                          value: 'Queries PostgreSQL databases holding time-series metrics.',
                        },
                      ],
                      queryHelp: [
                        {
                          lang: 'ru-RU',
                          value: 'JSON-запрос, например {"table": "cpu_metrics", "metric": "usage"}',
                        },
                        {
                          lang: 'en-US',
                          value: 'JSON query, for example {"table": "cpu_metrics", "metric": "usage"}',
                        },
                      ],
                      baseUrl: 'http://sql-plugin.internal:8080/api/v1',
                      author: 'Acme Data Team',
                      website: 'https://acme.example/plugins/sql',
                    },
                  },
                  withoutAuthor: {
                    summary: 'Metadata without a developer (author and website null)',
                    value: {
                      name: 'csv-files-datasource',
                      title: [{ lang: 'en-US', value: 'CSV files' }],
                      version: '0.3.0',
                      description: [{ lang: 'en-US', value: 'Reads uploaded CSV files as tables.' }],
                      queryHelp: [
                        { lang: 'en-US', value: 'JSON query, for example {"file": "sales.csv"}' },
                      ],
                      baseUrl: 'http://csv-plugin.internal:8080/api/v1',
                      author: null,
                      website: null,
                    },
                  },
                },
              },
            },
          },
          '500': {
            description: 'An unexpected error in the plugin\'s own code. The message carries an incident id found in the plugin\'s log; the error\'s details are never sent. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  unexpected: {
                    summary: 'An unexpected error',
                    value: {
                      error: true,
                      message: 'Internal plugin error (incident 4f2a9c01b7e3); the details are in the plugin log',
                    },
                  },
                },
              },
            },
          },
          '503': {
            description: 'The plugin is stopping and cut the request at the end of its shutdown grace period. Retry, on another replica if there is one. ErrorResponse, with a Retry-After header.',
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before retrying.',
                schema: { type: 'integer' },
              },
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  stopping: {
                    summary: 'The plugin stopped while the request ran',
                    value: { error: true, message: 'The plugin is stopping; retry the request' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/datasource/health-check': {
      post: {
        operationId: 'checkHealth',
        tags: ['datasource'],
        summary: 'Check a data source connection',
        description: 'Checks validity and reachability of the connection described by the supplied fields. On success the response has status true and datasourceConfig carrying the fields with their values. When a config holds sensitive fields (passwords), the plugin encrypts them in this response; afterwards the values are used and returned only in encrypted form.\nA check that ran answers 200: status true when the connection is valid and reachable, status false with a message saying why when the data source is unreachable or refuses the connection. A field the plugin\'s configuration form marks required that has no entry in fields is "too few entries", answered 400 naming the missing codes. Rules JSON Schema cannot express, answered 422 with validationErrors (field code to text): a required field\'s entry is not empty; a value matches its field\'s validationRule and allowed characters; an encrypted value decrypts with the plugin\'s key.',
        'x-scaffold-decision': 'The contract\'s 400 ("request format is wrong, for example too few entries in DatasourceConfig.fields") covers a body that is not JSON or does not match DatasourceConfig, and a configuration without an entry for a field the plugin\'s own form requires (revision 2 answered that 422). A present entry that is empty or breaks its rule is the contract\'s 422 (validation error, for example an empty required field). 200 with status false means the check ran and the data source is not reachable; the message says why. Oversized bodies get 413 and unexpected errors 500, both with an ErrorResponse.',
        requestBody: {
          required: true,
          description: 'The data source configuration to check, with client-entered values.',
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/DatasourceConfig' },
              examples: {
                postgres: {
                  summary: 'A PostgreSQL connection with a plain-text password',
                  value: {
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
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The check ran. status true: the connection is valid and reachable, and datasourceConfig carries the fields with their values, sensitive values (passwords) in encrypted form. status false: the data source is unreachable or refused the connection; message says why.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/HealthCheckResponse' },
                examples: {
                  ok: {
                    summary: 'Connection succeeded; the password comes back encrypted',
                    value: {
                      error: false,
                      message: 'Connection to metrics@db-01.metrics.internal:5432 succeeded',
                      status: true,
                      datasourceConfig: {
                        fields: [
                          { code: 'host', type: 'text', value: 'db-01.metrics.internal' },
                          { code: 'port', type: 'number', value: '5432' },
                          { code: 'database', type: 'text', value: 'metrics' },
                          { code: 'user', type: 'text', value: 'grafana_reader' },
                          {
                            code: 'password',
                            type: 'password',
                            value: 'enc:v1:gkew7qJlGJM8-adwItXNxCvDtt4slCI7SGabgAPXfT74EVHLqg-e0NRbyg',
                          },
                          { code: 'codeMode', value: 'true' },
                          { code: 'codeLang', type: 'select', value: 'sql' },
                        ],
                      },
                    },
                  },
                  unreachable: {
                    summary: 'The check ran but the database host did not answer',
                    value: {
                      error: false,
                      message: 'Cannot connect to db-01.metrics.internal:5432: connection timed out',
                      status: false,
                    },
                  },
                },
              },
            },
          },
          '400': {
            description: 'The form of the request is wrong: the body is not JSON, its declared Content-Type is not JSON, or it does not match DatasourceConfig (a wrong type, a null the schema does not allow, a field without code); or too few entries: fields has no entry for a field the plugin\'s form requires. The body is a HealthCheckResponse with message.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/HealthCheckResponse' },
                examples: {
                  fieldsNotArray: {
                    summary: 'DatasourceConfig.fields is not an array',
                    value: {
                      error: true,
                      message: 'Request format is wrong: fields: must be an array',
                      status: false,
                    },
                  },
                  tooFewEntries: {
                    summary: 'The form requires host and password; fields has no entry for them',
                    value: {
                      error: true,
                      message: 'Request format is wrong: DatasourceConfig.fields has no entry for host, password',
                      status: false,
                    },
                  },
                },
              },
            },
          },
          '422': {
            description: 'Validation error (for example an empty required field, disallowed characters, a failed validationRule, an encrypted value that does not decrypt, no answer within the plugin\'s deadline). The body is a HealthCheckResponse with message and validationErrors (map field code to error text).',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/HealthCheckResponse' },
                examples: {
                  invalidFields: {
                    summary: 'An empty required field and disallowed characters',
                    value: {
                      error: true,
                      message: 'Validation failed for 2 fields',
                      status: false,
                      validationErrors: {
                        host: 'The field is required and must not be empty',
                        database: 'Disallowed characters: \';\'',
                      },
                    },
                  },
                },
              },
            },
          },
          '413': {
            description: 'The body is larger than the plugin accepts (10 MiB by default). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  tooLarge: {
                    summary: 'A body over the limit',
                    value: {
                      error: true,
                      message: 'Request body is too large: at most 10 MiB is accepted',
                    },
                  },
                },
              },
            },
          },
          '500': {
            description: 'An unexpected error in the plugin\'s own code. The message carries an incident id found in the plugin\'s log; the error\'s details are never sent. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  unexpected: {
                    summary: 'An unexpected error',
                    value: {
                      error: true,
                      message: 'Internal plugin error (incident 4f2a9c01b7e3); the details are in the plugin log',
                    },
                  },
                },
              },
            },
          },
          '408': {
            description: 'The body stopped arriving before it was complete. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  stalled: {
                    summary: 'A body that stopped arriving',
                    value: {
                      error: true,
                      message: 'The request body stopped arriving; send the request again',
                    },
                  },
                },
              },
            },
          },
          '503': {
            description: 'The plugin holds as many request bodies at once as its memory budget allows, or it is stopping and cut the request at the end of its shutdown grace period. Retry, on another replica if there is one. ErrorResponse, with a Retry-After header.',
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before retrying.',
                schema: { type: 'integer' },
              },
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  busy: {
                    summary: 'The plugin holds as many request bodies as it may',
                    value: {
                      error: true,
                      message: 'The plugin is holding as many request bodies as it may; retry the request',
                    },
                  },
                  stopping: {
                    summary: 'The plugin stopped while the request ran',
                    value: { error: true, message: 'The plugin is stopping; retry the request' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/datasource/constructor-fields': {
      post: {
        operationId: 'getDatasourceConstructorFields',
        tags: ['datasource'],
        summary: 'Fields of the data source configuration form',
        description: 'Returns the fields of the data source configuration form, depending on the values already entered. For a form created from scratch filter.fields is an empty array; for a saved configuration the values of all fields are sent; when a trigger field (isTrigger true) changes, filter.fields holds the values of all trigger fields and the response carries the updated set of fields. Texts are localised according to Accept-Language.\nRules JSON Schema cannot express, answered 422: an encrypted value in pluginContext.dataSourceInstanceSettings decrypts with the plugin\'s key; the values the plugin needs to build the fields are ones it understands.',
        'x-scaffold-decision': 'Error responses of this endpoint are not shown in the contract: scaffold-generated plugins answer 400 for a wrong request form, 422 for content they cannot process, 413 for an oversized body and 500 for an unexpected error, each with an ErrorResponse body, as for the two endpoints whose errors the contract documents.',
        parameters: [{ $ref: '#/components/parameters/AcceptLanguage' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/DataSourceConstructorRequest' },
              examples: {
                newForm: {
                  summary: 'First request for a form created from scratch (empty filter.fields)',
                  value: {
                    pluginContext: {
                      orgID: 1,
                      pluginID: 'acme-sql-datasource',
                      dataSourceInstanceSettings: { fields: [] },
                    },
                    filter: { fields: [] },
                    variables: {},
                  },
                },
                authTypeChanged: {
                  summary: 'Repeated request after the trigger field authType changed',
                  value: {
                    pluginContext: {
                      orgID: 1,
                      pluginID: 'acme-sql-datasource',
                      dataSourceInstanceSettings: { fields: [] },
                    },
                    filter: {
                      fields: [
                        { key: 'authType', value: 'certificate' },
                        { key: 'codeMode', value: 'true' },
                      ],
                    },
                    variables: {},
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The fields of the data source configuration form.',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/ConstructorField' } },
                examples: {
                  passwordAuth: {
                    summary: 'Configuration form with password authentication',
                    value: [
                      {
                        code: 'host',
                        name: 'Host',
                        description: 'Database server host name',
                        required: true,
                        type: 'text',
                        placeholder: 'db.example.internal',
                        validationRule: '^[A-Za-z0-9.-]+$',
                        validationMessage: 'Letters, digits, dots and dashes only',
                        size: 'lg',
                      },
                      {
                        code: 'port',
                        name: 'Port',
                        required: true,
                        type: 'number',
                        value: '5432',
                        inline: true,
                        size: 'sm',
                        props: { min: 1, max: 65535 },
                      },
                      {
                        code: 'database',
                        name: 'Database',
                        required: true,
                        type: 'text',
                        size: 'md',
                      },
                      {
                        code: 'authType',
                        name: 'Authentication',
                        type: 'radio',
                        value: 'password',
                        isTrigger: true,
                        props: {
                          options: [
                            { label: 'Password', value: 'password' },
                            { label: 'Client certificate', value: 'certificate' },
                          ],
                        },
                      },
                      { code: 'user', name: 'User', required: true, type: 'text', size: 'md' },
                      {
                        code: 'password',
                        name: 'Password',
                        required: true,
                        type: 'password',
                        inline: true,
                        size: 'md',
                      },
                      {
                        code: 'codeMode',
                        name: 'Allow Code mode',
                        description: 'Lets users write queries directly in SQL',
                        type: 'checkbox',
                        value: 'true',
                        isTrigger: true,
                      },
                      {
                        code: 'codeLang',
                        name: 'Code language',
                        type: 'select',
                        value: 'sql',
                        readOnly: true,
                        size: 'sm',
                        props: {
                          options: [{ label: 'SQL', value: 'sql' }],
                          allowHandwriting: false,
                          allowMultiSelect: false,
                        },
                      },
                    ],
                  },
                  certificateAuth: {
                    summary: 'Updated form after authType switched to certificate',
                    value: [
                      { code: 'host', name: 'Host', required: true, type: 'text', size: 'lg' },
                      {
                        code: 'authType',
                        name: 'Authentication',
                        type: 'radio',
                        value: 'certificate',
                        isTrigger: true,
                        props: {
                          options: [
                            { label: 'Password', value: 'password' },
                            { label: 'Client certificate', value: 'certificate' },
                          ],
                        },
                      },
                      {
                        code: 'clientCert',
                        name: 'Client certificate',
                        description: 'PEM file with the client certificate',
                        required: true,
                        type: 'file',
                        props: { maxFileSize: 65536, acceptFile: '.pem,.crt' },
                      },
                    ],
                  },
                },
              },
            },
          },
          '400': {
            description: 'The form of the request is wrong: the body is not JSON, its declared Content-Type is not JSON, or it does not match the request schema (a wrong type, a null the schema does not allow, a missing required property). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  malformedJson: {
                    summary: 'The body is not JSON',
                    value: {
                      error: true,
                      message: 'Request format is wrong: the body is not valid JSON (line 1, column 2)',
                    },
                  },
                },
              },
            },
          },
          '413': {
            description: 'The body is larger than the plugin accepts (10 MiB by default). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  tooLarge: {
                    summary: 'A body over the limit',
                    value: {
                      error: true,
                      message: 'Request body is too large: at most 10 MiB is accepted',
                    },
                  },
                },
              },
            },
          },
          '422': {
            description: 'The request matches its schema but its content cannot be processed (see the operation\'s rules). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  undecryptable: {
                    summary: 'An encrypted value made with another key',
                    value: {
                      error: true,
                      message: 'The encrypted value cannot be decrypted; enter the value again',
                    },
                  },
                },
              },
            },
          },
          '500': {
            description: 'An unexpected error in the plugin\'s own code. The message carries an incident id found in the plugin\'s log; the error\'s details are never sent. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  unexpected: {
                    summary: 'An unexpected error',
                    value: {
                      error: true,
                      message: 'Internal plugin error (incident 4f2a9c01b7e3); the details are in the plugin log',
                    },
                  },
                },
              },
            },
          },
          '408': {
            description: 'The body stopped arriving before it was complete. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  stalled: {
                    summary: 'A body that stopped arriving',
                    value: {
                      error: true,
                      message: 'The request body stopped arriving; send the request again',
                    },
                  },
                },
              },
            },
          },
          '503': {
            description: 'The plugin holds as many request bodies at once as its memory budget allows, or it is stopping and cut the request at the end of its shutdown grace period. Retry, on another replica if there is one. ErrorResponse, with a Retry-After header.',
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before retrying.',
                schema: { type: 'integer' },
              },
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  busy: {
                    summary: 'The plugin holds as many request bodies as it may',
                    value: {
                      error: true,
                      message: 'The plugin is holding as many request bodies as it may; retry the request',
                    },
                  },
                  stopping: {
                    summary: 'The plugin stopped while the request ran',
                    value: { error: true, message: 'The plugin is stopping; retry the request' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/query/constructor-fields': {
      post: {
        operationId: 'getQueryConstructorFields',
        tags: ['query'],
        summary: 'Fields for building queries',
        description: 'Returns the fields for building queries. Code mode is offered only when the data source configuration (dataSource.configFields) contains codeMode set to the string true and a codeLang value, and the user switches the queryType radio switch to Code; when codeLang is absent, the Code option is hidden and the mode returns to fields. The constructor flow (empty filter.fields first, trigger re-requests) applies. Texts are localised according to Accept-Language.\nRules JSON Schema cannot express, answered 422: an encrypted value in pluginContext.dataSourceInstanceSettings decrypts with the plugin\'s key; the values the plugin needs to build the fields are ones it understands.',
        'x-scaffold-decision': 'Error responses of this endpoint are not shown in the contract: scaffold-generated plugins answer 400 for a wrong request form, 422 for content they cannot process, 413 for an oversized body and 500 for an unexpected error, each with an ErrorResponse body, as for the two endpoints whose errors the contract documents.',
        parameters: [{ $ref: '#/components/parameters/AcceptLanguage' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ConstructorRequest' },
              examples: {
                newQuery: {
                  summary: 'First request for a new query (empty filter.fields)',
                  value: {
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
                triggerChanged: {
                  summary: 'Repeated request carrying the values of all trigger fields',
                  value: {
                    pluginContext: {
                      orgID: 1,
                      pluginID: 'acme-sql-datasource',
                      dataSourceInstanceSettings: {
                        fields: [
                          { code: 'codeMode', value: 'true' },
                          { code: 'codeLang', value: 'sql' },
                        ],
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
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The fields for building queries.',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/ConstructorField' } },
                examples: {
                  constructorMode: {
                    summary: 'Constructor mode with an array field of filter groups',
                    value: [
                      {
                        code: 'queryType',
                        name: 'Query mode',
                        type: 'radio',
                        value: 'constructor',
                        isTrigger: true,
                        size: 'xxl',
                        props: {
                          options: [
                            { label: 'Constructor', value: 'constructor' },
                            { label: 'JSON', value: 'json' },
                            { label: 'Code', value: 'code' },
                          ],
                        },
                      },
                      {
                        code: 'table',
                        name: 'Table',
                        required: true,
                        type: 'select',
                        value: 'cpu_metrics',
                        isTrigger: true,
                        size: 'md',
                        props: {
                          options: [
                            { label: 'cpu_metrics', value: 'cpu_metrics' },
                            { label: 'disk_metrics', value: 'disk_metrics' },
                          ],
                          allowHandwriting: true,
                        },
                      },
                      {
                        code: 'metrics',
                        name: 'Metrics',
                        type: 'select',
                        inline: true,
                        size: 'md',
                        props: {
                          options: [
                            { label: 'usage', value: 'usage' },
                            { label: 'iowait', value: 'iowait' },
                          ],
                          allowMultiSelect: true,
                        },
                      },
                      {
                        code: 'filters',
                        name: 'Filters',
                        description: 'Each group adds one WHERE condition',
                        type: 'array',
                        size: 'xxl',
                        props: {
                          fields: [
                            {
                              code: 'column',
                              name: 'Column',
                              type: 'select',
                              arrayIndex: 0,
                              value: 'host',
                              size: 'sm',
                              props: {
                                options: [
                                  { label: 'host', value: 'host' },
                                  { label: 'region', value: 'region' },
                                ],
                              },
                            },
                            {
                              code: 'operator',
                              name: 'Operator',
                              type: 'select',
                              arrayIndex: 0,
                              value: '=',
                              inline: true,
                              size: 'xs',
                              props: {
                                options: [
                                  { label: 'equals', value: '=' },
                                  { label: 'not equals', value: '!=' },
                                ],
                              },
                            },
                            {
                              code: 'value',
                              name: 'Value',
                              type: 'text',
                              arrayIndex: 0,
                              value: '$hosts',
                              inline: true,
                              size: 'sm',
                            },
                          ],
                        },
                      },
                      {
                        code: 'limit',
                        name: 'Row limit',
                        type: 'number',
                        value: '1000',
                        denyVariables: true,
                        size: 'xs',
                        props: { min: 1, max: 100000 },
                      },
                    ],
                  },
                  codeMode: {
                    summary: 'Code mode (codeMode "true" and codeLang set, queryType switched to Code)',
                    value: [
                      {
                        code: 'queryType',
                        name: 'Query mode',
                        type: 'radio',
                        value: 'code',
                        isTrigger: true,
                        props: {
                          options: [
                            { label: 'Constructor', value: 'constructor' },
                            { label: 'JSON', value: 'json' },
                            { label: 'Code', value: 'code' },
                          ],
                        },
                      },
                      {
                        code: 'codeQuery',
                        name: 'SQL query',
                        description: 'Query text in the data source syntax',
                        type: 'textarea',
                        required: true,
                        placeholder: 'SELECT time, value FROM cpu_metrics WHERE $__timeFilter(time)',
                        size: 'xxl',
                      },
                    ],
                  },
                },
              },
            },
          },
          '400': {
            description: 'The form of the request is wrong: the body is not JSON, its declared Content-Type is not JSON, or it does not match the request schema (a wrong type, a null the schema does not allow, a missing required property). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  malformedJson: {
                    summary: 'The body is not JSON',
                    value: {
                      error: true,
                      message: 'Request format is wrong: the body is not valid JSON (line 1, column 2)',
                    },
                  },
                },
              },
            },
          },
          '413': {
            description: 'The body is larger than the plugin accepts (10 MiB by default). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  tooLarge: {
                    summary: 'A body over the limit',
                    value: {
                      error: true,
                      message: 'Request body is too large: at most 10 MiB is accepted',
                    },
                  },
                },
              },
            },
          },
          '422': {
            description: 'The request matches its schema but its content cannot be processed (see the operation\'s rules). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  undecryptable: {
                    summary: 'An encrypted value made with another key',
                    value: {
                      error: true,
                      message: 'The encrypted value cannot be decrypted; enter the value again',
                    },
                  },
                },
              },
            },
          },
          '500': {
            description: 'An unexpected error in the plugin\'s own code. The message carries an incident id found in the plugin\'s log; the error\'s details are never sent. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  unexpected: {
                    summary: 'An unexpected error',
                    value: {
                      error: true,
                      message: 'Internal plugin error (incident 4f2a9c01b7e3); the details are in the plugin log',
                    },
                  },
                },
              },
            },
          },
          '408': {
            description: 'The body stopped arriving before it was complete. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  stalled: {
                    summary: 'A body that stopped arriving',
                    value: {
                      error: true,
                      message: 'The request body stopped arriving; send the request again',
                    },
                  },
                },
              },
            },
          },
          '503': {
            description: 'The plugin holds as many request bodies at once as its memory budget allows, or it is stopping and cut the request at the end of its shutdown grace period. Retry, on another replica if there is one. ErrorResponse, with a Retry-After header.',
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before retrying.',
                schema: { type: 'integer' },
              },
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  busy: {
                    summary: 'The plugin holds as many request bodies as it may',
                    value: {
                      error: true,
                      message: 'The plugin is holding as many request bodies as it may; retry the request',
                    },
                  },
                  stopping: {
                    summary: 'The plugin stopped while the request ran',
                    value: { error: true, message: 'The plugin is stopping; retry the request' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/query/get-result': {
      post: {
        operationId: 'getQueryResult',
        tags: ['query'],
        summary: 'Execute one or several queries',
        description: 'Executes one or several queries (several entries may be given in dataQuery). The response uses either the Timestamp or the Regular result value contract; frames and fields echo the refID of their query.\nRules JSON Schema cannot express, answered 422 with a QueryDataResponse (status 422, validationErrors from a query\'s refID, dataQuery.<index> for a refID that is not a short plain identifier, dataQuery for the request as a whole, or a configuration field code, to text): a codeQuery is sent only when the data source configuration enables Code mode (codeMode is the string true and codeLang is set); an encrypted value in the configuration decrypts with the plugin\'s key; a json text or codeQuery is one the plugin understands (its tables and columns exist); timeRange.from is not after timeRange.to.',
        'x-scaffold-decision': 'Other status codes are not shown in the contract: scaffold-generated plugins answer a malformed JSON body and a schema-invalid body with the documented 400, content they cannot process with 422 (QueryDataResponse with error true, status 422, message and validationErrors), an oversized body with 413 and an unexpected error with 500 (both with an ErrorResponse). QueryDataResponse.status mirrors the HTTP status.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/QueryDataRequest' },
              examples: {
                twoQueries: {
                  summary: 'A Code-mode query and a JSON-mode query',
                  value: {
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
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The query results, one frame per query (Timestamp or Regular result value contract).',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/QueryDataResponse' },
                examples: {
                  twoFrames: {
                    summary: 'A Timestamp contract frame (A) and a Regular contract frame (B)',
                    value: {
                      error: false,
                      status: 200,
                      frames: [
                        {
                          name: 'cpu_usage',
                          refID: 'A',
                          meta: '{"executedQuery": "SELECT time, usage FROM cpu_metrics"}',
                          fields: [
                            {
                              name: 'cpu_usage',
                              refID: 'A',
                              type: 'number',
                              labels: 'host=db-01',
                              values: [
                                { '1767225600': '12.5' },
                                { '1767225660': '13.1' },
                                { '1767225720': '11.8' },
                              ],
                            },
                          ],
                        },
                        {
                          name: 'table_sizes',
                          refID: 'B',
                          fields: [
                            {
                              name: 'servers',
                              refID: 'B',
                              type: 'table',
                              values: [
                                {
                                  hostname: 'db-01',
                                  region: 'eu-west',
                                  role: 'primary',
                                  cores: 16,
                                  memory_gb: 64,
                                },
                                {
                                  hostname: 'db-02',
                                  region: 'eu-west',
                                  role: 'replica',
                                  cores: 8,
                                  memory_gb: 32,
                                },
                              ],
                            },
                          ],
                        },
                      ],
                    },
                  },
                },
              },
            },
          },
          '400': {
            description: 'The request format is wrong (for example too few entries: dataQuery is empty, or the data source configuration has no entry for a field the plugin\'s form requires). The body is a QueryDataResponse with message.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/QueryDataResponse' },
                examples: {
                  noQueries: {
                    summary: 'dataQuery holds no entries',
                    value: {
                      error: true,
                      message: 'Request format is wrong: dataQuery must hold at least one entry',
                      status: 400,
                    },
                  },
                },
              },
            },
          },
          '422': {
            description: 'The request matches its schema but its content cannot be processed (see the operation\'s rules). The body is a QueryDataResponse with status 422, message and validationErrors.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/QueryDataResponse' },
                examples: {
                  codeModeOff: {
                    summary: 'A codeQuery for a data source whose configuration does not enable Code mode',
                    value: {
                      error: true,
                      message: 'Query A: Code mode is not enabled for this data source',
                      status: 422,
                      validationErrors: { A: 'Code mode is not enabled for this data source' },
                    },
                  },
                },
              },
            },
          },
          '413': {
            description: 'The body is larger than the plugin accepts (10 MiB by default). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  tooLarge: {
                    summary: 'A body over the limit',
                    value: {
                      error: true,
                      message: 'Request body is too large: at most 10 MiB is accepted',
                    },
                  },
                },
              },
            },
          },
          '500': {
            description: 'An unexpected error in the plugin\'s own code. The message carries an incident id found in the plugin\'s log; the error\'s details are never sent. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  unexpected: {
                    summary: 'An unexpected error',
                    value: {
                      error: true,
                      message: 'Internal plugin error (incident 4f2a9c01b7e3); the details are in the plugin log',
                    },
                  },
                },
              },
            },
          },
          '408': {
            description: 'The body stopped arriving before it was complete. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  stalled: {
                    summary: 'A body that stopped arriving',
                    value: {
                      error: true,
                      message: 'The request body stopped arriving; send the request again',
                    },
                  },
                },
              },
            },
          },
          '503': {
            description: 'The plugin holds as many request bodies at once as its memory budget allows, or it is stopping and cut the request at the end of its shutdown grace period. Retry, on another replica if there is one. ErrorResponse, with a Retry-After header.',
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before retrying.',
                schema: { type: 'integer' },
              },
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  busy: {
                    summary: 'The plugin holds as many request bodies as it may',
                    value: {
                      error: true,
                      message: 'The plugin is holding as many request bodies as it may; retry the request',
                    },
                  },
                  stopping: {
                    summary: 'The plugin stopped while the request ran',
                    value: { error: true, message: 'The plugin is stopping; retry the request' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/variable/constructor-fields': {
      post: {
        operationId: 'getVariableConstructorFields',
        tags: ['variable'],
        summary: 'Fields for building variable queries',
        description: 'Returns the fields for building variable queries. The constructor flow (empty filter.fields first, trigger re-requests) applies. Texts are localised according to Accept-Language.\nRules JSON Schema cannot express, answered 422: an encrypted value in pluginContext.dataSourceInstanceSettings decrypts with the plugin\'s key; the values the plugin needs to build the fields are ones it understands.',
        'x-scaffold-decision': 'Error responses of this endpoint are not shown in the contract: scaffold-generated plugins answer 400 for a wrong request form, 422 for content they cannot process, 413 for an oversized body and 500 for an unexpected error, each with an ErrorResponse body, as for the two endpoints whose errors the contract documents.',
        parameters: [{ $ref: '#/components/parameters/AcceptLanguage' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ConstructorRequest' },
              examples: {
                newVariable: {
                  summary: 'First request for a new variable query (empty filter.fields)',
                  value: {
                    pluginContext: {
                      orgID: 1,
                      pluginID: 'acme-sql-datasource',
                      dataSourceInstanceSettings: {
                        fields: [{ code: 'host', value: 'db-01.metrics.internal' }],
                      },
                    },
                    filter: { fields: [] },
                    variables: {},
                  },
                },
                sourceChanged: {
                  summary: 'Repeated request after the trigger field source changed',
                  value: {
                    pluginContext: {
                      orgID: 1,
                      pluginID: 'acme-sql-datasource',
                      dataSourceInstanceSettings: {
                        fields: [{ code: 'host', value: 'db-01.metrics.internal' }],
                      },
                    },
                    filter: { fields: [{ key: 'source', value: 'column_values' }] },
                    variables: { env: 'prod' },
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The fields for building variable queries.',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/ConstructorField' } },
                examples: {
                  columnValues: {
                    summary: 'Variable from the distinct values of a column',
                    value: [
                      {
                        code: 'source',
                        name: 'Values from',
                        type: 'select',
                        value: 'column_values',
                        isTrigger: true,
                        props: {
                          options: [
                            { label: 'Distinct column values', value: 'column_values' },
                            { label: 'Table names', value: 'tables' },
                          ],
                        },
                      },
                      {
                        code: 'table',
                        name: 'Table',
                        required: true,
                        type: 'select',
                        value: 'servers',
                        inline: true,
                        props: { options: [{ label: 'servers', value: 'servers' }] },
                      },
                      {
                        code: 'column',
                        name: 'Column',
                        required: true,
                        type: 'text',
                        value: 'hostname',
                        inline: true,
                        validationRule: '^[a-z_][a-z0-9_]*$',
                        validationMessage: 'A lower-case column name',
                      },
                    ],
                  },
                },
              },
            },
          },
          '400': {
            description: 'The form of the request is wrong: the body is not JSON, its declared Content-Type is not JSON, or it does not match the request schema (a wrong type, a null the schema does not allow, a missing required property). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  malformedJson: {
                    summary: 'The body is not JSON',
                    value: {
                      error: true,
                      message: 'Request format is wrong: the body is not valid JSON (line 1, column 2)',
                    },
                  },
                },
              },
            },
          },
          '413': {
            description: 'The body is larger than the plugin accepts (10 MiB by default). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  tooLarge: {
                    summary: 'A body over the limit',
                    value: {
                      error: true,
                      message: 'Request body is too large: at most 10 MiB is accepted',
                    },
                  },
                },
              },
            },
          },
          '422': {
            description: 'The request matches its schema but its content cannot be processed (see the operation\'s rules). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  undecryptable: {
                    summary: 'An encrypted value made with another key',
                    value: {
                      error: true,
                      message: 'The encrypted value cannot be decrypted; enter the value again',
                    },
                  },
                },
              },
            },
          },
          '500': {
            description: 'An unexpected error in the plugin\'s own code. The message carries an incident id found in the plugin\'s log; the error\'s details are never sent. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  unexpected: {
                    summary: 'An unexpected error',
                    value: {
                      error: true,
                      message: 'Internal plugin error (incident 4f2a9c01b7e3); the details are in the plugin log',
                    },
                  },
                },
              },
            },
          },
          '408': {
            description: 'The body stopped arriving before it was complete. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  stalled: {
                    summary: 'A body that stopped arriving',
                    value: {
                      error: true,
                      message: 'The request body stopped arriving; send the request again',
                    },
                  },
                },
              },
            },
          },
          '503': {
            description: 'The plugin holds as many request bodies at once as its memory budget allows, or it is stopping and cut the request at the end of its shutdown grace period. Retry, on another replica if there is one. ErrorResponse, with a Retry-After header.',
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before retrying.',
                schema: { type: 'integer' },
              },
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  busy: {
                    summary: 'The plugin holds as many request bodies as it may',
                    value: {
                      error: true,
                      message: 'The plugin is holding as many request bodies as it may; retry the request',
                    },
                  },
                  stopping: {
                    summary: 'The plugin stopped while the request ran',
                    value: { error: true, message: 'The plugin is stopping; retry the request' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/variable/values': {
      post: {
        operationId: 'getVariableValues',
        tags: ['variable'],
        summary: 'Values for a variable',
        description: 'Returns the values of a variable; the request fields (json) depend on what the plugin expects.\nRules JSON Schema cannot express, answered 422: json is a variable query the plugin understands (its structure is the plugin\'s own); an encrypted value in pluginContext.dataSourceInstanceSettings decrypts with the plugin\'s key.',
        'x-scaffold-decision': 'Error responses of this endpoint are not shown in the contract: scaffold-generated plugins answer 400 for a wrong request form, 422 for content they cannot process, 413 for an oversized body and 500 for an unexpected error, each with an ErrorResponse body, as for the two endpoints whose errors the contract documents.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/VariablesRequest' },
              examples: {
                hostnames: {
                  summary: 'Distinct host names of one region',
                  value: {
                    pluginContext: {
                      orgID: 1,
                      pluginID: 'acme-sql-datasource',
                      dataSourceInstanceSettings: {
                        fields: [{ code: 'host', value: 'db-01.metrics.internal' }],
                      },
                    },
                    json: '{"source": "column_values", "table": "servers", "column": "hostname", "where": "region IN ($regions)"}',
                    variables: { env: 'prod', regions: ['eu-west', 'eu-north'] },
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The variable values (label, value).',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: { $ref: '#/components/schemas/ConstructorFieldPropOption' },
                },
                examples: {
                  hostnames: {
                    summary: 'Three host names',
                    value: [
                      { label: 'db-01', value: 'db-01' },
                      { label: 'db-02', value: 'db-02' },
                      { label: 'db-03 (replica)', value: 'db-03' },
                    ],
                  },
                },
              },
            },
          },
          '400': {
            description: 'The form of the request is wrong: the body is not JSON, its declared Content-Type is not JSON, or it does not match the request schema (a wrong type, a null the schema does not allow, a missing required property). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  malformedJson: {
                    summary: 'The body is not JSON',
                    value: {
                      error: true,
                      message: 'Request format is wrong: the body is not valid JSON (line 1, column 2)',
                    },
                  },
                },
              },
            },
          },
          '413': {
            description: 'The body is larger than the plugin accepts (10 MiB by default). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  tooLarge: {
                    summary: 'A body over the limit',
                    value: {
                      error: true,
                      message: 'Request body is too large: at most 10 MiB is accepted',
                    },
                  },
                },
              },
            },
          },
          '422': {
            description: 'The request matches its schema but its content cannot be processed (see the operation\'s rules). ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  queryNotUnderstood: {
                    summary: 'The json text is not a query this plugin understands',
                    value: {
                      error: true,
                      message: 'The variable query cannot be run: name the table to read values from',
                    },
                  },
                },
              },
            },
          },
          '500': {
            description: 'An unexpected error in the plugin\'s own code. The message carries an incident id found in the plugin\'s log; the error\'s details are never sent. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  unexpected: {
                    summary: 'An unexpected error',
                    value: {
                      error: true,
                      message: 'Internal plugin error (incident 4f2a9c01b7e3); the details are in the plugin log',
                    },
                  },
                },
              },
            },
          },
          '408': {
            description: 'The body stopped arriving before it was complete. ErrorResponse.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  stalled: {
                    summary: 'A body that stopped arriving',
                    value: {
                      error: true,
                      message: 'The request body stopped arriving; send the request again',
                    },
                  },
                },
              },
            },
          },
          '503': {
            description: 'The plugin holds as many request bodies at once as its memory budget allows, or it is stopping and cut the request at the end of its shutdown grace period. Retry, on another replica if there is one. ErrorResponse, with a Retry-After header.',
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before retrying.',
                schema: { type: 'integer' },
              },
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ErrorResponse' },
                examples: {
                  busy: {
                    summary: 'The plugin holds as many request bodies as it may',
                    value: {
                      error: true,
                      message: 'The plugin is holding as many request bodies as it may; retry the request',
                    },
                  },
                  stopping: {
                    summary: 'The plugin stopped while the request ran',
                    value: { error: true, message: 'The plugin is stopping; retry the request' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    parameters: {
      AcceptLanguage: {
        name: 'Accept-Language',
        in: 'header',
        required: false,
        description: 'Locale the plugin uses to localise name, description, placeholder, label and similar texts; a locale code of the form ll-CC (for example en-US). A standard Accept-Language list with q-values (for example "en-US,en;q=0.9") is also allowed. Default when absent: ru-RU.',
        schema: { type: 'string', default: 'ru-RU' },
        example: 'en-US',
      },
    },
    schemas: {
      PluginMetadata: {
        type: 'object',
        description: 'Plugin metadata returned by GET /well-known; the platform reads name, version, title, description.',
        properties: {
          name: { type: 'string', description: 'Unique plugin identifier.' },
          title: {
            type: 'array',
            description: 'Display name per language.',
            items: { $ref: '#/components/schemas/LocalizedString' },
          },
          version: { type: 'string', description: 'Plugin version.' },
          description: {
            type: 'array',
            description: 'Description per language.',
            items: { $ref: '#/components/schemas/LocalizedString' },
          },
          queryHelp: {
            type: 'array',
            description: 'Hint for the query input field when JSON query mode is chosen.',
            items: { $ref: '#/components/schemas/LocalizedString' },
          },
          baseUrl: { type: 'string', description: 'Base URL of the plugin, including /api/v1.' },
          author: { type: ['string', 'null'], description: 'Optional developer name.' },
          website: {
            type: ['string', 'null'],
            format: 'uri',
            description: 'Optional developer site.',
          },
        },
      },
      LocalizedString: {
        type: 'object',
        description: 'A text in one language.',
        required: ['lang', 'value'],
        properties: {
          lang: { type: 'string', description: 'Language code.' },
          value: { type: 'string', description: 'Text in that language.' },
        },
      },
      PluginContext: {
        type: 'object',
        description: 'Context of the call, sent by the platform with constructor, query and variable requests.',
        properties: {
          orgID: { type: 'integer', format: 'int64', description: 'Organization id.' },
          pluginID: { type: 'string', description: 'Client-side identifier of the plugin.' },
          dataSourceInstanceSettings: {
            $ref: '#/components/schemas/DatasourceConfig',
            description: 'Current data source configuration.',
          },
        },
      },
      DatasourceConfig: {
        type: 'object',
        description: 'A data source configuration.',
        properties: {
          fields: {
            type: 'array',
            description: 'Holds default values when the configuration is requested, and client-entered values when data is requested.',
            items: { $ref: '#/components/schemas/DatasourceField' },
          },
        },
      },
      DatasourceField: {
        type: 'object',
        description: 'A field of a data source configuration.',
        required: ['code'],
        properties: {
          code: {
            type: 'string',
            description: 'Used to form HTML id and name attributes; key of the field.',
          },
          name: { type: 'string', description: 'Readable title.' },
          description: { type: 'string', description: 'Readable description.' },
          required: { type: 'boolean', description: 'When true the field must not be empty.' },
          max: { type: 'integer', format: 'int32', description: 'Upper bound for type number.' },
          min: { type: 'integer', format: 'int32', description: 'Lower bound for type number.' },
          maxLength: {
            type: 'integer',
            format: 'int32',
            description: 'Maximum string length for type text.',
          },
          minLength: {
            type: 'integer',
            format: 'int32',
            description: 'Minimum string length for type text.',
          },
          maxFileSize: {
            type: 'integer',
            format: 'int32',
            description: 'Maximum file size for type file.',
          },
          acceptFile: {
            type: 'string',
            description: 'File extensions the user may choose (for example .csv).',
          },
          readOnly: { type: 'boolean', description: 'Whether the user may edit the field.' },
          options: {
            type: 'array',
            description: 'Choices.',
            items: { $ref: '#/components/schemas/DatasourceFieldOption' },
          },
          placeholder: { type: 'string', description: 'Text in the input before typing.' },
          type: { $ref: '#/components/schemas/DatasourceFieldType', description: 'Field type.' },
          validationRule: {
            type: 'string',
            description: 'Regular expression for client-side validation.',
          },
          validationMessage: {
            type: 'string',
            description: 'Message about the expected value format.',
          },
          value: {
            type: 'string',
            description: 'The field value (in a request) or default value (in a response). Sensitive values (passwords) are returned by the health check in encrypted form and afterwards used and returned only in encrypted form.',
          },
        },
      },
      DatasourceFieldOption: {
        type: 'object',
        description: 'A choice of a data source configuration field.',
        properties: {
          label: { type: 'string', description: 'Readable name.' },
          value: { type: 'string', description: 'Code value.' },
        },
      },
      ConstructorField: {
        type: 'object',
        description: 'A field description (constructor) for the data source configuration form, the query builder or the variable query builder.',
        required: ['code'],
        properties: {
          code: {
            type: 'string',
            description: 'Key of the field, used in requests and to form HTML id and name.',
          },
          name: { type: 'string', description: 'Readable title.' },
          description: { type: 'string', description: 'Hint/description.' },
          required: { type: 'boolean', description: 'True means must not be empty.' },
          placeholder: { type: 'string', description: 'Text in the input before typing.' },
          type: {
            $ref: '#/components/schemas/ConstructorFieldType',
            description: 'Field type. A field of type array is shown as an accordion; each item is a separate group of the nested fields (props.fields), and the user may add several groups.',
          },
          validationRule: {
            type: 'string',
            description: 'Regular expression, client-side validation.',
          },
          validationMessage: { type: 'string', description: 'Message about the expected format.' },
          value: { type: 'string', description: 'Value preset in the UI.' },
          readOnly: { type: 'boolean', description: 'Editing forbidden when true.' },
          inline: {
            type: 'boolean',
            description: 'True: show on the same row as the previous field; false: on a new row.',
          },
          denyVariables: {
            type: 'boolean',
            description: 'True forbids variable substitution in this field.',
          },
          arrayIndex: {
            type: 'integer',
            format: 'int32',
            description: 'Only for fields nested in an array field; may be empty for defaults, or set to match incoming parameters.',
          },
          size: {
            $ref: '#/components/schemas/ConstructorFieldSize',
            description: 'Width of the field in the row: xs about 16.66%, sm about 33.33%, md about 50%, lg about 66.64%, xl about 83.3%, xxl 100% of the row.',
          },
          isTrigger: {
            type: 'boolean',
            description: 'When true, a change of the value makes the platform request the fields again (filter.fields then holds the values of all trigger fields).',
          },
          props: {
            $ref: '#/components/schemas/ConstructorFieldProps',
            description: 'Extra properties depending on type.',
          },
        },
      },
      ConstructorFieldProps: {
        type: 'object',
        description: 'Extra properties of a ConstructorField, depending on its type.',
        properties: {
          options: {
            type: 'array',
            description: 'For select and radio; always an array of label/value objects.',
            items: { $ref: '#/components/schemas/ConstructorFieldPropOption' },
          },
          allowHandwriting: {
            type: 'boolean',
            description: 'For select; allow a value not in the list.',
          },
          allowMultiSelect: {
            type: 'boolean',
            description: 'For select; allow multiple selection.',
          },
          min: { type: 'integer', format: 'int32', description: 'For number; lower bound.' },
          max: { type: 'integer', format: 'int32', description: 'For number; upper bound.' },
          fields: {
            type: 'array',
            description: 'For array; nested fields of one group; the platform frontend turns them into children.',
            items: { $ref: '#/components/schemas/ConstructorField' },
          },
          maxFileSize: {
            type: 'integer',
            format: 'int32',
            description: 'For file; maximum file size.',
          },
          acceptFile: {
            type: 'string',
            description: 'For file; allowed extensions, for example .csv.',
          },
        },
      },
      ConstructorFieldPropOption: {
        type: 'object',
        description: 'A label/value choice (select and radio options, variable values).',
        properties: {
          label: { type: 'string', description: 'Readable name.' },
          value: { type: 'string', description: 'Code value.' },
        },
      },
      ConstructorFilter: {
        type: 'object',
        description: 'Filter of a constructor request. For a form created from scratch fields is an empty array; for a saved configuration it holds the values of all fields; after a trigger change it holds the values of all trigger fields.',
        properties: {
          from: { type: 'integer', format: 'int32', description: 'Unix timestamp.' },
          to: { type: 'integer', format: 'int32', description: 'Unix timestamp.' },
          fields: {
            type: 'array',
            description: 'Values of the fields (key = field code, value).',
            items: { $ref: '#/components/schemas/ConstructorFilterField' },
          },
        },
      },
      ConstructorFilterField: {
        type: 'object',
        description: 'The value of one field in a constructor request.',
        properties: {
          key: { type: 'string', description: 'Field code.' },
          arrayIndex: {
            type: 'integer',
            format: 'int32',
            description: 'Index of the group for fields nested in an array field.',
          },
          value: { type: 'string', description: 'Field value.' },
        },
      },
      ConstructorRequest: {
        type: 'object',
        description: 'Request of the query and variable constructor endpoints.',
        properties: {
          pluginContext: {
            $ref: '#/components/schemas/PluginContext',
            description: 'Context of the call.',
          },
          filter: {
            $ref: '#/components/schemas/ConstructorFilter',
            description: 'Values already entered (empty fields for a new form).',
          },
          variables: {
            $ref: '#/components/schemas/Variables',
            description: 'Variables to be substituted in the query; a variable is a string or an array of strings.',
          },
        },
      },
      DataSourceConstructorRequest: {
        type: 'object',
        description: 'Request of POST /datasource/constructor-fields; same shape as ConstructorRequest.',
        properties: {
          pluginContext: {
            $ref: '#/components/schemas/PluginContext',
            description: 'Context of the call.',
          },
          filter: {
            $ref: '#/components/schemas/ConstructorFilter',
            description: 'Values already entered (empty fields for a new form).',
          },
          variables: {
            $ref: '#/components/schemas/Variables',
            description: 'Variables to be substituted in the query; a variable is a string or an array of strings.',
          },
        },
      },
      VariablesRequest: {
        type: 'object',
        description: 'Request of POST /variable/values; its fields depend on what the plugin expects.',
        properties: {
          pluginContext: {
            $ref: '#/components/schemas/PluginContext',
            description: 'Context of the call.',
          },
          json: {
            type: 'string',
            description: 'Free-form JSON text whose structure depends on the plugin.',
          },
          variables: {
            $ref: '#/components/schemas/Variables',
            description: 'Variables to be substituted in the query; a variable is a string or an array of strings.',
          },
        },
      },
      QueryDataRequest: {
        type: 'object',
        description: 'Request of POST /query/get-result; several queries may be given in dataQuery.',
        required: ['dataQuery'],
        properties: {
          pluginContext: {
            $ref: '#/components/schemas/PluginContext',
            description: 'Context of the call.',
          },
          dataQuery: {
            type: 'array',
            description: 'The queries to execute; at least one.',
            minItems: 1,
            items: { $ref: '#/components/schemas/DataQuery' },
          },
          variables: {
            $ref: '#/components/schemas/Variables',
            description: 'Variables to be substituted in the query; a variable is a string or an array of strings.',
          },
        },
      },
      DataQuery: {
        type: 'object',
        description: 'One data query.',
        properties: {
          refID: { type: 'string', description: 'Query reference id, echoed in frames and fields.' },
          codeQuery: {
            type: 'string',
            description: 'Direct query text in the data source syntax (Code mode). Code mode is offered only when the data source configuration contains codeMode set to the string true and a codeLang value, and the user switches the queryType radio switch to Code.',
          },
          maxDataPoints: {
            type: 'integer',
            format: 'int64',
            description: 'Maximum number of data points.',
          },
          timeRange: {
            $ref: '#/components/schemas/TimeRange',
            description: 'Time range of the query.',
          },
          json: {
            type: 'string',
            description: 'JSON text with free structure depending on query type.',
          },
        },
      },
      TimeRange: {
        type: 'object',
        description: 'A time range; both bounds are unix time and inclusive.',
        properties: {
          from: { type: 'integer', format: 'int64', description: 'Start, unix time, inclusive.' },
          to: { type: 'integer', format: 'int64', description: 'End, unix time, inclusive.' },
        },
      },
      QueryDataResponse: {
        type: 'object',
        description: 'Result of POST /query/get-result. Values follow either the Timestamp or the Regular result value contract.',
        properties: {
          error: { type: 'boolean', description: 'True when an error occurred.' },
          message: { type: 'string', description: 'Error message.' },
          validationErrors: {
            type: 'object',
            description: 'Field to error.',
            additionalProperties: { type: 'string' },
          },
          status: {
            type: 'integer',
            format: 'int32',
            description: 'Status of the result (the contract gives no notes; examples mirror the HTTP status code).',
          },
          frames: {
            type: 'array',
            description: 'Result frames, each carrying the refID of its query.',
            items: { $ref: '#/components/schemas/Frame' },
          },
        },
      },
      Frame: {
        type: 'object',
        description: 'A result frame of one query.',
        properties: {
          name: { type: 'string', description: 'Frame name.' },
          refID: { type: 'string', description: 'Query reference id, echoed from DataQuery.refID.' },
          meta: {
            type: 'string',
            description: 'Frame metadata. Its meaning is not shown in the contract; scaffold passes it through as an opaque string and never interprets it.',
            'x-scaffold-decision': 'Meaning not shown in the contract: scaffold passes meta through as an opaque string and never interprets it.',
          },
          fields: {
            type: 'array',
            description: 'The fields (series) of the frame.',
            items: { $ref: '#/components/schemas/Field' },
          },
        },
      },
      Field: {
        type: 'object',
        description: 'A field (series) of a Frame. Python class name FrameField.',
        properties: {
          name: { type: 'string', description: 'Series/metric name.' },
          refID: { type: 'string', description: 'Query reference id, echoed from DataQuery.refID.' },
          type: { type: 'string', description: 'Metric type.' },
          labels: {
            type: 'string',
            description: 'Labels of the series. Their meaning is not shown in the contract; scaffold passes them through as an opaque string and never interprets them.',
            'x-scaffold-decision': 'Meaning not shown in the contract: scaffold passes labels through as an opaque string and never interprets them.',
          },
          values: {
            type: 'array',
            description: 'Values as objects with arbitrary keys, following one of two result value contracts. Timestamp: each element is an object whose key is a unix timestamp and whose value is a string. Regular: each element is an object with arbitrary keys (for example a label and a value).',
            items: { type: 'object', additionalProperties: true },
          },
        },
      },
      HealthCheckResponse: {
        type: 'object',
        description: 'Result of POST /datasource/health-check.',
        properties: {
          error: { type: 'boolean', description: 'True when an error occurred.' },
          message: { type: 'string', description: 'Message (error message when error is true).' },
          validationErrors: {
            type: 'object',
            description: 'Field to error (map field code to error text).',
            additionalProperties: { type: 'string' },
          },
          status: { type: 'boolean', description: 'True: data source is valid and reachable.' },
          datasourceConfig: {
            $ref: '#/components/schemas/DatasourceConfig',
            description: 'The fields with their values; sensitive values (passwords) in encrypted form.',
          },
        },
      },
      ErrorResponse: {
        type: 'object',
        description: 'Error body of the endpoints whose contract shows no error body, and of 404, 405, 408, 413, 500 and 503 on every endpoint.',
        'x-scaffold-decision': 'Error bodies are not shown in the contract for these cases: scaffold uses {"error": true, "message": "<text>"}, the two fields the contract\'s own error bodies share. The message is localised by Accept-Language where the endpoint takes it and never echoes the input.',
        required: ['error', 'message'],
        properties: {
          error: { type: 'boolean', const: true, description: 'Always true.' },
          message: { type: 'string', description: 'What is wrong, in the caller\'s language.' },
        },
      },
      DatasourceFieldType: {
        type: 'string',
        description: 'Type of a data source configuration field (DatasourceField.type).',
        enum: ['number', 'password', 'text', 'textarea', 'file', 'select', 'radio'],
      },
      ConstructorFieldType: {
        type: 'string',
        description: 'Type of a constructor field (ConstructorField.type).',
        enum: [
          'text',
          'password',
          'number',
          'textarea',
          'select',
          'radio',
          'checkbox',
          'array',
          'file',
        ],
      },
      ConstructorFieldSize: {
        type: 'string',
        description: 'Width of a constructor field in its row: xs about 16.66%, sm about 33.33%, md about 50%, lg about 66.64%, xl about 83.3%, xxl 100% of the row.',
        enum: ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'],
      },
      VariableValue: {
        description: 'The value of one variable, a string or an array of strings.',
        oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      },
      Variables: {
        type: 'object',
        description: 'Variables to be substituted in the query, by name; a variable is a string or an array of strings.',
        additionalProperties: { $ref: '#/components/schemas/VariableValue' },
      },
    },
  },
};
