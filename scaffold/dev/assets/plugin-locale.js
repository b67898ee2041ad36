/* The plugin page's language: the "Language" control, the choice kept across visits, and the texts
 * of a LocalizedString list (contract: PluginMetadata title, queryHelp) in that language.
 *
 * Plain ES2020 on the React 18 UMD global, no build step. Exports window.ScaffoldPluginLocale, which
 * plugin-page.js (loaded last) reads at load time. The language applied last is kept in
 * localStorage under one key and read before the page's first request, so a reload asks every form
 * in that language at once instead of in the server's default first. localStorage may be off
 * (privacy settings) or full: the page then forgets the choice, it does not fail.
 */
(function () {
  "use strict";
  const h = React.createElement;
  const LOCALES = ["ru-RU", "en-US"];
  const STORAGE_KEY = "scaffold-dev.plugin.locale";
  // The dev server's check of a locale (plugin_input.check_locale): a value it refuses is never kept,
  // so a typo cannot turn every later visit's first request into a refusal.
  const RULE = /^[A-Za-z0-9*][A-Za-z0-9*;=.,\- ]{0,199}$/;

  /* The language to start with: the one kept, else the server's default. */
  function startLocale(fallback) {
    try {
      const kept = (window.localStorage.getItem(STORAGE_KEY) || "").trim();
      if (RULE.test(kept)) return kept;
    } catch (error) {
      /* storage off: the server's default */
    }
    return fallback || "ru-RU";
  }

  function keepLocale(value) {
    if (!RULE.test(value)) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, value);
    } catch (error) {
      /* not kept: the next visit starts with the server's default */
    }
  }

  function localized(list, locale) {
    if (!Array.isArray(list) || !list.length) return "";
    const lang = locale.toLowerCase();
    const match = list.find((s) => s && String(s.lang).toLowerCase() === lang) || list.find((s) => s && String(s.lang).slice(0, 2).toLowerCase() === lang.slice(0, 2)) || list[0];
    return match && typeof match.value === "string" ? match.value : "";
  }

  /* The "Language" input: typed freely, applied on Enter or when it loses focus. */
  function localeControl({ locale, localeText, setLocaleText, applyLocale }) {
    return h(
      "div",
      { className: "locale" },
      h("label", { htmlFor: "locale" }, "Language"),
      h("input", {
        id: "locale",
        list: "locale-options",
        value: localeText,
        onChange: (e) => setLocaleText(e.target.value),
        onBlur: (e) => applyLocale(e.target.value),
        onKeyDown: (e) => e.key === "Enter" && applyLocale(e.target.value),
      }),
      h("datalist", { id: "locale-options" }, LOCALES.map((l) => h("option", { key: l, value: l }))),
      h("span", { className: "muted", "data-locale": locale }, ` sent as Accept-Language: ${locale}`)
    );
  }

  window.ScaffoldPluginLocale = { LOCALES, STORAGE_KEY, startLocale, keepLocale, localized, localeControl };
})();
