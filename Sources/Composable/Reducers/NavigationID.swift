/// Which child feature an effect belongs to: where the child's state sits in its parent and
/// which child it is — its id when the state is `Identifiable`, its case (and that case's id)
/// for an enum of destinations, its mere presence otherwise.
///
/// `ifLet`, presentation and `forEach` mark the effects of their child with it: the child's
/// cancel ids are its own (a sibling, another row or the parent using the same id is not
/// touched), and its effects end when its `NavigationID` changes or it goes away.
@usableFromInline
struct NavigationID: Hashable, @unchecked Sendable {
  // Built only from key paths and `Hashable` ids of `Sendable` states.
  @usableFromInline let location: AnyKeyPath
  @usableFromInline let identity: AnyHashable?

  @inlinable
  init(location: AnyKeyPath, identity: AnyHashable?) {
    self.location = location
    self.identity = identity
  }
}

/// How a child's identity is read from its state; chosen once, when a reducer is built.
@usableFromInline
struct ChildIdentity<State> {
  @usableFromInline let location: AnyKeyPath
  @usableFromInline let identify: (State) -> AnyHashable?

  @usableFromInline
  init(location: AnyKeyPath) {
    self.location = location
    if let identifiable = State.self as? any Identifiable.Type {
      identify = Self.identifiable(identifiable)
    } else if let pathable = State.self as? any StateCasePathable.Type {
      identify = Self.casePathable(pathable)
    } else {
      identify = { _ in nil }
    }
  }

  /// The `NavigationID` of `state`.
  @inlinable
  func id(of state: State) -> NavigationID {
    NavigationID(location: location, identity: identify(state))
  }

  private static func identifiable<Value: Identifiable>(
    _: Value.Type
  ) -> (State) -> AnyHashable? {
    { state in AnyHashable(Self.reading(state, as: Value.self).id) }
  }

  private static func casePathable<Value: StateCasePathable>(
    _: Value.Type
  ) -> (State) -> AnyHashable? {
    { state in
      let value = Self.reading(state, as: Value.self)
      let payload = Mirror(reflecting: value).children.first?.value
      return AnyHashable(
        CaseIdentity(index: Value.caseIndex(of: value), payload: payload.flatMap(Self.id(of:))))
    }
  }

  private static func id(of payload: Any) -> AnyHashable? {
    guard let identifiable = payload as? any Identifiable else { return nil }
    return idOf(identifiable)
  }

  private static func idOf<Value: Identifiable>(_ value: Value) -> AnyHashable {
    AnyHashable(value.id)
  }

  /// `state` as `Value`, the type it was found to be when the reducer was built.
  private static func reading<Value>(_ state: State, as _: Value.Type) -> Value {
    withUnsafePointer(to: state) { $0.withMemoryRebound(to: Value.self, capacity: 1) { $0.pointee } }
  }
}

/// The identity of an enum destination: its case, and the id of the case's value.
private struct CaseIdentity: Hashable {
  let index: Int
  let payload: AnyHashable?
}
