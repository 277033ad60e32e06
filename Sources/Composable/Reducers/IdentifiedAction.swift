/// An action for one element of an identified collection: `.element(id: 25, action: .tapped)`.
public enum IdentifiedAction<ID: Hashable & Sendable & Codable, Action: Sendable & Codable>: Sendable {
  /// `action` happened to the element identified by `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}

// Declared by hand because the enum is generic, and here so that the compiler synthesizes its
// Codable; the case table's members are generated.
extension IdentifiedAction: CasePathable {}

/// The actions of an element of a feature's identified collection.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable & Codable, R.Action: Sendable & Codable
