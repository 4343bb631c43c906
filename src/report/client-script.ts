// The report page's script (plain ES2017, inlined and allowed by its hash): draws the laid-out graph from the JSON data.
//
// Kept as source text so the core stays free of DOM types and a bundler; test/report/client-script.test.ts parses it
// with acorn. Rules it keeps: every text from the file is set with textContent or as a setAttribute value of a fixed
// attribute name; no innerHTML, no eval, no URL is ever built from data; elements come from a fixed list of tags.

import { CLIENT_PANEL_SCRIPT } from "./client-script-panel.js";
import { CHANGE_VIEW_FUNCTION } from "./client-focus.js";

/** The script of the report page. */
export const REPORT_CLIENT_SCRIPT =
  String.raw`(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var NS = "http://www.w3.org/2000/svg";
  var SHAPE_TAGS = { rect: true, polygon: true, path: true };
  var KIND_NAMES = { edge: "edge", route: "Route condition", fallback: "Route fallback", response: "webhook response route", voicemail: "not answered (voicemail)", press: "key press" };
  var SHAPE_ATTRS = { x: true, y: true, width: true, height: true, rx: true, points: true, d: true, fill: true };
  var byKey = {};
  var nodeEls = {};
  var edgeEls = [];
  var incoming = {};
  var outgoing = {};
  var view = document.getElementById("view");
  var svg = document.getElementById("graph");
  var world = document.getElementById("world");
  var panel = document.getElementById("panel");
  var state = { x: 0, y: 0, k: 1 };
  var selected = null;
${CHANGE_VIEW_FUNCTION}

  function svgEl(tag, attrs, parent) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, String(attrs[k]));
    if (parent) parent.appendChild(e);
    return e;
  }
  function h(tag, text, parent, cls) {
    var e = document.createElement(tag);
    if (text !== null && text !== undefined) e.textContent = String(text);
    if (cls) e.className = cls;
    if (parent) parent.appendChild(e);
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
  function button(text, parent, onClick, cls) {
    var b = h("button", text, parent, cls);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }
  function caption(key) { return byKey[key] ? byKey[key].caption : key; }

  data.nodes.forEach(function (n) { byKey[n.key] = n; incoming[n.key] = []; outgoing[n.key] = []; });
  data.edges.forEach(function (e, i) { outgoing[e.from].push(i); incoming[e.to].push(i); });

  // ---- drawing -------------------------------------------------------------------------------------------------
  var changeContext = getChangeContext(data);
  function draw() {
    var gb = data.globals;
    if (gb) {
      svgEl("rect", { x: gb[0], y: gb[1], width: gb[2], height: gb[3], rx: 6, "class": "globals-box" }, world);
      svgEl("text", { x: gb[0] + 12, y: gb[1] + 18, "class": "globals-title" }, world).textContent = "Global nodes";
      svgEl("text", { x: gb[0] + 12, y: gb[1] + 34, "class": "globals-note" }, world).textContent = data.globalsNote;
    }
    // Tag frames, as the diagram draws them; names are set as text, and a colour is one the layout checked plain.
    (data.groups || []).forEach(function (g) {
      var frame = svgEl("g", { "class": "tag-frame" }, world);
      svgEl("title", {}, frame).textContent = g.name;
      svgEl("rect", { x: g.box[0], y: g.box[1], width: g.box[2], height: g.box[3], rx: 6, fill: g.color || "#9e9e9e", stroke: g.color || "#9e9e9e" }, frame);
      g.lines.forEach(function (line, i) {
        svgEl("text", { x: g.box[0] + 10, y: g.box[1] + 10 + (i + 0.5) * 14, "class": "tag-caption" }, frame).textContent = line;
      });
    });
    var edgeLayer = svgEl("g", { "class": "edges" }, world);
    var labelLayer = svgEl("g", { "class": "edge-labels" }, world);
    data.edges.forEach(function (e, i) {
      if (!e.drawn || e.points.length < 4) { edgeEls.push(null); return; }
      var d = "";
      for (var p = 0; p < e.points.length; p += 2) d += (p === 0 ? "M" : "L") + e.points[p] + "," + e.points[p + 1];
      var faded = isFaded(changeContext, e) ? " faded" : "";
      var g = svgEl("g", { "class": "edge kind-" + e.kind + (e.diff ? " diff-" + e.diff : "") + (e.coverage ? " cov-" + e.coverage : "") + faded }, edgeLayer);
      svgEl("path", { d: d, "class": "line", "marker-end": "url(#arrow)" }, g);
      svgEl("path", { d: d, "class": "hit" }, g).addEventListener("click", function () { select("edge", i); });
      if (e.labelBox) {
        var b = e.labelBox;
        var lg = svgEl("g", { "class": "edge-label" + faded }, labelLayer);
        svgEl("rect", { x: b[0], y: b[1], width: b[2], height: b[3] }, lg);
        svgEl("text", { x: b[0] + b[2] / 2, y: b[1] + b[3] / 2 }, lg).textContent = e.label || "";
        lg.addEventListener("click", function () { select("edge", i); });
      }
      if (e.findings.length > 0) {
        var mid = Math.floor(e.points.length / 4) * 2;
        badge(g, e.points[mid], e.points[mid + 1], e.findings);
      }
      edgeEls.push(g);
    });
    var nodeLayer = svgEl("g", { "class": "nodes" }, world);
    data.nodes.forEach(function (n) {
      var g = svgEl("g", {
        "class": "node kind-" + n.kind + (n.start ? " start" : "") + (n.global ? " global" : "") + (n.diff ? " diff-" + n.diff : "") + (n.coverage ? " cov-" + n.coverage : "") + (isFaded(changeContext, n) ? " faded" : ""),
        tabindex: "0", role: "button", "data-key": n.key,
        fill: n.look.fill, stroke: n.look.stroke, "stroke-width": n.look.strokeWidth
      }, nodeLayer);
      g.setAttribute("aria-label", n.caption + (n.type ? " (" + n.type + ")" : ""));
      if (n.look.dash) g.setAttribute("stroke-dasharray", n.look.dash);
      n.shapes.forEach(function (s) {
        if (!SHAPE_TAGS[s.tag]) return;
        var attrs = {};
        for (var k in s.attrs) if (SHAPE_ATTRS[k]) attrs[k] = s.attrs[k];
        attrs["class"] = "shape";
        svgEl(s.tag, attrs, g);
      });
      var t = svgEl("text", { x: n.box[0] + n.box[2] / 2, y: n.box[1] + n.box[3] / 2, "class": "caption", fill: n.look.text }, g);
      t.textContent = n.caption;
      if (n.findings.length > 0) badge(g, n.box[0] + n.box[2], n.box[1], n.findings);
      (n.globalLines || []).forEach(function (line, i) {
        svgEl("text", { x: n.box[0] + 4, y: n.box[1] + n.box[3] + 16 + i * 15, "class": "global-line" }, world).textContent = line;
      });
      g.addEventListener("click", function () { select("node", n.key); });
      g.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); select("node", n.key); }
      });
      nodeEls[n.key] = g;
    });
  }

  function worst(list) {
    var rank = { error: 3, warning: 2, info: 1 };
    var best = "info";
    list.forEach(function (i) { var s = data.findings[i].severity; if ((rank[s] || 0) > (rank[best] || 0)) best = s; });
    return best;
  }
  function badge(parent, x, y, list) {
    var b = svgEl("g", { "class": "badge sev-" + worst(list), "data-findings": list.join(" ") }, parent);
    svgEl("circle", { cx: x, cy: y, r: 9 }, b);
    svgEl("text", { x: x, y: y }, b).textContent = String(list.length);
    var title = svgEl("title", {}, b);
    title.textContent = list.map(function (i) { return data.findings[i].ruleId + ": " + data.findings[i].message; }).join("\n");
  }

  // ---- pan and zoom ----------------------------------------------------------------------------------------------
  function apply() {
    world.setAttribute("transform", "translate(" + state.x + "," + state.y + ") scale(" + state.k + ")");
    updateMinimap();
  }
  function fit() {
    var w = view.clientWidth || 800;
    var hh = view.clientHeight || 600;
    var k = Math.min(w / data.size[0], hh / data.size[1], 1.5);
    state.k = k;
    state.x = (w - data.size[0] * k) / 2;
    state.y = (hh - data.size[1] * k) / 2;
    apply();
  }
  function zoomAt(factor, cx, cy) {
    var k = Math.max(0.02, Math.min(4, state.k * factor));
    state.x = cx - (cx - state.x) * (k / state.k);
    state.y = cy - (cy - state.y) * (k / state.k);
    state.k = k;
    apply();
  }
  function centerOn(x, y) {
    if (state.k < 0.6) state.k = 0.9;
    state.x = (view.clientWidth || 800) / 2 - x * state.k;
    state.y = (view.clientHeight || 600) / 2 - y * state.k;
    apply();
  }
  view.addEventListener("wheel", function (ev) {
    ev.preventDefault();
    var r = view.getBoundingClientRect();
    zoomAt(ev.deltaY < 0 ? 1.15 : 1 / 1.15, ev.clientX - r.left, ev.clientY - r.top);
  }, { passive: false });
  var drag = null;
  svg.addEventListener("pointerdown", function (ev) {
    if (ev.button !== 0) return;
    drag = { x: ev.clientX, y: ev.clientY, sx: state.x, sy: state.y, moved: false };
  });
  window.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    var dx = ev.clientX - drag.x;
    var dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    state.x = drag.sx + dx;
    state.y = drag.sy + dy;
    apply();
  });
  window.addEventListener("pointerup", function () { drag = null; });
  view.addEventListener("keydown", function (ev) {
    if (ev.target !== view && !(ev.target.classList && ev.target.classList.contains("node"))) return;
    var step = 60;
    if (ev.key === "ArrowLeft") state.x += step;
    else if (ev.key === "ArrowRight") state.x -= step;
    else if (ev.key === "ArrowUp") state.y += step;
    else if (ev.key === "ArrowDown") state.y -= step;
    else if (ev.key === "+" || ev.key === "=") return zoomAt(1.2, view.clientWidth / 2, view.clientHeight / 2);
    else if (ev.key === "-") return zoomAt(1 / 1.2, view.clientWidth / 2, view.clientHeight / 2);
    else if (ev.key === "0" || ev.key === "f") return fitAll();
    else if (ev.key === "c" && changeContext) return setFading(!svg.classList.contains("fading"));
    else return;
    ev.preventDefault();
    apply();
  });
  document.getElementById("zoom-in").addEventListener("click", function () { zoomAt(1.25, view.clientWidth / 2, view.clientHeight / 2); });
  document.getElementById("zoom-out").addEventListener("click", function () { zoomAt(1 / 1.25, view.clientWidth / 2, view.clientHeight / 2); });
  // Fit all shows the whole pathway as it is: nothing faded.
  function fitAll() {
    fit();
    setFading(false);
  }
  document.getElementById("fit").addEventListener("click", fitAll);
  var fadeBox = document.getElementById("fade");
  if (changeContext) fadeBox.addEventListener("change", function () { setFading(fadeBox.checked); });
  else fadeBox.parentNode.setAttribute("hidden", "");
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "/" && document.activeElement !== search) { ev.preventDefault(); search.focus(); }
    if (ev.key === "Escape") { select(null); }
  });

  // ---- minimap -----------------------------------------------------------------------------------------------
  var mini = document.getElementById("minimap");
  var miniView = null;
  function buildMinimap() {
    if (data.nodes.length < 40) { mini.setAttribute("hidden", ""); return; }
    mini.removeAttribute("hidden");
    mini.setAttribute("viewBox", "0 0 " + data.size[0] + " " + data.size[1]);
    data.nodes.forEach(function (n) {
      svgEl("rect", { x: n.box[0], y: n.box[1], width: n.box[2], height: n.box[3], fill: n.look.fill, stroke: n.look.stroke }, mini);
    });
    miniView = svgEl("rect", { "class": "mini-view" }, mini);
    function jump(ev) {
      var r = mini.getBoundingClientRect();
      var s = Math.max(data.size[0] / r.width, data.size[1] / r.height);
      var ox = (r.width - data.size[0] / s) / 2;
      var oy = (r.height - data.size[1] / s) / 2;
      var px = (ev.clientX - r.left - ox) * s;
      var py = (ev.clientY - r.top - oy) * s;
      state.x = view.clientWidth / 2 - px * state.k;
      state.y = view.clientHeight / 2 - py * state.k;
      apply();
    }
    mini.addEventListener("click", jump);
  }
  function updateMinimap() {
    if (!miniView) return;
    miniView.setAttribute("x", String(-state.x / state.k));
    miniView.setAttribute("y", String(-state.y / state.k));
    miniView.setAttribute("width", String(view.clientWidth / state.k));
    miniView.setAttribute("height", String(view.clientHeight / state.k));
  }

` +
  CLIENT_PANEL_SCRIPT +
  String.raw`  var mode = document.getElementById("mode");
  mode.addEventListener("change", function () { svg.setAttribute("data-mode", mode.value); });
  if (!data.diff) mode.querySelector("option[value=diff]").disabled = true;
  if (!data.coverage) mode.querySelector("option[value=coverage]").disabled = true;
  svg.setAttribute("data-mode", data.diff ? "diff" : data.coverage ? "coverage" : "kind");
  mode.value = svg.getAttribute("data-mode");

  draw();
  buildMinimap();
  lists();
  openView();
  select(null);
  window.addEventListener("resize", updateMinimap);
  // Printed, the whole graph shows: fit it to the printed box before the page is laid out for paper.
  window.addEventListener("beforeprint", fit);
  if (window.matchMedia) window.matchMedia("print").addListener(function (m) { if (m.matches) fit(); });
  document.body.setAttribute("data-ready", "true");
})();
`;
