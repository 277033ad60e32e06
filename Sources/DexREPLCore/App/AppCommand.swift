/// A command an app adds to the REPL: how it is written and described (for `help`, completion
/// and did-you-mean, like every command), what it does, and how its argument completes.
package struct AppCommand<App: REPLApp> {
  /// Its names and help.
  package let descriptor: CommandDescriptor
  /// Runs it with the text after its name.
  package let run: (_ repl: REPL<App>, _ arguments: String) throws(REPLError) -> Void
  /// The candidates for its argument: `argument` is everything typed after its name up to the
  /// cursor (`"Mr. M`, spaces and all); each candidate is a whole argument (`"Mr. Mime"`).
  package let complete: (_ session: DexSession<App>, _ argument: String) -> [String]

  /// A command called `name`; see `CommandDescriptor` for the rest.
  package init(
    name: String, synopsis: String, summary: String, details: String,
    acceptsArguments: Bool = true,
    run: @escaping (_ repl: REPL<App>, _ arguments: String) throws(REPLError) -> Void,
    complete: @escaping (_ session: DexSession<App>, _ argument: String) -> [String] = { _, _ in
      []
    }
  ) {
    self.descriptor = CommandDescriptor(
      kind: .app, name: name, aliases: [], synopsis: synopsis, summary: summary,
      details: details, acceptsArguments: acceptsArguments)
    self.run = run
    self.complete = complete
  }
}
