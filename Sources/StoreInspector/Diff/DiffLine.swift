/// One line of a rendered diff: what side it shows, how deep it sits and its text. The REPL,
/// TestStore failures and the HTML page all print these lines; `rendered` is the text form.
///
/// ```swift
/// DiffLine(marker: .inserted, indent: 4, text: "25").rendered  // "+     25"
/// ```
///
/// A line keeps its text in the pieces the renderer made it of (a label and the value after
/// it, or the count of a run of unchanged entries): `renderedText` writes the pieces straight
/// into the printed text, and they are joined into one string only when `text` is read.
public struct DiffLine: Sendable {
  /// Which side of the diff a line shows.
  public enum Marker: Character, Sendable, Equatable {
    /// A value as it was (`-`).
    case removed = "-"
    /// A value as it became (`+`).
    case inserted = "+"
    /// Structure around the changes, or a run of unchanged entries (a space).
    case context = " "
  }

  /// What a line's text is made of.
  private enum Content: Sendable {
    /// `head` then `tail`: a label (`level: `), a key or nothing, then the value.
    case pieces(head: String, tail: String)
    /// `… (count unchanged)`, for a count of zero or more.
    case unchangedCount(Int)
  }

  /// Which side the line shows.
  public var marker: Marker
  /// Spaces between the marker's column and the text.
  public var indent: Int
  /// For a `… (N unchanged)` line, which run of unchanged entries it stands for: the runs of a
  /// diff counted in the order they print, from 0. Nil for every other line.
  package var unchangedRun: Int?
  private var content: Content

  /// A line of a diff.
  public init(marker: Marker, indent: Int, text: String) {
    self.init(marker: marker, indent: indent, head: "", text: text)
  }

  /// A line reading `head` then `text`, e.g. `level: ` and `2`.
  init(marker: Marker, indent: Int, head: String, text: String) {
    self.marker = marker
    self.indent = indent
    content = .pieces(head: head, tail: text)
  }

  /// The `… (count unchanged)` line standing for the run of unchanged entries numbered `run`.
  init(indent: Int, unchangedCount count: Int, run: Int) {
    marker = .context
    self.indent = indent
    unchangedRun = run
    content =
      count >= 0
      ? .unchangedCount(count)
      : .pieces(head: "", tail: "\(Self.unchangedRunOpening)\(count)\(Self.unchangedRunClosing)")
  }

  /// The line's text after the indentation.
  public var text: String {
    get {
      switch content {
      case .pieces(let head, let tail): head.isEmpty ? tail : head + tail
      case .unchangedCount(let count): Self.unchangedRunText(count)
      }
    }
    set { content = .pieces(head: "", tail: newValue) }
  }

  /// The line as the REPL prints it: the marker, a space, the indentation and the text.
  public var rendered: String { [self].renderedText() }

  /// `… (N unchanged)`, the text of a run of `count` (zero or more) unchanged entries, its
  /// bytes written into one string at once.
  static func unchangedRunText(_ count: Int) -> String {
    String(unsafeUninitializedCapacity: unchangedRunByteCount(count)) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return writeUnchangedRun(count, to: base) - base
    }
  }

  /// How many UTF-8 bytes the text has.
  fileprivate var textByteCount: Int {
    switch content {
    case .pieces(let head, let tail): head.utf8.count + tail.utf8.count
    case .unchangedCount(let count): Self.unchangedRunByteCount(count)
    }
  }

  /// Writes the text's UTF-8 bytes at `target` and returns where they end.
  fileprivate func writeText(
    to target: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    switch content {
    case .pieces(let head, let tail): tail.copyUTF8(to: head.copyUTF8(to: target))
    case .unchangedCount(let count): Self.writeUnchangedRun(count, to: target)
    }
  }
}

