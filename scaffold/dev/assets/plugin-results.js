/* How the plugin page shows what a plugin answered: query frames (a uPlot chart for Timestamp
 * frames, a table for every frame) in the "Result" region, and one entry of the "Requests" log.
 * Split from plugin-page.js so the page keeps the state and calls, and this file the display.
 *
 * Plain ES2020 on the React 18 and uPlot UMD globals, no build step. Exports
 * window.ScaffoldPluginResults; plugin-page.js (loaded last) reads it at load time,
 * plugin-editors.js (loaded before it) at render time.
 */
(function () {
  "use strict";
  const h = React.createElement;
  const { useEffect, useRef } = React;

  /* The Timestamp contract: every value an object {unixTime: "number"}; anything else is Regular. */
  function timestampSeries(frame) {
    const fields = Array.isArray(frame.fields) ? frame.fields : [];
    if (!fields.length) return null;
    const series = [];
    for (const field of fields) {
      const values = Array.isArray(field && field.values) ? field.values : [];
      if (!values.length) return null;
      const points = [];
      for (const item of values) {
        if (!item || typeof item !== "object" || Array.isArray(item)) return null;
        const keys = Object.keys(item);
        if (keys.length !== 1 || !/^-?\d+(\.\d+)?$/.test(keys[0])) return null;
        let time = Number(keys[0]);
        if (Math.abs(time) > 1e11) time = time / 1000; // milliseconds
        const raw = item[keys[0]];
        const value = raw === null || raw === "" ? null : Number(raw);
        points.push([time, Number.isFinite(value) ? value : null]);
      }
      series.push({ name: String(field.name || field.refID || "value"), points });
    }
    return series;
  }

  function alignSeries(series) {
    const times = [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);
    const index = new Map(times.map((t, i) => [t, i]));
    const columns = series.map((s) => {
      const column = new Array(times.length).fill(null);
      for (const [t, v] of s.points) column[index.get(t)] = v;
      return column;
    });
    return [times, ...columns];
  }

  const PALETTE = ["#2f6fde", "#e0742b", "#2c9a5a", "#b8399a", "#8a6d1f", "#1f8a8a"];

  function Chart({ frame, series }) {
    const holder = useRef(null);
    useEffect(() => {
      const element = holder.current;
      if (!element || typeof uPlot !== "function") return undefined;
      const data = alignSeries(series);
      const width = Math.max(320, element.clientWidth || 640);
      const plot = new uPlot(
        {
          width,
          height: 260,
          scales: { x: { time: true } },
          series: [{}, ...series.map((s, i) => ({ label: s.name, stroke: PALETTE[i % PALETTE.length], width: 2, spanGaps: true }))],
        },
        data,
        element
      );
      const points = plot.data.slice(1).reduce((sum, column) => sum + column.filter((v) => v !== null && v !== undefined).length, 0);
      element.dataset.points = String(points);
      element.dataset.series = String(plot.series.length - 1);
      element.__uplot = plot;
      return () => plot.destroy();
    }, [frame, series]);
    const label = `Chart ${frame.name || ""} (${frame.refID || "?"})`.replace("  ", " ");
    return h("div", { className: "chart", ref: holder, role: "img", "aria-label": label });
  }

  const cell = (value) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));
  const MAX_ROWS = 500;

  function FrameTable({ frame, series }) {
    let head;
    let body;
    if (series) {
      const data = alignSeries(series);
      head = ["Time", ...series.map((s) => s.name)];
      body = data[0].map((t, r) => [new Date(t * 1000).toISOString().replace(".000Z", "Z"), ...data.slice(1).map((c) => cell(c[r]))]);
    } else {
      const fields = Array.isArray(frame.fields) ? frame.fields : [];
      const keys = [];
      for (const f of fields) for (const v of Array.isArray(f.values) ? f.values : []) for (const k of v && typeof v === "object" ? Object.keys(v) : []) if (!keys.includes(k)) keys.push(k);
      head = ["Field", ...keys];
      body = fields.flatMap((f) => (Array.isArray(f.values) ? f.values : []).map((v) => [cell(f.name), ...keys.map((k) => cell(v && typeof v === "object" ? v[k] : v))]));
    }
    const caption = `${frame.name || "Frame"} — ${frame.refID || "no refID"}${series ? " (Timestamp)" : " (Regular)"}`;
    return h(
      "div",
      { className: "frame-table" },
      h(
        "table",
        null,
        h("caption", null, caption),
        h("thead", null, h("tr", null, head.map((c, i) => h("th", { key: i, scope: "col" }, c)))),
        h("tbody", null, body.slice(0, MAX_ROWS).map((row, r) => h("tr", { key: r }, row.map((c, i) => h("td", { key: i }, c)))))
      ),
      body.length > MAX_ROWS ? h("p", { className: "muted" }, `${body.length - MAX_ROWS} more rows not shown`) : null
    );
  }

  function ResultPanel({ result }) {
    if (!result) return h("p", { className: "muted" }, "Run a query to see its frames.");
    const { entry } = result;
    const response = entry.response;
    const items = [];
    if (entry.failure) items.push(h("p", { className: "error", key: "f" }, `No answer: ${entry.failure}`));
    if (response && typeof response === "object" && !Array.isArray(response)) {
      if (response.error === true || (entry.status && entry.status >= 400)) {
        items.push(h("p", { className: "error", key: "m", role: "alert" }, `Query failed (HTTP ${entry.status}${response.status !== undefined ? `, status ${response.status}` : ""}): ${response.message || "no message"}`));
      }
      const errors = response.validationErrors && typeof response.validationErrors === "object" ? response.validationErrors : {};
      if (Object.keys(errors).length) {
        items.push(h("ul", { className: "validation-errors", key: "v" }, Object.entries(errors).map(([k, v]) => h("li", { key: k }, `${k}: ${v}`))));
      }
      const frames = Array.isArray(response.frames) ? response.frames : [];
      frames.forEach((frame, i) => {
        const series = frame && typeof frame === "object" ? timestampSeries(frame) : null;
        items.push(
          h("div", { className: "frame", key: `frame-${i}`, "data-ref-id": (frame && frame.refID) || "" },
            h("h3", null, `${(frame && frame.name) || "Frame"} (${(frame && frame.refID) || "?"})`),
            series ? h(Chart, { frame, series }) : null,
            h(FrameTable, { frame: frame || {}, series })
          )
        );
      });
      if (!frames.length && !items.length) items.push(h("p", { key: "e" }, "The answer has no frames."));
    } else if (!entry.failure) {
      items.push(h("pre", { key: "t" }, cell(response)));
    }
    return h(React.Fragment, null, items);
  }

  /* --- request log --------------------------------------------------------------------------- */

  function LogEntry({ entry }) {
    const status = entry.status === null ? "no answer" : String(entry.status);
    const problems = Array.isArray(entry.problems) ? entry.problems : [];
    return h(
      "li",
      { className: problems.length || entry.failure ? "log-entry has-problems" : "log-entry", "data-status": status },
      h(
        "details",
        null,
        h("summary", null, h("span", { className: "log-method" }, entry.method), " ", h("span", { className: "log-path" }, entry.path), " ", h("span", { className: "log-status" }, status), " ", h("span", { className: "log-duration" }, `${entry.durationMs} ms`), entry.locale ? ` ${entry.locale}` : "", problems.length ? h("span", { className: "log-problems" }, ` ${problems.length} contract problem${problems.length > 1 ? "s" : ""}`) : null),
        entry.failure ? h("p", { className: "error" }, entry.failure) : null,
        problems.length ? h("ul", { className: "problems", "aria-label": "Contract problems" }, problems.map((p, i) => h("li", { key: i }, p))) : null,
        h("div", { className: "log-bodies" },
          h("div", null, h("h4", null, "Request"), h("pre", null, entry.request === null || entry.request === undefined ? "(no body)" : JSON.stringify(entry.request, null, 2))),
          h("div", null, h("h4", null, "Response"), h("pre", null, typeof entry.response === "string" ? entry.response : JSON.stringify(entry.response, null, 2))))
      )
    );
  }

  window.ScaffoldPluginResults = { timestampSeries, alignSeries, Chart, FrameTable, ResultPanel, LogEntry, cell };
})();
