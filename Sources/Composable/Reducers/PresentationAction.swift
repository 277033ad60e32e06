/// The actions of a presented child feature: its own actions while presented, and its dismissal.
public enum PresentationAction<Action: Sendable & Codable>: Sendable {
  /// The presented feature's own action.
  case presented(Action)
  /// The presented feature was dismissed (by the parent, or by itself through `dismiss`).
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}

// Declared by hand because the enum is generic, and here so that the compiler synthesizes its
// Codable; the case table's members are generated.
extension PresentationAction: CasePathable {}

/// Dismisses the presented feature (or pops the stack screen) that calls it, from one of its
/// effects:
/// `return .run { _ in await dismiss() }`.
public struct DismissEffect: Sendable {
  private let dismiss: @Sendable () async -> Void

  /// A dismissal that runs `dismiss`.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
  }

  /// Dismisses the presented feature.
  public func callAsFunction() async { await dismiss() }
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it.
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}

enum DismissEffectKey: DependencyKey {
  /// Outside a presented feature: the root's dismissal, if its store has one (a test store
  /// does), else a report.
  static var liveValue: DismissEffect {
    DismissEffect {
      if let dismissRoot = DependencyValues.current.rootDismissal {
        dismissRoot()
        return
      }
      reportIssue(
        """
        dismiss() was called by a feature that is not presented nor pushed; nothing was \
        dismissed. Run it from its parent with ifLet or, for a stack's screens, forEach.
        """)
    }
  }
  static var testValue: DismissEffect? { liveValue }
}

extension DependencyValues {
  /// What `dismiss()` does when the store's root feature calls it; nil where a root cannot be
  /// dismissed (the app's). A test store sets it: the root's effects end and later sends fail.
  /// A key of its own, not an override of `dismiss`, so a presented child's own dismissal is
  /// never hidden by the store's values.
  package var rootDismissal: (@Sendable () -> Void)? {
    get { self[RootDismissalKey.self] }
    set { self[RootDismissalKey.self] = newValue }
  }
}

private enum RootDismissalKey: DependencyKey {
  static var liveValue: (@Sendable () -> Void)? { nil }
  static var testValue: (@Sendable () -> Void)?? { .some(nil) }
}
