/**
 * The example data source behind every operation: the sample dataset (sample.ts), three forms
 * (forms.ts), queries (queries.ts). `src/datasource.ts` delegates to it out of the box.
 *
 * The configuration: `dataset` (only "sample" exists: another name is a health check with status
 * false), `accessKey` and `rowLimit`. The access key is a password field: when the plugin's
 * environment sets EXAMPLE_ACCESS_KEY every call must carry that key (the health check reports a
 * wrong one with status false, the other endpoints answer 422 naming the field); when it is not set
 * the key is not checked, and the field only shows how the platform's password encryption works.
 *
 * Limits from the plugin's settings (src/settings.ts, a Python plugin's names and defaults):
 * PLUGIN_QUERY_SECONDS (5) bounds the work of one request, PLUGIN_MAX_RESULT_BYTES (16 MiB) the
 * size of its frames; a query past either is answered 422 naming it.
 *
 * Errors: every one is a `PluginError` (422) with a text from locales/ in the caller's language;
 * it quotes nothing from the request, and names a query by its refID only when that is a short
 * plain identifier (else by its position: the runtime's queryError). A query's json and a variable
 * query's are read by the runtime's queryJson and variableQueryJson (422 in the glue's texts).
 */
import { timingSafeEqual } from 'node:crypto';

import {
  type Catalog,
  type ConstructorField,
  type ConstructorFieldPropOption,
  type ConstructorRequest,
  type DataSourceConstructorRequest,
  type DatasourceConfig,
  type FormValues,
  type HealthCheckResponse,
  type LocalizedString,
  type PluginContext,
  type PluginMetadata,
  type QueryDataRequest,
  type QueryDataResponse,
  type RequestContext,
  type VariablesRequest,
  FormTexts,
  PluginError,
  queryError,
  queryJson,
  configValues,
  filterValues,
  numberValue,
  queryResponse,
  requireValidConfig,
  savedConfig,
  variableQueryJson,
} from '../contract/index.js';
import {
  DEFAULT_DATASET,
  DEFAULT_ROW_LIMIT,
  MAX_ROW_LIMIT,
  datasourceForm,
  queryForm,
  variableForm,
} from './forms.js';
import { Limits, QueryError, runQuery, variableValues } from './queries.js';
import { type Table, sampleTables } from './sample.js';

export const ACCESS_KEY_ENV = 'EXAMPLE_ACCESS_KEY';
export const MAX_QUERIES = 100;

export interface ExampleOptions {
  readonly name: string;
  readonly version: string;
  readonly publicUrl: string | undefined;
  readonly catalog: Catalog;
  /** Settings.querySeconds and Settings.maxResultBytes. */
  readonly querySeconds: number;
  readonly maxResultBytes: number;
  /** Where EXAMPLE_ACCESS_KEY is read (default: the process environment). */
  readonly env?: NodeJS.ProcessEnv;
  /** Unix seconds the sample's time window is built around (default: now). */
  readonly now?: number;
}

export class SampleExample {
  readonly tables: ReadonlyMap<string, Table>;
  readonly querySeconds: number;
  readonly maxResultBytes: number;
  private readonly accessKey: string | undefined;

  constructor(readonly options: ExampleOptions) {
    const env = options.env ?? process.env;
    this.tables = sampleTables(options.now ?? Math.floor(Date.now() / 1000));
    this.querySeconds = options.querySeconds;
    this.maxResultBytes = options.maxResultBytes;
    this.accessKey = env[ACCESS_KEY_ENV]?.trim() || undefined;
  }

  texts(context: RequestContext): FormTexts {
    return new FormTexts(this.options.catalog, context.locale);
  }

  private reason(context: RequestContext, error: QueryError): string {
    const params = { seconds: this.querySeconds, ...error.params };
    return this.texts(context).t(`errors.reason.${error.key}`, params);
  }

  private keyAccepted(values: FormValues): boolean {
    if (this.accessKey === undefined) {
      return true;
    }
    const sent = Buffer.from(values.accessKey ?? '');
    const expected = Buffer.from(this.accessKey);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  }

  /** The configured row limit of a constructor, query or variable request; 422 for a wrong key. */
  private source(pluginContext: PluginContext | undefined, context: RequestContext): number {
    const { t } = this.texts(context);
    const values = configValues(pluginContext?.dataSourceInstanceSettings?.fields);
    if (!this.keyAccepted(values)) {
      const message = t('errors.accessKey');
      throw new PluginError(message, { validationErrors: { accessKey: message } });
    }
    const dataset = values.dataset || DEFAULT_DATASET;
    if (dataset !== DEFAULT_DATASET) {
      const message = t('errors.dataset');
      throw new PluginError(message, { validationErrors: { dataset: message } });
    }
    const limit = numberValue(values, 'rowLimit');
    return limit !== undefined && limit >= 1 && limit <= MAX_ROW_LIMIT ? limit : DEFAULT_ROW_LIMIT;
  }

