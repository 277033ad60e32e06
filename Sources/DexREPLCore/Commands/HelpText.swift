/// The text `help` and `help COMMAND` print, rendered from `CommandTable`.
///
/// Without a width (a script, a pipe) the text is always the same. With the width of a
/// terminal narrower than the text, its prose is cut at word boundaries to fit (see
/// `ProseWrapper`): summaries continue in their column, paragraphs are filled again, and
/// examples are never cut inside an action or a path.
enum HelpText {
  /// The listing of every command, e.g.
  ///
  /// ```
  /// Commands:
  ///   help [COMMAND]  list the commands, or explain one
  ///   quit | exit     leave dex (Ctrl-D on an empty line does the same)
  ///
  /// Type 'help COMMAND' for more. Blank lines and lines starting with '#' are ignored.
  /// ```
  ///
  /// On a terminal too narrow for it, the summaries start at a column a third of the way in;
  /// a synopsis longer than that column has its summary on the lines below it.
  static func listing(of commands: [CommandDescriptor], width: Int? = nil) -> String {
    let synopsisWidth = commands.map(\.synopsis.count).max() ?? 0
    let rows = commands.map { command in
      let padding = String(repeating: " ", count: synopsisWidth - command.synopsis.count)
      return "  \(command.synopsis)\(padding)  \(command.summary)"
    }
    let footer = "Type 'help COMMAND' for more. Blank lines and lines starting with '#' are ignored."
    guard let width, (rows + [footer]).contains(where: { $0.count > width }) else {
      return "Commands:\n" + rows.map { $0 + "\n" }.joined() + "\n" + footer + "\n"
    }
    let wrapper = ProseWrapper(width: width)
    // A third of the way in, or (a very narrow terminal) a little in from the synopses.
    var column = min(synopsisWidth + 4, max(24, width / 3))
    if width - column < 20 { column = 6 }
    var lines = ["Commands:"]
    for command in commands {
      let head = "  " + command.synopsis
      var firstPrefix = String(repeating: " ", count: column)
      if head.count + 2 <= column {
        firstPrefix = head + String(repeating: " ", count: column - head.count)
      } else {
        lines.append(head)
      }
      lines += wrapper.fill(command.summary, firstPrefix: firstPrefix, indent: column)
    }
    lines += [""] + wrapper.fill(footer, firstPrefix: "", indent: 0)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The page of one command: its synopsis, then its details indented by two spaces. On a
  /// terminal too narrow for it, its paragraphs (the details' lines that start without spaces)
  /// are filled again to the width, and its examples (indented further) are cut only between
  /// words (see `ProseWrapper.reflow`).
  static func page(for command: CommandDescriptor, width: Int? = nil) -> String {
    let details = command.details.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  \($0)" }
      .joined(separator: "\n")
    let page = "\(command.synopsis)\n\(details)\n"
    guard let width else { return page }
    return ProseWrapper(width: width).reflow(page, paragraphIndent: 2)
  }
}
