import Composable
import StoreInspector

/// An app the REPL explores: its root feature, and what the REPL adds for it — commands,
/// dependencies `dep` may override, launch options, how its values read on one line, and how a
/// generated test spells it, and the examples `help` shows. The REPL engine knows nothing else
/// about the app; a counter works as well as any other (see the generic REPL tests and
/// Examples/Todos).
///
/// ```swift
/// @main enum TodosApp: REPLApp {
///   static let subject = "a todo list"
///   static func makeFeature() -> Todos { Todos() }
///   static func makeInitialState() -> Todos.State { Todos.State() }
///   static let dataDirectory = DataDirectorySetting.nothingPersisted
///   static var testSpelling: TestSpelling<Todos.State> {
///     TestSpelling(
///       imports: ["Todos"], reducer: "Todos()", dependencies: [],
///       initialState: { _ in "Todos.State()" }, shared: { _ in nil })
///   }
/// }
/// ```
///
/// `@main` runs `dex` over the app (`main()`); the whole of it is in Examples/Todos.
public protocol REPLApp: SendableMetatype {
  /// The root feature.
  associatedtype Feature: Reducer
  where Feature.State: Equatable & Codable & Sendable, Feature.Action: CasePathable & Equatable

  /// What `dex --help` says dex explores: "a todo list".
  static var subject: String { get }
  /// Builds the root feature.
  static func makeFeature() -> Feature
  /// The root feature's state at the start of a session.
  static func makeInitialState() -> Feature.State
  /// The commands the app adds; `help` lists them after `skip` and `unskip`.
  static var commands: [AppCommand<Self>] { get }
  /// The dependencies `dep` may override besides the REPL's own `uuid` and `date`.
  static var dependencies: [DependencyOverride] { get }
  /// The launch options the app adds.
  static var launchOptions: [LaunchOption] { get }
  /// Where persisted shared values live: the option and variable that name it, and how the
  /// app starts using a directory named with `--data-dir`.
  static var dataDirectory: DataDirectorySetting { get }
  /// A value shorter on one line than its dump (a page of twenty items), or nil for the dump.
  static func abbreviation(of value: Any) -> String?
  /// What is lost when a persisted shared value's change from `stored` to `intended` could not
  /// be written before dex ended, in the app's words ("these toggles are lost: star 3 (added)"),
  /// or nil to name the value it should have held.
  static func lostChange(of key: SharedKeyID, from stored: any Sendable, to intended: any Sendable)
    -> String?
  /// How `gentest` spells the app.
  static var testSpelling: TestSpelling<Feature.State> { get }
  /// The state path of the rows an action's `#N` counts in, for the case path it is typed in
  /// (`team.members` for `.team(.members(.element(id: #0, …)))`, `items.rowSelected`): the
  /// collection as it is shown (`team.displayedMembers`), or nil for the stored collection of
  /// an `.element` (and no rows elsewhere).
  static func displayedRows(forActionPath path: String) -> String?
  /// The lines `help COMMAND` shows as examples of the command, in the app's actions and paths
  /// (`"send": ["send .addTapped(title: \"Milk\")"]`); a command without any shows its text alone.
  static var helpExamples: [String: [String]] { get }
  /// The action pattern a usage error shows as an example (`.items(.loaded)`), or nil for none.
  static var actionPatternExample: String? { get }
  /// The expectation a usage error shows as an example (`items.count == 3`), or nil for none.
  static var expectationExample: String? { get }
}

// What an app that says nothing more gets: no commands, dependencies, options or examples of
// its own, values dumped in full, rows counted in the stored collection.
extension REPLApp {
  public static var commands: [AppCommand<Self>] { [] }
  public static var dependencies: [DependencyOverride] { [] }
  public static var launchOptions: [LaunchOption] { [] }
  public static func abbreviation(of value: Any) -> String? { nil }
  public static func displayedRows(forActionPath path: String) -> String? { nil }
  public static func lostChange(
    of key: SharedKeyID, from stored: any Sendable, to intended: any Sendable
  ) -> String? { nil }
  public static var helpExamples: [String: [String]] { [:] }
  public static var actionPatternExample: String? { nil }
  public static var expectationExample: String? { nil }
}
