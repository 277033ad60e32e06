import Composable
import ComposableInspection
import StoreInspector

/// How `gentest` asserts a change of a shared value: once, through the `Shared` of its owner
/// (`$0.team.$trainer.withLock { $0.name = "Ash" }`, `$0.settings.$pageSize.withLock { $0 = 50 }`);
/// every other property showing the same value shows the same change and is left out.
struct SharedAssignments {
  private struct Holder {
    let path: String
    let isOwner: Bool
  }

  /// The holders, longest path first, so that the innermost holder of a path is found first.
  private let holders: [Holder]

  /// The holders of shared values in `states` (the states of the session the test replays).
  init(states: [Any]) {
    var holders: [String: Holder] = [:]
    for state in states {
      for (_, found) in sharedHolders(in: state) {
        let owner = found.first { !$0.isReadOnly }?.path
        for holder in found where holders[holder.path] == nil {
          holders[holder.path] = Holder(path: holder.path, isOwner: holder.path == owner)
        }
      }
    }
    self.holders = holders.values.sorted { $0.path.count > $1.path.count }
  }

  /// `assignment` through the owner's `Shared`, "" for another holder of a shared value, nil
  /// when no shared value is on its path.
  func statement(for assignment: StateAssignment) -> String? {
    let path = assignment.path.map { component -> String in
      switch component {
      case let .field(name), let .enumCase(name): "." + name
      default: component.description
      }
    }.joined().drop { $0 == "." }
    guard
      let holder = holders.first(where: { holder in
        path == holder.path || path.hasPrefix(holder.path + ".") || path.hasPrefix(holder.path + "[")
      })
    else { return nil }
    guard holder.isOwner else { return "" }
    // An owner's path is made of stored properties, spelled as the target starts.
    let prefix = "." + holder.path
    guard assignment.target.hasPrefix(prefix), let dot = prefix.lastIndex(of: ".") else {
      return nil
    }
    let projected = prefix[..<dot] + ".$" + prefix[prefix.index(after: dot)...]
    var inner = assignment
    inner.target = String(assignment.target.dropFirst(prefix.count))
    return "$0\(projected).withLock { \(inner.statement) }"
  }
}
