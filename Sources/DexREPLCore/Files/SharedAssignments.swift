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
  /// The keys whose owner is among the holders.
  private let ownedKeys: Set<SharedKeyID>

  /// The holders of shared values in `states` (the states of the session the test replays).
  init(states: [Any]) {
    var holders: [String: Holder] = [:]
    var ownedKeys: Set<SharedKeyID> = []
    for state in states {
      for (key, found) in sharedHolders(in: state) {
        let owner = found.first(where: \.canOwn)?.path
        if owner != nil { ownedKeys.insert(key) }
        for holder in found where holders[holder.path] == nil {
          holders[holder.path] = Holder(path: holder.path, isOwner: holder.path == owner)
        }
      }
    }
    self.holders = holders.values.sorted { $0.path.count > $1.path.count }
    self.ownedKeys = ownedKeys
  }

  /// `statement(for:)`, or "" when the assignment reads into another holder of a value owned
  /// elsewhere that only `stepStates` show (a presented screen's copy of the starred ids): found
  /// along the assignment's path, not by walking the whole states again.
  func statement(for assignment: StateAssignment, in stepStates: [Any]) -> String? {
    if let statement = statement(for: assignment) { return statement }
    var components: [StatePath.Component] = []
    for component in assignment.path {
      switch component {
      case let .field(name), let .enumCase(name): components.append(.name(name))
      case let .index(index): components.append(.index(index))
      case let .id(text):
        guard let id = try? LiteralParser.parse(text) else { return nil }
        components.append(.id(id))
      case let .key(text):
        guard let key = try? LiteralParser.parse(text) else { return nil }
        components.append(.key(key))
      }
    }
    let path = StatePath(components)
    for state in stepStates {
      if let (key, _) = sharedKey(backing: path, in: state), ownedKeys.contains(key) { return "" }
    }
    return nil
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
