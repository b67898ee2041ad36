/**
 * Your data source: one method per operation of the plugin contract; the routes call them.
 *
 * This file is yours: scaffold created it once and never changes it (`scaffold upgrade` included).
 * Each method gets the checked request (the contract's types, src/contract/types.ts) and a
 * RequestContext (chosen locale, headers) and returns the answer. Out of the box every method
 * delegates to the example data source in `example/` (a sample dataset in memory: metrics over time
 * and a table of servers); replace those calls with your own logic, and delete `example/` (and
 * test/example/) when nothing uses it any more.
 *
 * - Throw `new PluginError(message)` for an error the caller should see: 422 (the routes have
 *   already answered 400 for a body that does not match the contract's schema, so what is left is
 *   content your plugin cannot process); add `{ validationErrors: { fieldCode: 'message' } }` to name
 *   fields. Any other error is answered with a generic 500 and its stack goes to the log.
 * - Password fields arrive decrypted and are encrypted again in health-check answers by the routes;
 *   list other secret field codes in `secretFields`.
 * - If a newer contract adds an operation, `tsc` stops here naming the method to add.
 */
import {
  type Catalog,
  type ConstructorField,
  type ConstructorFieldPropOption,
  type ConstructorRequest,
  DataSourceBase,
  type DataSourceConstructorRequest,
  type DatasourceConfig,
  type HealthCheckResponse,
  type PluginMetadata,
  type QueryDataRequest,
  type QueryDataResponse,
  type RequestContext,
  type VariablesRequest,
} from './contract/index.js';
import { SampleExample } from './example/service.js';
import type { Settings } from './settings.js';

export class PluginDataSource extends DataSourceBase {
  // Configuration fields whose values are secret even when not of type password (encrypted in
  // health-check answers too), e.g. new Set(['apiToken']).
  override readonly secretFields: ReadonlySet<string> = new Set<string>(['accessKey']);
  readonly example: SampleExample;

  constructor(
    readonly settings: Settings,
    readonly catalog: Catalog,
  ) {
    super();
    this.example = new SampleExample({
      name: 'acme-sales',
      version: '0.1.0',
      publicUrl: settings.publicUrl,
      catalog,
      querySeconds: settings.querySeconds,
      maxResultBytes: settings.maxResultBytes,
    });
  }

  getMetadata(context: RequestContext): Promise<PluginMetadata> {
    return Promise.resolve(this.example.metadata(context));
  }

  checkHealth(request: DatasourceConfig, context: RequestContext): Promise<HealthCheckResponse> {
    return Promise.resolve(this.example.checkHealth(request, context));
  }

  getDatasourceConstructorFields(
    request: DataSourceConstructorRequest,
    context: RequestContext,
  ): Promise<ConstructorField[]> {
    return Promise.resolve(this.example.datasourceFields(request, context));
  }

  getQueryConstructorFields(
    request: ConstructorRequest,
    context: RequestContext,
  ): Promise<ConstructorField[]> {
    return Promise.resolve(this.example.queryFields(request, context));
  }

  getQueryResult(request: QueryDataRequest, context: RequestContext): Promise<QueryDataResponse> {
    return Promise.resolve(this.example.queryResult(request, context));
  }

  getVariableConstructorFields(
    request: ConstructorRequest,
    context: RequestContext,
  ): Promise<ConstructorField[]> {
    return Promise.resolve(this.example.variableFields(request, context));
  }

  getVariableValues(
    request: VariablesRequest,
    context: RequestContext,
  ): Promise<ConstructorFieldPropOption[]> {
    return Promise.resolve(this.example.variableValues(request, context));
  }
}
