import StoreInspector

/// One thing the session prints, in both of its forms: the text a terminal or transcript shows,
/// and the JSON object `--json` prints on one line instead. Both are built from the same values.
package struct OutputItem {
  /// The text, newline-terminated (or empty).
  package var text: String
  /// The object, with a `type` member first.
  package var json: JSONValue { .object([.init("type", .string(type))] + members()) }
  private let type: String
  // Made only when printed as JSON: a script's every line prints text, and the entry's object
  // (its action spelled again, its diff as JSON) would cost as much as the text.
  private let members: () -> [JSONValue.Member]

  /// An item of `type` whose text is `text` and whose object is `type` followed by `members`.
  package init(type: String, text: String, members: @autoclosure @escaping () -> [JSONValue.Member]) {
    self.text = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    self.type = type
    self.members = members
  }
}
