import Foundation
import PokeAPILoopback

// dex-pokeapi-server [--fail ID[,ID…] [--fail-once]] [--cache-control VALUE] [--etags]
//                    [--hostile MODE]
//
// Serves PokeAPI v2 built from the bundled Pokédex on a free port of 127.0.0.1, prints its API
// root, then one line per request it answers, until it is killed. `--fail` makes those
// Pokémon's details answer HTTP 500 (only their first request with `--fail-once`);
// `--cache-control` and `--etags` add caching headers. `--hostile` attacks the client, for
// trying dex's limits by hand:
//
//   endless-body              every answer, then spaces for ever (chunked)
//   oversized-body[=BYTES]    every answer padded with spaces to BYTES (400000000)
//   trickle[=MS]              every answer one byte every MS milliseconds (2000)
//   overlong-list[=COUNT]     the list answers COUNT results whatever its limit (200000)
//   redirect=LOCATION         every answer a 302 to LOCATION (file:///etc/passwd, data:,{})
//   redirect-hops[=COUNT]     every answer a 302 to itself COUNT times, then the answer (100)
//   far-expires               Expires in year 9999 with a Date in year 1

var settings = PokeAPIServer.Settings()
var arguments = CommandLine.arguments.dropFirst()
let usage =
  "usage: dex-pokeapi-server [--fail ID[,ID…] [--fail-once]] [--cache-control VALUE] [--etags] "
  + "[--hostile endless-body|oversized-body[=BYTES]|trickle[=MS]|overlong-list[=COUNT]"
  + "|redirect=LOCATION|redirect-hops[=COUNT]|far-expires]"
func usageError(_ message: String) -> Never {
  FileHandle.standardError.write(Data("dex-pokeapi-server: \(message)\n\(usage)\n".utf8))
  exit(2)
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--fail":
    guard let list = arguments.popFirst() else { usageError("--fail needs ids, e.g. --fail 7") }
    let ids = list.split(separator: ",").compactMap { Int($0) }
    guard !ids.isEmpty else { usageError("'\(list)' is not a list of ids like 7,25") }
    settings.failingIDs = Set(ids)
  case "--fail-once":
    settings.failsOnce = true
  case "--cache-control":
    guard let value = arguments.popFirst() else { usageError("--cache-control needs a value") }
    settings.cacheControl = value
  case "--etags":
    settings.sendsETags = true
  case "--hostile":
    guard let mode = arguments.popFirst() else { usageError("--hostile needs a mode") }
    settings.hostility = hostility(mode)
  default:
    usageError("unknown argument '\(argument)'")
  }
}

/// The hostility `--hostile MODE` names.
func hostility(_ mode: String) -> PokeAPIServer.Hostility {
  let parts = mode.split(separator: "=", maxSplits: 1).map(String.init)
  let name = parts.first ?? ""
  let value = parts.count == 2 ? parts[1] : nil
  func number(_ fallback: Int) -> Int {
    guard let value else { return fallback }
    guard let number = Int(value), number >= 0 else {
      usageError("'\(value)' in --hostile \(mode) is not a whole number")
    }
    return number
  }
  switch name {
  case "endless-body": return .endlessBody
  case "oversized-body": return .oversizedBody(bytes: number(400_000_000))
  case "trickle": return .tricklingBody(interval: .milliseconds(number(2000)))
  case "overlong-list": return .overlongList(results: number(200_000))
  case "redirect":
    guard let value, !value.isEmpty else { usageError("redirect needs a location: redirect=URL") }
    return .redirect(to: value)
  case "redirect-hops": return .redirectHops(number(100))
  case "far-expires": return .farExpires
  default: usageError("unknown --hostile mode '\(mode)'")
  }
}

let server: PokeAPIServer
do {
  server = try PokeAPIServer(settings)
} catch {
  FileHandle.standardError.write(Data("dex-pokeapi-server: cannot listen: \(error)\n".utf8))
  exit(1)
}
func say(_ line: String) { FileHandle.standardOutput.write(Data("\(line)\n".utf8)) }
say("PokeAPI at \(server.apiRoot.absoluteString)")
var printed = 0
while true {
  let requests = server.requests
  for request in requests.dropFirst(printed) {
    say("GET \(request)")
  }
  printed = requests.count
  Thread.sleep(forTimeInterval: 0.1)
}
