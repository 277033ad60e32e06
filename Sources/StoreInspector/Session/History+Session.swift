#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Export and import of a history as a versioned JSON document:
//
// {
//   "format": "dex-session",
//   "version": 2,                     version 1 (no recorded values) is still read
//   "current": 3,                     the entry the cursor is at (0: the initial moment)
//   "head": 3,                        the head of the current branch
//   "folded": 2,                      (only when the history limit folded entries) how many
//                                     entries the initial moment holds; the list starts after
//   "initial": …,                     the initial moment, as encodeMoment writes it
//   "entries": [                      every entry of every branch, by increasing number,
//                                     one per line; dates are ISO 8601 (UTC, milliseconds)
//     {"number": 1, "parent": 0, "origin": "sent", "skipped": false, "date": "…", "action": …},
//     {"number": 2, "parent": 1, "origin": {"receivedFrom": 1}, "skipped": false, …,
//      "recorded": [{"uuid": "…"}, {"date": "…"}]},     values the reduction took from outside
//     {"number": 3, "parent": 2, "origin": "external", …, "replayed": [{"uuid": "…"}]}
//   ],                                 "replayed": what a recomputation used instead (drift)
//                                     "check": {"digest": "…", "patch": …} (optional) the moment
//                                     after the entry: the MomentDigest of its encoding, and the
//                                     patch from its parent's (JSONValue+Patch.swift), both of
//                                     moments with every object's members in key order, so
//                                     that `checkSession` can tell where a replay now differs
//   "script": …                       optional members the caller adds (`extra`); a reader
//                                     that does not know one ignores it
// }
//
// The branch structure is the `parent` of each entry. Only the initial moment is stored: import
// rebuilds every other moment by replaying the actions through `reduce`, running no effect.

