import Composable

/// A command an app adds to the REPL: how it is written and described (for `help`, completion
/// and did-you-mean, like every command), what it does, and how its argument completes. It is a
/// `REPLCommand` as the REPL's own are, listed after `skip` and `unskip`.
public struct AppCommand<App: REPLApp> {
  /// The command as the REPL runs it.
  package let command: REPLCommand<App>

  /// A command called `name`; see `CommandDescriptor` for the rest. `run` gets the text after
  /// its name; `complete` the candidates for its argument: `argument` is everything typed after
  /// its name up to the cursor (`"Buy m`, spaces and all), and each candidate is a whole
  /// argument (`"Buy milk"`).
  package init(
    name: String, synopsis: String, summary: String, details: String,
    acceptsArguments: Bool = true,
    run: @escaping (_ repl: REPL<App>, _ arguments: String) throws(REPLError) -> Void,
    complete: @escaping (_ session: DexSession<App>, _ argument: String) -> [String] = { _, _ in
      []
    }
  ) {
    command = REPLCommand(
      name: name, synopsis: synopsis, summary: summary, details: details,
      acceptsArguments: acceptsArguments,
      // An app's command checks for itself.
      section: .app, changesTheApp: false,
      complete: { completer, place in completer.appArgument(complete, place) }
    ) { repl, call throws(REPLError) in try run(repl, call.arguments) }
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
          throw .badArguments(command: name, problem: .described(error.problem), synopsis: synopsis)
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
