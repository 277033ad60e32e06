import DexTesting
import Foundation
import PokedexCore
import Testing

/// Every case of the app's actions, sent through the real `dex` with the integers at the edges
/// of `Int` in each place a number goes (offsets, ids, counts, indexes of an `IndexSet`): every
/// line is sent or refused with one line, and dex never traps. The libFuzzer harness
/// (`Fuzz/run.sh`) mutates with the same numbers (`Fuzz/dex.dict`).
@Suite struct BoundaryIntegerFuzzTests {
  /// Where arithmetic on a number that came from outside overflows or a Foundation type traps.
  static let boundaries: [Int] = [
    .max, .max - 1, .min, .min + 1, -1, 1 << 62, (1 << 62) + 1, 1 << 32,
  ]

  @Test func everyActionCaseSentWithEdgeIntegersIsSentOrRefusedWithOneLine() async throws {
    let samples = sampleTexts(of: AppFeature.Action.self) + Self.otherBindings
    #expect(samples.count >= 30, "only \(samples.count) action cases were sampled")
    var generator = SplitMix64(seed: 0xB0_0DA2)
    var sends: [String] = []
    for sample in samples {
      for variant in Self.variants(of: sample, using: &generator) {
        sends.append("send \(variant)")
      }
    }
    #expect(sends.count >= 250, "only \(sends.count) lines were made")
    // The immediate clock: debounced searches answer at once instead of after 300 ms each. A
    // loaded list and a team member give rows and offsets for the numbers to point at.
    let setUp = ["clock immediate", "send .list(.onAppear)", "send .team(.addTapped(id: 25))"]
    let script = (setUp + sends).joined(separator: "\n") + "\n"
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("edges.dex").path
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))

    let result = try await DexProcess.run(["--keep-going", path])

    #expect([0, 1].contains(result.status), "dex ended with status \(result.status)")
    #expect(!result.standardError.contains("Fatal error"), "\(result.standardError.suffix(2_000))")
    let errorLines = result.errorLines.filter { $0.hasPrefix("\(path):") }
    let strayLines = result.errorLines.filter {
      !$0.hasPrefix("\(path):") && !$0.hasPrefix("warning:")
    }
    #expect(strayLines.count == 0, "not one line per error: \(strayLines.prefix(5))")
    let sent = result.standardOutput.split(separator: "\n").count { $0.hasPrefix("#") && $0.contains(" sent .") }
    #expect(
      sent + errorLines.count == setUp.count - 1 + sends.count,
      "\(sent) sent, \(errorLines.count) refused")
    // Both happen: edge numbers that a feature takes, and ones the decoder refuses.
    #expect(sent > sends.count / 2)
    #expect(errorLines.count >= 10)
  }

  @Test func everySharedValueSetToEdgeIntegersThenReadByTheFeaturesNeverTraps() async throws {
    // The shared values as `shared` lists them (`NAME = VALUE`), each a line to vary.
    let listing = try await DexProcess.run([], input: "shared\n")
    let samples = listing.standardOutput.split(separator: "\n").map { "shared \($0)" }
    #expect(samples.count >= 5, "\(listing.standardOutput)")
    // What reads them: a page load (page size, downloads), a new member (default level), a
    // favorite (favorites).
    let readers = [
      "send .list(.onAppear)", "send .list(.retryTapped)",
      "send .list(.pageLoaded(.success(PokemonPage(offset: 0, items: [], totalCount: 0))))",
      "send .team(.addTapped(id: 7))", "send .favorites(.favoriteTapped(id: 1))", "favs",
    ]
    var generator = SplitMix64(seed: 0x5_4A2E)
    var lines = ["clock immediate"]
    for sample in samples {
      for variant in Self.variants(of: sample, using: &generator) {
        lines += [variant] + readers
      }
    }
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("shared-edges.dex").path
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))

    let result = try await DexProcess.run(["--keep-going", path])

    #expect([0, 1].contains(result.status), "dex ended with status \(result.status)")
    let strayLines = result.errorLines.filter {
      !$0.hasPrefix("\(path):") && !$0.hasPrefix("warning:")
    }
    #expect(strayLines.count == 0, "not one line per error: \(strayLines.prefix(5))")
    // The last line ran: nothing stopped the script early.
    #expect(result.standardOutput.hasSuffix("\n"), "\(result.standardOutput.suffix(300))")
    #expect(result.standardOutput.split(separator: "\n").count { $0.contains(" sent .list(.onAppear)") } > samples.count)
  }

  /// The bindable fields after each feature's first, which the samples do not reach.
  static let otherBindings = [
    ".team(.members(.element(id: #0, action: .binding(.set(\\.level, 0)))))",
    ".settings(.binding(.set(\\.defaultLevel, 0)))",
  ]

  /// `sample` with each of its integers (and each empty collection, filled with one) set to each
  /// boundary in turn, then a few with all of them drawn at random.
  static func variants(of sample: String, using generator: inout SplitMix64) -> [String] {
    let slots = numberSlots(in: sample)
    var variants: [String] = []
    for slot in slots {
      for boundary in boundaries {
        variants.append(fill(sample, slots: [slot], with: { _ in boundary }))
      }
    }
    if slots.count > 1 {
      for _ in 0..<3 {
        variants.append(
          fill(sample, slots: slots) { _ in boundaries[generator.next(below: boundaries.count)] })
      }
    }
    return variants.isEmpty ? [sample] : variants
  }

  /// A place a number goes: an integer literal outside strings, or an empty `[]`.
  struct Slot {
    var range: Range<String.Index>
    var isEmptyCollection: Bool
  }

  static func numberSlots(in text: String) -> [Slot] {
    var slots: [Slot] = []
    var inString = false
    var escaped = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if inString {
        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
        index = text.index(after: index)
        continue
      }
      if character == "\"" {
        inString = true
      } else if character == "[", text[index...].hasPrefix("[]") {
        slots.append(Slot(range: index..<text.index(index, offsetBy: 2), isEmptyCollection: true))
      } else if character.isNumber {
        let before = index > text.startIndex ? text[text.index(before: index)] : " "
        var end = index
        while end < text.endIndex, text[end].isNumber { end = text.index(after: end) }
        let after = end < text.endIndex ? text[end] : " "
        if !before.isLetter, before != ".", !after.isLetter, after != "." {
          slots.append(Slot(range: index..<end, isEmptyCollection: false))
        }
        index = end
        continue
      }
      index = text.index(after: index)
    }
    return slots
  }

  static func fill(_ text: String, slots: [Slot], with value: (Slot) -> Int) -> String {
    var text = text
    for slot in slots.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      let number = String(value(slot))
      text.replaceSubrange(slot.range, with: slot.isEmptyCollection ? "[\(number)]" : number)
    }
    return text
  }
}
