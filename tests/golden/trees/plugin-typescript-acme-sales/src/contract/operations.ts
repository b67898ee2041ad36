// generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
/**
 * The operations of datasource-plugin 1.2.0+r3, as the routes (serve.ts) serve them, and the call of each one's
 * method on the data source. Read from the spec: a contract version that adds an endpoint adds its
 * entry here and its abstract method in base.ts.
 */
import type { DataSourceBase } from './base.js';
import type { RequestContext } from './context.js';
import type { ConstructorRequest, DataSourceConstructorRequest, DatasourceConfig, QueryDataRequest, VariablesRequest } from './types.js';

/** Where the routes are mounted: the path of the spec's server URL. */
export const BASE_PATH = '/api/v1';

export interface Operation {
  readonly operationId: string;
  readonly methodName: keyof DataSourceBase;
  readonly httpMethod: 'GET' | 'POST';
  /** The path below BASE_PATH. */
  readonly path: string;
  /** The request body's schema (`#/components/schemas/X`), or null for no body. */
  readonly requestSchema: string | null;
  /** The type of the error body's `status`: false (boolean), the HTTP status (integer), or none. */
  readonly errorStatusType: 'boolean' | 'integer' | null;
  /** Whether the error body names fields in `validationErrors`. */
  readonly validationErrors: boolean;
  /** Wire-name paths to the DatasourceField lists of the request (decrypted before the call). */
  readonly requestSecrets: readonly (readonly string[])[];
  /** Wire-name paths to the DatasourceField lists of the answer (encrypted after the call). */
  readonly responseSecrets: readonly (readonly string[])[];
}

export const OPERATIONS: readonly Operation[] = [
  {
    operationId: 'getMetadata',
    methodName: 'getMetadata',
    httpMethod: 'GET',
    path: '/well-known',
    requestSchema: null,
    errorStatusType: null,
    validationErrors: false,
    requestSecrets: [],
    responseSecrets: [],
  },
  {
    operationId: 'checkHealth',
    methodName: 'checkHealth',
    httpMethod: 'POST',
    path: '/datasource/health-check',
    requestSchema: '#/components/schemas/DatasourceConfig',
    errorStatusType: 'boolean',
    validationErrors: true,
    requestSecrets: [['fields']],
    responseSecrets: [['datasourceConfig', 'fields']],
  },
  {
    operationId: 'getDatasourceConstructorFields',
    methodName: 'getDatasourceConstructorFields',
    httpMethod: 'POST',
    path: '/datasource/constructor-fields',
    requestSchema: '#/components/schemas/DataSourceConstructorRequest',
    errorStatusType: null,
    validationErrors: false,
    requestSecrets: [['pluginContext', 'dataSourceInstanceSettings', 'fields']],
    responseSecrets: [],
  },
  {
    operationId: 'getQueryConstructorFields',
    methodName: 'getQueryConstructorFields',
    httpMethod: 'POST',
    path: '/query/constructor-fields',
    requestSchema: '#/components/schemas/ConstructorRequest',
    errorStatusType: null,
    validationErrors: false,
    requestSecrets: [['pluginContext', 'dataSourceInstanceSettings', 'fields']],
    responseSecrets: [],
  },
  {
    operationId: 'getQueryResult',
    methodName: 'getQueryResult',
    httpMethod: 'POST',
    path: '/query/get-result',
    requestSchema: '#/components/schemas/QueryDataRequest',
    errorStatusType: 'integer',
    validationErrors: true,
    requestSecrets: [['pluginContext', 'dataSourceInstanceSettings', 'fields']],
    responseSecrets: [],
  },
  {
    operationId: 'getVariableConstructorFields',
    methodName: 'getVariableConstructorFields',
    httpMethod: 'POST',
    path: '/variable/constructor-fields',
    requestSchema: '#/components/schemas/ConstructorRequest',
    errorStatusType: null,
    validationErrors: false,
    requestSecrets: [['pluginContext', 'dataSourceInstanceSettings', 'fields']],
    responseSecrets: [],
  },
  {
    operationId: 'getVariableValues',
    methodName: 'getVariableValues',
    httpMethod: 'POST',
    path: '/variable/values',
    requestSchema: '#/components/schemas/VariablesRequest',
    errorStatusType: null,
    validationErrors: false,
    requestSecrets: [['pluginContext', 'dataSourceInstanceSettings', 'fields']],
    responseSecrets: [],
  },
];

/**
 * Call the method of `operationId` on `dataSource`. `body` has passed the strict check against the
 * operation's request schema, so it is the request type the method declares.
 */
export function callOperation(
  dataSource: DataSourceBase,
  operationId: string,
  body: unknown,
  context: RequestContext,
): Promise<unknown> {
  switch (operationId) {
    case 'getMetadata':
      return dataSource.getMetadata(context);
    case 'checkHealth':
      return dataSource.checkHealth(body as DatasourceConfig, context);
    case 'getDatasourceConstructorFields':
      return dataSource.getDatasourceConstructorFields(body as DataSourceConstructorRequest, context);
    case 'getQueryConstructorFields':
      return dataSource.getQueryConstructorFields(body as ConstructorRequest, context);
    case 'getQueryResult':
      return dataSource.getQueryResult(body as QueryDataRequest, context);
    case 'getVariableConstructorFields':
      return dataSource.getVariableConstructorFields(body as ConstructorRequest, context);
    case 'getVariableValues':
      return dataSource.getVariableValues(body as VariablesRequest, context);
    default:
      return Promise.reject(new Error(`no operation ${operationId}`));
  }
}
