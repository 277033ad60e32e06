#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What checking one entry of a session document against a history found (see
/// `History.checkSession(_:encodeMoment:_:)`).
public enum EntryCheck<Moment, Action> {
  /// The moment after the entry has the digest the document recorded.
  case matches(HistoryEntry<Action>)
  /// The moment after the entry now (`now`) is not the one the document recorded (`recorded`,
  /// encoded as the document encodes moments): the caller decodes it to show how they differ.
  case differs(HistoryEntry<Action>, recorded: JSONValue, now: Moment)
  /// The entry's action no longer decodes, so the history has no such entry: its number, the
  /// action as the document recorded it, and why it did not decode.
  case notImported(EntryID, action: JSONValue, reason: String)
}

extension History {
  /// Compares the moment after every entry of `document` (an exported session this history was
  /// imported from, whose entries keep a `check`) with the moment the entry has here, in entry
  /// order; each moment the document recorded is rebuilt from its parent's with the entry's
  /// patch. Returns how many entries the document checks; 0 when it keeps no checks (a file
  /// exported before they were written), and `body` is then never called.
  ///
  /// `report` is what importing the document said (which actions no longer decode, and why);
  /// `encodeMoment` must encode moments as the document's exporter did.
  @discardableResult
  public func checkSession(
    _ document: Data, report: ImportReport,
    encodeMoment: (Moment) throws -> JSONValue,
    _ body: (EntryCheck<Moment, Action>) throws -> Void
  ) throws -> Int {
    let json: JSONValue
    do {
      json = try JSONValue(parsing: document)
    } catch {
      throw SessionError.notJSON(error)
    }
    let reader = SessionReader(value: json, path: "$")
    let entries = try reader.member("entries").elements("an array of entries")
    guard entries.contains(where: { $0.member("check").value != nil }) else { return 0 }
    let initial = try reader.member("initial").required("the initial moment")
    let reasons = Dictionary(
      report.leftOut.map { ($0.entry.number, $0.reason) }, uniquingKeysWith: { first, _ in first })
    // The recorded moments still needed: those with children to come.
    var recorded: [Int: JSONValue] = [0: initial.sortingKeys]
    var pendingChildren: [Int: Int] = [:]
    for entry in entries {
      let parent = try entry.member("parent").integer("the number of an earlier entry, or 0")
      pendingChildren[parent, default: 0] += 1
    }
    // The entries the history limit folded are part of the initial moment.
    let firstNumber = (try? reader.member("folded").integer("a count")).map { $0 + 1 } ?? 1
    for entryReader in entries {
      let number = try entryReader.member("number").integer("an entry number from 1 up")
      var parent = try entryReader.member("parent").integer("the number of an earlier entry, or 0")
      if parent < firstNumber { parent = 0 }
      let checkReader = entryReader.member("check")
      guard let before = recorded[parent] else {
        throw SessionError.unknownEntry(path: entryReader.member("parent").path, number: parent)
      }
      let after = try before.applying(checkReader.member("patch"))
      pendingChildren[parent, default: 1] -= 1
      if pendingChildren[parent] == 0 { recorded[parent] = nil }
      if pendingChildren[number, default: 0] > 0 { recorded[number] = after }

      if leftOut.contains(number) {
        let action = entryReader.member("action").value ?? .null
        try body(.notImported(EntryID(number), action: action, reason: reasons[number] ?? ""))
        continue
      }
      let digest = try checkReader.member("digest").singleLine("a digest of 16 hex digits")
      let now = try moment(at: EntryID(number))
      let entry = try self.entry(EntryID(number))
      if MomentDigest.of(try encodeMoment(now)).text == digest {
        try body(.matches(entry))
      } else {
        try body(.differs(entry, recorded: after, now: now))
      }
    }
    return entries.count
  }

  /// Calls `body` with every entry, by number, and what `derive` makes of the moments before
  /// and after it. Each moment is computed once, from its parent's, which is kept only while
  /// children of it are still to come: a linear history holds two moments at a time.
  func walkAllEntries<Derived>(
    deriving derive: (Moment) throws -> Derived,
    _ body: (_ entry: HistoryEntry<Action>, _ before: Derived, _ after: Derived) throws -> Void
  ) throws {
    var kept: [Int: (moment: Moment, derived: Derived)] = [
      0: (initialMoment, try derive(initialMoment))
    ]
    var pendingChildren: [Int: Int] = [0: Int(rootChildren.count)]
    for slot in firstLiveSlot..<links.count {
      let node = links[slot]
      guard node.isLive else { continue }
      let number = slot + firstStoredNumber
      guard let before = kept[node.parent] else { continue }
      var moment = before.moment
      if let keyframe = keyframes[number] {
        moment = keyframe
      } else if !node.isSkipped {
        _ = reduce(&moment, action(number), currentValues(number))
      }
      let after = (moment, try derive(moment))
      try body(entry(number: number), before.derived, after.1)
      pendingChildren[node.parent, default: 1] -= 1
      if pendingChildren[node.parent] == 0 { kept[node.parent] = nil }
      if node.children.count > 0 {
        kept[number] = after
        pendingChildren[number] = Int(node.children.count)
      }
    }
  }
}
