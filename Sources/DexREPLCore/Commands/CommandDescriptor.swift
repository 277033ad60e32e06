/// How a command of the REPL is written and described: the names it answers to and its help,
/// which `help`, completion, did-you-mean and every usage line read.
package struct CommandDescriptor: Equatable, Sendable {
  /// The name `help` lists it under.
  package let name: String
  /// Other names that run the same command.
  package let aliases: [String]
  /// How it is written, e.g. `help [COMMAND]`.
  package let synopsis: String
  /// One line for the `help` listing.
  package let summary: String
  /// The text `help COMMAND` prints under the synopsis.
  package let details: String
  /// Whether anything may follow the name.
  package let acceptsArguments: Bool

  package init(
    name: String, aliases: [String] = [], synopsis: String, summary: String, details: String,
    acceptsArguments: Bool
  ) {
    self.name = name
    self.aliases = aliases
    self.synopsis = synopsis
    self.summary = summary
    self.details = details
    self.acceptsArguments = acceptsArguments
  }

  /// The name, then the aliases.
  package var names: [String] { [name] + aliases }

  /// Whether `word` is its name or one of its aliases.
  func answers(to word: String) -> Bool {
    name == word || aliases.contains(word)
  }

  /// This command with `details` as its help page.
  func withDetails(_ details: String) -> CommandDescriptor {
    CommandDescriptor(
      name: name, aliases: aliases, synopsis: synopsis, summary: summary, details: details,
      acceptsArguments: acceptsArguments)
  }
}
