/* The one way both dev pages call their server's JSON API (/dev-api/<kind>/...).
 *
 * Shared by the plugin and module pages (loaded before them: "dev-api.js" sorts first). A non-2xx
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
          if (!response.ok) throw new Error((data && data.error) || "the dev server answered " + response.status);
          return data;
        });
      });
    };
  };
})();
