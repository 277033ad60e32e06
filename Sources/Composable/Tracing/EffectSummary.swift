/// What an effect will do, read without running it: each piece of work (an action to send,
/// async work, a cancellation) with the cancellation ids around it. A trace shows it for each
/// reducer: `run (cancellable: TodoListFeature.CancelID.load)`.
public struct EffectSummary {
  /// One piece of work of the effect.
  public struct Part {
    /// What the work is.
    public enum Work {
      /// Sends this action right after the current one.
      case send(Any)
      /// Runs async work that may send actions back.
      case run
      /// Cancels the running effects marked with this id.
      case cancel(id: AnyHashable)
    }

    /// The work.
    public var work: Work
    /// The ids the work can be cancelled by, outermost first.
    public var cancellableIDs: [AnyHashable]
    /// Whether starting it first cancels the effects already running under its ids.
    public var cancelsInFlight: Bool
    /// Whether it runs in sequence with other parts (`.concatenate`, a debounce) rather than
    /// alongside them.
    public var isInSequence: Bool
  }

  /// The pieces of work, in the order the effect lists them.
  public var parts: [Part]

  /// A summary of `parts` (none: an effect that does nothing).
  public init(parts: [Part] = []) {
    self.parts = parts
  }

  /// Whether the effect does nothing.
  public var isEmpty: Bool { parts.isEmpty }
}

extension Effect {
  /// What this effect will do.
  public var summary: EffectSummary {
    var parts: [EffectSummary.Part] = []
    collect(into: &parts, ids: [], cancelsInFlight: false, inSequence: false)
    return EffectSummary(parts: parts)
  }

  private func collect(
    into parts: inout [EffectSummary.Part], ids: [AnyHashable], cancelsInFlight: Bool,
    inSequence: Bool
  ) {
    func part(_ work: EffectSummary.Part.Work) -> EffectSummary.Part {
      EffectSummary.Part(
        work: work, cancellableIDs: ids, cancelsInFlight: cancelsInFlight,
        isInSequence: inSequence)
    }
    switch operation {
    case .none:
      return
    case let .send(action):
      parts.append(part(.send(action)))
    case .run:
      parts.append(part(.run))
    case let .merge(effects):
      for effect in effects {
        effect.collect(
          into: &parts, ids: ids, cancelsInFlight: cancelsInFlight, inSequence: inSequence)
      }
    case let .concatenate(effects):
      for effect in effects {
        effect.collect(into: &parts, ids: ids, cancelsInFlight: cancelsInFlight, inSequence: true)
      }
    case let .cancellable(id, inFlight, effect):
      effect.collect(
        into: &parts, ids: ids + [id.base], cancelsInFlight: cancelsInFlight || inFlight,
        inSequence: inSequence)
    case let .cancel(id):
      parts.append(part(.cancel(id: id.base)))
    case let .child(id, effect):
      effect.collect(
        into: &parts, ids: ids + [id], cancelsInFlight: cancelsInFlight, inSequence: inSequence)
    case let .cancelChild(id):
      parts.append(part(.cancel(id: id)))
    case let .throttle(throttle, effect):
      effect.collect(
        into: &parts, ids: ids + [throttle.id.base], cancelsInFlight: true, inSequence: inSequence)
    }
  }
}

// The cancellation ids the composed reducers add, named as a trace shows them.

extension NavigationID: CustomStringConvertible {
  /// `the effects of destination (id: …)`, `the effects of members (id: 3)`.
  @usableFromInline var description: String {
    let path = ReducerNode.propertyPath(location) ?? "\(location)"
    guard let identity else { return "the effects of \(path)" }
    return "the effects of \(path) (id: \(identity.base))"
  }
}
