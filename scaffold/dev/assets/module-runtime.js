/*
 * scaffold dev, module page: the "Host runtime" region, the globals the platform gives a bundle
 * that marks its dependencies external (the contract's "Host runtime globals" table).
 *
 * "Host version" is the version exactly as the contract states it (window.__scaffoldDev.hostGlobals,
 * from the spec's x-host-globals: the same rows `scaffold check module` states), a range such as
 * 18.2.x included, since that is what the platform promises. "On this page" says what the page
 * provides: for React and ReactDOM the npm release of the real file (pinned by sha256 in
 * scaffold/host/vendor.json; a range is loaded as its first release, the oldest host the contract
 * allows), for the others a stand-in of scaffold's (the UI kit and the shared packages are not
 * public). The release, not window.ReactDOM.version: react-dom 18.2.0 was published with the
 * build string "18.2.0-next-9e3b772b8-20220608" in it, which names no release anyone installs.
 *
 * Plain ES2020 on the host's React 18 UMD global (no JSX, no build step). Exports
 * window.ScaffoldModuleRuntime for module-page.js.
 */
(function () {
  "use strict";
  var React = window.React;
  var h = React.createElement;

  function provided(row) {
    return row.loaded === null || row.loaded === undefined ? "stand-in" : "loads " + row.loaded;
  }

  function HostRuntime(props) {
    var rows = props.rows || [];
    if (!rows.length) return null;
    return h("section", { "aria-label": "Host runtime", className: "sd-region sd-runtime" },
      h("h2", null, "Host runtime"),
      h("table", null,
        h("thead", null, h("tr", null,
          h("th", { scope: "col" }, "Global"), h("th", { scope: "col" }, "Package"),
          h("th", { scope: "col" }, "Host version"), h("th", { scope: "col" }, "On this page"))),
        h("tbody", null, rows.map(function (row) {
          return h("tr", { key: row.global },
            h("td", null, h("code", null, "window." + row.global)),
            h("td", null, row.package),
            h("td", null, row.version),
            h("td", null, provided(row)));
        }))));
  }

  window.ScaffoldModuleRuntime = { HostRuntime: HostRuntime };
})();
