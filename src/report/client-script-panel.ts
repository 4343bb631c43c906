// The report page script's side panel, search and lists: a piece of REPORT_CLIENT_SCRIPT, inside its function (see client-script.ts for the rules it keeps).

/** The part of the report page's script that shows the selection, searches and lists findings, changes and coverage; it uses the names client-script.ts declares before it. */
export const CLIENT_PANEL_SCRIPT = String.raw`  // ---- selection and the side panel --------------------------------------------------------------------------
  function dl(parent, rows) {
    var list = h("dl", null, parent);
    rows.forEach(function (r) {
      if (r[1] === undefined || r[1] === null || r[1] === "") return;
      h("dt", r[0], list);
      var dd = h("dd", null, list);
      if (typeof r[1] === "object" && r[1].nodeType) dd.appendChild(r[1]); else dd.textContent = String(r[1]);
    });
    return list;
  }
  function value(v) {
    if (v === null || typeof v !== "object") {
      var text = typeof v === "string" ? v : JSON.stringify(v);
      var el = h(typeof v === "string" && (v.length > 60 || v.indexOf("\n") >= 0) ? "pre" : "span", text, null, "value");
      return el;
    }
    if (Array.isArray(v)) {
      if (v.length === 0) return h("span", "[]", null, "value");
      var ol = h("ol", null, null, "array");
      v.forEach(function (item) { h("li", null, ol).appendChild(value(item)); });
      return ol;
    }
    var keys = Object.keys(v);
    if (keys.length === 0) return h("span", "{}", null, "value");
    var list = h("dl", null, null, "fields");
    keys.forEach(function (k) { h("dt", k, list); h("dd", null, list).appendChild(value(v[k])); });
    return list;
  }
  function findingList(parent, list) {
    if (list.length === 0) return;
    h("h3", "Findings", parent);
    var ul = h("ul", null, parent, "findings");
    list.forEach(function (i) {
      var f = data.findings[i];
      h("li", f.severity + " " + f.ruleId + ": " + f.message + (f.line ? " (line " + f.line + ":" + f.column + ")" : ""), ul, "sev-" + f.severity);
    });
  }
  function transitions(parent, title, list, other) {
    h("h3", title + " (" + list.length + ")", parent);
    if (list.length === 0) { h("p", "none", parent, "muted"); return; }
    var ul = h("ul", null, parent, "transitions");
    list.forEach(function (i) {
      var e = data.edges[i];
      var li = h("li", null, ul);
      button(caption(e[other]), li, function () { select("node", e[other]); }, "link");
      h("span", " " + e.kind + (e.fullLabel || e.label ? ": " + (e.fullLabel || e.label) : ""), li, "muted");
      button("edge", li, function () { select("edge", i); }, "link small");
    });
  }
  function showNode(n) {
    clear(panel);
    h("h2", n.caption, panel);
    dl(panel, [
      ["Type", n.type || "(none)"], ["ID", n.id], ["Start node", n.start ? "yes" : ""], ["Global", n.global ? "yes: entered from any node when the caller matches its global label" : ""],
      ["Change", n.diff ? n.diff + (n.fromId ? " (was " + n.fromId + ")" : "") : ""], ["Coverage", n.coverage || ""],
      ["Calls", n.calls ? n.calls.reached + " reached, " + n.calls.endedHere + " ended here (" + n.calls.errors + " in error, " + n.calls.voicemail + " at voicemail)" : ""],
      ["Webhooks", n.calls && n.calls.webhooks ? n.calls.webhooks.invoked + " run, " + n.calls.webhooks.failed + " failed" + (n.calls.webhooks.examples.length > 0 ? ": " + n.calls.webhooks.examples.join("; ") : "") : ""],
      ["Variables changed", n.calls && n.calls.variablesChanged ? n.calls.variablesChanged.map(function (v) { return v.name + " (" + v.calls + ")"; }).join(", ") : ""]
    ]);
    findingList(panel, n.findings);
    if (n.changes && n.changes.length > 0) {
      h("h3", "Field changes", panel);
      var ul = h("ul", null, panel, "changes");
      n.changes.forEach(function (c) {
        var li = h("li", null, ul);
        h("code", c.path || "(node)", li);
        h("span", " " + c.op + ": ", li);
        if (c.before !== undefined) h("del", JSON.stringify(c.before), li);
        if (c.before !== undefined && c.after !== undefined) h("span", " → ", li);
        if (c.after !== undefined) h("ins", JSON.stringify(c.after), li);
      });
    }
    h("h3", "Variables", panel);
    dl(panel, [["Extracts", n.extracts.join(", ") || "none"], ["Reads", n.reads.join(", ") || "none"]]);
    if (n.hub) {
      h("h3", "Entered from " + n.hub.sources.length + " nodes, drawn as stubs", panel);
      h("p", "Diagrams (pathway diagram) draw the " + n.hub.edges.length + " edges into this hub as a stub beside each source instead of a line across the picture; here they are lines. The sources:", panel, "muted");
      var hl = h("ul", null, panel, "hub-sources");
      n.hub.sources.forEach(function (key) {
        var li = h("li", null, hl);
        button(caption(key), li, function () { select("node", key); }, "link");
        var labels = n.hub.edges.filter(function (i) { return data.edges[i].from === key; }).map(function (i) { return data.edges[i].fullLabel || data.edges[i].label || "(no label)"; });
        h("span", " " + labels.join("; "), li, "muted");
      });
    }
    transitions(panel, "Incoming", incoming[n.key], "from");
    transitions(panel, "Outgoing", outgoing[n.key], "to");
    h("h3", "Data (secrets and header values masked)", panel);
    panel.appendChild(value(n.data));
  }
  function showEdge(i) {
    var e = data.edges[i];
    clear(panel);
    h("h2", caption(e.from) + " → " + caption(e.to), panel);
    var from = h("span");
    button(caption(e.from), from, function () { select("node", e.from); }, "link");
    var to = h("span");
    button(caption(e.to), to, function () { select("node", e.to); }, "link");
    dl(panel, [
      ["From", from], ["To", to], ["Kind", KIND_NAMES[e.kind] || e.kind],
      ["Label / condition", e.fullLabel || e.label || "(none)"], ["Index in edges[]", e.fileIndex], ["Change", e.diff || ""], ["Coverage", e.coverage || ""],
      ["Drawn", e.drawn ? "" : "no: it touches a global node, listed in the globals box"]
    ]);
    findingList(panel, e.findings);
    if (e.parallel) {
      h("h3", e.parallel.length + " parallel edges, drawn as one line (×" + e.parallel.length + ")", panel);
      h("p", "Diagrams draw these edges between the same two nodes as one counted line; their labels:", panel, "muted");
      var pl = h("ol", null, panel, "parallel");
      e.parallel.forEach(function (j) {
        var other = data.edges[j];
        var li = h("li", null, pl);
        if (j === i) h("strong", other.fullLabel || other.label || "(no label)", li);
        else button(other.fullLabel || other.label || "(no label)", li, function () { select("edge", j); }, "link");
      });
    }
  }
  function select(kind, id) {
    if (selected && selected.el) selected.el.classList.remove("selected");
    selected = null;
    if (kind === null) { clear(panel); h("p", "Select a node or an edge: click it, or Tab to it and press Enter.", panel, "muted"); return; }
    if (kind === "node") {
      var n = byKey[id];
      if (!n) return;
      selected = { kind: kind, id: id, el: nodeEls[id] };
      showNode(n);
      centerOn(n.box[0] + n.box[2] / 2, n.box[1] + n.box[3] / 2);
    } else {
      var e = data.edges[id];
      selected = { kind: kind, id: id, el: edgeEls[id] };
      showEdge(id);
      if (e.points.length >= 2) centerOn(e.points[0], e.points[1]);
    }
    if (selected.el) selected.el.classList.add("selected");
    document.body.setAttribute("data-selected", kind + ":" + id);
  }

  // ---- search ------------------------------------------------------------------------------------------------
  var search = document.getElementById("search");
  var results = document.getElementById("search-results");
  function runSearch() {
    var q = search.value.trim().toLowerCase();
    clear(results);
    data.nodes.forEach(function (n) { nodeEls[n.key].classList.remove("match"); });
    svg.classList.toggle("searching", q !== "");
    if (q === "") return [];
    var found = data.nodes.filter(function (n) { return n.search.indexOf(q) >= 0 || n.caption.toLowerCase().indexOf(q) >= 0; });
    found.forEach(function (n) { nodeEls[n.key].classList.add("match"); });
    h("p", found.length + " match" + (found.length === 1 ? "" : "es"), results, "muted");
    found.slice(0, 50).forEach(function (n) {
      button(n.caption + (n.name && n.caption.indexOf(n.name) < 0 ? " · " + n.name : "") + " [" + n.id + "]", results, function () { select("node", n.key); }, "result");
    });
    return found;
  }
  search.addEventListener("input", runSearch);
  search.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") { var found = runSearch(); if (found.length > 0) select("node", found[0].key); }
  });

  // ---- lists: findings, changes, coverage, conversations, legend -------------------------------------------------------------
  function lists() {
    var fl = document.getElementById("findings");
    h("h2", "Lint findings (" + data.findings.length + ")", fl);
    if (data.findings.length === 0) h("p", "No findings.", fl, "muted");
    var ul = h("ul", null, fl, "findings");
    data.findings.forEach(function (f) {
      var li = h("li", null, ul, "sev-" + f.severity);
      var where = f.node !== undefined ? caption(f.node) : f.edge !== undefined ? "edge " + caption(data.edges[f.edge].from) + " → " + caption(data.edges[f.edge].to) : f.pointer || "pathway";
      var text = f.severity + " " + f.ruleId + ": " + f.message + " — " + where + (f.line ? " (line " + f.line + ":" + f.column + ")" : "");
      if (f.node !== undefined) button(text, li, function () { select("node", f.node); }, "link");
      else if (f.edge !== undefined) button(text, li, function () { select("edge", f.edge); }, "link");
      else h("span", text, li);
    });
    var dsec = document.getElementById("changes");
    if (data.diff) {
      h("h2", "Changes since " + data.diff.base, dsec);
      var t = h("table", null, dsec);
      var s = data.diff.summary;
      Object.keys(s).forEach(function (k) { var tr = h("tr", null, t); h("th", k, tr); h("td", s[k], tr); });
      if (data.diff.removed.length > 0) {
        h("h3", "Removed (not in this version, so not drawn)", dsec);
        var rl = h("ul", null, dsec);
        data.diff.removed.forEach(function (r) { h("li", r.entity + ": " + r.text, rl); });
      }
      if (data.diff.other.length > 0) {
        h("h3", "Other changes", dsec);
        var ol = h("ul", null, dsec);
        data.diff.other.forEach(function (o) { h("li", o, ol); });
      }
    } else dsec.setAttribute("hidden", "");
    var csec = document.getElementById("coverage");
    if (data.coverage) {
      h("h2", "Coverage (" + data.coverage.source + ")", csec);
      var ct = h("table", null, csec);
      var head = h("tr", null, ct);
      ["", "covered", "of reachable", "%", "untested", "unreachable"].forEach(function (x) { h("th", x, head); });
      data.coverage.table.forEach(function (r) {
        var tr = h("tr", null, ct);
        [r.kind, r.covered, r.total, r.percent, r.untested, r.unreachable].forEach(function (x) { h("td", x, tr); });
      });
    } else csec.setAttribute("hidden", "");
    var vsec = document.getElementById("conversations");
    if (data.conversations) {
      h("h2", "Persona conversations (" + data.conversations.length + ")", vsec);
      data.conversations.forEach(function (c) {
        h("h3", (c.status === "passed" ? "✔ " : "✖ ") + c.name, vsec, c.status === "passed" ? "" : "sev-error");
        h("p", c.file + " · " + c.status, vsec, "muted");
        var jl = h("ul", null, vsec);
        c.judges.forEach(function (j) {
          var score = j.score === undefined ? "no verdict" : "score " + j.score + (j.threshold === undefined ? "" : ", threshold " + j.threshold);
          h("li", (j.pass ? "✔ " : "✖ ") + j.criterion + " (" + score + "): " + (j.reason || "(no reason given)"), jl, j.pass ? "" : "sev-error");
        });
        c.failures.forEach(function (f) { h("p", f, vsec, "sev-error"); });
        var d = h("details", null, vsec);
        h("summary", "Conversation (" + c.transcript.length + " lines)", d);
        c.transcript.forEach(function (l) { var p = h("p", null, d); h("b", l.role + ": ", p); h("span", l.text, p); });
      });
    } else vsec.setAttribute("hidden", "");
    var lsec = document.getElementById("legend");
    if (data.legend.length > 0) {
      h("h2", "Full labels", lsec);
      var ll = h("ol", null, lsec);
      data.legend.forEach(function (e) { h("li", "[" + e.ref + "] " + e.text, ll); });
    } else lsec.setAttribute("hidden", "");
  }

`;
