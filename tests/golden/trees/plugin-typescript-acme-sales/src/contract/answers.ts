// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/answers.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Building the contract's answers: frames of a query result, and the configuration a health check
 * saves. The same helpers as the Python plugin's (`frame`, `query_response`, `saved_config`), so a
 * data source reads alike in both languages.
 */
import type {
  ConstructorField,
  DatasourceConfig,
  DatasourceField,
  DatasourceFieldType,
  Field,
  Frame,
  QueryDataResponse,
} from './types.js';

const DATASOURCE_FIELD_TYPES: ReadonlySet<string> = new Set<DatasourceFieldType>([
  'number',
  'password',
  'text',
  'textarea',
  'file',
  'select',
  'radio',
]);

/** A frame of one query; `refId` echoes DataQuery.refID (and is set on every field without one). */
export function frame(refId: string | undefined, name: string | undefined, fields: Field[], meta?: string): Frame {
  const items = fields.map((field) => (field.refID === undefined && refId !== undefined ? { ...field, refID: refId } : field));
  const result: Frame = { fields: items };
  if (name !== undefined) {
    result.name = name;
  }
  if (refId !== undefined) {
    result.refID = refId;
  }
  if (meta !== undefined) {
    result.meta = meta;
  }
  return result;
}

/** The answer of getQueryResult: the frames, `status` 200 unless said otherwise. */
export function queryResponse(frames: Frame[], status = 200): QueryDataResponse {
  return { frames, status };
}

/** `sent` (the request's DatasourceField list), then `form`'s defaults (its ConstructorFields). */
export function savedConfig(
  form: readonly Pick<ConstructorField, 'code' | 'type' | 'value'>[],
  sent: readonly DatasourceField[] | undefined,
): DatasourceConfig {
  const kinds = new Map(form.map((field) => [String(field.code), field.type]));
  const saved: DatasourceField[] = [];
  const seen = new Set<string>();
  for (const item of sent ?? []) {
    if (seen.has(item.code)) {
      continue;
    }
    seen.add(item.code);
    saved.push(savedField(item.code, item.type ?? kinds.get(item.code), textOf(item.value) ?? ''));
  }
  for (const field of form) {
    const code = String(field.code);
    if (!seen.has(code) && field.value !== undefined && field.value !== null) {
      saved.push(savedField(code, field.type, textOf(field.value) ?? ''));
    }
  }
  return { fields: saved };
}

function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function savedField(code: string, kind: string | undefined, value: string): DatasourceField {
  const field: DatasourceField = { code, value };
  if (kind !== undefined && DATASOURCE_FIELD_TYPES.has(kind)) {
    field.type = kind as DatasourceFieldType;
  }
  return field;
}
