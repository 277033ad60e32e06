import Testing

@testable import StoreInspector

struct DiffRendererTests {
  @Test func jsonOfOneFieldChange() {
    #expect(
      DiffRenderer.json(inspectorDiff(Point(x: 1, y: 2), Point(x: 1, y: 3)))
        == #"{"rootType":"Point","changes":[{"path":"y","components":[{"field":"y"}],"#
        + #""kind":"changed","old":2,"new":3}]}"#)
  }

  @Test func jsonListsEveryChangeWithPathKindAndValues() {
    var old = AppState()
    old.counts = ["x": 1, "y": 2]
    var new = old
    new.counts = ["y": 3, "z": 0]
    #expect(
      DiffRenderer.json(inspectorDiff(old, new))
        == #"{"rootType":"AppState","changes":["#
        + #"{"path":"counts[\"x\"]","components":[{"field":"counts"},{"key":"\"x\""}],"kind":"removed","old":1},"#
        + #"{"path":"counts[\"y\"]","components":[{"field":"counts"},{"key":"\"y\""}],"kind":"changed","old":2,"new":3},"#
        + #"{"path":"counts[\"z\"]","components":[{"field":"counts"},{"key":"\"z\""}],"kind":"inserted","new":0}]}"#
    )
  }

  @Test func jsonEscapesControlCharactersAndEncodesEveryComponent() {
    var old = AppState.withRows(2)
    old.load = .loaded(items: ["a"], hasMore: false)
    var new = old
    new.list.rows[0].name = "tab\there"
    new.load = .loaded(items: ["a", "b"], hasMore: false)
    #expect(
      DiffRenderer.json(inspectorDiff(old, new))
        == #"{"rootType":"AppState","changes":["#
        + #"{"path":"list.rows[id: 1].name","components":[{"field":"list"},{"field":"rows"},{"id":"1"},{"field":"name"}],"#
        + #""kind":"changed","old":"Pokémon #1","new":"tab\there"},"#
        + #"{"path":"load.loaded.items[1]","components":[{"field":"load"},{"case":"loaded"},{"field":"items"},{"index":1}],"#
        + #""kind":"inserted","new":"b"}]}"#)
  }

  @Test func jsonGivesEachValueItsJSONTypeAndALiteralWhereJSONHasNone() {
    var old = AppState.withRows(1)
    old.load = .idle
    var new = old
    new.load = .loaded(items: ["a"], hasMore: true)
    new.list.rows.append(Row(id: 2, name: "Mr. Mime"))
    new.selection = 2
    let json = DiffRenderer.jsonValue(inspectorDiff(old, new))
    guard case .array(let changes)? = json["changes"] else {
      Issue.record("no changes in \(json)")
      return
    }
    #expect(
      changes.map { $0["new"] } == [
        .object([
          .init("id", .number(2)), .init("name", .string("Mr. Mime")),
          .init("isFavorite", .bool(false)),
        ]),
        .object([.init("literal", .string(#".loaded(items: ["a"], hasMore: true)"#))]),
        .number(2),
      ])
    #expect(changes.last?["old"] == .null)
  }

  @Test func everyTextLineStartsWithAMarkerAndASpace() {
    var old = AppState.withRows(20)
    old.counts = ["a": 1]
    var new = old
    new.list.rows.remove(at: 3)
    new.list.rows[10].isFavorite = true
    new.list.favorites = [4]
    new.counts = [:]
    new.load = .failed("offline")
    let lines = DiffRenderer.text(inspectorDiff(old, new), maxWidth: 20).split(separator: "\n")
    #expect(lines.count > 10)
    for line in lines {
      #expect(["- ", "+ ", "  "].contains(String(line.prefix(2))), "\(line)")
    }
  }

  @Test func aLineKeepsItsTextWhateverItsDepthAndCharacters() {
    let text = #""Pokémon" − ✓"#
    #expect(
      DiffLine(marker: .inserted, indent: 70, text: text).rendered
        == "+" + String(repeating: " ", count: 71) + text)
    #expect(DiffLine(marker: .removed, indent: 0, text: "").rendered == "- ")
    #expect(DiffLine(marker: .context, indent: 2, text: "x").rendered == "    x")
  }

  @Test func linesJoinAfterTheHeaderWithTheirMarkersAndIndents() {
    let lines = [
      DiffLine(marker: .context, indent: 0, text: "Point("),
      DiffLine(marker: .removed, indent: 2, text: "name: \"a long name, past a small string\""),
      DiffLine(marker: .inserted, indent: 2, text: "name: \"é\""),
      DiffLine(marker: .context, indent: 0, text: ")"),
    ]
    let body = """
        Point(
      -   name: "a long name, past a small string"
      +   name: "é"
        )
      """
    #expect(lines.renderedText() == body)
    let header = DiffRenderer.header(.testFailure)
    #expect(lines.renderedText(header: header) == header + "\n" + body)
    #expect([DiffLine]().renderedText(header: "(a: −, b: +)") == "(a: −, b: +)")
    #expect([DiffLine]().renderedText().isEmpty)
  }

  @Test(arguments: [1, 2, 9, 10, 11, 99, 100, 4_999, 10_000, 123_456])
  func aRunOfUnchangedEntriesIsCountedInItsLine(before: Int) {
    let old = Array(0...(before + 12))
    var new = old
    new[before] = -1
    #expect(
      DiffRenderer.text(inspectorDiff(old, new)) == """
          [
            … (\(before) unchanged)
        -   \(before)
        +   -1
            … (12 unchanged)
          ]
        """)
  }

  @Test(arguments: [0, 1, 9, 10, 99, 5_000, Int.max, -1, -42])
  func anUnchangedRunLineReadsAndPrintsItsCount(count: Int) {
    let line = DiffLine(indent: 4, unchangedCount: count, run: 3)
    #expect(line.text == "… (\(count) unchanged)")
    #expect(line.rendered == "      … (\(count) unchanged)")
    #expect(line == DiffLine(indent: 4, unchangedCount: count, run: 3))
    #expect(line != DiffLine(indent: 4, unchangedCount: count, run: 2))
    var plain = DiffLine(marker: .context, indent: 4, text: "… (\(count) unchanged)")
    plain.unchangedRun = 3
    #expect(plain == line)
    var edited = line
    edited.text = "x"
    #expect(edited.rendered == "      x")
  }

  @Test func aLineMadeOfALabelAndAValueIsTheLineOfBothJoined() {
    let pieces = DiffLine(marker: .removed, indent: 6, head: "nickname: ", text: #""nick 5001""#)
    let joined = DiffLine(marker: .removed, indent: 6, text: #"nickname: "nick 5001""#)
    #expect(pieces.text == joined.text)
    #expect(pieces.rendered == joined.rendered)
    #expect(pieces == joined)
    #expect(DiffLine(marker: .context, indent: 0, head: "é: ", text: "").rendered == "  é: ")
    #expect(
      [pieces, DiffLine(indent: 6, unchangedCount: 4_999, run: 0)].renderedText(header: "h")
        == "h\n-       nickname: \"nick 5001\"\n        … (4999 unchanged)")
  }

  /// A replaced scalar prints on one line without a layout: its lines are the layout's, at
  /// every depth, and a string literal that may wrap still wraps.
  @Test(arguments: [false, true])
  func aReplacedScalarPrintsAsTheLayoutPrintsIt(wrapsStrings: Bool) {
    let long = String(repeating: "word ", count: 30) + "end"
    expectLayoutLines(1, 12, wrapsStrings: wrapsStrings)
    expectLayoutLines("short", long, wrapsStrings: wrapsStrings)
    expectLayoutLines(long, "é", wrapsStrings: wrapsStrings)
    expectLayoutLines(false, true, wrapsStrings: wrapsStrings)
    expectLayoutLines(Int?.none, 3, wrapsStrings: wrapsStrings)
    expectLayoutLines(LoadState.idle, .failed("offline"), wrapsStrings: wrapsStrings)
    let text = DiffRenderer.text(
      inspectorDiff(Field(value: Field(value: "short")), Field(value: Field(value: long))),
      maxWidth: 60, wrapsStrings: wrapsStrings)
    #expect(text.contains(long) == !wrapsStrings)
  }

  /// Expects the changed lines of `old` replaced by `new`, a field 1 to 4 structs deep, to be
  /// the layout's lines of the two values.
  private func expectLayoutLines<Value>(
    _ old: Value, _ new: Value, wrapsStrings: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    func lines<Root>(_ old: Root, _ new: Root) -> [DiffLine] {
      DiffRenderer.lines(
        inspectorDiff(old, new), maxWidth: 60, maxItems: 3, wrapsStrings: wrapsStrings)
    }
    let deep = [
      lines(Field(value: old), Field(value: new)),
      lines(Field(value: Field(value: old)), Field(value: Field(value: new))),
      lines(
        Field(value: Field(value: Field(value: old))),
        Field(value: Field(value: Field(value: new)))),
      lines(
        Field(value: Field(value: Field(value: Field(value: old)))),
        Field(value: Field(value: Field(value: Field(value: new))))),
    ]
    for (depth, lines) in deep.enumerated() {
      let indent = 2 * (depth + 1)
      func layout(_ value: Value, _ marker: DiffLine.Marker) -> [DiffLine] {
        DumpLayout(tree: Dumper.tree(of: value), maxWidth: 60, wrapsStrings: wrapsStrings)
          .lines(indent: indent, prefix: "value: ")
          .map { DiffLine(marker: marker, indent: $0.indent, text: $0.text) }
      }
      let changed = lines.filter { $0.marker != .context }
      #expect(
        changed == layout(old, .removed) + layout(new, .inserted), sourceLocation: sourceLocation)
      #expect(lines.count == changed.count + 2 * (depth + 1), sourceLocation: sourceLocation)
    }
  }
}

/// One field, to put a value some structs deep.
private struct Field<Value> {
  var value: Value
}
