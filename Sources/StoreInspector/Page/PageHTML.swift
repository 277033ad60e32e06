/// Writes a `PageModel` as one HTML document with its style, script and data inline.
enum PageHTML {
  static func write<Moment, Action>(
    model: inout PageModel, page: SessionPage<Moment, Action>
  ) -> String {
    var html = ""
    html.reserveCapacity(1 << 20)
    let current = model.branches.first(where: \.isCurrent)
    let count = current?.entries.count ?? 0
    html += """
      <!DOCTYPE html>
      <html lang="en" class="no-js">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(page.title.htmlEscaped) — \(entries(count))</title>
      <style>\(PageStyle.css)</style>
      </head>
      <body>
      <a class="skip" href="#timeline">Skip to the timeline</a>
      <header class="page-header">
      <h1>\(page.title.htmlEscaped)</h1>
      <dl class="facts">
      """
    for fact in page.facts {
      html += "<div><dt>\(fact.label.htmlEscaped)</dt><dd><code>\(fact.value.htmlEscaped)</code></dd></div>\n"
    }
    html += "</dl>\n"
    if !page.failures.isEmpty {
      html += """
        <section class="failures" role="alert" aria-labelledby="failures-heading">
        <h2 id="failures-heading">The run failed</h2>
        <ul>
        """
      for failure in page.failures {
        html += "<li><code>\(failure.htmlEscaped)</code></li>\n"
      }
      html += "</ul>\n<p>The timeline shows the entries up to the failure.</p>\n</section>\n"
    }
    html += "</header>\n<main class=\"layout\">\n"
    writeTimeline(model: &model, current: current, to: &html)
    html += """
      <section class="detail-pane" id="detail" aria-labelledby="detail-heading" tabindex="-1">
      <h2 id="detail-heading">Entry</h2>
      <div id="detail-body">
      <p>Select an entry to see its diff and the state after it. Without JavaScript, open
      “Diff” under an entry.</p>
      </div>
      </section>
      <aside class="side-pane">\n
      """
    writeBranches(model: model, to: &html)
    let last = model.entries.last?.number ?? 0
    html += """
      <section aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare</h2>
      <form id="compare" class="compare">
      <label for="compare-a">From #</label>
      <input id="compare-a" name="a" type="number" min="0" max="\(last)" value="0" required>
      <label for="compare-b">to #</label>
      <input id="compare-b" name="b" type="number" min="0" max="\(last)" value="\(model.currentEntry)" required>
      <button type="submit">Compare</button>
      </form>
      <p class="hint">The difference between the states after two entries (0 is the start), as
      <code>diff A B</code> prints it.</p>
      </section>
      </aside>
      </main>
      <script type="application/json" id="page-data">
      """
    writeData(model: &model, to: &html)
    html += "</script>\n<script>\(PageScript.javaScript)</script>\n</body>\n</html>\n"
    return html
  }

  private static func writeTimeline(
    model: inout PageModel, current: PageBranch?, to html: inout String
  ) {
    let branchCount = model.branches.count
    let currentNumber = current?.number ?? 0
    var note = "No entries yet."
    if let current {
      note = "Branch \(current.number) of \(branchCount): \(entries(current.entries.count))"
      note += model.currentEntry == 0
        ? "; the cursor is at the start." : "; the cursor is at #\(model.currentEntry)."
    }
    html += """
      <section class="timeline-pane" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <p id="branch-note">\(note)</p>
      <div class="filter" role="search">
      <label for="filter">Filter</label>
      <input id="filter" type="search" autocomplete="off" placeholder="action or changed path" aria-describedby="keys-hint">
      <output id="filter-count" for="filter" aria-live="polite"></output>
      </div>
      <p id="keys-hint" class="hint">Keys: <kbd>/</kbd> filter, <kbd>j</kbd> next entry, <kbd>k</kbd> previous entry.</p>
      <ol id="timeline" class="timeline" hidden></ol>
      <noscript><ol class="timeline">\n
      """
    for entry in model.entries.prefix(noScriptEntries) {
      let onCurrent = entry.branches.contains(currentNumber)
      var classes = "entry \(entry.origin.pageKind)"
      if !onCurrent { classes += " off" }
      if entry.isSkipped { classes += " skipped" }
      let branches = entry.branches.map(String.init).joined(separator: " ")
      let here = entry.number == model.currentEntry ? " here" : ""
      html += """
        <li id="entry-\(entry.number)" class="\(classes)\(here)">\
        <button type="button" class="pick"><span class="number">#\(entry.number)</span> \
        <span class="origin">\(entry.originText.htmlEscaped)</span> \
        <code class="action">\(entry.action.htmlEscaped)</code>\
        \(entry.isSkipped ? " <span class=\"flag\">(skipped)</span>" : "")\
        \(here.isEmpty ? "" : " <span class=\"flag\">(cursor)</span>") \
        <span class="count">\(changes(entry.changeCount))</span>\
        \(onCurrent ? "" : " <span class=\"flag\">branch \(branches)</span>")</button>
        <details class="entry-diff"><summary>Diff</summary><pre class="diff">
        """
      writeLines(entry.lines, shortened: entry.shortened, to: &html)
      html += "</pre></details></li>\n"
    }
    html += "</ol>\n"
    if model.entries.count > noScriptEntries {
      html += """
        <p>The page holds \(entries(model.entries.count)); with JavaScript on, it lists them \
        all.</p>\n
        """
    }
    html += "</noscript>\n</section>\n"
  }

