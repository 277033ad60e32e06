import Composable

/// A command an app adds to the REPL: how it is written and described (for `help`, completion
/// and did-you-mean, like every command), what it does, and how its argument completes.
public struct AppCommand<App: REPLApp> {
  /// Its names and help.
  package let descriptor: CommandDescriptor
  /// Runs it with the text after its name.
  package let run: (_ repl: REPL<App>, _ arguments: String) throws(REPLError) -> Void
  /// The candidates for its argument: `argument` is everything typed after its name up to the
  /// cursor (`"Buy m`, spaces and all); each candidate is a whole argument (`"Buy milk"`).
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

  /// A command that sends the action its arguments spell and prints it as `send` does:
  /// `add Buy milk` sending `.addTapped(title: "Buy milk")`. `action` reads the arguments (the
  /// text after the name, trimmed) and the current state; what it throws is said as the
  /// command's usage error (`add: a title is needed. Usage: add TITLE`).
  public init(
    name: String, synopsis: String, summary: String, details: String,
    action: @escaping (_ arguments: String, _ state: App.Feature.State) throws(AppCommandRefusal) ->
      App.Feature.Action
  ) {
    self.init(
      name: name, synopsis: synopsis, summary: summary, details: details,
      run: { repl, arguments throws(REPLError) in
        let sent: App.Feature.Action
        do throws(AppCommandRefusal) {
          sent = try action(arguments.trimmingWhitespace(), repl.session.store.state)
        } catch {
          throw .badArguments(command: name, problem: error.problem, synopsis: synopsis)
        }
        try repl.session.refuseWhileHolding(command: name)
        repl.session.send(sent)
        repl.reportEffects()
      })
  }
}

/// Why an app's command refused its arguments, in a few words: `a title is needed`.
public struct AppCommandRefusal: Error, Sendable {
  /// The words, which the REPL follows with the command's usage.
  public let problem: String

  /// A refusal saying `problem`.
  public init(_ problem: String) {
    self.problem = problem
  }
}
