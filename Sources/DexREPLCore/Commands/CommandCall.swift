/// One run of a command: what was typed after its name, and how the command is written, for
/// its usage errors.
struct CommandCall: Sendable {
  /// The name `help` lists the command under (whichever alias was typed).
  let name: String
  /// The name as typed: `record!` for `record`.
  let typedName: String
  /// The text after the name, trimmed.
  let arguments: String
  /// How the command is written (`back [N]`), for usage errors.
  let synopsis: String

  /// Whether the name was typed with `!`: the command may replace a file.
  var replacesFiles: Bool { typedName.hasSuffix("!") }

  /// The usage error saying `problem`: `back: the count must be 1 or more. Usage: back [N]`.
  func refusal(_ problem: UsageProblem) -> REPLError {
    .badArguments(command: name, problem: problem, synopsis: synopsis)
  }
}
