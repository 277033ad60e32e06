import ComposableInspection
import Foundation
import StoreInspector

// import --verify (and dex --verify): does an exported session still replay as recorded?
extension REPL {
  /// Imports the session at `path` and says, for each entry whose moment the current reducers
  /// no longer reach, how it differs; fails unless every entry replays as recorded.
  func verifySession(at path: String) throws(REPLError) {
    let data = try SafeFile.read(path, maximumSize: Self.maximumImportSize, command: "import")
    let verification: SessionVerification
    do {
      verification = try session.verifySession(data)
    } catch {
      throw .failed(.because(subject: path, words: "\(error)".escapingControlCharacters))
    }
    for item in VerificationReport.items(verification, settings: session.settings) {
      console.write(item)
    }
    if let refusal = VerificationReport.refusal(verification, path: path) {
      throw .failed(refusal)
    }
    console.print(Notice.verified(path: path, entries: verification.entryCount).text)
  }
}

/// How a verification prints: one item per entry that did not replay as recorded, the first
/// divergence with its whole diff (recorded → now) and later ones by the paths that differ.
enum VerificationReport {
  /// The items to print, in entry order.
  static func items(_ verification: SessionVerification, settings: SessionSettings) -> [OutputItem] {
    var shownInFull = false
    return verification.findings.map { finding in
      switch finding {
      case let .diverges(entry, action, diff):
        let header = settings.style.header("#\(entry) \(action) diverges")
        let text: String
        if shownInFull {
          let paths = changedPaths(diff)
          let listed = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
          text = header + " at \(paths.count) \(paths.count == 1 ? "path" : "paths"): \(listed)"
        } else {
          shownInFull = true
          text = header + " " + DiffRenderer.header(labels) + "\n" + settings.style.diff(diff.text())
        }
        return OutputItem(
          type: "divergence", text: text,
          members: [
            .init("entry", .number(entry.number)), .init("action", .string(action)),
            .init("diff", diff.jsonValue),
          ])
      case let .notDecoded(entry, recordedAction, reason):
        let oneLine = reason.oneLine(limit: 300)
        return OutputItem(
          type: "divergence",
          text: "#\(entry) \(recordedAction.escapingControlCharacters) no longer decodes: \(oneLine)",
          members: [
            .init("entry", .number(entry.number)),
            .init("recordedAction", .string(recordedAction)), .init("reason", .string(reason)),
          ])
      }
    }
  }

  /// The two sides of a divergence's diff.
  static let labels = DiffRenderer.Labels(old: "recorded", new: "now")

  /// Why the verification fails, or nil when every entry replays as recorded.
  static func refusal(_ verification: SessionVerification, path: String) -> Refusal? {
    guard verification.hasChecks else { return .nothingToVerify(path: path) }
    guard !verification.isClean else { return nil }
    return .verificationFailed(
      path: path, entries: verification.entryCount, diverging: verification.divergingCount,
      notDecoded: verification.notDecodedCount)
  }

  /// `1 entry`, `6 entries`.
  static func entries(_ count: Int) -> String {
    "\(count) \(count == 1 ? "entry" : "entries")"
  }

  /// Where the recorded and the current moment differ: state paths, and shared values by their
  /// titles (`@Shared(todos.json)[2]`).
  private static func changedPaths(_ diff: MomentDiff) -> [String] {
    diff.sections.flatMap { section in
      section.diff.changes.map { change in
        let path = change.pathDescription
        guard let title = section.title else { return path }
        return title + (path.isEmpty || path.hasPrefix("[") ? path : "." + path)
      }
    }
  }
}
