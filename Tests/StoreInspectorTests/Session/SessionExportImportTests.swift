import Foundation
import Testing

@testable import StoreInspector

struct SessionExportImportTests {
  /// Two branches, a received action, a skipped entry and dates; the cursor in the past.
  private func recordedSession() throws -> ToySession {
    var session = ToySession(keyframeInterval: 2)
    session.send(.incrementTapped)
    let appear = session.send(.onAppear)
    session.receive(.loaded(titles: ["milk", "eggs"]), from: appear)
    session.send(.toggled(id: 2))
    session.send(.addTapped(title: "tea \"green\""))
    try session.travel { try $0.jump(to: 3) }
    session.send(.decrementTapped)
    session.send(.incrementTapped)
    try session.travel { try $0.skip(4) }
    try session.travel { try $0.switchBranch(to: 1) }
    try session.travel { try $0.back() }
    return session
  }

  @Test func exportThenImportGivesIdenticalMomentsAtEveryEntryAndKeepsBranches() throws {
    let session = try recordedSession()
    let original = session.history
    let (imported, report) = try importTodoSession(try session.exported(), keyframeInterval: 3)
    #expect(report.isComplete)
    #expect(report.description == "Imported 7 entries.")
    #expect(imported.allEntries == original.allEntries)
    for number in 0...7 {
      #expect(
        try imported.moment(at: EntryID(number)) == original.moment(at: EntryID(number)),
        "entry \(number)")
    }
    #expect(imported.branches == original.branches)
    #expect(imported.currentEntry == original.currentEntry)
    #expect(imported.currentBranch == original.currentBranch)
    #expect(imported.currentMoment == session.state)
  }

  @Test func anImportedSessionTravelsAndRecordsLikeTheOriginal() throws {
    let session = try recordedSession()
    var (imported, _) = try importTodoSession(try session.exported())
    var original = session.history
    try imported.forward()
    try original.forward()
    #expect(imported.currentEntry == original.currentEntry)
    #expect(imported.record(.incrementTapped, moment: TodoApp()) == 8)
  }

  @Test func theExportIsTheDocumentedJSON() throws {
    var session = ToySession()
    session.history.record(
      .onAppear, date: Date(timeIntervalSince1970: 1_767_259_800), moment: TodoApp(isLoading: true))
    session.history.record(
      .loaded(titles: ["milk"]), origin: .received(from: 1),
      date: Date(timeIntervalSince1970: 1_767_259_800.25),
      moment: TodoApp(todos: [Todo(id: 1, title: "milk")]))
    try session.history.skip(1)
    #expect(
      try session.exported() == """
        {
          "format": "dex-session",
          "version": 2,
          "current": 2,
          "head": 2,
          "initial": {"count": 0, "isLoading": false, "todos": []},
          "entries": [
            {"number": 1, "parent": 0, "origin": "sent", "skipped": true, "date": "2026-01-01T09:30:00Z", "action": ".onAppear"},
            {"number": 2, "parent": 1, "origin": {"receivedFrom": 1}, "skipped": false, "date": "2026-01-01T09:30:00.250Z", "action": ".loaded(titles: [\\"milk\\"])"}
          ]
        }

        """)
  }

  @Test func anActionThatNoLongerDecodesIsReportedByNumberAndLeftOut() throws {
    var session = ToySession()
    session.send(.incrementTapped)
    session.send(.addTapped(title: "milk"))
    session.send(.incrementTapped)
    session.send(.toggled(id: 1))
    let text = try session.exported()
      .replacingOccurrences(of: #"".addTapped(title: \"milk\")""#, with: #"".legacyTapped""#)
      .replacingOccurrences(of: #"".toggled(id: 1)""#, with: #"".renamed(id: 1)""#)
    let (imported, report) = try importTodoSession(text)
    #expect(
      report.lines == [
        "entry 2: unknown case .legacyTapped", "entry 4: unknown case .renamed(id: 1)",
      ])
    #expect(
      report.description == """
        Imported 2 of 4 entries; 2 actions no longer decode and were left out:
        entry 2: unknown case .legacyTapped
        entry 4: unknown case .renamed(id: 1)
        """)
    #expect(imported.currentBranch == [1, 3])
    #expect(imported.currentEntry == 3)
    #expect(try imported.entry(3).parent == 1)
    #expect(imported.currentMoment == TodoApp(count: 2))
    #expect(throws: HistoryError.notImported(2)) { try imported.moment(at: 2) }
  }

  @Test func aTruncatedDocumentGivesOneErrorNamingWhereItEnds() throws {
    let text = try recordedSession().exported()
    let truncated = String(text.prefix(120))
    #expect {
      _ = try importTodoSession(truncated)
    } throws: { error in
      (error as? SessionError)?.description
        == "The session is not valid JSON (unexpected end of input, expected a member name in "
        + "quotes at line 6, column 47); the file may be truncated, so export the session again."
    }
  }

  @Test(arguments: [
    (
      "garbage",
      "The session is not valid JSON (unexpected 'g' at line 1, column 1); the file may be "
        + "truncated, so export the session again."
    ),
    (
      "",
      "The session is not valid JSON (unexpected end of input at line 1, column 1); the file may "
        + "be truncated, so export the session again."
    ),
    (
      #"{"format": "something else"}"#,
      #"This JSON is not a dex session ($.format is not "dex-session"); import a file written "#
        + "by a session export."
    ),
    (
      #"[1, 2]"#,
      #"This JSON is not a dex session ($.format is not "dex-session"); import a file written "#
        + "by a session export."
    ),
    (
      #"{"format": "dex-session", "version": 3}"#,
      "The session has version 3, but only versions 1 and 2 can be read; export the session "
        + "again with this version of dex."
    ),
    (
      #"{"format": "dex-session", "version": 1, "current": 0, "entries": []}"#,
      "$.initial should be the initial moment but is missing; fix the document or export the "
        + "session again."
    ),
    (
      #"{"format": "dex-session", "version": 1, "initial": [], "current": 0, "entries": []}"#,
      "$.initial no longer decodes (expected an object with count, isLoading and todos); the "
        + "state type has changed too much to import this session."
    ),
    (
      document(entries: #"{"number": 1, "parent": 0, "origin": "sent", "action": ".onAppear"}"#),
      "$.entries should be an array of entries but is {\"number\":1,\"parent\":0,\"origin\":\"sent…; "
        + "fix the document or export the session again."
    ),
    (
      document(entries: #"[{"number": 1, "parent": 3, "origin": "sent", "action": ".onAppear"}]"#),
      "$.entries[0].parent names entry 3, which the document does not list before it; fix the "
        + "document or export the session again."
    ),
    (
      document(
        entries: #"[{"number": 2, "parent": 0, "origin": "sent", "action": ".onAppear"}, "#
          + #"{"number": 1, "parent": 0, "origin": "sent", "action": ".onAppear"}]"#),
      "$.entries[1].number is entry 1 but follows entry 2, and entries must be listed in "
        + "increasing order; fix the document or export the session again."
    ),
    (
      document(
        entries: #"[{"number": "1", "parent": 0, "origin": "sent", "action": ".onAppear"}]"#),
      #"$.entries[0].number should be an entry number from 1 up but is "1"; fix the document or "#
        + "export the session again."
    ),
    (
      document(entries: #"[{"number": 1, "parent": 0, "origin": "kept", "action": ".onAppear"}]"#),
      #"$.entries[0].origin should be "sent", "external" or {"receivedFrom": N} but is "kept"; "#
        + "fix the document or export the session again."
    ),
    (
      document(
        entries: #"[{"number": 100000000, "parent": 0, "origin": "sent", "action": ".onAppear"}]"#),
      "$.entries[0].number is entry 100000000, but the document lists only 1 entry and numbers "
        + "them from 1 without gaps beyond that; fix the document or export the session again."
    ),
    (
      document(
        entries:
          #"[{"number": 1, "parent": 0, "origin": {"receivedFrom": 5}, "action": ".onAppear"}]"#),
      "$.entries[0].origin.receivedFrom names entry 5, which the document does not list before "
        + "it; fix the document or export the session again."
    ),
    (
      document(
        entries:
          #"[{"number": 1, "parent": 0, "origin": "sent", "action": ".onAppear", "recorded": [{"uuid": "nope"}]}]"#
      ),
      #"$.entries[0].recorded[0].uuid should be a UUID but is "nope"; fix the document or "#
        + "export the session again."
    ),
    (
      document(
        entries:
          #"[{"number": 1, "parent": 0, "origin": "sent", "action": ".onAppear", "recorded": [{"id": 1}]}]"#
      ),
      #"$.entries[0].recorded[0] should be an array of {"uuid": "…"}, {"date": "…"} and {"stackElementID": 0} objects "#
        + #"but is {"id":1}; fix the document or export the session again."#
    ),
    (
      document(
        entries:
          #"[{"number": 1, "parent": 0, "origin": {"receivedFrom": "x"}, "action": ".onAppear"}]"#),
      #"$.entries[0].origin.receivedFrom should be an entry number but is "x"; fix the document "#
        + "or export the session again."
    ),
    (
      document(
        entries:
          #"[{"number": 1, "parent": 0, "origin": "sent", "date": "yesterday", "action": ".onAppear"}]"#
      ),
      #"$.entries[0].date should be an ISO 8601 date such as "2026-01-01T09:30:00Z" but is "#
        + #""yesterday"; fix the document or export the session again."#
    ),
    (
      document(entries: #"[{"number": 1, "parent": 0, "origin": "sent"}]"#),
      "$.entries[0].action should be an action but is missing; fix the document or export the "
        + "session again."
    ),
    (
      document(entries: #"[{"number": 1, "parent": -5, "origin": "sent", "action": ".onAppear"}]"#),
      "$.entries[0].parent names entry -5, which the document does not list before it; fix the "
        + "document or export the session again."
    ),
    (
      document(
        entries:
          #"[{"number": 1, "parent": 0, "origin": {"receivedFrom": -1}, "action": ".onAppear"}]"#),
      "$.entries[0].origin.receivedFrom names entry -1, which the document does not list before "
        + "it; fix the document or export the session again."
    ),
    (
      document(entries: "[]", folded: "9223372036854775807"),
      "$.folded should be a count of entries from 0 to 9007199254740991 but is "
        + "9223372036854775807; fix the document or export the session again."
    ),
    (
      document(entries: "[]", folded: "-1"),
      "$.folded should be a count of entries from 0 to 9007199254740991 but is -1; fix the "
        + "document or export the session again."
    ),
    (
      // Valid JSON grammar, but no Swift number holds it: refused where it stands.
      document(entries: "[]", current: "1e400"),
      "The session is not valid JSON (a number beyond any Swift number's range (1e400) at line "
        + "1, column 52); the file may be truncated, so export the session again."
    ),
    (
      // No exponent, but more digits than any Double holds.
      document(entries: "[]", current: String(repeating: "9", count: 400)),
      "The session is not valid JSON (a number beyond any Swift number's range ("
        + String(repeating: "9", count: 40) + ") at line 1, column 52); the file may be "
        + "truncated, so export the session again."
    ),
    (
      document(entries: "[]", current: "4"),
      "$.current names entry 4, which the document does not list before it; fix the document or "
        + "export the session again."
    ),
  ])
  func malformedDocumentsFailWithAnErrorNamingTheJSONPath(text: String, message: String) {
    #expect {
      _ = try importTodoSession(text)
    } throws: { error in
      (error as? SessionError)?.description == message
    }
  }

  @Test func encodingFailuresNameWhatCouldNotBeEncoded() {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "refused" }
    }
    var session = ToySession()
    session.send(.incrementTapped)
    #expect(throws: SessionError.actionDoesNotEncode(entry: 1, reason: "refused")) {
      try session.history.exportSession(
        encodeMoment: encodeTodoApp, encodeAction: { _ in throw Refused() })
    }
    #expect(throws: SessionError.momentDoesNotEncode(reason: "refused")) {
      try session.history.exportSession(
        encodeMoment: { _ in throw Refused() }, encodeAction: encodeTodoAction)
    }
  }
}

/// A minimal session document around `entries`.
private func document(entries: String, current: String = "0", folded: String? = nil) -> String {
  #"{"format": "dex-session", "version": 1, "current": "# + current
    + (folded.map { #", "folded": "# + $0 } ?? "")
    + #", "initial": {"count": 0, "isLoading": false, "todos": []}, "entries": "# + entries + "}"
}
