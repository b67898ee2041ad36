// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
/** dashboard-module 2026.1.1+r5 as this backend publishes it (GET /openapi.json). */
export const CONTRACT_IDENTITY = 'dashboard-module 2026.1.1+r5';

export const DOCUMENT: Readonly<Record<string, unknown>> = {
  openapi: '3.1.0',
  info: {
    title: 'Dashboard widget module contract',
    version: '2026.1.1+r5',
    'x-contract-version': '2026.1.1',
    'x-spec-revision': 5,
    'x-release-label': '2026H1.1',
    'x-contract': 'dashboard-module',
    'x-contract-document': 'dashboard-module-contract.md',
    description: 'What a dashboard widget module must provide to the platform: the metadata endpoint\n(`GET {baseUrl}/api/v1/well-known`), frontend artifacts (a JS bundle and optionally a CSS\nbundle) that register the global object `window[scope]` with a `registry` of components\nloadable by name, the props of the components Widget, WidgetEditor and Settings, and the\nrequest body a module backend may receive through the platform\'s backend proxy\n(`payload` plus `moduleContext`).\n\nThe only module type supported is the dashboard widget module. Its backend may be a\nseparate service with any API, called directly from the browser or through the platform\nbackend proxy; the platform requires of it only the well-known endpoint. The tutorial\ntemplate\'s backend stub `POST /api/v1/demo/status` is described too; its shape is\nscaffold\'s decision because the contract does not show it.\n\nVersion: the contract document only has the release label `2026H1.1`. scaffold\'s version\nstring for it is `2026.1.1` (year . half . revision): it sorts correctly under PEP 440 and\nis semver-shaped, and it maps one-to-one to the label (`2026H1.1` -> `2026.1.1`; the next\nlabel `2026H2` would be `2026.2.0`).\n\nAuthentication between the platform and a module, and of proxy calls: not shown in the\ncontract. scaffold declares no security scheme (root `security: []`).\n\nSpec revision 5 of contract version 2026.1.1 (the contract is unchanged; this file replaces\nrevision 4, `2026.1.1+r4.yaml`, which is kept as released). Revision 5 writes down what the\ncontract leaves unsaid about the secret values moduleContext may contain (ModuleContext,\nx-scaffold-decision): they are `enc:v1:` tokens that the module\'s own backend makes (its\nSettings has them encrypted through the proxy, at `POST /api/v1/secrets`, a route every\nscaffolded backend serves beside its own endpoints and lists in its /openapi.json) and\ndecrypts before its endpoints read moduleContext. The wire of every operation below is\nrevision 4\'s. Everything below is revision 4\'s text.\n\nSpec revision 4 of contract version 2026.1.1 (the contract is unchanged; this file replaces\nrevision 3, `2026.1.1+r3.yaml`, which is kept as released). Revision 4 makes the demo stub\'s\nrefusals the same in every language scaffold writes a module backend in (Python, TypeScript,\nGo): a body with a key twice in one object is not JSON (400; a parser would otherwise keep\none of the two values, and parsers differ in which), and the message for a body that is not\nJSON names no parser\'s position (`Request body is not valid JSON`, as the malformedJson example\nnow shows): Python\'s json module, Node\'s and Go\'s parsers each describe a syntax error in their\nown words, and one text for the same bytes is what a Widget or a log can rely on. Everything\nbelow is revision 3\'s text.\n\nSpec revision 3 of contract version 2026.1.1 (the contract is unchanged; this file replaces\nrevision 2, `2026.1.1+r2.yaml`, which is kept as released). Revision 3 names the two shapes of\nIFieldRules, a rule object (IFieldRule) and a list of them (IFieldRuleList), so that client\ngenerators name them too (openapi-python-client called them IFieldRulesType0 and\nIFieldRulesType1Item); the wire is what revision 2 says. Everything below is revision 2\'s text.\n\nSpec revision 2 of contract version 2026.1.1 (the contract is unchanged; this file replaces\nrevision 1, `2026.1.1.yaml`, which is kept as released). Revision 2 corrects the spec so that it\nsays exactly what a generated module backend does: every status and body the backend answers\nis documented per operation (400, 413, 422, 500 with a DemoStatusError body; 404 and 405 in\n`x-scaffold-decision` below); the demo stub\'s body is two shapes told apart by their required\nproperties instead of `not` (the envelope DemoStatusEnvelope requires `payload`, the bare\nDemoStatusPayload requires `message` and allows nothing else), and a body matching neither is\n400; the root declares `security: []`; enums and unions that generators would otherwise name\nthemselves are named schemas (DemoStatusRequest, ModuleContext, DemoStatusValue,\nModuleContextPresence, VariableValue, IFieldRules, IFieldDefaultValue, IFieldPlaceholder,\nIFieldItems, IFieldControlType); every example is valid against its schema.\n',
    'x-scaffold-decision': 'No authentication is assumed (authentication is not shown in the contract): the root declares `security: []`. Requests are read strictly: a body that is not JSON, or that does not match the operation\'s request schema (a wrong type, null where null is not allowed, a missing required property, a property a closed object does not allow), is answered 400 with a DemoStatusError body; no value is coerced. A request to a path that is not in this spec is answered 404, and a method a path does not serve 405, both with a DemoStatusError body ({"error": true, "message"}); they belong to no operation, so they are stated here. The one exception is the built frontend, which the backend serves under `{baseUrl}/static/` (GET and HEAD; entryPoint points there by default): a file is answered 200 (304 when the ETag matches), a missing file 404 with a DemoStatusError body. An unexpected error in the module\'s own code is answered 500 with a DemoStatusError body whose message carries an incident id that is also logged. CORS preflight requests (OPTIONS with Origin and Access-Control-Request-Method) are answered by the backend\'s CORS layer as browsers expect, not by an operation.',
  },
  servers: [
    { url: '/', description: 'This service; the URL is relative to the address of this document.' },
  ],
  security: [],
  tags: [
    { name: 'platform', description: 'Endpoints the platform requires of every module backend.' },
    {
      name: 'demo',
      description: 'The tutorial template\'s backend stub; any other business endpoints are arbitrary.',
    },
  ],
  paths: {
    '/api/v1/well-known': {
      get: {
        operationId: 'getModuleMetadata',
        tags: ['platform'],
        summary: 'Module metadata',
        description: 'The only endpoint the platform requires of a module backend. When a module is connected, the platform requests GET {baseUrl}/api/v1/well-known and takes the metadata from the answer: name, title, description, version, entryPoint, frontendHost, scope, components and others. Payload: none. Authentication: not shown in the contract; scaffold declares none. Error responses: not shown in the contract; the generated backend answers 500 only when the module\'s own metadata code fails.',
        'x-scaffold-decision': 'No security scheme is declared, because authentication is not shown in the contract. The only error answer is 500 with a DemoStatusError body (an unexpected error in the module\'s own code). A generated backend that serves the frontend itself adds one property beyond the contract\'s fields ("and others"): buildTimestamp, a string, the mark of the current frontend build, which the platform may append to the JS URL (ModuleMetadata allows other properties).',
        responses: {
          '200': {
            description: 'Module metadata. Always returning the full set of fields is recommended.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ModuleMetadata' },
                examples: {
                  fullMetadata: {
                    summary: 'The full recommended set of fields',
                    value: {
                      name: 'demo-module',
                      title: [
                        { lang: 'ru-RU', value: 'Демо-модуль' },
                        { lang: 'en-US', value: 'Demo module' },
                      ],
                      description: [
                        {
                          lang: 'ru-RU',
                          value: 'Пример модуля дашборда с виджетом, редактором и настройками',
                        },
                        {
                          lang: 'en-US',
                          value: 'Example dashboard module with a widget, an editor and settings',
                        },
                      ],
                      version: '1.0.0',
                      entryPoint: 'static/demo-module.js',
                      frontendHost: 'http://127.0.0.1:8080/',
                      scope: 'demoModule',
                      components: ['Widget', 'WidgetEditor', 'Settings'],
                      canAddToDashboard: true,
                    },
                  },
                  minimumMetadata: {
                    summary: 'Only the minimum required set',
                    value: {
                      name: 'demo-module',
                      title: [{ lang: 'en-US', value: 'Demo module' }],
                      description: [{ lang: 'en-US', value: 'Example dashboard module' }],
                      version: '1.0.0',
                      entryPoint: 'static/demo-module.js',
                      frontendHost: 'http://127.0.0.1:8080/',
                      scope: 'demoModule',
                      components: ['Widget'],
                    },
                  },
                },
              },
            },
          },
          '500': { $ref: '#/components/responses/InternalError' },
        },
      },
    },
    '/api/v1/demo/status': {
      post: {
        operationId: 'postDemoStatus',
        tags: ['demo'],
        summary: 'Tutorial backend stub',
        description: 'The tutorial template contains a backend stub with POST /api/v1/demo/status; its payload is not shown in the contract. scaffold\'s stub accepts either the platform proxy envelope ({payload, moduleContext}) or a bare payload, answers with a status, a message localised by Accept-Language, an echo of the payload and whether a moduleContext was received (never its content, which can hold secrets). The body is read strictly: a body that is not JSON, or that matches neither shape of DemoStatusRequest, is answered 400. The body is parsed as JSON whether it is declared application/json (or another JSON type), text/plain or not declared at all; any other declared Content-Type is answered 400. A body over 1 MiB is answered 413. One rule JSON Schema cannot express is answered 422: a body nested more than 64 levels deep (objects and arrays; possible only inside moduleContext or a top-level property of the envelope other than payload) is not processed.',
        'x-scaffold-decision': 'The request, response and error shapes of the demo stub are scaffold\'s, because the contract shows only the method and path. text/plain is read as JSON because a browser calling the backend directly may send it to avoid a CORS preflight. No security scheme is declared (authentication of proxy calls: not shown).',
        parameters: [{ $ref: '#/components/parameters/AcceptLanguage' }],
        requestBody: {
          required: true,
          description: 'Either the body the platform\'s backend proxy forwards (an object with a payload and, when the platform adds it, a moduleContext object) or a bare payload sent directly from the browser. See DemoStatusRequest for how the two are told apart.',
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/DemoStatusRequest' },
              examples: {
                proxyEnvelope: {
                  summary: 'Through the platform proxy, with moduleContext added',
                  value: {
                    payload: { message: 'ping' },
                    moduleContext: {
                      connections: [
                        {
                          name: 'main',
                          url: 'https://metrics.example.com',
                          token: '(a secret the platform keeps encrypted)',
                        },
                      ],
                    },
                  },
                },
                proxyEnvelopeWithoutContext: {
                  summary: 'Through the platform proxy, no moduleContext added',
                  value: { payload: { message: 'ping' } },
                },
                barePayload: {
                  summary: 'Called directly from the browser with a bare payload',
                  value: { message: 'ping' },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The stub is alive; the payload is echoed.',
            headers: {
              'Content-Language': {
                description: 'The language of the message, chosen from Accept-Language.',
                schema: { type: 'string' },
              },
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/DemoStatusResponse' },
                examples: {
                  withModuleContext: {
                    summary: 'Envelope received through the proxy (Accept-Language ru-RU)',
                    value: {
                      status: 'ok',
                      message: 'Модуль работает',
                      payload: { message: 'ping' },
                      moduleContext: 'present',
                    },
                  },
                  withoutModuleContext: {
                    summary: 'Bare payload received directly (Accept-Language en-US)',
                    value: {
                      status: 'ok',
                      message: 'The module is working',
                      payload: { message: 'ping' },
                      moduleContext: 'absent',
                    },
                  },
                },
              },
            },
          },
          '400': {
            description: 'The request\'s form is wrong: the body is not JSON (empty, not UTF-8, malformed, NaN or Infinity, an unpaired surrogate escape, a key twice in one object), its declared Content-Type is neither JSON nor text/plain, or it matches neither shape of DemoStatusRequest (for example `{}`, `[]`, `{"message": {}}`, `{"payload": null}` or a moduleContext that is null or not an object). Error responses of module endpoints are not shown in the contract; this one is scaffold\'s decision.',
            'x-scaffold-decision': 'A body that is not JSON or does not match the request schema is answered 400 with a DemoStatusError body; nothing is coerced. A key given twice in one object makes the body no JSON this backend reads (revision 4). The message names no line or column, so every language\'s backend says the same for the same bytes (revision 4).',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/DemoStatusError' },
                examples: {
                  malformedJson: {
                    summary: 'The body could not be parsed as JSON',
                    value: { error: true, message: 'Request body is not valid JSON' },
                  },
                  matchesNeitherShape: {
                    summary: 'A bare payload whose message is not a string ({"message": {}})',
                    value: {
                      error: true,
                      message: 'The body matches neither an envelope {payload, moduleContext} nor a bare payload {message}: message must be a string',
                    },
                  },
                  moduleContextNull: {
                    summary: 'An envelope whose moduleContext is null',
                    value: {
                      error: true,
                      message: 'The body matches neither an envelope {payload, moduleContext} nor a bare payload {message}: moduleContext must be an object (null is not allowed)',
                    },
                  },
                },
              },
            },
          },
          '413': {
            description: 'The body is larger than 1 MiB (1048576 bytes). Error responses of module endpoints are not shown in the contract; this one is scaffold\'s decision.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/DemoStatusError' },
                examples: {
                  tooLarge: {
                    summary: 'The body is over the size limit',
                    value: { error: true, message: 'Request body is larger than 1048576 bytes' },
                  },
                },
              },
            },
          },
          '422': {
            description: 'The body matches DemoStatusRequest but is nested more than 64 levels deep (objects and arrays), which the backend does not process; JSON Schema cannot express this limit. Error responses of module endpoints are not shown in the contract; this one is scaffold\'s decision.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/DemoStatusError' },
                examples: {
                  tooDeep: {
                    summary: 'A moduleContext nested too deep',
                    value: { error: true, message: 'The body is nested more than 64 levels deep' },
                  },
                },
              },
            },
          },
          '500': { $ref: '#/components/responses/InternalError' },
        },
      },
    },
  },
  components: {
    responses: {
      InternalError: {
        description: 'An unexpected error in the module\'s own code. The message carries an incident id that is also in the backend\'s log with the traceback; the error itself is never sent. Error responses of module endpoints are not shown in the contract; this one is scaffold\'s decision.',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/DemoStatusError' },
            examples: {
              internalError: {
                summary: 'The module\'s code raised an exception',
                value: {
                  error: true,
                  message: 'Unexpected error in the module backend (incident 3f9a1c2b7d4e); see its log',
                },
              },
            },
          },
        },
      },
    },
    parameters: {
      AcceptLanguage: {
        name: 'Accept-Language',
        in: 'header',
        required: false,
        description: 'Language of the localised message. The platform\'s backend proxy passes Accept-Language on to the module backend. Default ru-RU when absent.',
        'x-scaffold-decision': 'The default is ru-RU, the default language of the platform\'s plugin contract; the module contract does not show one.',
        schema: { type: 'string', default: 'ru-RU' },
        examples: { russian: { value: 'ru-RU' }, english: { value: 'en-US' } },
      },
    },
    schemas: {
      LocaleArrayItem: {
        type: 'object',
        description: 'A localized string.',
        required: ['lang', 'value'],
        properties: {
          lang: { type: 'string', description: 'Language code such as ru-RU or en-US.' },
          value: { type: 'string', description: 'The text in that language.' },
        },
      },
      ModuleMetadata: {
        type: 'object',
        description: 'Module metadata, the answer of GET {baseUrl}/api/v1/well-known. Minimum required set: name, title, description, version, entryPoint, frontendHost, scope, components. Always returning the full set is recommended.',
        required: [
          'name',
          'title',
          'description',
          'version',
          'entryPoint',
          'frontendHost',
          'scope',
          'components',
        ],
        properties: {
          name: { type: 'string', description: 'Unique technical module name; critical.' },
          title: {
            type: 'array',
            description: 'Localized display name.',
            items: { $ref: '#/components/schemas/LocaleArrayItem' },
          },
          description: {
            type: 'array',
            description: 'Localized description.',
            items: { $ref: '#/components/schemas/LocaleArrayItem' },
          },
          version: { type: 'string', description: 'Module version.' },
          entryPoint: {
            type: 'string',
            description: 'Path to the JS bundle; critical. The JS URL is the result of resolving entryPoint against frontendHost.',
          },
          frontendHost: { type: 'string', description: 'Base host of frontend artifacts.' },
          scope: { type: 'string', description: 'Name of the global object in window.' },
          components: {
            type: 'array',
            description: 'Component names available in registry; critical.',
            items: { type: 'string' },
          },
          canAddToDashboard: {
            type: 'boolean',
            description: 'Whether widgets of this module may be created on a dashboard.',
          },
        },
      },
      ExternalModule: {
        type: 'object',
        description: 'Host-side module record, passed to WidgetEditor.',
        required: [
          'id',
          'name',
          'version',
          'baseUrl',
          'frontendHost',
          'scope',
          'module',
          'isActive',
          'entryPoint',
          'components',
          'createdAt',
          'updatedAt',
          'settings',
          'title',
          'description',
        ],
        properties: {
          id: { type: 'string', description: 'Module id in the system.' },
          name: { type: 'string', description: 'Technical name.' },
          version: { type: 'string', description: 'Module version.' },
          baseUrl: { type: 'string', description: 'Base URL of the module backend/API.' },
          buildTimestamp: { type: 'string', description: 'Service build mark for cache busting.' },
          frontendHost: { type: 'string', description: 'Base host of frontend artifacts.' },
          scope: { type: 'string', description: 'Name of the global object in window.' },
          module: { type: 'string', description: 'Internal module type identifier.' },
          isActive: { type: 'boolean', description: 'Whether the module is active.' },
          canAddToDashboard: {
            type: 'boolean',
            description: 'Whether widgets of this module may be created on a dashboard.',
          },
          entryPoint: { type: 'string', description: 'Path to the JS bundle.' },
          components: {
            type: 'array',
            description: 'Component names available in registry.',
            items: { type: 'string' },
          },
          createdAt: { type: 'string', description: 'Creation date of the record.' },
          updatedAt: { type: 'string', description: 'Last change date.' },
          settings: {
            description: 'Saved module settings (any JSON value; the structure is free).',
          },
          title: {
            type: 'array',
            description: 'Localized display name.',
            items: { $ref: '#/components/schemas/LocaleArrayItem' },
          },
          description: {
            type: 'array',
            description: 'Localized description.',
            items: { $ref: '#/components/schemas/LocaleArrayItem' },
          },
        },
        examples: [
          {
            id: '6650f1c2a9e4b3d2c1f0a987',
            name: 'demo-module',
            version: '1.0.0',
            baseUrl: 'http://127.0.0.1:8080',
            buildTimestamp: '2026-03-14T09:30:00.000Z',
            frontendHost: 'http://127.0.0.1:8080/',
            scope: 'demoModule',
            module: 'dashboard-widget',
            isActive: true,
            canAddToDashboard: true,
            entryPoint: 'static/demo-module.js',
            components: ['Widget', 'WidgetEditor', 'Settings'],
            createdAt: '2026-03-01T12:00:00.000Z',
            updatedAt: '2026-03-14T09:31:12.000Z',
            settings: { connections: [{ name: 'main', url: 'https://metrics.example.com' }] },
            title: [
              { lang: 'ru-RU', value: 'Демо-модуль' },
              { lang: 'en-US', value: 'Demo module' },
            ],
            description: [
              {
                lang: 'en-US',
                value: 'Example dashboard module with a widget, an editor and settings',
              },
            ],
          },
        ],
      },
      IDashboardWidgetProps: {
        type: 'object',
        description: 'Time range, refresh interval and sizes inherited from the dashboard (WidgetEditor dashboardProps).',
        required: ['refreshTime'],
        properties: {
          from: {
            type: 'string',
            description: 'Start of time range.',
            'x-scaffold-decision': 'The format of from and to is not shown in the contract. scaffold\'s reading, which its dev page, check and seeded tests follow: an ISO 8601 instant in UTC with milliseconds, as JavaScript\'s Date.prototype.toISOString() writes it (2026-03-14T09:00:00.000Z); the host resolves a relative range ("now-6h") before a component sees it.',
          },
          to: { type: 'string', description: 'End of time range.' },
          refreshTime: { type: 'number', description: 'Auto-refresh interval in milliseconds.' },
          cols: { type: 'number', description: 'Widget width in grid columns.' },
          rows: { type: 'number', description: 'Widget height in grid rows.' },
        },
      },
      IShortUser: {
        type: 'object',
        description: 'Short description of a user.',
        required: ['_id', 'username', 'email', 'role'],
        properties: {
          _id: { type: 'string', description: 'User id.' },
          username: { type: 'string', description: 'User name.' },
          email: { type: 'string', description: 'User email.' },
          role: { type: 'string', description: 'User role.' },
        },
      },
      IPalette: {
        type: 'object',
        description: 'A color palette available in the system.',
        required: ['name', 'colors', 'createdAt', 'updatedAt'],
        properties: {
          _id: { type: 'string', description: 'Palette id.' },
          name: { type: 'string', description: 'Palette name.' },
          colors: {
            type: 'array',
            description: 'Colors of the palette.',
            items: { type: 'string' },
          },
          createdAt: { type: 'string', description: 'Creation date.' },
          updatedAt: { type: 'string', description: 'Last change date.' },
          createdBy: {
            $ref: '#/components/schemas/IShortUser',
            description: 'User who created the palette.',
          },
          updatedBy: {
            $ref: '#/components/schemas/IShortUser',
            description: 'User who last changed the palette.',
          },
          isEditable: {
            type: 'boolean',
            description: 'Whether the palette is editable in the current context.',
          },
        },
        examples: [
          {
            _id: '6650f3d4a9e4b3d2c1f0a9b1',
            name: 'Ocean',
            colors: ['#0b3c5d', '#328cc1', '#d9b310', '#1d2731'],
            createdAt: '2026-02-10T08:15:00.000Z',
            updatedAt: '2026-02-12T16:40:00.000Z',
            createdBy: {
              _id: '6650f0a1a9e4b3d2c1f0a001',
              username: 'admin',
              email: 'admin@example.com',
              role: 'admin',
            },
            isEditable: false,
          },
        ],
      },
      IModuleWidgetData: {
        type: 'object',
        description: 'Current saved state of a module widget. moduleData has no fixed schema; it is a JSON-compatible object whose structure the module defines.',
        required: ['dashboardId', 'title', 'widgetType', 'moduleId', 'moduleData'],
        properties: {
          dashboardId: { type: 'string', description: 'Dashboard the widget belongs to.' },
          title: { type: 'string', description: 'Widget title.' },
          description: { type: 'string', description: 'Widget description.' },
          refreshTime: {
            type: ['number', 'string', 'null'],
            description: 'Own refresh interval when set.',
          },
          from: {
            type: ['string', 'null'],
            description: 'Own range start when set.',
            'x-scaffold-decision': 'The format of from and to is not shown in the contract. scaffold\'s reading, which its dev page, check and seeded tests follow: an ISO 8601 instant in UTC with milliseconds, as JavaScript\'s Date.prototype.toISOString() writes it (2026-03-14T09:00:00.000Z); the host resolves a relative range ("now-6h") before a component sees it.',
          },
          to: { type: ['string', 'null'], description: 'Own range end when set.' },
          widgetType: {
            type: 'string',
            const: 'module',
            description: 'Widget type for the module scenario (the literal module).',
          },
          createdAt: { type: 'string', description: 'Creation date.' },
          createdBy: { type: 'string', description: 'Author id.' },
          moduleId: { type: 'string', description: 'Connected module id.' },
          moduleData: {
            type: 'object',
            additionalProperties: true,
            description: 'Saved widget data: a JSON-compatible object (string keys, unknown values) whose structure the module defines.',
          },
        },
        examples: [
          {
            dashboardId: '6650f5e6a9e4b3d2c1f0ac10',
            title: 'CPU load',
            description: 'CPU load of the web servers',
            refreshTime: 30000,
            from: null,
            to: null,
            widgetType: 'module',
            createdAt: '2026-03-14T10:02:00.000Z',
            createdBy: '6650f0a1a9e4b3d2c1f0a001',
            moduleId: '6650f1c2a9e4b3d2c1f0a987',
            moduleData: { metric: 'cpu', chartType: 'line', thresholds: [70, 90] },
          },
        ],
      },
      IField: {
        type: 'object',
        description: 'General form field description.',
        required: ['name', 'rules'],
        properties: {
          title: { type: 'string', description: 'Field title.' },
          name: { type: 'string', description: 'Key in the form.' },
          rules: { $ref: '#/components/schemas/IFieldRules', description: 'Validation rules.' },
          defaultValue: {
            $ref: '#/components/schemas/IFieldDefaultValue',
            description: 'Default value.',
          },
          props: {
            $ref: '#/components/schemas/IFieldProps',
            description: 'Props of the field control.',
          },
          controlWidth: { type: ['number', 'null'], description: 'Width of the control.' },
          noWrapper: { type: 'boolean', description: 'Disable standard wrapper.' },
          isHorizontal: { type: 'boolean', description: 'Horizontal layout of the field.' },
          requiredMark: { type: 'boolean', description: 'Show the required mark.' },
          helpText: { type: 'string', description: 'Help text.' },
          type: { type: 'string', description: 'Field type.' },
          children: {
            type: 'array',
            description: 'Nested fields.',
            items: { $ref: '#/components/schemas/IField' },
          },
        },
        examples: [
          {
            title: 'Title',
            name: 'title',
            rules: { required: true },
            defaultValue: '',
            props: { placeholder: 'Widget title' },
            controlWidth: null,
            requiredMark: true,
            helpText: 'Shown above the widget',
          },
        ],
      },
      IFieldProps: {
        type: 'object',
        description: 'Props of a form field control.',
        properties: {
          className: { type: 'string', description: 'CSS class name.' },
          placeholder: {
            $ref: '#/components/schemas/IFieldPlaceholder',
            description: 'Placeholder.',
          },
          titleButton: { type: 'string', description: 'Title of the button.' },
          items: {
            $ref: '#/components/schemas/IFieldItems',
            description: 'Items (array of IOption or array of ISelectOption).',
          },
          title: { type: 'string', description: 'Title.' },
          disabled: { type: 'boolean', description: 'Whether the control is disabled.' },
          rows: { type: 'number', description: 'Textarea rows.' },
          fields: {
            type: 'array',
            description: 'Nested fields.',
            items: { $ref: '#/components/schemas/IField' },
          },
          type: { $ref: '#/components/schemas/IFieldControlType', description: 'Control type.' },
          options: {
            type: 'array',
            description: 'Select or radio options.',
            items: { $ref: '#/components/schemas/ISelect' },
          },
          min: { type: 'number', description: 'Minimum value.' },
          max: { type: 'number', description: 'Maximum value.' },
          step: { type: 'number', description: 'Step.' },
          readOnly: { type: 'boolean', description: 'Whether the control is read-only.' },
          label: { type: 'string', description: 'Label.' },
        },
      },
      IFieldRules: {
        description: 'Validation rules of a form field (IField.rules), an object or an array of objects.',
        oneOf: [
          { $ref: '#/components/schemas/IFieldRule' },
          { $ref: '#/components/schemas/IFieldRuleList' },
        ],
      },
      IFieldRule: {
        description: 'One validation rule of a form field: an object whose properties the contract does not show (the host\'s form library reads them).',
        type: 'object',
        additionalProperties: true,
      },
      IFieldRuleList: {
        description: 'Several validation rules of a form field (IField.rules as an array).',
        type: 'array',
        items: { $ref: '#/components/schemas/IFieldRule' },
      },
      IFieldDefaultValue: {
        description: 'Default value of a form field (IField.defaultValue).',
        oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'number' }],
      },
      IFieldPlaceholder: {
        description: 'Placeholder of a form field control (IFieldProps.placeholder).',
        oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      },
      IFieldItems: {
        description: 'Items of a form field control (IFieldProps.items).',
        'x-scaffold-decision': 'anyOf, not oneOf: IOption and ISelectOption are not shown in the contract and get the same shape, so an array can match both alternatives.',
        anyOf: [
          { type: 'array', items: { $ref: '#/components/schemas/IOption' } },
          { type: 'array', items: { $ref: '#/components/schemas/ISelectOption' } },
        ],
      },
      IFieldControlType: {
        type: 'string',
        enum: ['text', 'object', 'json', 'array', 'password', 'email'],
        description: 'Control type of a form field (IFieldProps.type).',
      },
      IOption: {
        type: 'object',
        description: 'An option of IFieldProps.items; shape not shown in the contract.',
        'x-scaffold-decision': 'The contract names this type but does not show its shape. scaffold gives it the usual option shape, an optional label (string) and an optional value (string or number), and allows any other properties.',
        additionalProperties: true,
        properties: {
          label: { type: 'string', description: 'Displayed text.' },
          value: { type: ['string', 'number'], description: 'Option value.' },
        },
      },
      ISelectOption: {
        type: 'object',
        description: 'A select option of IFieldProps.items; shape not shown in the contract.',
        'x-scaffold-decision': 'The contract names this type but does not show its shape. scaffold gives it the usual option shape, an optional label (string) and an optional value (string or number), and allows any other properties.',
        additionalProperties: true,
        properties: {
          label: { type: 'string', description: 'Displayed text.' },
          value: { type: ['string', 'number'], description: 'Option value.' },
        },
      },
      ISelect: {
        type: 'object',
        description: 'A select or radio option of IFieldProps.options; shape not shown in the contract.',
        'x-scaffold-decision': 'The contract names this type but does not show its shape. scaffold gives it the usual option shape, an optional label (string) and an optional value (string or number), and allows any other properties.',
        additionalProperties: true,
        properties: {
          label: { type: 'string', description: 'Displayed text.' },
          value: { type: ['string', 'number'], description: 'Option value.' },
        },
      },
      VariableValues: {
        type: 'object',
        description: 'Dashboard variable values. Key: the variable name. Value: string (single value), array of string (multiple selection), number (numeric value) or null (not chosen yet or cleared).',
        additionalProperties: { $ref: '#/components/schemas/VariableValue' },
        examples: [{ region: 'eu-west', hosts: ['web-1', 'web-2'], limit: 100, service: null }],
      },
      VariableValue: {
        description: 'The value of one dashboard variable: string (single value), array of string (multiple selection), number (numeric value) or null (not chosen yet or cleared).',
        oneOf: [
          { type: 'string' },
          { type: 'array', items: { type: 'string' } },
          { type: 'number' },
          { type: 'null' },
        ],
      },
      FETCH_STATUSES: {
        type: 'string',
        description: 'Values passed to onFetch; they are also the states of this contract (transitions: not shown). "" (empty string): default state, no explicit result; "fetchLinerSuccess": data loaded successfully; "fetchLinerError": data loading failed.',
        enum: ['', 'fetchLinerSuccess', 'fetchLinerError'],
      },
      WidgetProps: {
        type: 'object',
        description: 'Props of the Widget component (display on the dashboard; required for a module that must appear on the dashboard). Rules: render the widget content; use moduleData as the main configuration payload; use variables, from, to for data requests or filtering; signal errors via onErrorChange; update the status via onFetch.',
        required: [
          'moduleId',
          'moduleData',
          'palette',
          'id',
          'variables',
          'isDashboardEdit',
          'isWidgetEdit',
          'isRefreshClicked',
          'onErrorChange',
          'onFetch',
        ],
        properties: {
          moduleId: { type: 'string', description: 'Module id.' },
          moduleData: {
            type: 'object',
            additionalProperties: true,
            description: 'Widget data saved by the module.',
          },
          palette: {
            type: 'array',
            description: 'Current color palette.',
            items: { type: 'string' },
          },
          id: { type: 'string', description: 'Widget id.' },
          variables: {
            description: 'Dashboard variable values.',
            oneOf: [{ $ref: '#/components/schemas/VariableValues' }, { type: 'null' }],
          },
          from: {
            type: 'string',
            description: 'Left bound of time range.',
            'x-scaffold-decision': 'The format of from and to is not shown in the contract. scaffold\'s reading, which its dev page, check and seeded tests follow: an ISO 8601 instant in UTC with milliseconds, as JavaScript\'s Date.prototype.toISOString() writes it (2026-03-14T09:00:00.000Z); the host resolves a relative range ("now-6h") before a component sees it.',
          },
          to: { type: 'string', description: 'Right bound of time range.' },
          title: { type: 'string', description: 'Widget title.' },
          cols: { type: 'number', description: 'Width in columns.' },
          rows: { type: 'number', description: 'Height in rows.' },
          isDashboardEdit: { type: 'boolean', description: 'Dashboard edit mode.' },
          isWidgetEdit: { type: 'boolean', description: 'Widget edit mode.' },
          isRefreshClicked: { type: 'boolean', description: 'Manual refresh flag.' },
          setRefreshClicked: {
            description: 'Resets the manual refresh flag.',
            'x-callback': {
              parameters: [
                { name: 'isRefreshClicked', schema: { type: 'boolean' }, required: true },
              ],
              returns: 'void',
            },
          },
          onErrorChange: {
            description: 'Tells the host about an error.',
            'x-callback': {
              parameters: [{ name: 'hasError', schema: { type: 'boolean' }, required: true }],
              returns: 'void',
            },
          },
          onFetch: {
            description: 'Reports data loading status.',
            'x-callback': {
              parameters: [
                {
                  name: 'status',
                  schema: { $ref: '#/components/schemas/FETCH_STATUSES' },
                  required: true,
                },
              ],
              returns: 'void',
            },
          },
        },
      },
      WidgetEditorProps: {
        type: 'object',
        description: 'Props of the WidgetEditor component (widget editor, optional, needed for UI editing). Rules: let the user change the future moduleData; use widget to edit a saved widget; use dashboardProps and variables for preview or dependent configuration; call onChange when editor data changed so the host updates dirty state or preview.',
        'x-scaffold-decision': 'How the host reads the edited values is not shown in the contract (onChange has no arguments). scaffold\'s reading, which its dev page and check follow: the host renders the WidgetEditor inside its widget editor form, a react-hook-form form (the host global ReactHookForm, react-hook-form in x-host-globals) whose values are the IModuleWidgetData being edited, provided through react-hook-form\'s FormProvider. The editor hands the host the future moduleData with setValue("moduleData", data, {shouldDirty: true}) on useFormContext(), and a general field by its name (title, description), then calls onChange(); the host saves the form\'s values and re-renders the Widget with them. Outside such a form (useFormContext() is null) an editor keeps its values to itself.',
        required: [
          'dashboardProps',
          'moduleId',
          'module',
          'palettes',
          'widget',
          'refreshClicked',
          'generalFields',
          'variables',
          'onRefreshChange',
          'onChange',
        ],
        properties: {
          dashboardProps: {
            $ref: '#/components/schemas/IDashboardWidgetProps',
            description: 'Time range, refresh interval and sizes inherited from the dashboard.',
          },
          moduleId: { type: 'string', description: 'Connected module id.' },
          module: {
            description: 'Full module object with metadata and settings.',
            oneOf: [{ $ref: '#/components/schemas/ExternalModule' }, { type: 'null' }],
          },
          palettes: {
            type: 'array',
            description: 'Palettes available in the system.',
            items: { $ref: '#/components/schemas/IPalette' },
          },
          widget: {
            description: 'Current saved state of the edited widget, if any.',
            oneOf: [{ $ref: '#/components/schemas/IModuleWidgetData' }, { type: 'null' }],
          },
          widgetId: { type: 'string', description: 'Id when editing an existing widget.' },
          refreshClicked: { type: 'boolean', description: 'Host asked to refresh preview or data.' },
          generalFields: {
            type: 'array',
            description: 'General fields of the standard editor for reuse; the host currently passes two: title and description of the widget.',
            items: { $ref: '#/components/schemas/IField' },
          },
          variables: {
            description: 'Current dashboard variables.',
            oneOf: [{ $ref: '#/components/schemas/VariableValues' }, { type: 'null' }],
          },
          onRefreshChange: {
            description: 'Resets or changes the refresh state.',
            'x-callback': {
              parameters: [{ name: 'refreshClicked', schema: { type: 'boolean' }, required: true }],
              returns: 'void',
            },
          },
          onChange: {
            description: 'The module reports that editor data changed.',
            'x-callback': { parameters: [], returns: 'void' },
          },
        },
      },
      SettingsProps: {
        type: 'object',
        description: 'Props of the Settings component (module settings, optional). Rules: render a free-form settings form; call onChange(newSettings) on every change; do not save to the system directly unless the module\'s own logic requires it; treat settings as the single source of the current state loaded from the host. The settings structure is free (a list of connections is common but not mandatory).',
        required: ['settings', 'moduleId', 'onChange'],
        properties: {
          settings: { description: 'Current saved module settings (any JSON value).' },
          moduleId: { type: 'string', description: 'Connected module id.' },
          onChange: {
            description: 'Passes new settings to the host.',
            'x-callback': {
              parameters: [{ name: 'data', schema: {}, required: true }],
              returns: 'void',
            },
          },
        },
      },
      ModuleProxyRequest: {
        type: 'object',
        description: 'A request body a module backend may receive through the platform\'s backend proxy: an object with a payload object (module-defined) and a moduleContext object (module-defined; it may contain secret values in encrypted form).',
        'x-scaffold-decision': 'payload is required and moduleContext optional, because for JSON requests the platform "may" add the moduleContext field. This is the general shape of the contract; the demo stub\'s own envelope, whose payload is a DemoStatusPayload, is DemoStatusEnvelope.',
        required: ['payload'],
        properties: {
          payload: {
            type: 'object',
            additionalProperties: true,
            description: 'Module-defined payload.',
          },
          moduleContext: { $ref: '#/components/schemas/ModuleContext' },
        },
      },
      ModuleContext: {
        type: 'object',
        additionalProperties: true,
        description: 'The content of the saved module settings (those set through Settings), added by the platform\'s backend proxy. Its shape is not standardized by the platform and it may contain secret values in encrypted form; a module backend either interprets it or ignores it safely. It is an object when present; null is not allowed.',
        'x-scaffold-decision': 'The contract shows neither who encrypts a secret setting nor how. A scaffolded module\'s secrets are `enc:v1:` tokens (AES-256-GCM with a fresh 96-bit nonce, base64url of nonce, ciphertext and tag; the token of the data source plugins) made by the module\'s own backend, the only party holding the key (MODULE_SECRET_KEY; MODULE_OLD_SECRET_KEYS still decrypt): the Settings component posts `{"payload": {"name": <property>, "value": <secret>}}` through the proxy to the backend\'s `POST /api/v1/secrets`, which answers `{"value": <token>}` (503 when the backend has no key), and saves the token in place of the secret. A token is bound to the name of the property holding it (the items of an array, at any depth, take the array\'s property name), so it does not decrypt elsewhere. Before any endpoint that reads moduleContext sees it, the backend replaces every string value starting with `enc:v1:` by its plaintext; a token that does not decrypt is answered 400, and a token with no key 503. Property names and other values are never changed.',
      },
      DemoStatusRequest: {
        description: 'The body of POST /api/v1/demo/status: the proxy envelope (DemoStatusEnvelope) or a bare payload (DemoStatusPayload). The two are told apart by their required properties, so exactly one matches any valid body: the envelope requires `payload`; the bare payload requires `message` and allows no other property, so it never has `payload`. A body that matches neither (for example `{}`, `[]` or `{"message": {}}`) is answered 400.',
        'x-scaffold-decision': 'The body is oneOf DemoStatusEnvelope or DemoStatusPayload, because the platform\'s proxy may wrap the body in {payload, moduleContext} while a browser calling the module backend directly sends a bare payload. The branches are disjoint through `required` and `additionalProperties: false` rather than `not`, which client generators cannot use to pick a branch.',
        oneOf: [
          { $ref: '#/components/schemas/DemoStatusEnvelope' },
          { $ref: '#/components/schemas/DemoStatusPayload' },
        ],
      },
      DemoStatusEnvelope: {
        type: 'object',
        description: 'The demo stub\'s body as the platform\'s backend proxy forwards it: the payload and, when the platform adds it, moduleContext.',
        'x-scaffold-decision': 'payload is required and moduleContext optional (the platform "may" add it). Other top-level properties are allowed and ignored, so a platform that adds more fields still reaches the stub.',
        required: ['payload'],
        additionalProperties: true,
        properties: {
          payload: { $ref: '#/components/schemas/DemoStatusPayload' },
          moduleContext: { $ref: '#/components/schemas/ModuleContext' },
        },
      },
      DemoStatusPayload: {
        type: 'object',
        description: 'The demo stub\'s payload: a message to echo back. Sent bare by a browser calling the stub directly, or as the envelope\'s payload. Shape not shown in the contract.',
        'x-scaffold-decision': 'An object with a required message string and no other property. Being closed, it never has a top-level "payload" key, which marks the proxy envelope (DemoStatusEnvelope).',
        required: ['message'],
        additionalProperties: false,
        properties: { message: { type: 'string', description: 'Free text the stub echoes back.' } },
      },
      DemoStatusValue: {
        type: 'string',
        enum: ['ok'],
        description: 'Status of the demo stub; always ok.',
      },
      ModuleContextPresence: {
        type: 'string',
        enum: ['present', 'absent'],
        description: 'Whether a moduleContext was received (present) or not (absent). Its content is never echoed: it can hold secrets.',
      },
      DemoStatusResponse: {
        type: 'object',
        description: 'Answer of the demo stub. Shape not shown in the contract.',
        'x-scaffold-decision': 'status "ok", a message localised by Accept-Language, an echo of the payload, and whether a moduleContext was received; the moduleContext content is never echoed because it can hold secrets.',
        required: ['status', 'message'],
        properties: {
          status: { $ref: '#/components/schemas/DemoStatusValue' },
          message: {
            type: 'string',
            description: 'Human-readable status message, localised by Accept-Language.',
          },
          payload: {
            $ref: '#/components/schemas/DemoStatusPayload',
            description: 'Echo of the received payload (the envelope\'s payload, or the bare body).',
          },
          moduleContext: {
            $ref: '#/components/schemas/ModuleContextPresence',
            description: 'Whether a moduleContext was received; its content is never echoed.',
          },
        },
      },
      DemoStatusError: {
        type: 'object',
        description: 'Error body of the module backend: every 4xx and 5xx answer of every path. Module endpoint errors are not shown in the contract.',
        'x-scaffold-decision': 'Errors are {error: true, message}: 400 for a body that is not JSON or matches no request shape, 404 for an unknown path, 405 for a method a path does not serve, 413 for a body over 1 MiB, 422 for a body nested more than 64 levels deep, 500 for an unexpected error (the message carries an incident id). Messages never repeat the request body.',
        required: ['error', 'message'],
        properties: {
          error: { type: 'boolean', const: true, description: 'Always true.' },
          message: { type: 'string', description: 'What went wrong.' },
        },
      },
    },
  },
  'x-host-globals': [
    { global: 'React', package: 'react', version: '18.3.1' },
    { global: 'ReactDOM', package: 'react-dom', version: '18.2.x' },
    { global: 'UiKit', package: '@ui-kit/ui', version: '1.17.1' },
    { global: 'FrontendShared', package: '@platform/frontend-shared', version: '1.3.53' },
    { global: 'ReactHookForm', package: 'react-hook-form', version: '7.54.2' },
    { global: 'DnDKitCore', package: '@dnd-kit/core', version: '6.3.1' },
    { global: 'DnDKitSortable', package: '@dnd-kit/sortable', version: '10.0.0' },
    { global: 'DnDKitUtilities', package: '@dnd-kit/utilities', version: '3.2.2' },
  ],
  'x-minimum-versions': {
    react: '18.3.1',
    'react-dom': '18.2.0',
    '@ui-kit/ui': '1.17.1',
    '@platform/frontend-shared': '1.3.53',
  },
  'x-package-registries': {
    scopes: ['@ui-kit', '@platform'],
    credentials: {
      username: 'REGISTRY_USERNAME',
      password: 'REGISTRY_PASSWORD_BASE64',
      email: 'REGISTRY_EMAIL',
    },
    passwordEncoding: 'base64',
    description: 'The scoped packages are installed from scoped package registries; the project-level package manager configuration lists a registry address per scope with the credentials REGISTRY_USERNAME, REGISTRY_PASSWORD_BASE64 (must be valid base64) and REGISTRY_EMAIL.',
  },
  'x-components': {
    allowed: ['Widget', 'WidgetEditor', 'Settings'],
    maxCount: 3,
    requiredForDashboard: 'Widget',
    props: { Widget: 'WidgetProps', WidgetEditor: 'WidgetEditorProps', Settings: 'SettingsProps' },
    loader: 'window[scope].registry is an object whose key is a component name (Widget, WidgetEditor, Settings) and whose value is a loader function. The recommended loader returns a promise of an object with default set to the component ({default: Component}); a loader that returns the component itself is also accepted.',
  },
  'x-frontend-artifacts': {
    loading: 'classic-script',
    globalObject: 'window[scope]',
    registryField: 'registry',
    jsUrl: 'entryPoint resolved against frontendHost',
    cacheQueryParameters: ['version', 'buildTimestamp'],
    css: 'same path as the JS with .css; missing CSS is not an error',
  },
  'x-platform-proxy': {
    route: '/api/v1/modules/{moduleId}/proxy/{path}',
    target: 'module baseUrl + path, query string kept',
    bodyField: 'moduleContext',
    forwardedHeaders: ['Accept-Language'],
    note: 'Methods other than the POST of the tutorial example are not shown in the contract.',
  },
};
