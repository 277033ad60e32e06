import Composable
import StoreInspector

/// How `gentest` spells an app in Swift: its imports, reducer, dependencies, initial state,
/// shared values and the assignments it writes differently.
public struct TestSpelling<State> {
  /// The modules the test imports, besides `DexTesting`, `Foundation` and `Testing`.
  public var imports: [String]
  /// The root reducer as Swift: `AppFeature()`.
  public var reducer: String
  /// The app's lines of the `withDependencies:` closure: `$0.apiClient = .bundled()`.
  public var dependencies: [String]
  /// The initial state as Swift.
  public var initialState: (State) -> String
  /// The Swift expression of the `Shared` of a key (`Shared(.starred)`); nil for keys the
  /// test cannot name.
  public var shared: (SharedKeyID) -> String?
  /// An assignment spelled differently, "" to leave it out, nil for its own statement.
  public var assignment: (StateAssignment) -> String?
  /// The member that reads and writes the payload of a case of an app's enum value in place
  /// (`.value` for `LoadState.loaded`; see `TestGenerator.payloadMember`); the cases of a
  /// `StateCasePathable` state need none (`[case: \.detail]`).
  public var payloadMember: (_ value: Any, _ caseName: String) -> String?
  /// Shorter Swift for values the app can make again in a test
  /// (`Page.fixture(offset: 20, limit: 20)`); nil for the rest, written in full.
  public var abbreviation: (Any) -> String?

  /// An app spelled with these imports, reducer, dependencies, initial state and shared values.
  public init(
    imports: [String], reducer: String, dependencies: [String],
    initialState: @escaping (State) -> String, shared: @escaping (SharedKeyID) -> String?,
    assignment: @escaping (StateAssignment) -> String? = { _ in nil },
    payloadMember: @escaping (_ value: Any, _ caseName: String) -> String? = { _, _ in nil },
    abbreviation: @escaping (Any) -> String? = { _ in nil }
  ) {
    self.imports = imports
    self.reducer = reducer
    self.dependencies = dependencies
    self.initialState = initialState
    self.shared = shared
    self.assignment = assignment
    self.payloadMember = payloadMember
    self.abbreviation = abbreviation
  }
}
