import Foundation
import PokeAPILoopback

/// What `dex-pokeapi-server`'s command line asks for: the port, and how the server answers.
/// `help` lists every option; it and the usage line are the only places they are spelled out.
struct ServerOptions {
  /// The port of 127.0.0.1 to listen on; 0 for a free one.
  var port: UInt16 = 0
  /// How the server answers.
  var settings = PokeAPIServer.Settings()
  /// Whether `--help` was asked for.
  var wantsHelp = false

  /// A command line that cannot be run: what is wrong with it.
  struct UsageError: Error {
    var problem: String
  }

  static let usage =
    "usage: dex-pokeapi-server [--port N] [--delay DURATION] [--fail ID[,ID…] [--fail-once]]\n"
    + "                          [--cache-control VALUE] [--etags] [--hostile MODE] [--help]"

  static let help = """
    \(usage)

    Serves PokeAPI v2, built from the bundled Pokédex, on 127.0.0.1; prints its API root, then
    one line per request it answers, until it is stopped (Ctrl-C). Point dex at it with
    dex --source pokeapi=URL.

    options:
      --port N               listen on port N (1-65535) rather than a free port chosen at each
                             start; dex keeps its PokeAPI cache per host and port, so the same
                             port finds the cache of the last run
      --delay DURATION       answer each request DURATION late: 300ms, 2s, 1.5s
      --fail ID[,ID…]        answer those Pokémon's details with HTTP 500
      --fail-once            with --fail: only the first request of each fails
      --cache-control VALUE  send Cache-Control: VALUE with every answer
                             (pokeapi.co sends public, max-age=86400, s-maxage=86400)
      --etags                send ETags, and answer a matching If-None-Match with 304
      --hostile MODE         attack the client, to try dex's limits by hand:
          endless-body             every answer, then spaces for ever (chunked)
          oversized-body[=BYTES]   every answer padded with spaces to BYTES (400000000)
          trickle[=MS]             every answer one byte every MS milliseconds (2000)
          overlong-list[=COUNT]    the list answers COUNT results whatever its limit (200000)
          redirect=LOCATION        every answer a 302 to LOCATION (file:///etc/passwd, data:,{})
          redirect-hops[=COUNT]    every answer a 302 to itself COUNT times, then the answer (100)
          far-expires              Expires in year 9999 with a Date in year 1
      --help, -h             print this help
    """

  /// The options `arguments` (without the program's name) spell.
  static func parse(_ arguments: [String]) throws(UsageError) -> ServerOptions {
    var options = ServerOptions()
    var arguments = arguments[...]
    func value(of option: String, example: String) throws(UsageError) -> String {
      guard let value = arguments.popFirst() else {
        throw UsageError(problem: "\(option) needs a value, e.g. \(option) \(example)")
      }
      return value
    }
    while let argument = arguments.popFirst() {
      switch argument {
      case "--help", "-h":
        options.wantsHelp = true
      case "--port":
        let text = try value(of: "--port", example: "8765")
        guard let port = UInt16(text), port > 0 else {
          throw UsageError(problem: "--port takes a port from 1 to 65535, not '\(text)'")
        }
        options.port = port
      case "--delay":
        let text = try value(of: "--delay", example: "300ms")
        guard let delay = duration(text) else {
          throw UsageError(problem: "--delay takes a duration such as 300ms or 2s, not '\(text)'")
        }
        options.settings.delay = delay
      case "--fail":
        let list = try value(of: "--fail", example: "7")
        let ids = list.split(separator: ",").compactMap { Int($0) }
        guard !ids.isEmpty else {
          throw UsageError(problem: "'\(list)' is not a list of ids like 7,25")
        }
        options.settings.failingIDs = Set(ids)
      case "--fail-once":
        options.settings.failsOnce = true
      case "--cache-control":
        options.settings.cacheControl = try value(
          of: "--cache-control", example: "'max-age=60'")
      case "--etags":
        options.settings.sendsETags = true
      case "--hostile":
        options.settings.hostility = try hostility(
          value(of: "--hostile", example: "endless-body"))
      default:
        throw UsageError(problem: "unknown argument '\(argument)'")
      }
    }
    return options
  }

  /// `300ms`, `2s`, `1.5s`: a whole or decimal number and its unit; nil for anything else.
  static func duration(_ text: String) -> Duration? {
    guard let match = text.wholeMatch(of: /(\d{1,9}(?:\.\d{1,9})?)(ms|s)/),
      let number = Double(match.1)
    else { return nil }
    return match.2 == "ms" ? .milliseconds(number) : .seconds(number)
  }

  /// The hostility `--hostile MODE` names.
  private static func hostility(_ mode: String) throws(UsageError) -> PokeAPIServer.Hostility {
    let parts = mode.split(separator: "=", maxSplits: 1).map(String.init)
    let name = parts.first ?? ""
    let value = parts.count == 2 ? parts[1] : nil
    func number(_ fallback: Int) throws(UsageError) -> Int {
      guard let value else { return fallback }
      guard let number = Int(value), number >= 0 else {
        throw UsageError(problem: "'\(value)' in --hostile \(mode) is not a whole number")
      }
      return number
    }
    switch name {
    case "endless-body": return .endlessBody
    case "oversized-body": return .oversizedBody(bytes: try number(400_000_000))
    case "trickle": return .tricklingBody(interval: .milliseconds(try number(2000)))
    case "overlong-list": return .overlongList(results: try number(200_000))
    case "redirect":
      guard let value, !value.isEmpty else {
        throw UsageError(problem: "redirect needs a location: redirect=URL")
      }
      return .redirect(to: value)
    case "redirect-hops": return .redirectHops(try number(100))
    case "far-expires": return .farExpires
    default: throw UsageError(problem: "unknown --hostile mode '\(mode)'")
    }
  }
}
