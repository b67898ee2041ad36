// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/catalog.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Text catalogues: one JSON file per language (`ru-RU.json`, `en-US.json`, ...) in a folder.
 *
 * The contract localises field names, descriptions, placeholders, labels and option texts by
 * Accept-Language, ru-RU by default. Keeping the texts in per-language files (owned by the plugin
 * team, not generated) lets a team add a language by adding a file; a key missing from one language
 * falls back to the default language, then to the key itself, so a half-translated catalogue never
 * breaks an answer.
 *
 * The generated glue has texts of its own (a body that is not JSON, an unknown path, ...):
 * `RUNTIME_TEXTS` (texts.ts, the same texts as the Python plugin's) holds them in the contract's
 * default language and in English, and `runtimeText` picks them by the call's locale, so no answer
 * mixes languages. None of them quotes the request: a message says what is wrong, the log says with
 * what.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

import { ConfigurationError } from './errors.js';
import { chooseLocale } from './locale.js';
import { DEFAULT_LOCALE } from './runtime-constants.js';
import { RUNTIME_TEXTS } from './texts.js';

export type TextParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** `template` with each `{name}` of `params` filled in; an unknown `{name}` stays as it is. */
export function formatText(template: string, params?: TextParams): string {
  if (params === undefined) {
    return template;
  }
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

const RUNTIME_LOCALES = Object.keys(RUNTIME_TEXTS);

/** A text of the generated glue in `locale` (its language, else ru-RU), formatted. */
export function runtimeText(locale: string, key: string, params?: TextParams): string {
  const texts =
    RUNTIME_TEXTS[locale] ?? RUNTIME_TEXTS[chooseLocale(locale, RUNTIME_LOCALES, DEFAULT_LOCALE)];
  const template = texts?.[key] ?? RUNTIME_TEXTS[DEFAULT_LOCALE]?.[key] ?? key;
  return formatText(template, params);
}

/** Texts by locale and key; keys are dotted paths (`query.table.name`). */
export class Catalog {
  readonly locales: readonly string[];
  private readonly texts: Map<string, Map<string, string>>;

  constructor(
    texts: Readonly<Record<string, Readonly<Record<string, string>>>>,
    readonly defaultLocale: string = DEFAULT_LOCALE,
  ) {
    this.texts = new Map(Object.entries(texts).map(([locale, entries]) => [locale, new Map(Object.entries(entries))]));
    if (!this.texts.has(defaultLocale)) {
      this.texts.set(defaultLocale, new Map());
    }
    const others = [...this.texts.keys()].filter((locale) => locale !== defaultLocale).sort();
    this.locales = [defaultLocale, ...others];
  }

  /** Every `<locale>.json` in `folder`; nested objects are flattened to dotted keys. */
  static load(folder: string, defaultLocale: string = DEFAULT_LOCALE): Catalog {
    const texts: Record<string, Record<string, string>> = {};
    let names: string[];
    try {
      names = readdirSync(folder).filter((name) => name.endsWith('.json')).sort();
    } catch (error) {
      throw new ConfigurationError(`the text catalogue folder ${folder} cannot be read (${String(error)})`);
    }
    for (const name of names) {
      const path = join(folder, name);
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(path, 'utf-8'));
      } catch (error) {
        throw new ConfigurationError(`the text catalogue ${path} is not readable JSON (${String(error)})`);
      }
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new ConfigurationError(`the text catalogue ${path} must hold a JSON object of texts`);
      }
      texts[basename(name, '.json')] = flatten(data as Record<string, unknown>, path, '');
    }
    return new Catalog(texts, defaultLocale);
  }

  /** The locale to answer in for an Accept-Language header. */
  choose(acceptLanguage: string | undefined): string {
    return chooseLocale(acceptLanguage, this.locales, this.defaultLocale);
  }

  /** The text of `key` in `locale` or the default locale; undefined when neither has it. */
  find(locale: string, key: string): string | undefined {
    return this.texts.get(locale)?.get(key) ?? this.texts.get(this.defaultLocale)?.get(key);
  }

  /** The text of `key` in `locale` (else the default locale, else the key), formatted. */
  text(locale: string, key: string, params?: TextParams): string {
    return formatText(this.find(locale, key) ?? key, params);
  }

  /** [locale, text] for every locale that has `key`, default locale first. */
  allTexts(key: string): [string, string][] {
    const found: [string, string][] = [];
    for (const locale of this.locales) {
      const text = this.texts.get(locale)?.get(key);
      if (text !== undefined) {
        found.push([locale, text]);
      }
    }
    return found;
  }
}

function flatten(data: Record<string, unknown>, path: string, prefix: string): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    const name = `${prefix}${key}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      Object.assign(flat, flatten(value as Record<string, unknown>, path, `${name}.`));
    } else if (typeof value === 'string') {
      flat[name] = value;
    } else {
      throw new ConfigurationError(`the text catalogue ${path} has a non-text value at '${name}'`);
    }
  }
  return flat;
}
