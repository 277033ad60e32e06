/// A command an app adds to the REPL: how it is written and described (for `help`, completion
/// and did-you-mean, like every command), what it does, and how its argument completes.
package struct AppCommand<App: REPLApp> {
  /// Its names and help.
  package let descriptor: CommandDescriptor
  /// Runs it with the text after its name.
  package let run: (_ repl: REPL<App>, _ arguments: String) throws(REPLError) -> Void
  /// The candidates for the word being typed after its name.
  package let complete: (_ session: DexSession<App>, _ word: String) -> [String]

  /// A command called `name`; see `CommandDescriptor` for the rest.
  package init(
    name: String, synopsis: String, summary: String, details: String,
    acceptsArguments: Bool = true,
    run: @escaping (_ repl: REPL<App>, _ arguments: String) throws(REPLError) -> Void,
    complete: @escaping (_ session: DexSession<App>, _ word: String) -> [String] = { _, _ in [] }
  ) {
    self.descriptor = CommandDescriptor(
      kind: .app, name: name, aliases: [], synopsis: synopsis, summary: summary,
      details: details, acceptsArguments: acceptsArguments)
    self.run = run
    self.complete = complete
  }
}
