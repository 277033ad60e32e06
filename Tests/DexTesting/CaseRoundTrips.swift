import Composable
import ComposableInspection
import Foundation
import StoreInspector
import Testing

/// Records an issue for every case of `types`, and of the case-tabled enums their cases carry,
/// that does not round-trip. A sample of each case must be found in its table under its own name,
/// encode in the layout the table describes (`{"name": {"label": …, "_1": …}}`), decode back
/// through `CaseChecked`, and print through the case table as text that `send` parses back.
///
/// ```swift
/// @Test func everyCaseRoundTrips() {
///   expectEveryCaseRoundTrips(casePathableTypes)  // the list the case-table generator writes
/// }
/// ```
public func expectEveryCaseRoundTrips(
  _ types: [any CasePathable.Type], sourceLocation: SourceLocation = #_sourceLocation
) {
  var checked: Set<ObjectIdentifier> = []
  var pending = types
  while let type = pending.popLast() {
    guard checked.insert(ObjectIdentifier(type)).inserted else { continue }
    pending += roundTripEveryCase(of: type, sourceLocation: sourceLocation)
  }
}

/// Records an issue for each case of `T` that does not round-trip; returns the case-tabled types
/// its cases carry.
private func roundTripEveryCase<T: CasePathable>(
  of type: T.Type, sourceLocation: SourceLocation
) -> [any CasePathable.Type] {
  var carried: [any CasePathable.Type] = []
  for entry in T.caseTable.cases {
    carried += entry.arguments.compactMap { $0.type as? any CasePathable.Type }
    do {
      try roundTrip(entry)
    } catch {
      Issue.record(
        "\(String(reflecting: T.self)).\(entry.name) does not round-trip: \(error)",
        sourceLocation: sourceLocation)
    }
  }
  return carried
}

private func roundTrip<T: CasePathable>(_ entry: AnyCase<T>) throws {
  let value = try SampleDecoder.sample(T.self, case: entry.name)
  let found = T.caseTable.caseOf(value)?.name ?? "no case"
  guard found == entry.name, entry.contains(value) else {
    throw RoundTripFailure("its table finds \(found) in a sample of it")
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let json = try encoder.encode(value)
  let text = String(decoding: json, as: UTF8.self)
  let keys = entry.arguments.enumerated().map { $1.label ?? "_\($0)" }
  let layout = try JSONSerialization.jsonObject(with: json) as? [String: Any]
  guard layout.map({ Array($0.keys) }) == [entry.name],
    let payload = layout?[entry.name] as? [String: Any], Set(payload.keys) == Set(keys)
  else {
    throw RoundTripFailure("it encodes as \(text), but its table says \(entry.signature)")
  }
  let decoded = try JSONDecoder().decode(CaseChecked<T>.self, from: json).value
  guard try encoder.encode(decoded) == json else {
    throw RoundTripFailure("\(text) decodes as another value")
  }
  let printed = caseText(value) { inspectorDump($0, maxWidth: .max) }
  let parsed = try LiteralDecoder.decode(CaseChecked<T>.self, from: LiteralParser.parse(printed))
  guard try encoder.encode(parsed.value) == json else {
    throw RoundTripFailure("it prints as \(printed), which parses as another value")
  }
}

private struct RoundTripFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
