/// The page's script: from the page's data, the timeline (only the entries in sight are
/// drawn), navigation (select, filter, keys, anchors, branches), an entry's diff and the state
/// after it when it is selected, the unchanged runs of a diff and the compare of two entries.
/// Without it the page lists its first entries with their diffs (see `PageHTML`).
enum PageScript {
  static let javaScript = #"""
(function () {
  "use strict";
  var html = document.documentElement;
  html.classList.remove("no-js");
  html.classList.add("js");
  var data = JSON.parse(document.getElementById("page-data").textContent);
  var S = data.strings, N = data.nodes;
  var E = data.entries;
  var KINDS = ["sent", "received", "external"];
  var timeline = document.getElementById("timeline");
  timeline.hidden = false;
  // Entries by number: their index in E.
  var indexOf = new Map();
  E.forEach(function (entry, index) { indexOf.set(entry[0], index); });
  var filter = document.getElementById("filter");
  var filterCount = document.getElementById("filter-count");
  var branchNote = document.getElementById("branch-note");
  var detail = document.getElementById("detail");
  var detailHeading = document.getElementById("detail-heading");
  var detailBody = document.getElementById("detail-body");
  var branchButtons = Array.prototype.slice.call(document.querySelectorAll("[data-branch]"));
  data.branches.forEach(function (branch) { branch.entries = offsets(branch.entries); });
  var currentBranch = data.branches.filter(function (b) { return b.current; })[0];
  var shownBranch = currentBranch ? currentBranch.number : 0;
  // The entry shown in the detail (its number), and the entries the timeline lists now: on the
  // shown branch and matching the filter, as indexes into E.
  var selected = null;
  var shown = [];

  function number(li) { return parseInt(li.id.slice(6), 10); }
  function plural(count, one, many) { return count === 1 ? "1 " + one : count + " " + many; }
  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }
  function escapeHTML(text) {
    return text.replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  // The value table: a node is a string (text), [open, close, prefix, node, role, ...] (a
  // group), or {b: base, s: start, d: deleted, i: [prefix, node, role, ...]} (a group made from
  // another by one splice). Roles: -1 part, -2 set member, -3 element, -4 derived, else an id.
  var itemCache = new Map();
  function isText(id) { return typeof N[id] === "string"; }
  function whole(id) { while (N[id].b !== undefined) id = N[id].b; return N[id]; }
  function openOf(id) { return S[whole(id)[0]]; }
  function closeOf(id) { return S[whole(id)[1]]; }
  function triples(list, from, into) {
    for (var i = from; i < list.length; i += 3) {
      into.push({ prefix: S[list[i]], node: list[i + 1], role: list[i + 2] });
    }
    return into;
  }
  function items(id) {
    if (isText(id)) return [];
    var known = itemCache.get(id);
    if (known) return known;
    var node = N[id], list;
    if (node.b !== undefined) {
      list = items(node.b).slice();
      list.splice.apply(list, [node.s, node.d].concat(triples(node.i, 0, [])));
    } else {
      list = triples(node, 2, []);
    }
    itemCache.set(id, list);
    return list;
  }
  function compared(id) { return items(id).filter(function (item) { return item.role !== -4; }); }
  function chars(text) {
    if (!/[^\u0000-\u007f]/.test(text)) return text.length;
    var count = 0;
    for (var _ of text) count++;
    return count;
  }
  // The node on one line after `prefix`, or null when longer than `limit` characters.
  function flatWithin(id, prefix, limit) {
    var state = { text: prefix, count: chars(prefix) };
    return appendFlat(id, state, limit) ? state.text : null;
  }
  function appendFlat(id, state, limit) {
    function add(text) { state.text += text; state.count += chars(text); }
    if (isText(id)) { add(N[id]); return state.count <= limit; }
    add(openOf(id));
    var list = items(id);
    for (var i = 0; i < list.length; i++) {
      if (i > 0) add(", ");
      add(list[i].prefix);
      if (state.count > limit || !appendFlat(list[i].node, state, limit)) return false;
    }
    add(closeOf(id));
    return state.count <= limit;
  }
  var flatCache = new Map();
  function flat(id) {
    var known = flatCache.get(id);
    if (known === undefined) {
      known = flatWithin(id, "", Infinity);
      flatCache.set(id, known);
    }
    return known;
  }
  // Lines [indent, text] of a value, one line when it fits in 100 columns (as dumps lay out).
  function layout(id, prefix, suffix, indent, out) {
    var fits = flatWithin(id, prefix, 100 - indent - chars(suffix));
    if (fits !== null) { out.push([indent, fits + suffix]); return; }
    if (isText(id)) { out.push([indent, prefix + N[id] + suffix]); return; }
    var list = items(id);
    if (list.length === 0) { out.push([indent, prefix + openOf(id) + closeOf(id) + suffix]); return; }
    out.push([indent, prefix + openOf(id)]);
    list.forEach(function (item, i) {
      layout(item.node, item.prefix, i === list.length - 1 ? "" : ",", indent + 2, out);
    });
    out.push([indent, closeOf(id) + suffix]);
  }
  function spaces(count) { return new Array(count + 1).join(" "); }
  function lineText(marker, indent, text) { return marker + " " + spaces(indent) + text; }

  // Natural order of dumped texts: runs of digits compare by value.
  function naturallyPrecedes(a, b) {
    var re = /(\d+)|(\D)/g, x = a.match(re) || [], y = b.match(re) || [];
    for (var i = 0; i < Math.min(x.length, y.length); i++) {
      var p = x[i], q = y[i];
      var pd = /^\d/.test(p), qd = /^\d/.test(q);
      if (pd && qd) {
        var pt = p.replace(/^0+/, ""), qt = q.replace(/^0+/, "");
        if (pt.length !== qt.length) return pt.length < qt.length;
        if (pt !== qt) return pt < qt;
        if (p.length !== q.length) return p.length < q.length;
      } else if (p !== q) {
        return p.codePointAt(0) < q.codePointAt(0);
      }
    }
    return x.length < y.length;
  }
  function byKey(list) {
    return list.map(function (entry, offset) { return [entry, offset]; }).sort(function (l, r) {
      if (l[0].key === r[0].key) return l[1] - r[1];
      return naturallyPrecedes(l[0].key, r[0].key) ? -1 : 1;
    }).map(function (pair) { return pair[0]; });
  }

  // The difference between two nodes, with the rules of dex's diff: fields pairwise, elements
  // matched by id (or by value), set members by value, dictionary entries by key.
  function push(entries, entry) {
    if (entry.unchanged !== undefined) {
      if (entry.unchanged === 0) return;
      var last = entries[entries.length - 1];
      if (last && last.unchanged !== undefined) { last.unchanged += entry.unchanged; return; }
    }
    entries.push(entry);
  }
  function compareNodes(a, b, same) {
    if (a === b || same(a, b)) return null;
    if (isText(a) || isText(b) || openOf(a) !== openOf(b) || closeOf(a) !== closeOf(b)) {
      return { replaced: [a, b] };
    }
    var open = openOf(a), x = compared(a), y = compared(b), entries = [];
    var members = x.concat(y).some(function (item) { return item.role === -2; });
    var keyed = !members && open === "[" && x.concat(y).some(function (item) {
      return item.prefix !== "";
    });
    if (open !== "[") {
      if (x.length !== y.length) return { replaced: [a, b] };
      for (var i = 0; i < x.length; i++) {
        if (x[i].prefix !== y[i].prefix) return { replaced: [a, b] };
      }
      x.forEach(function (item, i) {
        var child = compareNodes(item.node, y[i].node, same);
        push(entries, child ? { prefix: item.prefix, changed: child } : { unchanged: 1 });
      });
    } else if (members || keyed) {
      var keyOf = function (item) { return members ? flat(item.node) : item.prefix.slice(0, -2); };
      var oldByKey = new Map(), newByKey = new Map(), found = [], unchanged = 0;
      x.forEach(function (item) { oldByKey.set(keyOf(item), item); });
      y.forEach(function (item) { newByKey.set(keyOf(item), item); });
      oldByKey.forEach(function (item, key) {
        var other = newByKey.get(key);
        if (!other) { found.push({ key: key, prefix: item.prefix, removed: item.node }); return; }
        var child = members ? null : compareNodes(item.node, other.node, same);
        if (child) found.push({ key: key, prefix: item.prefix, changed: child });
        else unchanged++;
      });
      newByKey.forEach(function (item, key) {
        if (!oldByKey.has(key)) found.push({ key: key, prefix: item.prefix, inserted: item.node });
      });
      byKey(found).forEach(function (entry) { push(entries, entry); });
      push(entries, { unchanged: unchanged });
    } else {
      compareElements(x, y, entries, same);
    }
    if (!entries.some(function (entry) { return entry.unchanged === undefined; })) return null;
    return { open: open, close: closeOf(a), entries: entries };
  }
  function compareElements(x, y, entries, same) {
    var start = 0, endX = x.length, endY = y.length;
    while (start < endX && start < endY && x[start].node === y[start].node) start++;
    while (endX > start && endY > start && x[endX - 1].node === y[endY - 1].node) { endX--; endY--; }
    push(entries, { unchanged: start });
    var oldMiddle = x.slice(start, endX), newMiddle = y.slice(start, endY);
    var byID = oldMiddle.concat(newMiddle).every(function (item) { return item.role >= 0; });
    var key = function (item) { return byID ? item.role : item.node; };
    align(oldMiddle.map(key), newMiddle.map(key)).forEach(function (step) {
      if (step.matched) {
        var child = compareNodes(oldMiddle[step.matched[0]].node, newMiddle[step.matched[1]].node, same);
        push(entries, child && byID ? { prefix: "", changed: child } : { unchanged: 1 });
        return;
      }
      var removed = step.removed, inserted = step.inserted, paired = 0;
      if (!byID) {
        paired = Math.min(removed.length, inserted.length);
        for (var i = 0; i < paired; i++) {
          var pairChild = compareNodes(oldMiddle[removed[i]].node, newMiddle[inserted[i]].node, same);
          push(entries, pairChild ? { prefix: "", changed: pairChild } : { unchanged: 1 });
        }
      }
      removed.slice(paired).forEach(function (offset) {
        push(entries, { prefix: "", removed: oldMiddle[offset].node });
      });
      inserted.slice(paired).forEach(function (offset) {
        push(entries, { prefix: "", inserted: newMiddle[offset].node });
      });
    });
    push(entries, { unchanged: x.length - endX });
  }
  // Walks two sequences along a longest common subsequence: matched pairs and gaps.
  function align(x, y) {
    var n = x.length, m = y.length, matchedX = new Set(), matchedY = new Set();
    if (n * m <= 4000000) {
      var table = [];
      for (var i = 0; i <= n; i++) table.push(new Uint32Array(m + 1));
      for (i = n - 1; i >= 0; i--) {
        for (var j = m - 1; j >= 0; j--) {
          table[i][j] = x[i] === y[j] ? table[i + 1][j + 1] + 1
            : Math.max(table[i + 1][j], table[i][j + 1]);
        }
      }
      i = 0; j = 0;
      while (i < n && j < m) {
        if (x[i] === y[j]) { matchedX.add(i); matchedY.add(j); i++; j++; }
        else if (table[i + 1][j] >= table[i][j + 1]) i++;
        else j++;
      }
    }
    var steps = [], a = 0, b = 0;
    while (a < n || b < m) {
      var removed = [], inserted = [];
      while (a < n && !matchedX.has(a)) removed.push(a++);
      while (b < m && !matchedY.has(b)) inserted.push(b++);
      if (removed.length || inserted.length) { steps.push({ removed: removed, inserted: inserted }); continue; }
      if (a >= n || b >= m) break;
      steps.push({ matched: [a++, b++] });
    }
    return steps;
  }
  function renderDifference(difference, prefix, indent, out) {
    if (difference.replaced) {
      markValue(difference.replaced[0], "-", prefix, indent, out);
      markValue(difference.replaced[1], "+", prefix, indent, out);
      return;
    }
    out.push([" ", indent, prefix + difference.open]);
    difference.entries.forEach(function (entry) {
      if (entry.unchanged !== undefined) out.push([" ", indent + 2, "… (" + entry.unchanged + " unchanged)"]);
      else if (entry.changed) renderDifference(entry.changed, entry.prefix, indent + 2, out);
      else if (entry.removed !== undefined) markValue(entry.removed, "-", entry.prefix, indent + 2, out);
      else markValue(entry.inserted, "+", entry.prefix, indent + 2, out);
    });
    out.push([" ", indent, difference.close]);
  }
  function markValue(id, marker, prefix, indent, out) {
    var lines = [];
    layout(id, prefix, "", indent, lines);
    lines.forEach(function (line) { out.push([marker, line[0], line[1]]); });
  }
  function rootsOf(n) {
    if (n === 0) return data.initial;
    var index = indexOf.get(n);
    return index === undefined ? null : E[index][7];
  }
  // What `diff A B` prints: the state read with B's shared values, then each changed shared value.
  function compareEntries(a, b) {
    var from = rootsOf(a), to = rootsOf(b), out = [];
    function same(x, y) {
      for (var k = 1; k < data.roots.length; k++) {
        if (from[k] === x && to[k] === y) return true;
      }
      return false;
    }
    if (from[0] >= 0 && to[0] >= 0) {
      var state = compareNodes(from[0], to[0], same);
      if (state) renderDifference(state, "", 0, out);
    }
    for (var k = 1; k < data.roots.length; k++) {
      if (!(from[k] >= 0 && to[k] >= 0)) continue;
      var shared = compareNodes(from[k], to[k], function () { return false; });
      if (!shared) continue;
      var lines = [];
      renderDifference(shared, "", 0, lines);
      var title = data.roots[k] + ":";
      if (lines[0][0] === " " && lines[0][1] === 0) lines[0][2] = title + " " + lines[0][2];
      else lines.unshift([" ", 0, title]);
      out = out.concat(lines);
    }
    return out;
  }
  function markedHTML(marker, indent, lines) {
    return lines.map(function (line) {
      var text = escapeHTML(lineText(marker, line[0], line[1]));
      return marker === "-" ? "<del>" + text + "</del>" : "<ins>" + text + "</ins>";
    }).join("\n");
  }
  // Values the brief form shortened, printed in full: the diff then reads as `diff N` prints it.
  function expandValues(pre) {
    Array.prototype.slice.call(pre.querySelectorAll("span.value")).forEach(function (span) {
      var indent = parseInt(span.dataset.indent, 10), lines = [];
      JSON.parse(span.dataset.values).forEach(function (value) {
        layout(value[0], value[1], "", indent, lines);
      });
      span.innerHTML = markedHTML(span.dataset.marker, indent, lines);
    });
  }
  function linesHTML(lines) {
    if (!lines.length) return escapeHTML(data.noChanges);
    return lines.map(function (line) {
      var text = escapeHTML(lineText(line[0], line[1], line[2]));
      return line[0] === "-" ? "<del>" + text + "</del>" : line[0] === "+" ? "<ins>" + text + "</ins>" : text;
    }).join("\n");
  }

  // Unchanged runs of a diff open to show the items they stand for.
  function offsets(text) {
    var list = [];
    text.split(",").forEach(function (part) {
      if (!part) return;
      var bounds = part.split("-").map(Number);
      for (var i = bounds[0]; i <= (bounds.length > 1 ? bounds[1] : bounds[0]); i++) list.push(i);
    });
    return list;
  }
  function upgradeFolds(pre) {
    Array.prototype.slice.call(pre.querySelectorAll("span.fold")).forEach(function (span) {
      var text = span.textContent, start = text.indexOf("…");
      var button = element("button", "fold", text.slice(start));
      button.type = "button";
      button.setAttribute("aria-expanded", "false");
      button.title = "Show the unchanged entries";
      var shown = null;
      button.addEventListener("click", function () {
        if (shown) {
          shown.remove();
          shown = null;
          button.setAttribute("aria-expanded", "false");
          return;
        }
        var node = parseInt(span.dataset.node, 10), indent = parseInt(span.dataset.indent, 10);
        var lines = [], list = items(node);
        offsets(span.dataset.at).forEach(function (offset) {
          if (offset < list.length) layout(list[offset].node, list[offset].prefix, "", indent, lines);
        });
        shown = element("span", "folded", "\n" + lines.map(function (line) {
          return lineText(" ", line[0], line[1]);
        }).join("\n"));
        button.after(shown);
        button.setAttribute("aria-expanded", "true");
      });
      span.replaceWith(text.slice(0, start), button);
    });
  }

  // State trees: groups open on demand, their items drawn when first opened.
  function treeItem(id, prefix, suffix, expanded) {
    var li = element("li");
    var fits = flatWithin(id, prefix, 90);
    if (fits !== null || isText(id)) {
      li.textContent = (fits !== null ? fits : prefix + N[id]) + suffix;
      return li;
    }
    var list = items(id);
    var details = element("details");
    var summary = element("summary", "", prefix + openOf(id) + " … " + closeOf(id) + suffix
      + "  (" + plural(list.length, "item", "items") + ")");
    var children = element("ul");
    details.append(summary, children);
    var drawn = false;
    function draw() {
      if (drawn) return;
      drawn = true;
      list.forEach(function (item, i) {
        children.append(treeItem(item.node, item.prefix, i === list.length - 1 ? "" : ",", false));
      });
    }
    details.addEventListener("toggle", function () { if (details.open) draw(); });
    if (expanded) { details.open = true; draw(); }
    li.append(details);
    return li;
  }
  function tree(id, label) {
    var list = element("ul", "tree");
    list.setAttribute("aria-label", label);
    list.append(treeItem(id, "", "", true));
    return list;
  }

  function show(heading, parts) {
    detailHeading.textContent = heading;
    detailBody.replaceChildren.apply(detailBody, parts);
  }

  // An entry: [number, kind, origin, action, flags (1 skipped, 2 the cursor), changes, changed
  // paths, roots, diff lines, folds [line, node, offsets, indent, …], shortened values [[first
  // line, end, marker, indent, node, prefix, …], …]]; texts are indexes into S.
  function entryOf(n) { var index = indexOf.get(n); return index === undefined ? null : E[index]; }
  function changes(count) {
    return count === 0 ? "no change" : plural(count, "change", "changes");
  }
  var branchSets = null;
  // The branches (numbers) an entry is on.
  function branchesOf(n) {
    if (data.branches.length === 1) return [data.branches[0].number];
    if (!branchSets) {
      branchSets = data.branches.map(function (b) { return { number: b.number, set: new Set(b.entries) }; });
    }
    return branchSets.filter(function (b) { return b.set.has(n); }).map(function (b) { return b.number; });
  }
  function onCurrentBranch(n) {
    return !currentBranch || branchesOf(n).indexOf(currentBranch.number) >= 0;
  }
  function flags(entry) {
    var list = [];
    if (entry[4] & 1) list.push("(skipped)");
    if (entry[4] & 2) list.push("(cursor)");
    return list;
  }
  // The entry's line in the timeline, as the page lists it without JavaScript.
  function entryRow(entry) {
    var n = entry[0], li = element("li", "entry " + KINDS[entry[1]] + (entry[4] & 2 ? " here" : ""));
    li.id = "entry-" + n;
    var pick = element("button", "pick");
    pick.type = "button";
    pick.append(element("span", "number", "#" + n), " ", element("span", "origin", S[entry[2]]), " ",
      element("code", "action", S[entry[3]]));
    flags(entry).forEach(function (flag) { pick.append(" ", element("span", "flag", flag)); });
    pick.append(" ", element("span", "count", changes(entry[5])));
    if (!onCurrentBranch(n)) pick.append(" ", element("span", "flag", "branch " + branchesOf(n).join(" ")));
    pick.title = S[entry[3]];
    if (n === selected) pick.setAttribute("aria-current", "true");
    li.append(pick);
    return li;
  }

  // The timeline draws only the entries in sight (and a few around them): rows have one height,
  // and spacers stand for the rest.
  var rowHeight = 0, drawnRange = null;
  function spacer(height) {
    var li = element("li", "spacer");
    li.setAttribute("aria-hidden", "true");
    li.style.height = height + "px";
    return li;
  }
  function measureRow() {
    if (rowHeight || !E.length) return;
    var probe = entryRow(E[0]);
    probe.removeAttribute("id");
    timeline.replaceChildren(probe);
    rowHeight = probe.getBoundingClientRect().height || 34;
  }
  function draw(force) {
    measureRow();
    var height = timeline.clientHeight || window.innerHeight;
    var first = Math.max(0, Math.floor(timeline.scrollTop / (rowHeight || 34)) - 20);
    var end = Math.min(shown.length, first + Math.ceil(height / (rowHeight || 34)) + 40);
    var range = first + ":" + end + ":" + shown.length;
    if (!force && range === drawnRange) return;
    drawnRange = range;
    var focused = document.activeElement, focusedNumber = null;
    if (timeline.contains(focused) && focused.closest("li.entry")) focusedNumber = number(focused.closest("li.entry"));
    var rows = [];
    if (first > 0) rows.push(spacer(first * rowHeight));
    for (var i = first; i < end; i++) rows.push(entryRow(E[shown[i]]));
    if (end < shown.length) rows.push(spacer((shown.length - end) * rowHeight));
    timeline.replaceChildren.apply(timeline, rows);
    if (focusedNumber !== null) {
      var again = rowOf(focusedNumber);
      if (again) again.querySelector(".pick").focus({ preventScroll: true });
    }
  }
  function rowOf(n) {
    var li = document.getElementById("entry-" + n);
    return li && timeline.contains(li) ? li : null;
  }
  // Scrolls the timeline so that the entry at `position` of `shown` is in sight.
  function scrollToPosition(position, center) {
    measureRow();
    var top = position * rowHeight, box = timeline.clientHeight;
    if (center) timeline.scrollTop = Math.max(0, top - (box - rowHeight) / 2);
    else if (top < timeline.scrollTop) timeline.scrollTop = top;
    else if (top + rowHeight > timeline.scrollTop + box) timeline.scrollTop = top + rowHeight - box;
    draw(true);
  }
  var scheduled = false;
  timeline.addEventListener("scroll", function () {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(function () { scheduled = false; draw(false); });
  });
  window.addEventListener("resize", function () { draw(false); });

  function diffHTML(entry) {
    var lines = entry[8];
    if (!lines.length) return escapeHTML(data.noChanges);
    var folds = new Map(), values = new Map(), fold = entry[9] || [], out = [], openUntil = -1;
    for (var f = 0; f < fold.length; f += 4) folds.set(fold[f], fold.slice(f + 1, f + 4));
    (entry[10] || []).forEach(function (value) { values.set(value[0], value); });
    lines.forEach(function (line, offset) {
      var text = "", value = values.get(offset), rendered = S[line];
      if (value) {
        var list = [];
        for (var v = 4; v < value.length; v += 2) list.push([value[v], S[value[v + 1]]]);
        text += '<span class="value" data-values="' + escapeHTML(JSON.stringify(list))
          + '" data-marker="' + escapeHTML(value[2]) + '" data-indent="' + value[3] + '">';
        openUntil = value[1];
      }
      var escaped = escapeHTML(rendered), marker = rendered.charAt(0), at = folds.get(offset);
      if (marker === "-") text += "<del>" + escaped + "</del>";
      else if (marker === "+") text += "<ins>" + escaped + "</ins>";
      else if (at) {
        text += '<span class="fold" data-node="' + at[0] + '" data-at="' + escapeHTML(S[at[1]])
          + '" data-indent="' + at[2] + '">' + escaped + "</span>";
      } else text += escaped;
      if (offset + 1 === openUntil) { text += "</span>"; openUntil = -1; }
      out.push(text);
    });
    return out.join("\n");
  }
  function describe(entry) {
    return ["#" + entry[0], S[entry[2]], S[entry[3]]].concat(flags(entry)).join(" ");
  }
  function renderEntry(n) {
    var entry = entryOf(n), roots = entry[7], parts = [];
    parts.push(element("p", "count", changes(entry[5])));
    parts.push(element("h3", "", "Diff"));
    var pre = element("pre", "diff");
    pre.innerHTML = diffHTML(entry);
    pre.setAttribute("aria-label", "Diff of #" + n);
    expandValues(pre);
    upgradeFolds(pre);
    parts.push(pre);
    parts.push(element("h3", "", "State after #" + n));
    parts.push(element("p", "hint", "Derived values are left out, as in diffs."));
    if (roots[0] >= 0) parts.push(tree(roots[0], "State after #" + n));
    var shared = [];
    for (var k = 1; k < data.roots.length; k++) {
      if (roots[k] >= 0) shared.push(element("h4", "", data.roots[k]), tree(roots[k], data.roots[k]));
    }
    if (shared.length) {
      parts.push(element("h3", "", "Shared values after #" + n));
      parts = parts.concat(shared);
    }
    show(describe(entry), parts);
  }
  // Selects entry `n`. A person's choice (`focus`) scrolls it into sight and names it in the
  // address; the entry the page opens on (`opening`) is only scrolled to inside the timeline,
  // so the page opens at its top, its header and a failed run's banner in sight.
  function select(n, options) {
    options = options || {};
    selected = n;
    var position = shown.indexOf(indexOf.get(n));
    if (position >= 0) scrollToPosition(position, options.center);
    else draw(true);
    var li = rowOf(n);
    if (li) {
      var pick = li.querySelector(".pick");
      if (options.focus) pick.focus({ preventScroll: true });
      if (!options.opening) li.scrollIntoView({ block: options.center ? "center" : "nearest" });
    }
    if (!options.opening && location.hash !== "#entry-" + n) history.replaceState(null, "", "#entry-" + n);
    renderEntry(n);
  }

  var searchTexts = [];
  function searchText(index) {
    var known = searchTexts[index];
    if (known === undefined) {
      var entry = E[index];
      known = [S[entry[3]]].concat(entry[6].map(function (path) { return S[path]; }))
        .join("\n").toLowerCase();
      searchTexts[index] = known;
    }
    return known;
  }
  function shownBranchMembers() {
    var branch = data.branches.filter(function (b) { return b.number === shownBranch; })[0];
    if (!branch) return E.map(function (_, index) { return index; });
    return branch.entries.map(function (n) { return indexOf.get(n); })
      .filter(function (index) { return index !== undefined; });
  }
  function applyFilter() {
    var query = filter.value.trim().toLowerCase(), members = shownBranchMembers();
    shown = query ? members.filter(function (index) { return searchText(index).indexOf(query) >= 0; }) : members;
    filterCount.textContent = query ? shown.length + " of " + plural(members.length, "entry", "entries")
      : plural(members.length, "entry", "entries");
    timeline.scrollTop = 0;
    var position = selected === null ? -1 : shown.indexOf(indexOf.get(selected));
    if (position >= 0) scrollToPosition(position, false);
    else draw(true);
  }
  function showBranch(numberOfBranch) {
    var branch = data.branches.filter(function (b) { return b.number === numberOfBranch; })[0];
    if (!branch) return;
    shownBranch = numberOfBranch;
    branchButtons.forEach(function (button) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.branch) === numberOfBranch));
    });
    branchNote.textContent = "Branch " + numberOfBranch + " of " + data.branches.length + ": "
      + plural(branch.entries.length, "entry", "entries")
      + (branch.current ? "; the cursor's branch." : "; not the cursor's branch.");
    applyFilter();
  }
  function move(step) {
    if (!shown.length) return;
    var index = selected === null ? -1 : shown.indexOf(indexOf.get(selected));
    index = index < 0 ? (step > 0 ? 0 : shown.length - 1)
      : Math.min(shown.length - 1, Math.max(0, index + step));
    select(E[shown[index]][0], { focus: true });
  }
  function followHash() {
    var match = /^#entry-(\d+)$/.exec(location.hash);
    var n = match && parseInt(match[1], 10);
    if (!match || !indexOf.has(n)) return false;
    if (branchesOf(n).indexOf(shownBranch) < 0) {
      var home = data.branches.filter(function (b) { return branchesOf(n).indexOf(b.number) >= 0; })[0];
      if (home) showBranch(home.number);
    }
    if (shown.indexOf(indexOf.get(n)) < 0) { filter.value = ""; applyFilter(); }
    select(n, { focus: true, center: true });
    return true;
  }

  timeline.addEventListener("click", function (event) {
    var pick = event.target.closest(".pick");
    if (pick) select(number(pick.parentElement), { focus: true });
  });
  filter.addEventListener("input", applyFilter);
  branchButtons.forEach(function (button) {
    button.addEventListener("click", function () { showBranch(Number(button.dataset.branch)); });
  });
  document.getElementById("compare").addEventListener("submit", function (event) {
    event.preventDefault();
    var a = parseInt(document.getElementById("compare-a").value, 10);
    var b = parseInt(document.getElementById("compare-b").value, 10);
    var problem = [a, b].filter(function (n) { return isNaN(n) || !rootsOf(n); })[0];
    if (problem !== undefined) {
      var alert = element("p", "", "There is no entry " + (isNaN(problem) ? "with that number"
        : problem) + "; choose entries from the timeline, or 0 for the start.");
      alert.setAttribute("role", "alert");
      show("Compare", [alert]);
    } else {
      var pre = element("pre", "diff");
      pre.innerHTML = linesHTML(compareEntries(a, b));
      pre.setAttribute("aria-label", "Diff from #" + a + " to #" + b);
      show("#" + a + " → #" + b, [pre]);
    }
    detail.focus({ preventScroll: true });
    detail.scrollIntoView({ block: "nearest" });
  });
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable) {
      if (event.key === "Escape" && target === filter) {
        filter.blur();
        var position = selected === null ? -1 : shown.indexOf(indexOf.get(selected));
        if (position >= 0) scrollToPosition(position, false);
        var row = selected === null ? null : rowOf(selected);
        if (row) row.querySelector(".pick").focus();
      }
      return;
    }
    if (event.key === "/") { event.preventDefault(); filter.focus(); filter.select(); }
    else if (event.key === "j") { event.preventDefault(); move(1); }
    else if (event.key === "k") { event.preventDefault(); move(-1); }
  });
  window.addEventListener("hashchange", followHash);

  if (shownBranch) showBranch(shownBranch); else applyFilter();
  if (!followHash()) {
    var here = E.filter(function (entry) { return entry[4] & 2; })[0];
    var start = here ? here[0] : shown.length ? E[shown[shown.length - 1]][0] : null;
    if (start !== null) select(start, { opening: true });
  }
})();
"""#
}
