/// An action for one element of an identified collection: `.element(id: 25, action: .tapped)`.
public enum IdentifiedAction<ID: Hashable & Sendable & Codable, Action: Sendable & Codable>: Sendable {
  /// `action` happened to the element identified by `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}

extension IdentifiedAction: CaseTabled {
  public struct Cases: Sendable {
    public let element = Case<IdentifiedAction, (ID, Action)>(
      "element", labels: "id", "action", IdentifiedAction.element
    ) { if case let .element(id, action) = $0 { (id, action) } else { nil } }
  }

  public static var cases: Cases { Cases() }
}

/// The actions of an element of a feature's identified collection.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable & Codable, R.Action: Sendable & Codable
