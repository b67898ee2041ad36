/**
 * Texts of the module in every language it answers in (seeded once; yours to edit).
 *
 * The languages listed here are the ones Accept-Language can choose (ru-RU when it names none of
 * them) and the ones the well-known title and description are given in. Add a language by adding a
 * key with the same entries.
 */

/** The texts one language needs. */
export interface ModuleTexts {
  readonly title: string;
  readonly description: string;
  readonly demoOk: string;
}

export const TEXTS: Readonly<Record<string, ModuleTexts>> = {
  'ru-RU': {
    title: 'Acme Map',
    description: 'Acme Map dashboard widget module',
    demoOk: 'Модуль работает',
  },
  'en-US': {
    title: 'Acme Map',
    description: 'Acme Map dashboard widget module',
    demoOk: 'The module is working',
  },
};

/** The languages of TEXTS, in order: the ones Accept-Language chooses among. */
export const LOCALES: readonly string[] = Object.keys(TEXTS);

/** The texts of `locale` (one of LOCALES; else the first language's). */
export function textsFor(locale: string): ModuleTexts {
  const texts = TEXTS[locale] ?? Object.values(TEXTS)[0];
  if (texts === undefined) {
    throw new Error('texts.ts must hold the texts of at least one language');
  }
  return texts;
}
