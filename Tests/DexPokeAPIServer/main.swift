import Foundation
import PokeAPILoopback

// dex-pokeapi-server [--fail ID[,ID…] [--fail-once]] [--cache-control VALUE] [--etags]
//
// Serves PokeAPI v2 built from the bundled Pokédex on a free port of 127.0.0.1, prints its API
// root, then one line per request it answers, until it is killed. `--fail` makes those
// Pokémon's details answer HTTP 500 (only their first request with `--fail-once`);
// `--cache-control` and `--etags` add caching headers.

var settings = PokeAPIServer.Settings()
var arguments = CommandLine.arguments.dropFirst()
let usage =
  "usage: dex-pokeapi-server [--fail ID[,ID…] [--fail-once]] [--cache-control VALUE] [--etags]"
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
  default:
    usageError("unknown argument '\(argument)'")
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
