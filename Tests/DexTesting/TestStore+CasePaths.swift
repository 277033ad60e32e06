import Composable
import StoreInspector
import Testing

/// Sending and receiving by case, as TCA's case key paths do: `\.delegate.saved` is a key path
/// into the action's case table (`Action.Cases`), reaching into nested case-tabled payloads.
extension TestStore where Action: CasePathable {
  /// Sends the case at `path`, which has no payload: `await store.send(\.onAppear)`.
  @discardableResult
  public func send(
    _ path: KeyPath<Action.Cases, Case<Action, Void>>,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async -> TestStoreTask {
    await send(
      Action.cases[keyPath: path].embed(()), assert: updateStateToExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Sends the case at `path` with `value`: `await store.send(\.view.deleted, [0])`.
  @discardableResult
  public func send<Value>(
    _ path: KeyPath<Action.Cases, Case<Action, Value>>,
    _ value: Value,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async -> TestStoreTask {
    await send(
      Action.cases[keyPath: path].embed(value), assert: updateStateToExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Waits for an action of the case at `path`, whatever its payload, and asserts its change:
  /// `await store.receive(\.pageLoaded) { $0.isLoading = false }`.
  public func receive<Value>(
    _ path: KeyPath<Action.Cases, Case<Action, Value>>,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let matching = Action.cases[keyPath: path]
    await receive(
      matching: { matching.extract($0) != nil },
      expected: "an action of case .\(matching.name)",
      mismatch: { "Expected: an action of case .\(matching.name)\nReceived: \(inspectorDump($0))" },
      timeout: timeout, update: updateStateToExpected,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for an action of the case at `path` whose payload equals `value`, and asserts its
  /// change: `await store.receive(\.delegate.saved, 42)`. A payload that differs fails with the
  /// diff of the two actions.
  public func receive<Value: Equatable>(
    _ path: KeyPath<Action.Cases, Case<Action, Value>>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let matching = Action.cases[keyPath: path]
    let expected = matching.embed(value)
    await receive(
      matching: { matching.extract($0) == value }, expected: inspectorDump(expected),
      mismatch: { renderDiff(expected, $0) }, timeout: timeout, update: updateStateToExpected,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
