/*
 * scaffold dev, module page: the platform's side of the module's settings. What Settings passed
 * to onChange, as the dev server saved it ("Saved settings (the proxy's moduleContext)", secrets
 * masked unless revealed), and the page session that decides whether those settings outlive a
 * reload.
 *
 * A fresh page starts from the module's own settings: at load the page opens a session (POST
 * /dev-api/module/session) and the server goes back to the settings of the module's host data
 * (frontend/host-data.json, --data-file), saved, or to none without them, forgetting those saved
 * since, unless "Keep settings across reloads" is checked.
 * That choice, and only that choice, is kept in the browser's localStorage; the settings stay in
 * the dev server's memory (they may hold secrets, so nothing writes them to disk), and a restart
 * of `scaffold dev` starts from the module's own settings whatever the choice. localStorage may be off (privacy settings):
 * the page then keeps nothing, it does not fail.
 *
 * Plain ES2020 on the host's React 18 UMD global (no JSX, no build step). Reads
 * window.ScaffoldModuleDashboard (Checkbox, Json: masked JSON; it sorts before this file) and
 * exports window.ScaffoldModuleSettings for module-page.js.
 */
(function () {
  "use strict";
  var React = window.React;
  var h = React.createElement;
  var Checkbox = window.ScaffoldModuleDashboard.Checkbox;
  var Json = window.ScaffoldModuleDashboard.Json;
  var KEEP_KEY = "scaffold-dev.module.keep-settings";

  /** Whether the author chose to keep the saved settings across reloads (default: no). */
  function keptChoice() {
    try {
      return window.localStorage.getItem(KEEP_KEY) === "true";
    } catch (error) {
      return false;
    }
  }

  function keepChoice(keep) {
    try {
      if (keep) window.localStorage.setItem(KEEP_KEY, "true");
      else window.localStorage.removeItem(KEEP_KEY);
    } catch (error) {
      /* not kept: the next load starts empty */
    }
  }

  /** Open the page's session: {settings, saved, proxySince}; the settings are gone unless kept. */
  function startSession(api, keep) {
    return api("POST", "/session", { keepSettings: keep });
  }

  /** The saved settings and the choice to keep them; `settings` is the page's settings state. */
  function SavedSettings(props) {
    var s = props.settings;
    return h("div", { className: "sd-saved-settings" },
      h("h3", null, "Saved settings (the proxy's moduleContext)"),
      h(Json, { value: s.value, revealed: props.revealed }),
      s.error ? h("p", { className: "sd-render-error", role: "alert" }, "Not saved: " + s.error) : null,
      h("p", { className: "sd-muted" }, s.state === "saving" ? "saving…" : (s.saved ? "saved" : "nothing saved yet")),
      h(Checkbox, { label: "Keep settings across reloads", checked: props.keep, onChange: props.onKeep }),
      h("p", { className: "sd-hint" }, props.keep
        ? "A reload of this page keeps the saved settings (in the dev server's memory, until it stops)."
        : "A reload of this page starts again from the module's own settings (those of frontend/host-data.json or " +
          "--data-file, saved and sent as moduleContext; without them nothing is saved), and with no events or proxy calls."));
  }

  window.ScaffoldModuleSettings = {
    keptChoice: keptChoice, keepChoice: keepChoice, startSession: startSession, SavedSettings: SavedSettings,
  };
})();
