/// Where the cursor is when a command's argument completes.
struct CompletionPlace {
  /// The line up to the word being completed.
  let beforeWord: String
  /// The words before it, the command's name first.
  let wordsBefore: [String]
  /// The word being completed (readline replaces it): what follows the last space.
  let word: String

  /// The line up to the cursor.
  var typed: String { beforeWord + word }

  /// The text after the command's name, up to the cursor.
  var argument: String {
    String(typed.drop { !$0.isWhitespace }.drop { $0.isWhitespace })
  }

  /// Whether the word is the first after the name and starts an option (`-`).
  var isFirstOption: Bool { wordsBefore.count == 1 && word.hasPrefix("-") }
}