extension DiffLine: Equatable {
  /// Lines are equal when they print the same and stand for the same run, whatever pieces
  /// their text was made of.
  public static func == (lhs: DiffLine, rhs: DiffLine) -> Bool {
    lhs.marker == rhs.marker && lhs.indent == rhs.indent && lhs.unchangedRun == rhs.unchangedRun
      && lhs.text == rhs.text
  }
}

extension DiffLine {
  // The bytes of `… (N unchanged)` for N of zero or more, written without making a string.
  private static var unchangedRunOpening: StaticString { "… (" }
  private static var unchangedRunClosing: StaticString { " unchanged)" }

  private static func unchangedRunByteCount(_ count: Int) -> Int {
    unchangedRunOpening.utf8CodeUnitCount + digitCount(count)
      + unchangedRunClosing.utf8CodeUnitCount
  }

  /// Writes `… (count unchanged)` at `target` and returns where it ends.
  private static func writeUnchangedRun(
    _ count: Int, to target: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    let opening = unchangedRunOpening
    let closing = unchangedRunClosing
    target.update(from: opening.utf8Start, count: opening.utf8CodeUnitCount)
    let digitsEnd = target + opening.utf8CodeUnitCount + digitCount(count)
    var digit = digitsEnd
    var value = count
    repeat {
      digit -= 1
      digit.pointee = UInt8(ascii: "0") + UInt8(value % 10)
      value /= 10
    } while value > 0
    digitsEnd.update(from: closing.utf8Start, count: closing.utf8CodeUnitCount)
    return digitsEnd + closing.utf8CodeUnitCount
  }

  /// How many decimal digits `count` (zero or more) has.
  private static func digitCount(_ count: Int) -> Int {
    var digits = 1
    var rest = count / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return digits
  }
}

extension [DiffLine] {
  /// The lines rendered one per line, after `header` when there is one, in one string.
  ///
  /// The bytes are written straight into the string's storage: appending the marker, the
  /// indentation and the text of each line one `append` at a time cost more than the diff of a
  /// small change.
  func renderedText(header: String? = nil) -> String {
    var byteCount = header?.utf8.count ?? 0
    for line in self { byteCount += line.spaces + line.textByteCount + 2 }
    if !isEmpty, header == nil { byteCount -= 1 }
    return String(unsafeUninitializedCapacity: byteCount) { buffer in
      guard var cursor = buffer.baseAddress else { return 0 }
      let start = cursor
      if let header { cursor = header.copyUTF8(to: cursor) }
      for (offset, line) in enumerated() {
        if offset > 0 || header != nil {
          cursor.pointee = UInt8(ascii: "\n")
          cursor += 1
        }
        cursor.pointee = line.marker.asciiByte
        cursor += 1
        cursor.initialize(repeating: UInt8(ascii: " "), count: line.spaces)
        cursor += line.spaces
        cursor = line.writeText(to: cursor)
      }
      return cursor - start
    }
  }
}

extension String {
  /// Writes the string's UTF-8 bytes at `target` and returns where they end: at once from
  /// contiguous storage (a native string's), else byte by byte. Nothing is captured, so no
  /// access to a shared position is checked byte by byte.
  fileprivate func copyUTF8(
    to target: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    let copied = utf8.withContiguousStorageIfAvailable { bytes -> UnsafeMutablePointer<UInt8> in
      guard let base = bytes.baseAddress else { return target }
      target.update(from: base, count: bytes.count)
      return target + bytes.count
    }
    if let copied { return copied }
    var cursor = target
    for byte in utf8 {
      cursor.pointee = byte
      cursor += 1
    }
    return cursor
  }
}

extension DiffLine {
  /// The spaces between the marker and the text: the one after the marker, then the indent.
  fileprivate var spaces: Int { Swift.max(indent, 0) + 1 }
}

extension DiffLine.Marker {
  /// The marker's one ASCII byte.
  fileprivate var asciiByte: UInt8 {
    switch self {
    case .removed: UInt8(ascii: "-")
    case .inserted: UInt8(ascii: "+")
    case .context: UInt8(ascii: " ")
    }
  }
}