extension History {
  /// The session as a JSON document (see the format above): the initial moment, every entry on
  /// every branch, the cursor, then the `extra` members. With `checks`, each entry also keeps
  /// the digest of the moment after it and the patch from its parent's moment (`check`).
  public func exportSession(
    extra: [JSONValue.Member] = [],
    checks: Bool = false,
    encodeMoment: (Moment) throws -> JSONValue,
    encodeAction: (Action) throws -> JSONValue
  ) throws(SessionError) -> Data {
    let initial: JSONValue
    do {
      initial = try encodeMoment(initialMoment)
    } catch {
      throw .momentDoesNotEncode(reason: String(describing: error))
    }
    var checkMembers: [Int: JSONValue] = [:]
    if checks {
      do {
        // Patches go from and to moments whose objects list their members in key order.
        try walkAllEntries(deriving: { try encodeMoment($0).sortingKeys }) { entry, before, after in
          checkMembers[entry.id.number] = [
            "digest": .string(MomentDigest.of(keysSorted: after).text),
            "patch": before.patch(to: after),
          ]
        }
      } catch {
        throw .momentDoesNotEncode(reason: String(describing: error))
      }
    }
    var entries: [JSONValue] = []
    entries.reserveCapacity(count)
    for entry in allEntries {
      let action: JSONValue
      do {
        action = try encodeAction(entry.action)
      } catch {
        throw .actionDoesNotEncode(entry: entry.id, reason: String(describing: error))
      }
      let origin: JSONValue =
        switch entry.origin {
        case .sent: "sent"
        case .received(let source): ["receivedFrom": .number(source.number)]
        case .external: "external"
        }
      var members: [JSONValue.Member] = [
        .init("number", .number(entry.id.number)),
        .init("parent", .number(entry.parent.number)),
        .init("origin", origin),
        .init("skipped", .bool(entry.isSkipped)),
        .init("date", entry.date.map { .string(ISO8601Text.text(of: $0)) } ?? .null),
        .init("action", action),
      ]
      if !entry.recorded.isEmpty {
        members.append(.init("recorded", .array(entry.recorded.map(\.sessionJSON))))
      }
      if let replayed = entry.replayed {
        members.append(.init("replayed", .array(replayed.map(\.sessionJSON))))
      }
      if let check = checkMembers[entry.id.number] { members.append(.init("check", check)) }
      entries.append(.object(members))
    }
    // Pretty JSON, except that each entry stays on one line whatever its width.
    var text = "{\n"
    text += #"  "format": "dex-session",\#n"#
    text += #"  "version": \#(sessionFormatVersion),\#n"#
    text += #"  "current": \#(currentEntry.number),\#n"#
    text += #"  "head": \#(head.number),\#n"#
    // The entries the history limit folded into the initial moment: the listed ones start after.
    if foldedCount > 0 { text += #"  "folded": \#(foldedCount),\#n"# }
    text += #"  "initial": "# + initial.prettyText(indent: 2, used: 13) + ",\n"
    text += #"  "entries": ["#
    for (offset, entry) in entries.enumerated() {
      text += (offset == 0 ? "\n    " : ",\n    ") + entry.spacedText
    }
    text += entries.isEmpty ? "]" : "\n  ]"
    for member in extra {
      text += ",\n  " + JSONValue.string(member.key).spacedText + ": "
        + member.value.prettyText(indent: 2, used: member.key.count + 6)
    }
    text += "\n}\n"
    return Data(text.utf8)
  }

  /// Rebuilds a history from a document `exportSession` wrote, replaying every action through
  /// `reduce` (no effect runs) with the values each entry recorded. `decodeAction` gets the
  /// entry's origin too (an external entry holds a change, not an action).
  ///
  /// An entry whose action no longer decodes (a case that was renamed or removed, say) is left
  /// out and listed in the report by number; the entries recorded after it then follow its
  /// parent, as if it had been skipped and forgotten. Anything else that is wrong with the
  /// document (not JSON, another format or version, a missing or mistyped member, an initial
  /// moment that no longer decodes) fails the whole import with an error naming the JSON path.
  public static func importSession(
    from data: Data,
    keyframeInterval: Int = 32,
    limit: Int? = nil,
    reduce: @escaping Reduce,
    decodeMoment: (JSONValue) throws -> Moment,
    decodeAction: (JSONValue, EntryOrigin) throws -> Action
  ) throws(SessionError) -> (history: History, report: ImportReport) {
    let json: JSONValue
    do {
      json = try JSONValue(parsing: data)
    } catch {
      throw .notJSON(error)
    }
    let document = SessionReader(value: json, path: "$")
    guard case .object = json, document.member("format").value == "dex-session" else {
      throw .notASession
    }
    let version = document.member("version")
    guard let versionValue = version.value, readableSessionVersions.contains(versionValue) else {
      guard let found = version.value else { throw version.invalid("a version number") }
      throw .unsupportedVersion(found: SessionReader.excerpt(found))
    }

    let initialReader = document.member("initial")
    let initialValue = try initialReader.required("the initial moment")
    let initial: Moment
    do {
      initial = try decodeMoment(initialValue)
    } catch let error as SessionError {
      throw error
    } catch {
      throw .initialMomentDoesNotDecode(reason: describeDecodingError(error))
    }
    var history = History(initial: initial, keyframeInterval: keyframeInterval, reduce: reduce)

    /// Where each listed entry now hangs: itself, or (left out) its own parent's place.
    var placement: [Int: Int] = [0: 0]
    var previous = 0
    let entries = try document.member("entries").elements("an array of entries")
    var leftOut: [ImportReport.LeftOutEntry] = []
    var driftedInDocument: Set<EntryID> = []
    // A history its limit folded says how many entries it folded into the initial moment and
    // lists the rest, numbered after them; an entry naming a folded one (received from it)
    // names the initial moment. The count's bound keeps every entry number the session goes
    // on to make far from Int's limit.
    let foldedReader = document.member("folded")
    let foldedRange = 0...max(0, largestSessionEntryNumber - entries.count)
    let foldedCount = "a count of entries from 0 to \(foldedRange.upperBound)"
    let folded =
      foldedReader.value == nil ? 0 : try foldedReader.integer(in: foldedRange, foldedCount)
    let firstNumber = folded + 1
    if folded > 0 {
      history.firstStoredNumber = firstNumber
      history.rootDepth = firstNumber - 1
      previous = firstNumber - 1
    }
    func placeOfEntry(_ number: Int) -> Int? {
      placement[number] ?? ((0..<firstNumber).contains(number) ? 0 : nil)
    }
    for entryReader in entries {
      _ = try entryReader.object("an entry object")
      let numberReader = entryReader.member("number")
      let number = try numberReader.integer("an entry number from 1 up")
      guard number > previous else {
        throw number < 1
          ? numberReader.invalid("an entry number from 1 up")
          : .entryOutOfOrder(path: numberReader.path, number: number, previous: previous)
      }
      // Entries are stored by number: a number far beyond the entry count would allocate by it.
      guard number - firstNumber < entries.count else {
        throw .entryNumberTooLarge(path: numberReader.path, number: number, count: entries.count)
      }
      previous = number
      let parentReader = entryReader.member("parent")
      let parent = try parentReader.integer("the number of an earlier entry, or 0")
      guard let place = placeOfEntry(parent) else {
        throw .unknownEntry(path: parentReader.path, number: parent)
      }
      let originReader = entryReader.member("origin")
      let origin = try Self.origin(originReader)
      if case .received(let source) = origin, placeOfEntry(source.number) == nil {
        throw .unknownEntry(path: originReader.path + ".receivedFrom", number: source.number)
      }
      let isSkipped = try entryReader.member("skipped").bool(default: false)
      let recorded = try entryReader.member("recorded").recordedValues()
      let replayedReader = entryReader.member("replayed")
      let replayed = replayedReader.value == nil ? nil : try replayedReader.recordedValues()
      if let replayed, replayed.contains(where: { !recorded.contains($0) }) {
        driftedInDocument.insert(EntryID(number))
      }
      let date = try entryReader.member("date").date()
      let actionValue = try entryReader.member("action").required("an action")
      let action: Action
      do {
        action = try decodeAction(actionValue, origin)
      } catch {
        leftOut.append(.init(entry: EntryID(number), reason: describeDecodingError(error)))
        history.leftOut.insert(number)
        placement[number] = place
        continue
      }
      history.moveCursorForImport(to: place)
      history.appendEntry(
        number: number, action: action, origin: origin, date: date, isSkipped: isSkipped,
        recorded: recorded, replayed: replayed)
      placement[number] = number
    }
    history.nextNumber = previous + 1
    history.rebuildKeyframes(from: history.children(of: 0), before: initial)

    let current = try Self.reference(document.member("current"), placement)
    let headReader = document.member("head")
    let head = headReader.value == nil ? current : try Self.reference(headReader, placement)
    history.rebuildPath(endingAt: history.newestHead(under: head))
    if history.pathIndex(of: current) == nil {
      history.rebuildPath(endingAt: history.newestHead(under: current))
    }
    history.cursorIndex = history.pathIndex(of: current) ?? 0
    history.limit = limit
    let report = ImportReport(
      entryCount: entries.count, leftOut: leftOut,
      version: versionValue == .number(1) ? 1 : sessionFormatVersion,
      driftedInDocument: driftedInDocument)
    return (history, report)
  }

  /// Puts the cursor on entry `number` (an existing entry or 0), making its path current.
  mutating func moveCursorForImport(to number: Int) {
    if let index = pathIndex(of: number) {
      cursorIndex = index
    } else {
      rebuildPath(endingAt: number)
      cursorIndex = path.count - 1
    }
  }

  private static func origin(_ reader: SessionReader) throws(SessionError) -> EntryOrigin {
    let expected = #""sent", "external" or {"receivedFrom": N}"#
    switch reader.value {
    case "sent"?:
      return .sent
    case "external"?:
      return .external
    case .object(let members)? where members.count == 1:
      let source = try reader.member("receivedFrom").integer("an entry number")
      return .received(from: EntryID(source))
    default:
      throw reader.invalid(expected)
    }
  }

  /// The entry a `current` or `head` member names, placed where it now hangs.
  private static func reference(
    _ reader: SessionReader, _ placement: [Int: Int]
  ) throws(SessionError) -> Int {
    let number = try reader.integer("an entry number, or 0")
    guard let place = placement[number] else {
      throw .unknownEntry(path: reader.path, number: number)
    }
    return place
  }
}
