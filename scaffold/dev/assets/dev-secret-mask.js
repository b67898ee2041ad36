/*
 * scaffold dev pages: the one rule that masks secrets in what a page shows.
 *
 * A module's settings have no fixed shape (the contract: "it may contain secret values"), so the
 * rule goes by name: a property whose name contains key, token, secret, password (passwd, pwd),
 * credential or authorization, in any case (apiKey, api_key, accessToken, clientSecret,
 * dbPassword), has its value shown as MASK, at any depth, in objects and arrays; under such a name
 * every string and number inside is masked. A name/value pair ({name: "apiKey", value: "…"} or
 * {key: "X-Api-Token", value: "…"}, common in settings forms) masks its value when its name says
 * secret. Booleans, null and "" stay visible: they tell whether a secret is set, not what it is.
 * The rule would rather mask a harmless value (sortKey) than show a secret: showing is a click.
 *
 * Every value masked by name is remembered (4 characters or more, as the plugin page's log does),
 * and `maskText` hides it wherever it shows up again in text (a payload that copies it under
 * another name, a console message), plain or JSON-escaped.
 *
 * Masking is for display only: callers mask a copy when they render; what the page saves and
 * what the proxy sends stay as the module gave them. Plain ES2020, no React; exports
 * window.ScaffoldSecretMask and reads nothing at load time.
 */
(function () {
  "use strict";
  var MASK = "••••••";
  var SECRET_NAME = /key|token|secret|passw(or)?d|pwd|credential|authorization/i;
  var PAIR_NAMES = ["name", "key"];
  var MIN_REMEMBERED = 4;
  var MAX_DEPTH = 200;
  var MAX_KNOWN = 200;
  var known = []; // in the order first seen (the oldest is forgotten first)
  var longestFirst = []; // the same, longest first, so no part of a longer secret is left over

  function isSecretName(name) {
    return SECRET_NAME.test(String(name));
  }

  function remember(value) {
    var text = String(value);
    if (text.length >= MIN_REMEMBERED && text !== MASK && known.indexOf(text) < 0) {
      known.push(text);
      if (known.length > MAX_KNOWN) known.shift();
      longestFirst = known.slice().sort(function (a, b) { return b.length - a.length; });
    }
  }

  function hidden(value) {
    if ((typeof value === "string" && value !== "") || typeof value === "number") {
      remember(value);
      return MASK;
    }
    return value;
  }

  function isPlainObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  /** The pair's name when `value` is a {name|key: "…", value: …} pair, else null. */
  function pairName(value) {
    if (!("value" in value)) return null;
    for (var i = 0; i < PAIR_NAMES.length; i++) {
      if (typeof value[PAIR_NAMES[i]] === "string") return PAIR_NAMES[i];
    }
    return null;
  }

  function maskAt(value, secret, depth) {
    if (depth > MAX_DEPTH) return MASK;
    if (Array.isArray(value)) return value.map(function (item) { return maskAt(item, secret, depth + 1); });
    if (!isPlainObject(value)) return secret ? hidden(value) : value;
    var pair = pairName(value);
    var out = {};
    Object.keys(value).forEach(function (name) {
      var inner = secret;
      if (pair) inner = inner || (name === "value" && isSecretName(value[pair])) || (name !== pair && isSecretName(name));
      else inner = inner || isSecretName(name);
      out[name] = maskAt(value[name], inner, depth + 1);
    });
    return out;
  }

  /** A copy of JSON-like `value` with every secret by name shown as MASK (the original untouched). */
  function mask(value) {
    return maskAt(value, false, 0);
  }

  /** `text` with every secret value seen so far replaced by MASK (plain and JSON-escaped forms). */
  function maskText(text) {
    var out = String(text);
    longestFirst.forEach(function (secret) {
      var escaped = JSON.stringify(secret).slice(1, -1);
      out = out.split(secret).join(MASK);
      if (escaped !== secret) out = out.split(escaped).join(MASK);
    });
    return out;
  }

  /** JSON text of `value` for display: masked unless `revealed`. */
  function shownJson(value, revealed, indent) {
    var text = JSON.stringify(revealed ? value : mask(value), null, indent);
    if (text === undefined) return "";
    return revealed ? text : maskText(text);
  }

  window.ScaffoldSecretMask = {
    MASK: MASK, isSecretName: isSecretName, mask: mask, maskText: maskText, shownJson: shownJson,
  };
})();
