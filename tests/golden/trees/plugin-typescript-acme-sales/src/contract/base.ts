// generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
/**
 * The data source base class of datasource-plugin 1.2.0+r3: one abstract async method per operation.
 *
 * The project's own class (src/datasource.ts) extends it. When a newer contract adds an operation,
 * `tsc` stops at that class, naming the method to add ("Non-abstract class ... does not implement
 * inherited abstract member ..."), and a build that skipped type checks still refuses to start.
 */
import type { RequestContext } from './context.js';
import type { ConstructorField, ConstructorFieldPropOption, ConstructorRequest, DataSourceConstructorRequest, DatasourceConfig, HealthCheckResponse, PluginMetadata, QueryDataRequest, QueryDataResponse, VariablesRequest } from './types.js';

export abstract class DataSourceBase {
  /**
   * Codes of configuration fields whose values are secret even when not of type password: they are
   * encrypted in health-check answers too, e.g. `new Set(['apiToken'])`.
   */
  readonly secretFields: ReadonlySet<string> = new Set<string>();

  /**
   * GET /well-known: Plugin metadata
   */
  abstract getMetadata(context: RequestContext): Promise<PluginMetadata>;

  /**
   * POST /datasource/health-check: Check a data source connection
   */
  abstract checkHealth(request: DatasourceConfig, context: RequestContext): Promise<HealthCheckResponse>;

  /**
   * POST /datasource/constructor-fields: Fields of the data source configuration form
   */
  abstract getDatasourceConstructorFields(request: DataSourceConstructorRequest, context: RequestContext): Promise<ConstructorField[]>;

  /**
   * POST /query/constructor-fields: Fields for building queries
   */
  abstract getQueryConstructorFields(request: ConstructorRequest, context: RequestContext): Promise<ConstructorField[]>;

  /**
   * POST /query/get-result: Execute one or several queries
   */
  abstract getQueryResult(request: QueryDataRequest, context: RequestContext): Promise<QueryDataResponse>;

  /**
   * POST /variable/constructor-fields: Fields for building variable queries
   */
  abstract getVariableConstructorFields(request: ConstructorRequest, context: RequestContext): Promise<ConstructorField[]>;

  /**
   * POST /variable/values: Values for a variable
   */
  abstract getVariableValues(request: VariablesRequest, context: RequestContext): Promise<ConstructorFieldPropOption[]>;
}
