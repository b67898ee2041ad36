// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/python-text.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Python's text rules that reading a key or a token follows, so that the TypeScript runtime takes
 * and refuses the same texts as the Python one (scaffold/codegen/python/runtime_files/secrets.py):
 * `str.strip()` and CPython's lenient `base64.urlsafe_b64decode`. secrets.ts uses them.
 */

/** Python's `str.strip()` (JavaScript's `trim()` keeps U+001C-U+001F and U+0085, drops U+FEFF). */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonSpace(text.charCodeAt(start))) {
    start += 1;
  }
  while (end > start && isPythonSpace(text.charCodeAt(end - 1))) {
    end -= 1;
  }
  return text.slice(start, end);
}

const WHITE_SPACE = /^\p{White_Space}$/u;

/** Python's `str.isspace()`: Unicode's White_Space and the separators U+001C-U+001F. */
function isPythonSpace(code: number): boolean {
  return (code >= 0x1c && code <= 0x1f) || WHITE_SPACE.test(String.fromCharCode(code));
}

// The value of each ASCII character in base64 (either alphabet: Python reads `-_` as `+/`), -1
// for the characters the decoding skips.
const BASE64_VALUES = new Int8Array(128).fill(-1);
for (const [index, character] of Array.from(
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
).entries()) {
  BASE64_VALUES[character.charCodeAt(0)] = index;
}
BASE64_VALUES['-'.charCodeAt(0)] = 62;
BASE64_VALUES['_'.charCodeAt(0)] = 63;

/**
 * Python's `base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))`, undefined where it raises.
 *
 * CPython's lenient decoding: characters outside the alphabets are skipped, a pad that cannot end
 * a group is ignored, the first complete padding ends the input, and leftover bits are dropped;
 * a non-ASCII character, or a last group of one character (or of two or three without enough
 * padding), is an error.
 */
export function pythonBase64UrlDecode(text: string): Buffer | undefined {
  if (/[^\p{ASCII}]/u.test(text)) {
    return undefined;
  }
  const padded = text + '='.repeat(-text.length & 3);
  const out = Buffer.alloc(Math.floor((padded.length * 3) / 4));
  let size = 0;
  let position = 0; // in the group of four
  let left = 0; // the bits of the group not yet written
  let pads = 0;
  for (let index = 0; index < padded.length; index += 1) {
    const code = padded.charCodeAt(index);
    if (code === 0x3d) {
      pads += 1; // reset by the next character of the alphabet
      if (position >= 2 && position + pads >= 4) {
        return out.subarray(0, size);
      }
      continue;
    }
    const value = BASE64_VALUES[code] ?? -1;
    if (value < 0) {
      continue;
    }
    pads = 0;
    if (position === 0) {
      left = value;
    } else if (position === 1) {
      out[size++] = (left << 2) | (value >> 4);
      left = value & 0x0f;
    } else if (position === 2) {
      out[size++] = ((left << 4) | (value >> 2)) & 0xff;
      left = value & 0x03;
    } else {
      out[size++] = ((left << 6) | value) & 0xff;
    }
    position = (position + 1) & 3;
  }
  return position === 0 ? out.subarray(0, size) : undefined;
}
