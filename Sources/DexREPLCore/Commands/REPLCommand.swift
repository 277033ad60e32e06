/// One command of the REPL as one value: how it is written and described (`CommandDescriptor`),
/// where `help` lists it, whether it changes the app, how its arguments complete and what it
/// does. Dispatch, `help`, completion and README's command table all read these values; each
/// feature's folder holds its own (`REPLCommand.timeTravelCommands`, `.debuggingCommands`…)
/// beside its rendering, and an app's commands (`AppCommand`) are values of this type too.
package struct REPLCommand<App: REPLApp> {
  /// Its names and help.
  package let descriptor: CommandDescriptor
  /// Where `help` lists it.
  let section: CommandSection
  /// Whether running it with these arguments changes the app's state or its history (moving
  /// through it, running a script, moving the clock, answering or cancelling an effect):
  /// refused while `step` goes through an action, whose copy of the state it would leave behind.
  let changesTheApp: (_ arguments: String) -> Bool
  /// Runs it on the REPL; returns how the loop goes on.
  let run: (_ repl: REPL<App>, _ call: CommandCall) throws(REPLError) -> REPL<App>.Outcome
  /// The candidates for the word being completed after its name.
  let complete: (_ completer: Completer<App>, _ place: CompletionPlace) -> [String]

  /// A command whose run says how the loop goes on (`continue`, `run`, `quit`); see
  /// `CommandDescriptor` for how it is written and described.
  init(
    name: String, aliases: [String] = [], synopsis: String, summary: String, details: String,
    acceptsArguments: Bool, section: CommandSection,
    changesTheApp: @escaping (_ arguments: String) -> Bool,
    complete: @escaping (_ completer: Completer<App>, _ place: CompletionPlace) -> [String] = {
      _, _ in []
    },
    outcome run: @escaping (_ repl: REPL<App>, _ call: CommandCall) throws(REPLError) ->
      REPL<App>.Outcome
  ) {
    self.init(
      CommandDescriptor(
        name: name, aliases: aliases, synopsis: synopsis, summary: summary, details: details,
        acceptsArguments: acceptsArguments),
      section: section, changesTheApp: changesTheApp, complete: complete, run: run)
  }

  /// A command after which the loop reads the next line; it changes the app always or never.
  init(
    name: String, aliases: [String] = [], synopsis: String, summary: String, details: String,
    acceptsArguments: Bool, section: CommandSection, changesTheApp: Bool,
    complete: @escaping (_ completer: Completer<App>, _ place: CompletionPlace) -> [String] = {
      _, _ in []
    },
    run: @escaping (_ repl: REPL<App>, _ call: CommandCall) throws(REPLError) -> Void
  ) {
    self.init(
      name: name, aliases: aliases, synopsis: synopsis, summary: summary, details: details,
      acceptsArguments: acceptsArguments, section: section,
      changesTheApp: { _ in changesTheApp }, complete: complete,
      outcome: { repl, call throws(REPLError) in
        try run(repl, call)
        return .proceed
      })
  }

  private init(
    _ descriptor: CommandDescriptor, section: CommandSection,
    changesTheApp: @escaping (_ arguments: String) -> Bool,
    complete: @escaping (_ completer: Completer<App>, _ place: CompletionPlace) -> [String],
    run: @escaping (_ repl: REPL<App>, _ call: CommandCall) throws(REPLError) -> REPL<App>.Outcome
  ) {
    self.descriptor = descriptor
    self.section = section
    self.changesTheApp = changesTheApp
    self.run = run
    self.complete = complete
  }

  /// This command with `details` as its help page.
  func withDetails(_ details: String) -> REPLCommand {
    REPLCommand(
      descriptor.withDetails(details), section: section, changesTheApp: changesTheApp,
      complete: complete, run: run)
  }

  /// The name `help` lists it under.
  package var name: String { descriptor.name }
  /// How it is written, e.g. `help [COMMAND]`.
  package var synopsis: String { descriptor.synopsis }
  /// One line for the `help` listing.
  package var summary: String { descriptor.summary }
  /// The text `help COMMAND` prints under the synopsis.
  package var details: String { descriptor.details }
  /// The name, then the aliases.
  package var names: [String] { descriptor.names }
}
