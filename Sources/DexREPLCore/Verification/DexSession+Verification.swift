import Composable
import ComposableInspection
import Foundation
import StoreInspector

extension DexSession {
  /// Imports the session in `data` (replacing the history, as `import` does), then compares the
  /// moment each entry reaches through the current reducers with the one the file recorded.
  func verifySession(_ data: Data) throws -> SessionVerification {
    let (_, report) = try importedSession(data)
    // A copy: the check reduces and decodes outside the session's lock.
    let history = withHistory { $0 }
    // The moments reached here are encoded with the file's names of the persisted values, so
    // a check compares values wherever the data directory of either run is.
    let names = exportedNames(in: data)
    var owners: [String: SharedKeyID] = [:]
    var findings: [SessionVerification.Finding] = []
    let count = try history.checkSession(
      data, report: report, encodeMoment: { try encodedMoment($0, names: names) }
    ) { check in
      switch check {
      case .matches:
        break
      case let .notImported(entry, action, reason):
        findings.append(
          .notDecoded(entry: entry, recordedAction: action.text(pretty: false), reason: reason))
      case let .differs(entry, recordedJSON, now):
        let path = "$.entries[#\(entry.id.number)].check"
        let recorded = try decodedMoment(recordedJSON, at: path, owners: &owners).moment
        // The digests differ also when only the order of an unordered collection does.
        let diff = diff(fromDecoded: recorded, to: now)
        guard !diff.isEmpty else { return }
        let action = ActionText<App>.line(entry.action, naming: sharedName(of:))
        findings.append(.diverges(entry: entry.id, action: action, diff: diff))
      }
    }
    return SessionVerification(
      entryCount: report.entryCount, hasChecks: count > 0, findings: findings)
  }

  /// The name the session file `data` gives each persisted value whose key here has another
  /// (its file in another data directory), by the key here.
  private func exportedNames(in data: Data) -> [SharedKeyID: String] {
    guard case let .array(values)? = (try? JSONValue(parsing: data))?["initial"]?["shared"]
    else { return [:] }
    let container = store.sharedContainer
    var names: [SharedKeyID: String] = [:]
    for value in values {
      guard case let .string(kind)? = value["kind"], case let .string(name)? = value["name"]
      else { continue }
      let exported = SharedKeyID(kind: kind, name: name)
      if !exported.isUnnamed, let here = container.counterpart(of: exported), here != exported {
        names[here] = name
      }
    }
    return names
  }

  /// What changed from `recorded`, a moment decoded from a session file, to `now`, the moment
  /// the history reaches. The decoded state holds its unnamed values under keys of its own:
  /// `now` is read with each of them holding the value of the key `now`'s state holds at the
  /// same owner's path (the decoded value itself when `now`'s state holds none there), so the
  /// values are compared, not the keys.
  private func diff(fromDecoded recorded: StoreMoment<State>, to now: StoreMoment<State>)
    -> MomentDiff
  {
    var keysNow: [String: SharedKeyID] = [:]
    for (key, holders) in sharedHolders(in: now.state) where key.isUnnamed {
      if let owner = holders.first { keysNow[owner.path] = key }
    }
    var sharedNow = now.shared
    for (key, holders) in sharedHolders(in: recorded.state) where key.isUnnamed {
      if let owner = holders.first, let keyNow = keysNow[owner.path] {
        sharedNow = sharedNow.holding(key, valueOf: keyNow, in: now.shared)
      } else {
        sharedNow = sharedNow.holding(key, valueOf: key, in: recorded.shared)
      }
    }
    return momentDiff(
      recorded.state, now.state, sharedBefore: recorded.shared, sharedAfter: sharedNow
    ).namingUnnamedValues(in: recorded.state)
  }
}
