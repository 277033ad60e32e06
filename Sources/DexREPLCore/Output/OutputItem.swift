import StoreInspector

/// One thing the session prints, in both of its forms: the text a terminal or transcript shows,
/// and the JSON object `--json` prints on one line instead. Both are built from the same values.
package struct OutputItem {
  /// The text, newline-terminated (or empty).
  package var text: String
  /// The object, with a `type` member first.
  package var json: JSONValue

  /// An item of `type` whose text is `text` and whose object is `type` followed by `members`.
  package init(type: String, text: String, members: [JSONValue.Member]) {
    self.text = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    self.json = .object([.init("type", .string(type))] + members)
  }
}
