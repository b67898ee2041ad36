/**
 * Your data source: one method per operation of the plugin contract; the routes call them.
 *
 * This file is yours: scaffold created it once and never changes it (`scaffold upgrade` included).
 * Each method gets the checked request (the contract's types, src/contract/types.ts) and a
 * RequestContext (chosen locale, headers) and returns the answer. Out of the box every method
 * returns the smallest answer the contract accepts, and its comment says what goes there: fill them
 * in one by one.
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
  type LocalizedString,
  type PluginMetadata,
  type QueryDataRequest,
  type QueryDataResponse,
  type RequestContext,
  type VariablesRequest,
  frame,
  queryResponse,
  requireValidConfig,
  savedConfig,
} from './contract/index.js';
import type { Settings } from './settings.js';

export class PluginDataSource extends DataSourceBase {
  // Configuration fields whose values are secret even when not of type password (encrypted in
  // health-check answers too), e.g. new Set(['apiToken']).
  override readonly secretFields: ReadonlySet<string> = new Set<string>();

  constructor(
    readonly settings: Settings,
    readonly catalog: Catalog,
  ) {
    super();
  }

  getMetadata(context: RequestContext): Promise<PluginMetadata> {
    // What the platform's list of plugins shows; the texts are in locales/*.json.
    const texts = (key: string): LocalizedString[] =>
      this.catalog.allTexts(key).map(([lang, value]) => ({ lang, value }));
    return Promise.resolve({
      name: 'acme-sales',
      title: texts('plugin.title'),
      version: '0.1.0',
      description: texts('plugin.description'),
      queryHelp: texts('plugin.queryHelp'),
      baseUrl: this.settings.publicUrl ?? context.baseUrl,
    });
  }

  async checkHealth(
    request: DatasourceConfig,
    context: RequestContext,
  ): Promise<HealthCheckResponse> {
    // requireValidConfig checks the fields against your data source form: 400 when a required
    // field has no entry, 422 naming each empty or invalid one; it returns the values by code
    // (passwords decrypted). Then try your service with them: status false and a message saying
    // why when it does not answer. datasourceConfig is what the platform saves: the fields sent,
    // then your form's defaults.
    const form = await this.getDatasourceConstructorFields({}, context);
    requireValidConfig(form, request.fields, context.locale);
    return {
      error: false,
      status: true,
      message: this.catalog.text(context.locale, 'health.ok'),
      datasourceConfig: savedConfig(form, request.fields),
    };
  }

  getDatasourceConstructorFields(
    _request: DataSourceConstructorRequest,
    _context: RequestContext,
  ): Promise<ConstructorField[]> {
    // The data source form: the connection settings your plugin needs (a URL; a token as a
    // password field), with their texts from locales/*.json.
    return Promise.resolve([]);
  }

  getQueryConstructorFields(
    _request: ConstructorRequest,
    _context: RequestContext,
  ): Promise<ConstructorField[]> {
    // The query form. A field with isTrigger makes the platform ask again with the values chosen
    // so far (request.filter), so later fields can follow earlier ones.
    return Promise.resolve([]);
  }

  getQueryResult(request: QueryDataRequest, _context: RequestContext): Promise<QueryDataResponse> {
    // One frame per query, echoing its refID, with the data its json (the query form's values)
    // asks for in the request's time range.
    return Promise.resolve(
      queryResponse(request.dataQuery.map((query) => frame(query.refID, query.refID, []))),
    );
  }

  getVariableConstructorFields(
    _request: ConstructorRequest,
    _context: RequestContext,
  ): Promise<ConstructorField[]> {
    // The form of a dashboard variable whose values your plugin lists.
    return Promise.resolve([]);
  }

  getVariableValues(
    _request: VariablesRequest,
    _context: RequestContext,
  ): Promise<ConstructorFieldPropOption[]> {
    // The values of that variable (a label and a value each) for the form's values in json.
    return Promise.resolve([]);
  }
}
