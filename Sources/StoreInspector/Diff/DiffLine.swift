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
  public var rendered: String { [self].renderedText() }
}

extension [DiffLine] {
  /// The lines rendered one per line, after `header` when there is one, in one string.
  ///
  /// The bytes are written straight into the string's storage: appending the marker, the
  /// indentation and the text of each line one `append` at a time cost more than the diff of a
  /// small change.
  func renderedText(header: String? = nil) -> String {
    var byteCount = header?.utf8.count ?? 0
    for line in self { byteCount += line.spaces + line.text.utf8.count + 2 }
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
        cursor = line.text.copyUTF8(to: cursor)
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
