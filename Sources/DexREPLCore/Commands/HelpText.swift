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
  /// terminal too narrow for a paragraph of the details (its lines that start without spaces),
  /// the paragraph is filled again to the width; example lines (indented further) are cut only
  /// between words, continuing two spaces further in.
  static func page(for command: CommandDescriptor, width: Int? = nil) -> String {
    let details = command.details.split(separator: "\n", omittingEmptySubsequences: false)
    guard let width, details.contains(where: { $0.count + 2 > width }) else {
      let indented = details.map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n")
      return "\(command.synopsis)\n\(indented)\n"
    }
    let wrapper = ProseWrapper(width: width)
    var lines = [wrapper.wrap(command.synopsis)]
    var paragraph: [Substring] = []
    func endParagraph() {
      guard !paragraph.isEmpty else { return }
      if paragraph.contains(where: { $0.count + 2 > width }) {
        lines += wrapper.fill(paragraph.joined(separator: " "), firstPrefix: "  ", indent: 2)
      } else {
        lines += paragraph.map { "  " + $0 }
      }
      paragraph = []
    }
    for line in details {
      if let first = line.first, first != " " {
        paragraph.append(line)
        continue
      }
      endParagraph()
      lines.append(line.isEmpty ? "" : wrapper.wrap("  " + line))
    }
    endParagraph()
    return lines.joined(separator: "\n") + "\n"
  }
}
