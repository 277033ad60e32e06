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
    String(marker.rawValue) + " " + String(repeating: " ", count: indent) + text
  }
}
