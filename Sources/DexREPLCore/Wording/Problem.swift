/// A failure in parts — where, what, why, and what to do — laid out as one line:
/// `[subject: ]what[: reason][; hint | . Hint]`. `Refusal.problem` builds it from a refusal's
/// facts (an app's own commands build theirs), and only the files of this folder do.
///
/// ```swift
/// Problem("not an action", reason: "'rowTaped' is not a case of …",
///         hint: "Type 'actions' for the list.").text
/// // not an action: 'rowTaped' is not a case of …. Type 'actions' for the list.
/// ```
package struct Problem: Equatable, Sendable {
  /// What it is about, first and before a colon: a command (`restore`), a file, a row (`#3`).
  package var subject: String?
  /// What was wrong.
  package var what: String
  /// Why, when something underneath failed: another error's words.
  package var reason: String?
  /// What to do about it: a sentence, or a clause starting in lower case that follows `; `.
  package var hint: String?

  package init(subject: String? = nil, _ what: String, reason: String? = nil, hint: String? = nil) {
    self.subject = subject
    self.what = what
    self.reason = reason
    self.hint = hint
  }

  /// The one line.
  var text: String {
    var text = (subject.map { "\($0): " } ?? "") + what + (reason.map { ": \($0)" } ?? "")
    guard let hint, !hint.isEmpty else { return text }
    if let first = hint.first, first.isLowercase || first == "'" {
      text += "; " + hint
    } else {
      text += (text.hasSuffix(".") || text.hasSuffix("?") ? " " : ". ") + hint
    }
    return text
  }
}
