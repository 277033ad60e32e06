/// One titled part of a larger diff, such as the diff of a shared value printed after the
/// state's: its title goes in front of its first line.
///
/// ```text
///   @Shared(todos.json): [
/// +   25
///   ]
/// ```
public struct DiffSection: Sendable {
  /// Printed before the diff, e.g. `@Shared(todos.json)`; nil for the untitled main part.
  public var title: String?
  /// What changed.
  public var diff: StateDiff

  /// A section of a diff.
  public init(title: String?, diff: StateDiff) {
    self.title = title
    self.diff = diff
  }

  /// The section's lines: the title joins the opening line of a group (`@Shared(name): [`), or
  /// stands on a line of its own before a replaced value.
  public func lines(
    maxWidth: Int = 100, maxItems: Int? = nil, wrapsStrings: Bool = false
  ) -> [DiffLine] {
    valueLines(maxWidth: maxWidth, maxItems: maxItems, wrapsStrings: wrapsStrings).lines
  }

  /// The lines and what their brief form shortened (see `DiffRenderer.valueLines`).
  func valueLines(
    maxWidth: Int = 100, maxItems: Int? = nil, wrapsStrings: Bool = false
  ) -> (lines: [DiffLine], shortened: [ShortenedValues]) {
    var (lines, shortened) = DiffRenderer.valueLines(
      diff, maxWidth: maxWidth, maxItems: maxItems, wrapsStrings: wrapsStrings)
    guard let title else { return (lines, shortened) }
    let label = title + ":"
    if let first = lines.first, first.marker == .context, first.indent == 0 {
      lines[0].text = label + " " + first.text
    } else {
      lines.insert(DiffLine(marker: .context, indent: 0, text: label), at: 0)
      for index in shortened.indices {
        let range = shortened[index].lines
        shortened[index].lines = (range.lowerBound + 1)..<(range.upperBound + 1)
      }
    }
    return (lines, shortened)
  }
}
