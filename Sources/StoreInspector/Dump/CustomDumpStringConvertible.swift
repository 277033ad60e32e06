/// A type that prints itself verbatim in dumps and diffs, e.g. `IndexSet(1...3)`.
///
/// Keep the text within the literal grammar (see `LiteralParser`) so that it parses back.
public protocol CustomDumpStringConvertible {
  /// The exact text `inspectorDump` prints for this value.
  var inspectorDescription: String { get }
}
