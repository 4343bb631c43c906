// The report page's first view of a change (plain ES2017 source text, inlined into the page's script): fitted to the changed nodes, the rest faded.
//
// Kept apart from client-script.ts so the view rule has one small home. On a dense pathway, fitting the whole graph
// makes every node a speck, so a review page with a base opens on what changed instead, the rest of the pathway
// drawn faded as context; `f` still fits everything and shows it normally.

/**
 * Source text of `getChangeView(data, width, height)`: the pan and zoom `{x, y, k}` of the first view of a report with
 * a diff, or null when nothing drawn changed (then the page fits the whole graph). It fits the changed and added nodes
 * (and both ends of changed edges) with their neighbours; when that would shrink captions below a readable scale it
 * fits the changed nodes alone, and failing that centres the first changed node at the readable scale (the minimap
 * and the Changes list lead to the rest). Also defines `getChangeContext(data)` (the changed node keys and, in
 * `around`, those with their neighbours: what stays unfaded), `isFaded(data, context, item)` for a node or an edge,
 * and `openView()`, which the page calls instead of `fit()` at start.
 */
export const CHANGE_VIEW_FUNCTION = String.raw`
  // Captions are 13px: at this scale or more they stay readable (about 10px on screen).
  var READABLE_SCALE = 0.8;
  function getChangeContext(data) {
    if (!data.diff) return null;
    var byKey = {};
    data.nodes.forEach(function (n) { byKey[n.key] = n; });
    var changed = {};
    data.nodes.forEach(function (n) { if (n.diff) changed[n.key] = true; });
    data.edges.forEach(function (e) { if (e.diff) { changed[e.from] = true; changed[e.to] = true; } });
    var keys = Object.keys(changed).filter(function (k) { return byKey[k]; });
    if (keys.length === 0) return null;
    var around = {};
    keys.forEach(function (k) { around[k] = true; });
    data.edges.forEach(function (e) {
      if (!e.drawn) return;
      if (changed[e.from] && byKey[e.to]) around[e.to] = true;
      if (changed[e.to] && byKey[e.from]) around[e.from] = true;
    });
    return { keys: keys, around: around, byKey: byKey };
  }
  // Context is what is neither changed nor a neighbour of a change: a node outside around, an edge with an end outside.
  function isFaded(context, item) {
    if (!context) return false;
    return item.key !== undefined ? !context.around[item.key] : !(context.around[item.from] && context.around[item.to]);
  }
  function getChangeView(data, width, height) {
    var context = getChangeContext(data);
    if (!context) return null;
    var keys = context.keys, around = context.around, byKey = context.byKey;
    function box(list) {
      var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      list.forEach(function (k) {
        var b = byKey[k].box;
        x0 = Math.min(x0, b[0]); y0 = Math.min(y0, b[1]); x1 = Math.max(x1, b[0] + b[2]); y1 = Math.max(y1, b[1] + b[3]);
      });
      var pad = 40;
      return [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad];
    }
    function fitTo(b, k) {
      return { k: k, x: (width - b[2] * k) / 2 - b[0] * k, y: (height - b[3] * k) / 2 - b[1] * k };
    }
    var candidates = [box(Object.keys(around)), box(keys)];
    for (var i = 0; i < candidates.length; i++) {
      var b = candidates[i];
      var k = Math.min(width / b[2], height / b[3], 1.5);
      if (k >= READABLE_SCALE) return fitTo(b, k);
    }
    return fitTo(box([keys[0]]), READABLE_SCALE);
  }
  // The first view: the change when there is one (saying so, and how to see it all), else the whole graph.
  function openView() {
    var v = getChangeView(data, view.clientWidth || 800, view.clientHeight || 600);
    if (!v) return fit();
    state.x = v.x;
    state.y = v.y;
    state.k = v.k;
    apply();
    setFading(true);
    var note = document.getElementById("view-note");
    note.textContent = "Opened on the changes and their neighbours, the rest faded; press f (or Fit all) to see the whole pathway, c to fade or show the rest.";
    note.removeAttribute("hidden");
  }
  // The faded classes are set once when drawing; fading them is one class on the graph, switched here and by its control.
  function setFading(on) {
    var box = document.getElementById("fade");
    svg.classList.toggle("fading", on);
    box.checked = on;
  }
`;
