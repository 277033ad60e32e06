import DexPlatform

/// What a stack's `forEach` warns about: actions it cannot apply, written once here.
@usableFromInline
struct StackWarnings<Action>: Sendable {
  let source: SourceLine
  @Dependency(\.warnings) private var warnings

  @usableFromInline
  init(source: SourceLine) {
    self.source = source
  }

  /// `action` arrived for an element the stack does not hold.
  @usableFromInline
  func missingElement(_ id: StackElementID, action: Any, ids: [StackElementID]) {
    warnings(
      """
      The stack's forEach at \(source) received \(warnings.text(of: action)) for a missing \
      element (id: \(id); the stack holds \(list(ids))). Nothing changed. An effect of a \
      popped screen sent it, or it was sent before the push.
      """)
  }

  /// `.popFrom(id:)` named an element the stack does not hold.
  @usableFromInline
  func missingPop(_ id: StackElementID, ids: [StackElementID]) {
    warnings(
      """
      The stack's forEach at \(source) received .popFrom(id: \(id)) for a missing element \
      (the stack holds \(list(ids))). Nothing was popped.
      """)
  }

  /// `.push(id:state:)` named an id the stack already holds.
  @usableFromInline
  func pushedTwice(_ id: StackElementID, ids: [StackElementID]) {
    warnings(
      """
      The stack's forEach at \(source) received .push(id: \(id)) for an id it already holds \
      (\(list(ids))). Nothing changed. Push with a new id.
      """)
  }

  /// `.push(id:state:)` skipped ids the `stackElementID` dependency has not made yet.
  @usableFromInline
  func unexpectedPush(_ id: StackElementID, expected: StackElementID) {
    warnings(
      """
      The stack's forEach at \(source) received .push(id: \(id)), but the next id is \
      \(expected). The element was pushed; push with the next id so replays count alike.
      """)
  }

  private func list(_ ids: [StackElementID]) -> String {
    ids.isEmpty ? "no element" : "ids " + ids.map(\.description).joined(separator: ", ")
  }
}
