// A child process for the shared-state persistence tests: it uses a file-backed shared set of
// ids the way dex does, from a real separate process.
//
//   dex-shared-probe read FILE              prints the value as JSON
//   dex-shared-probe write FILE ID…          sets the value to those ids
//   dex-shared-probe toggle FILE FIRST LAST  toggles FIRST…LAST one by one, 1 ms apart
//   dex-shared-probe count FILE             writes {0}, {0,1}, {0,1,2}, … until killed
//   dex-shared-probe serve FILE             keeps the value open and answers a line per command
//                                           read on standard input, until it ends:
//     set ID…      sets the value to those ids and writes it; answers `ok`
//     wait ID…     waits (at most ten seconds) until the value held in memory is those ids;
//                  answers `seen`, or `stale ID,…` with the value still held
//     get          answers the value held in memory, `ID,…`
import Foundation
import Composable

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  FileHandle.standardError.write(
    Data("usage: dex-shared-probe read|write|toggle|count|serve FILE …\n".utf8))
  exit(2)
}
let key = FileStorageKey<Set<Int>>.Default[.fileStorage(URL(fileURLWithPath: arguments[1])), default: []]
let container = SharedContainer(storage: .persistent)
let numbers = arguments.dropFirst(2).compactMap { Int($0) }

/// `ids` as the probe prints them: ascending, comma-separated.
func text(_ ids: Set<Int>) -> String {
  ids.sorted().map(String.init).joined(separator: ",")
}

/// Writes one line of answer at once (standard output is a pipe, which `print` would buffer).
func answer(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Answers the commands of `serve` until standard input ends.
func serve(_ shared: Shared<Set<Int>>) {
  while let line = readLine() {
    let words = line.split(separator: " ")
    let ids = Set(words.dropFirst().compactMap { Int($0) })
    switch words.first {
    case "set":
      shared.withLock { $0 = ids }
      container.flush()
      answer("ok")
    case "wait":
      let deadline = ContinuousClock.now + .seconds(10)
      while shared.wrappedValue != ids, ContinuousClock.now < deadline { usleep(1_000) }
      answer(shared.wrappedValue == ids ? "seen" : "stale \(text(shared.wrappedValue))")
    case "get":
      answer(text(shared.wrappedValue))
    default:
      answer("unknown command: \(line)")
    }
  }
}

SharedContainer.$current.withValue(container) {
  let shared = Shared(key)
  switch arguments[0] {
  case "read":
    print(text(shared.wrappedValue))
  case "write":
    shared.withLock { $0 = Set(numbers) }
  case "toggle":
    guard numbers.count == 2 else { exit(2) }
    for id in numbers[0]...numbers[1] {
      shared.withLock { favorites in
        if favorites.contains(id) { favorites.remove(id) } else { favorites.insert(id) }
      }
      usleep(1_000)
    }
  case "count":
    var next = 0
    while true {
      let id = next
      shared.withLock { $0.insert(id) }
      container.flush()
      next += 1
    }
  case "serve":
    serve(shared)
  default:
    exit(2)
  }
  container.flush()
}
exit(0)
