/// The actions of a navigation stack: an element's own action, a push and a pop.
///
/// `.element(id: 0, action: .todoTapped(id: 2))`, `.push(id: 3, state: …)`,
/// `.popFrom(id: 1)` (pops element 1 and every element above it).
public enum StackAction<State: Sendable & Codable, Action: Sendable & Codable>: Sendable {
  /// `action` happened to the element with `id`.
  case element(id: StackElementID, action: Action)
  /// The element with `id` and every element above it were popped (by the parent, or by the
  /// element itself through `dismiss`).
  case popFrom(id: StackElementID)
  /// `state` was pushed with `id`, the next id of the `stackElementID` dependency. Out of line:
  /// a screen's state is far larger than the other cases' payloads, and every action of every
  /// feature above the stack would otherwise be as large as it (a history keeps each one).
  indirect case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}

// Declared by hand because the enum is generic, and here so that the compiler synthesizes its
// Codable; the case table's members are generated.
extension StackAction: CasePathable {}

/// The stack actions of a feature's screens: `case path(StackActionOf<Path>)`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
where R.State: Sendable & Codable, R.Action: Sendable & Codable
