import Composable
import ComposableInspection
import DexPlatform

/// What the REPL calls each shared value: a named key by its name (`todos.json`,
/// `appStorage:pageSize`, `inMemory:downloads`), an unnamed one (`Shared(value:)`) by the path
/// of its owner in the state (`team.trainer`), found once and remembered.
final class SharedNaming: Sendable {
  private let owners = LockedValue<[SharedKeyID: String]>([:])

  /// The name of `key`; an unnamed key not named yet is looked for in `state`.
  func name(of key: SharedKeyID, in state: @autoclosure () -> Any) -> String {
    guard key.isUnnamed else { return key.displayName }
    if let known = owners.withLock({ $0[key] }) { return known }
    let found = sharedHolders(in: state()).compactMapValues(\.first?.path)
    return owners.withLock { owners in
      for (id, path) in found where id.isUnnamed && owners[id] == nil { owners[id] = path }
      // A value the state does not hold keeps its key's name, so the state is walked once.
      if owners[key] == nil { owners[key] = key.displayName }
      return owners[key] ?? key.displayName
    }
  }

  /// The names of the unnamed keys among `keys`, for a diff (`MomentDiff.named(_:)`).
  func names(of keys: [SharedKeyID], in state: @autoclosure () -> Any) -> [SharedKeyID: String] {
    var names: [SharedKeyID: String] = [:]
    for key in keys where key.isUnnamed { names[key] = name(of: key, in: state()) }
    return names
  }

  /// The key among `keys` called `name`: by its name, its name without extension
  /// (`starred`), its key alone (`pageSize`), or an unnamed one by its owner's path.
  func key(named name: String, among keys: [SharedKeyID], in state: @autoclosure () -> Any)
    -> SharedKeyID?
  {
    let state = state()
    let named = keys.map { (key: $0, name: self.name(of: $0, in: state)) }
    return named.first { $0.name == name }?.key
      ?? keys.first { $0.shortName == name }
      ?? keys.first { !$0.isUnnamed && $0.kind != "file" && $0.name == name }
  }
}
