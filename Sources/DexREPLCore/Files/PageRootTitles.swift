import Composable
import ComposableInspection
import DexPlatform

/// The titles a page gives a session's values, each worked out once: the state's type name,
/// and a shared value's title in diffs (a key's name does not change once it is known).
final class PageRootTitles: Sendable {
  let state: String
  private let shared = LockedValue<[SharedKeyID: String]>([:])

  init(state: String) {
    self.state = state
  }

  /// The title of the shared value of `key`, whose name `name` gives.
  func title(of key: SharedKeyID, name: (SharedKeyID) -> String) -> String {
    if let known = shared.withLock({ $0[key] }) { return known }
    let title = MomentDiff.title(name(key))
    shared.withLock { $0[key] = title }
    return title
  }
}
