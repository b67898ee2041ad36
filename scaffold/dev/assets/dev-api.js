/* The one way both dev pages call their server's JSON API (/dev-api/<kind>/...).
 *
 * Shared by the plugin and module pages (loaded before them: "dev-api.js" sorts first). Bodies go
 * as application/json, the only type the server's API takes (a page of another site cannot send
 * it without a CORS preflight, which the server never grants). A non-2xx
 * answer rejects with the server's one-sentence `error`; an answer that is not JSON rejects with
 * its status, so a page never renders a half-understood reply.
 */
(function () {
  "use strict";

  // api(kind) -> function (method, path, body): a promise of the parsed JSON answer.
  window.ScaffoldDevApi = function (kind) {
    var base = "/dev-api/" + kind;
    return function (method, path, body) {
      var init = { method: method, headers: {} };
      if (body !== undefined) {
        init.headers["Content-Type"] = "application/json";
        init.body = JSON.stringify(body);
      }
      return fetch(base + path, init).then(function (response) {
        return response.json().catch(function () {
          return { error: "the dev server answered " + response.status + " without JSON" };
        }).then(function (data) {
          // The API words its refusals as {error: sentence}; the page server's own (a foreign
          // Host or Origin, a body too large) as {error: true, message: sentence}.
          var sentence = data && (typeof data.error === "string" ? data.error : data.message);
          if (!response.ok) throw new Error(sentence || "the dev server answered " + response.status);
          return data;
        });
      });
    };
  };
})();
