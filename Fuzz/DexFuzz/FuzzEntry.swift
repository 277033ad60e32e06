// The libFuzzer entry point: every parser of user text gets each input. Built only by
// Fuzz/run.sh (DEX_FUZZ=1 adds this target, with -sanitize=fuzzer,address), so the default
// build stays clean.
import Composable
import Foundation
import PokedexCore
import PokedexREPL
import StoreInspector

@testable import DexREPLCore

/// One REPL for many inputs (so sequences of commands meet), made afresh every 5,000 inputs:
/// its history keeps every action, which would otherwise grow into libFuzzer's memory limit.
/// File commands are kept away from the file system below.
nonisolated(unsafe) private var repl: REPL<PokedexApp>?
nonisolated(unsafe) private var inputsSinceFreshREPL = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  _ = try? LiteralParser.parse(text)
  _ = try? StatePath(parsing: text)
  _ = try? JSONValue(parsing: Data(text.utf8))
  _ = try? ActionParser<AppFeature.Action>.parse(text, synopsis: "send ACTION")
  _ = try? Expectation(parsing: text, synopsis: "expect PATH [OP VALUE]")
  inputsSinceFreshREPL += 1
  if inputsSinceFreshREPL > 5_000 {
    repl = nil
    inputsSinceFreshREPL = 0
  }
  if repl == nil {
    let session = DexSession<PokedexApp>(
      settings: SessionSettings(), output: TextOutput { _ in }, asynchronousOutput: nil)
    repl = REPL(
      configuration: .init(sourceName: "<fuzz>", keepsGoing: true), session: session,
      output: TextOutput { _ in }, errors: TextOutput { _ in })
  }
  for line in text.split(separator: "\n").prefix(20) {
    let command = line.split(separator: " ").first.map(String.init) ?? ""
    let touchesFiles = ["run", "record", "record!", "gentest", "gentest!", "export", "export!", "import"]
      .contains(command)
    guard !touchesFiles, !line.contains("pokeapi"), !line.contains("live") else { continue }
    if case .rejected(let error) = repl?.execute(String(line)), "\(error)".contains("\n") {
      fatalError("an error of more than one line for \(line.debugDescription): \(error)")
    }
  }
  return 0
}
