import Foundation
import PokeAPILoopback

// dex-pokeapi-server [--port N] [--delay DURATION] [--fail ID[,ID…] [--fail-once]]
//                    [--cache-control VALUE] [--etags] [--hostile MODE] [--help]
//
// Serves PokeAPI v2 built from the bundled Pokédex on 127.0.0.1, prints its API root, then one
// line per request it answers, until it is killed. `ServerOptions.help` says what each option
// does.

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("dex-pokeapi-server: \(message)\n".utf8))
  exit(status)
}
func say(_ line: String) { FileHandle.standardOutput.write(Data("\(line)\n".utf8)) }

let options: ServerOptions
do {
  options = try ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail("\(error.problem)\n\(ServerOptions.usage)\n(--help lists what each option does)", status: 2)
}
if options.wantsHelp {
  say(ServerOptions.help)
  exit(0)
}

let server: PokeAPIServer
do {
  server = try PokeAPIServer(options.settings, port: options.port)
} catch {
  fail("cannot listen: \(error)", status: 1)
}
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
