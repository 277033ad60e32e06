/// Sends actions from an effect back into the store.
///
/// `await send(.loaded(result))`. Once the effect is cancelled, what it sends is dropped.
public struct Send<Action>: Sendable {
  let deliver: @Sendable (Action) -> Void

  /// A send that delivers every action to `deliver`.
  public init(_ deliver: @escaping @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    deliver(action)
  }

  /// A send for a child's actions that embeds each in this domain.
  func map<ChildAction>(_ embed: @escaping @Sendable (ChildAction) -> Action) -> Send<ChildAction> {
    let deliver = deliver
    return Send<ChildAction> { deliver(embed($0)) }
  }
}
