// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
/** The glue's texts in a module backend: the module table's (scaffold/codegen/module_backend_texts.py). */
export const RUNTIME_TEXTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'ru-RU': {
    'http.404': 'Not found: this module backend has no endpoint at this path',
    'http.405': 'Method not allowed: this path does not serve this method',
    'http.431': 'The request line and headers are larger than 16 KiB',
    'http.other': 'HTTP error {status}',
    stopping: 'The module backend is stopping; retry the request',
  },
  'en-US': {
    'http.404': 'Not found: this module backend has no endpoint at this path',
    'http.405': 'Method not allowed: this path does not serve this method',
    'http.431': 'The request line and headers are larger than 16 KiB',
    'http.other': 'HTTP error {status}',
    stopping: 'The module backend is stopping; retry the request',
  },
};
