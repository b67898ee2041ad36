/**
 * Constructor fields and option lists labelled from the plugin's own text catalogue.
 *
 * The contract localises a field's name, description, placeholder and validation message, and the
 * labels of its options, by the caller's locale. A form built with `new FormTexts(catalog,
 * context.locale)` takes them from the catalogue by key (`<prefix>.<code>.name` and so on), so a
 * form's code says only what is not text (type, value, size, props). The Python and Go runtimes
 * build alike (scaffold/codegen/cases/form_values.json holds all three to it).
 */
import type { Catalog, TextParams } from './catalog.js';
import type { ConstructorField, ConstructorFieldPropOption, ConstructorFieldType } from './types.js';

/** The optional texts of a field, each read from `<prefix>.<code>.<key>` when the catalogue has it. */
export const FIELD_TEXT_KEYS = ['description', 'placeholder', 'validationMessage'] as const;

/** The catalogue's texts in one locale, and the fields and options labelled by them. */
export class FormTexts {
  constructor(
    readonly catalog: Catalog,
    readonly locale: string,
  ) {}

  /** The text of `key` (else the default locale's, else the key), its {name}s filled (bound: `const { t } = texts`). */
  readonly t = (key: string, params?: TextParams): string => this.catalog.text(this.locale, key, params);

  /** The text of `key`, undefined when the catalogue has none (for optional texts; bound too). */
  readonly find = (key: string): string | undefined => this.catalog.find(this.locale, key);

  /**
   * A ConstructorField named by `<prefix>.<code>.name` (the key itself when missing), with the
   * description, placeholder and validationMessage the catalogue has for it; `extra` sets the rest
   * (value, isTrigger, size, props, ...).
   */
  field(
    prefix: string,
    code: string,
    type: ConstructorFieldType,
    extra: Partial<ConstructorField> = {},
  ): ConstructorField {
    const made: ConstructorField = { code, type, name: this.t(`${prefix}.${code}.name`) };
    for (const key of FIELD_TEXT_KEYS) {
      const found = this.find(`${prefix}.${code}.${key}`);
      if (found !== undefined) {
        made[key] = found;
      }
    }
    return { ...made, ...extra };
  }

  /**
   * One option per value, labelled by `<keyPrefix>.<value>` (the value itself when the catalogue
   * has no such text, or `keyPrefix` is '').
   */
  options(keyPrefix: string, values: readonly string[]): ConstructorFieldPropOption[] {
    return values.map((value) => ({
      label: (keyPrefix === '' ? undefined : this.find(`${keyPrefix}.${value}`)) ?? value,
      value,
    }));
  }
}