  private limits(rowLimit: number, context: RequestContext): Limits {
    return new Limits(
      rowLimit,
      Date.now() + this.querySeconds * 1000,
      this.maxResultBytes,
      context.signal,
    );
  }

  // --- operations --------------------------------------------------------------------------------

  metadata(context: RequestContext): PluginMetadata {
    const { catalog, name, version, publicUrl } = this.options;
    const texts = (key: string): LocalizedString[] =>
      catalog.allTexts(key).map(([lang, value]) => ({ lang, value }));
    return {
      name,
      title: texts('plugin.title'),
      version,
      description: texts('plugin.description'),
      queryHelp: texts('plugin.queryHelp'),
      baseUrl: publicUrl ?? context.baseUrl,
    };
  }

  /** 422 naming every missing or invalid field, else the dataset's answer (status false: why). */
  checkHealth(config: DatasourceConfig, context: RequestContext): HealthCheckResponse {
    const { t } = this.texts(context);
    const form = datasourceForm(this.texts(context), configValues(config.fields));
    // 400 for a required field without entry, 422 naming every empty or invalid field.
    const values = requireValidConfig(form, config.fields, context.locale);
    if (!this.keyAccepted(values)) {
      return { error: true, status: false, message: t('errors.accessKey') };
    }
    if (values.dataset !== DEFAULT_DATASET) {
      return { error: true, status: false, message: t('errors.dataset') };
    }
    return {
      error: false,
      status: true,
      message: t('health.ok', { tables: this.tables.size }),
      datasourceConfig: savedConfig(form, config.fields),
    };
  }

  datasourceFields(
    request: DataSourceConstructorRequest,
    context: RequestContext,
  ): ConstructorField[] {
    const saved = configValues(request.pluginContext?.dataSourceInstanceSettings?.fields);
    const sent = filterValues(request.filter);
    return datasourceForm(this.texts(context), { ...saved, ...sent.values });
  }

  queryFields(request: ConstructorRequest, context: RequestContext): ConstructorField[] {
    this.source(request.pluginContext, context);
    const { values, groups } = filterValues(request.filter);
    return queryForm(this.texts(context), this.tables, values, groups);
  }

  queryResult(request: QueryDataRequest, context: RequestContext): QueryDataResponse {
    const { t } = this.texts(context);
    const queries = request.dataQuery;
    if (queries.length === 0) {
      const message = t('errors.noQueries');
      throw new PluginError(message, { validationErrors: { dataQuery: message } });
    }
    if (queries.length > MAX_QUERIES) {
      const message = t('errors.tooManyQueries', { max: MAX_QUERIES });
      throw new PluginError(message, { validationErrors: { dataQuery: message } });
    }
    const limits = this.limits(this.source(request.pluginContext, context), context);
    const variables = request.variables ?? {};
    return queryResponse(
      queries.map((query, index) => {
        const spec = queryJson(query, index, context.locale);
        try {
          const frame = runQuery(this.tables, query, spec, variables, limits);
          // a line of the request's log (request_id on it, in text and JSON alike)
          context.log?.debug({ refId: query.refID }, 'ran a query');
          return frame;
        } catch (error) {
          if (!(error instanceof QueryError)) {
            throw error;
          }
          throw queryError(query.refID, index, this.reason(context, error), context.locale);
        }
      }),
    );
  }

  variableFields(request: ConstructorRequest, context: RequestContext): ConstructorField[] {
    this.source(request.pluginContext, context);
    const { values, groups } = filterValues(request.filter);
    return variableForm(this.texts(context), this.tables, values, groups);
  }

  variableValues(request: VariablesRequest, context: RequestContext): ConstructorFieldPropOption[] {
    const limits = this.limits(this.source(request.pluginContext, context), context);
    const spec = variableQueryJson(request.json, context.locale);
    try {
      return variableValues(this.tables, spec, request.variables ?? {}, limits).map((value) => ({
        label: value,
        value,
      }));
    } catch (error) {
      if (!(error instanceof QueryError)) {
        throw error;
      }
      const reason = this.reason(context, error);
      throw new PluginError(this.texts(context).t('errors.variable', { reason }), {
        validationErrors: { json: reason },
      });
    }
  }
}
