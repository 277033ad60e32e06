// A child process for the shared-state persistence tests: it uses a file-backed shared set of
// ids the way dex does, from a real separate process.
//
//   dex-shared-probe read FILE              prints the value as JSON
//   dex-shared-probe write FILE ID…          sets the value to those ids
//   dex-shared-probe toggle FILE FIRST LAST  toggles FIRST…LAST one by one, 1 ms apart
//   dex-shared-probe count FILE             writes {0}, {0,1}, {0,1,2}, … until killed
import Foundation
import Composable

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: dex-shared-probe read|write|toggle|count FILE …\n".utf8))
  exit(2)
}
let key = FileStorageKey<Set<Int>>.Default[.fileStorage(URL(fileURLWithPath: arguments[1])), default: []]
let container = SharedContainer(storage: .persistent)
let numbers = arguments.dropFirst(2).compactMap { Int($0) }

SharedContainer.$current.withValue(container) {
  let shared = Shared(key)
  switch arguments[0] {
  case "read":
    print(shared.wrappedValue.sorted().map(String.init).joined(separator: ","))
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
  default:
    exit(2)
  }
  container.flush()
}
exit(0)
