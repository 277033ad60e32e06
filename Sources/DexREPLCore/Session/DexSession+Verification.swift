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
    var owners: [String: SharedKeyID] = [:]
    var findings: [SessionVerification.Finding] = []
    let count = try history.checkSession(data, report: report, encodeMoment: encodedMoment) {
      check in
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
        let diff = diff(from: recorded, to: now)
        guard !diff.isEmpty else { return }
        let action = ActionText<App>.line(entry.action, naming: sharedName(of:))
        findings.append(.diverges(entry: entry.id, action: action, diff: diff))
      }
    }
    return SessionVerification(
      entryCount: report.entryCount, hasChecks: count > 0, findings: findings)
  }
}
