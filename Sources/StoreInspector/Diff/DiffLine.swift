/// One line of a rendered diff: what side it shows, how deep it sits and its text. The REPL,
/// TestStore failures and the HTML page all print these lines; `rendered` is the text form.
///
/// ```swift
/// DiffLine(marker: .inserted, indent: 4, text: "25").rendered  // "+     25"
/// ```
public struct DiffLine: Sendable, Equatable {
  /// Which side of the diff a line shows.
  public enum Marker: Character, Sendable, Equatable {
    /// A value as it was (`-`).
    case removed = "-"
    /// A value as it became (`+`).
    case inserted = "+"
    /// Structure around the changes, or a run of unchanged entries (a space).
    case context = " "
  }

  /// Which side the line shows.
  public var marker: Marker
  /// Spaces between the marker's column and the text.
  public var indent: Int
  /// The line's text after the indentation.
  public var text: String
  /// For a `… (N unchanged)` line, which run of unchanged entries it stands for: the runs of a
  /// diff counted in the order they print, from 0. Nil for every other line.
  package var unchangedRun: Int?

  /// A line of a diff.
  public init(marker: Marker, indent: Int, text: String) {
    self.marker = marker
    self.indent = indent
    self.text = text
  }

  /// The line as the REPL prints it: the marker, a space, the indentation and the text.
  public var rendered: String {
    var line = ""
    append(to: &line)
    return line
  }

  /// Appends `rendered` to `output`, with no string of its own in between.
  func append(to output: inout String) {
    output.append(marker.rawValue)
    let spaces = indent + 1
    output.append(
      spaces < Self.indentations.count
        ? Self.indentations[spaces] : String(repeating: " ", count: spaces))
    output.append(text)
  }

  /// Runs of 0 to 63 spaces, appended as they are (a copy of bytes, no count of characters).
  private static let indentations = (0..<64).map { String(repeating: " ", count: $0) }
}

extension [DiffLine] {
  /// The lines rendered one per line, after `header` when there is one, in one string.
  func renderedText(header: String? = nil) -> String {
    var output = ""
    output.reserveCapacity(
      reduce(header?.utf8.count ?? 0) { $0 + $1.indent + $1.text.utf8.count + 3 })
    var isFirst = true
    if let header {
      output.append(header)
      isFirst = false
    }
    for line in self {
      if !isFirst { output.append("\n") }
      isFirst = false
      line.append(to: &output)
    }
    return output
  }
}
