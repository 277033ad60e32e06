import DexTesting
import Foundation
import PokedexCore
import StoreInspector
import Testing

@testable import DexREPLCore
import Composable

/// A deterministic fuzz of everything that parses user text: command lines, action literals,
/// paths, expect values and session JSON. Every input must be accepted or rejected with exactly
/// one line of error, never crash or hang. (`Fuzz/README.md` explains the libFuzzer harness
/// for longer runs.)
@Suite(.isolatedSharedState) struct SeededFuzzTests {
  static let inputCount = 20_000

  @Test(.timeLimit(.minutes(5)))
  func twentyThousandGeneratedInputsAreAcceptedOrRejectedWithOneLine() async throws {
    // The REPL blocks while effects run: keep that off the concurrency pool.
    let container = SharedContainer.current
    let failures = try await onDedicatedThread {
      SharedContainer.$current.withValue(container) { Self.fuzz() }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  /// Runs the inputs; returns what went wrong (empty when all is well).
  private static func fuzz() -> [String] {
    var failures: [String] = []
    guard let scratch = try? TemporaryDirectory() else { return ["no scratch directory"] }
    var generator = FuzzInputs(seed: 0x5EED_DE11, corpus: FuzzInputs.corpus(), scratch: scratch.url.path)
    let repl = makeREPL(sourceName: "<fuzz>")
    var rejected = 0
    var slowest: (seconds: Double, input: String) = (0, "")
    for _ in 0..<inputCount {
      let input = generator.next()
      // This thread's CPU time, which other processes on a busy machine do not stretch: an
      // input that loops shows here, one that waits forever trips the suite's time limit.
      let start = threadCPUSeconds()
      let outcome = repl.execute(input)
      let seconds = threadCPUSeconds() - start
      if seconds > slowest.seconds { slowest = (seconds, input) }
      if case .rejected(let error) = outcome {
        rejected += 1
        let text = "\(error)"
        if text.isEmpty || text.contains("\n") {
          failures.append("not one line for \(input.debugDescription): \(text.debugDescription)")
        }
      }
      failures += parserFailures(input)
    }
    if rejected <= inputCount / 4 { failures.append("only \(rejected) inputs were rejected") }
    if rejected >= inputCount { failures.append("no input was accepted") }
    if slowest.seconds >= 10 {
      failures.append("slowest input took \(slowest.seconds) s: \(slowest.input.prefix(200))")
    }
    return failures
  }

  /// The CPU time the calling thread has used, in seconds.
  private static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The parsers on their own: each either succeeds or throws an error of one line.
  private static func parserFailures(_ input: String) -> [String] {
    var messages: [String] = []
    do { _ = try LiteralParser.parse(input) } catch { messages.append("\(error)") }
    do { _ = try StatePath(parsing: input) } catch { messages.append("\(error)") }
    do { _ = try JSONValue(parsing: Data(input.utf8)) } catch { messages.append("\(error)") }
    return messages.filter { $0.contains("\n") }.map { "parser error of several lines: \($0.debugDescription)" }
  }
}

/// Inputs made from a seed: lines of the shipped scripts and known-nasty shapes, mutated.
struct FuzzInputs {
  private var random: SplitMix64
  private let corpus: [String]
  private let scratch: String
  private var count = 0

  init(seed: UInt64, corpus: [String], scratch: String) {
    self.random = SplitMix64(seed: seed)
    self.corpus = corpus
    self.scratch = scratch
  }

  /// Every line of scripts/*.dex plus shapes parsers get wrong.
  static func corpus() -> [String] {
    let scripts = ScriptTranscriptTests.scripts.flatMap { name in
      ((try? String(
        contentsOf: ScriptTranscriptTests.scriptsDirectory.appendingPathComponent(name), encoding: .utf8))
        ?? "").split(separator: "\n").map(String.init)
    }
    return scripts + [
      "send .list(.rowTapped(id: 9223372036854775807))",
      "send .list(.rowTapped(id: -9223372036854775808))",
      "send .team(.membersMoved(fromOffsets: [0, 1, 2], toOffset: 99))",
      "state team.members[id: UUID(\"00000000-0000-0000-0000-000000000001\")].nickname",
      "expect list.search.filter.selectedTypes == [\"fire\", \"water\"]",
      "send .list(.pageLoaded(.failure(DexError(kind: .decoding, message: \"x\"))))",
      "diff 0 1", "jump 0", "back 3", "forward 2", "branches", "branch 2", "skip 1", "unskip 1",
      "actions list.destination.presented.detail", "find pika", "fav \"Mr. Mime\"", "favs", "log",
      "{\"format\": \"dex-session\", \"version\": 1}", "help send", "clock manual", "advance 300ms",
    ]
  }

  mutating func next() -> String {
    count += 1
    let line: String
    switch random.next(below: 10) {
    case 0: line = randomBytes()
    case 1: line = deepNesting()
    case 2: line = hugeNumber()
    default: line = mutate(corpus[random.next(below: corpus.count)])
    }
    return sanitized(line)
  }

  private mutating func randomBytes() -> String {
    let bytes = (0..<random.next(below: 120)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    return String(decoding: bytes, as: UTF8.self)
  }

  private mutating func deepNesting() -> String {
    let depth = [10, 255, 257, 1_000, 10_000][random.next(below: 5)]
    let open = ["(", "[", ".a("][random.next(below: 3)]
    let close = random.next(below: 2) == 0 ? "" : String(repeating: ")", count: depth)
    return "send ." + String(repeating: open, count: depth) + close
  }

  private mutating func hugeNumber() -> String {
    let digits = String(repeating: "9", count: 1 + random.next(below: 60))
    let templates = [
      "send .list(.rowTapped(id: \(digits)))", "jump \(digits)", "advance \(digits)ms",
      "expect list.favorites == [\(digits)]", "fav \(digits)", "state team.members[\(digits)]",
      "send .team(.addTapped(id: -\(digits)))",
    ]
    return templates[random.next(below: templates.count)]
  }

  private mutating func mutate(_ line: String) -> String {
    var characters = Array(line)
    let insertions: [Character] = [
      "(", ")", "[", "]", ".", ",", ":", "\"", "\\", " ", "#", "=", "!", "é", "🐉", "\u{301}", "\0",
      "\t", "9", "ポ",
    ]
    for _ in 0..<(1 + random.next(below: 4)) {
      switch random.next(below: 5) {
      case 0 where !characters.isEmpty:
        characters.remove(at: random.next(below: characters.count))
      case 1:
        characters.insert(
          insertions[random.next(below: insertions.count)],
          at: random.next(below: characters.count + 1))
      case 2 where !characters.isEmpty:
        characters = Array(characters.prefix(random.next(below: characters.count)))
      case 3 where !characters.isEmpty:
        let start = random.next(below: characters.count)
        let piece = characters[start..<min(characters.count, start + 1 + random.next(below: 12))]
        characters.insert(contentsOf: piece, at: random.next(below: characters.count + 1))
      default:
        if let digit = characters.indices.first(where: { characters[$0].isNumber }) {
          characters.insert(contentsOf: "99999999999999999999", at: digit)
        }
      }
    }
    return String(characters)
  }

  /// Keeps file commands inside the scratch directory and the network out of reach.
  private func sanitized(_ line: String) -> String {
    let words = line.split(separator: " ", maxSplits: 1)
    guard let command = words.first.map(String.init) else { return line }
    switch command.trimmingCharacters(in: CharacterSet(charactersIn: "!")) {
    case "record", "gentest", "export", "import", "run":
      return "\(command) \(scratch)/file-\(count % 7)"
    case "dep" where line.contains("pokeapi"):
      return "dep pokemonClient failing"
    case "clock" where line.contains("live"):
      return "clock immediate"
    default:
      return line
    }
  }
}

/// A small, fast, seedable generator (SplitMix64), so the fuzz test repeats exactly.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next(below bound: Int) -> Int {
    bound <= 0 ? 0 : Int(next() % UInt64(bound))
  }
}