  /// How many entries the page lists for a browser without JavaScript; the script lists every
  /// entry from the page's data, drawing those in sight.
  static let noScriptEntries = 200

  /// The lines of a diff inside `<pre>`: removed lines in `<del>`, inserted ones in `<ins>`,
  /// runs of unchanged entries with the items they stand for, shortened values with their
  /// nodes.
  static func writeLines(_ lines: [PageLine], shortened: [PageValues], to html: inout String) {
    guard !lines.isEmpty else {
      html += DiffRenderer.noChangesText
      return
    }
    var starts: [Int: PageValues] = [:]
    for values in shortened { starts[values.lines.lowerBound] = values }
    var openUntil: Int?
    for (offset, pageLine) in lines.enumerated() {
      if offset > 0 { html += "\n" }
      if let values = starts[offset] {
        let list = values.values.map { "[\($0.node),\($0.prefix.jsonQuoted)]" }
          .joined(separator: ",")
        html += """
          <span class="value" data-values="[\(list.htmlEscaped)]" data-marker="\
          \(values.marker.rawValue)" data-indent="\(values.indent)">
          """
        openUntil = values.lines.upperBound
      }
      let text = pageLine.line.rendered.htmlEscaped
      switch pageLine.line.marker {
      case .removed: html += "<del>\(text)</del>"
      case .inserted: html += "<ins>\(text)</ins>"
      case .context:
        if let fold = pageLine.fold {
          html += """
            <span class="fold" data-node="\(fold.node)" data-at="\(ranges(fold.offsets))" \
            data-indent="\(pageLine.line.indent)">\(text)</span>
            """
        } else {
          html += text
        }
      }
      if let end = openUntil, offset + 1 == end {
        html += "</span>"
        openUntil = nil
      }
    }
  }

  private static func writeBranches(model: PageModel, to html: inout String) {
    html += """
      <section aria-labelledby="branches-heading">
      <h2 id="branches-heading">Branches</h2>
      <ul class="branches">\n
      """
    if model.branches.isEmpty { html += "<li>No branches yet: nothing was recorded.</li>\n" }
    for branch in model.branches {
      var text = "branch \(branch.number): \(entries(branch.length)), head #\(branch.head)"
      if let divergence = branch.divergence {
        text += " from #\(divergence.number) \(divergence.action)"
      }
      html += """
        <li><button type="button" data-branch="\(branch.number)" aria-pressed="\(branch.isCurrent)">\
        \(text.htmlEscaped)\(branch.isCurrent ? " (current)" : "")</button></li>\n
        """
    }
    html += "</ul>\n</section>\n"
  }

  /// The values the script needs: the value table, the roots and the branches.
  private static func writeData(model: inout PageModel, to html: inout String) {
    // The entries first: their texts join the strings.
    var entries = ""
    entries.reserveCapacity(model.entries.count * 64)
    for (offset, entry) in model.entries.enumerated() {
      if offset > 0 { entries += "," }
      writeEntry(entry, model: &model, to: &entries)
    }
    html += "{\"strings\":["
    for (offset, string) in model.table.strings.enumerated() {
      if offset > 0 { html += "," }
      html += string.scriptSafeJSONQuoted
    }
    html += "],\n\"nodes\":["
    for (offset, node) in model.table.nodes.enumerated() {
      if offset > 0 { html += "," }
      switch node {
      case .text(let text):
        html += text.scriptSafeJSONQuoted
      case .group(let open, let close, let items):
        html += "[\(open),\(close)"
        if !items.isEmpty { html += "," }
        writeItems(items[...], to: &html)
        html += "]"
      case .splice(let base, let start, let deleted, let inserted):
        html += "{\"b\":\(base),\"s\":\(start),\"d\":\(deleted),\"i\":["
        writeItems(inserted[...], to: &html)
        html += "]}"
      }
    }
    html += "],\n\"roots\":["
    html += model.rootTitles.map(\.scriptSafeJSONQuoted).joined(separator: ",")
    html += "],\"initial\":["
    html += model.initialRoots.map { $0.map(String.init) ?? "-1" }.joined(separator: ",")
    html += "],\"current\":\(model.currentEntry),\"branches\":["
    for (offset, branch) in model.branches.enumerated() {
      if offset > 0 { html += "," }
      html += "{\"number\":\(branch.number),\"current\":\(branch.isCurrent),\"entries\":"
      html += "\"\(ranges(branch.entries))\"}"
    }
    html += "],\n\"noChanges\":\(DiffRenderer.noChangesText.scriptSafeJSONQuoted),\n\"entries\":["
    html += entries
    html += "]}\n"
  }

  /// An entry as the script reads it: `[number, kind, origin, action, flags, changes, paths,
  /// roots, lines, folds, values]`, texts as indexes into the strings (see PageScript).
  private static func writeEntry(_ entry: PageEntry, model: inout PageModel, to text: inout String) {
    let kind: Int
    switch entry.origin {
    case .sent: kind = 0
    case .received: kind = 1
    case .external: kind = 2
    }
    let flags = (entry.isSkipped ? 1 : 0) | (entry.number == model.currentEntry ? 2 : 0)
    text += "[\(entry.number),\(kind),\(model.table.string(entry.originText)),"
    text += "\(model.table.string(entry.action)),\(flags),\(entry.changeCount),["
    text += entry.changedPaths.map { String(model.table.string($0)) }.joined(separator: ",")
    text += "],["
    text += entry.roots.map { $0.map(String.init) ?? "-1" }.joined(separator: ",")
    text += "],["
    var folds: [String] = []
    for (offset, line) in entry.lines.enumerated() {
      if offset > 0 { text += "," }
      text += String(model.table.string(line.line.rendered))
      if let fold = line.fold {
        folds.append("\(offset),\(fold.node),\(model.table.string(ranges(fold.offsets))),\(line.line.indent)")
      }
    }
    text += "]"
    if !folds.isEmpty || !entry.shortened.isEmpty {
      text += ",[" + folds.joined(separator: ",") + "]"
    }
    if !entry.shortened.isEmpty {
      text += ",["
      for (offset, values) in entry.shortened.enumerated() {
        if offset > 0 { text += "," }
        text += "[\(values.lines.lowerBound),\(values.lines.upperBound),"
        text += "\(String(values.marker.rawValue).scriptSafeJSONQuoted),\(values.indent)"
        for value in values.values { text += ",\(value.node),\(model.table.string(value.prefix))" }
        text += "]"
      }
      text += "]"
    }
    text += "]"
  }

  /// Items as `prefix,node,role` triples; roles: -1 part, -2 set member, -3 element without
  /// id, -4 derived value, else the string index of the element's id.
  private static func writeItems(_ items: ArraySlice<ValueTable.Item>, to html: inout String) {
    var first = true
    for item in items {
      let role: Int
      switch item.role {
      case .part: role = -1
      case .member: role = -2
      case .element(let id): role = id ?? -3
      case .derived: role = -4
      }
      html += first ? "" : ","
      html += "\(item.prefix),\(item.node),\(role)"
      first = false
    }
  }

  /// Offsets as ranges: `0-4,7`.
  static func ranges(_ offsets: [Int]) -> String {
    var parts: [String] = []
    var index = 0
    while index < offsets.count {
      var end = index
      while end + 1 < offsets.count, offsets[end + 1] == offsets[end] + 1 { end += 1 }
      parts.append(end == index ? "\(offsets[index])" : "\(offsets[index])-\(offsets[end])")
      index = end + 1
    }
    return parts.joined(separator: ",")
  }

  private static func entries(_ count: Int) -> String {
    count == 1 ? "1 entry" : "\(count) entries"
  }

  private static func changes(_ count: Int) -> String {
    switch count {
    case 0: "no change"
    case 1: "1 change"
    default: "\(count) changes"
    }
  }
}
