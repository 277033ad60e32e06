import DexREPLCore
import PokedexREPL
import Foundation
import PokedexCore
import Testing
import Composable

@Suite struct LaunchOptionsTests {
  @Test(arguments: [
    ([String](), LaunchOptions()),
    (["--keep-going"], LaunchOptions(keepsGoing: true)),
    (["--help"], LaunchOptions(request: .showUsage)),
    (["-h"], LaunchOptions(request: .showUsage)),
    (["--version"], LaunchOptions(request: .showVersion)),
    (["--keep-going", "--version"], LaunchOptions(request: .showVersion)),
    (["--help", "--bogus"], LaunchOptions(request: .showUsage)),
  ])
  func validArgumentsParse(arguments: [String], options: LaunchOptions) throws {
    #expect(try LaunchOptions.parse(arguments, app: PokedexApp.launchOptions) == options)
  }

  @Test(arguments: [
    (["--bogus"], REPLError.unknownOption("--bogus", suggestion: nil)),
    (["--versoin"], .unknownOption("--versoin", suggestion: "--version")),
    (["--keep-going", "-x"], .unknownOption("-x", suggestion: nil)),
    (["--clock", "sometimes"], .invalidOptionValue("--clock", "sometimes", expected: "live, immediate or manual")),
    (["--history-limit", "0"], .invalidOptionValue("--history-limit", "0", expected: "a whole number above 0")),
    (["--data-dir"], .missingOptionValue("--data-dir")),
    (["--source", "ftp"], .invalidOptionValue("--source", "ftp", expected: "bundled, pokeapi or pokeapi=URL")),
    (["--html="], .invalidOptionValue("--html", "", expected: "a file name")),
    (["--htm", "x"], .unknownOption("--htm", suggestion: "--html")),
    (
      ["--source", "pokeapi=https://pokeapi.co/api/v2/?limit=5"],
      .invalidOptionValue(
        "--source", "pokeapi=https://pokeapi.co/api/v2/?limit=5",
        expected: "pokeapi=URL of the API root (https://pokeapi.co/api/v2/) or the host")
    ),
    (["--no-cahce"], .unknownOption("--no-cahce", suggestion: "--no-cache")),
    (["--verify"], .missingOptionValue("--verify")),
    (["--verify="], .invalidOptionValue("--verify", "", expected: "a session file")),
    (["--verfiy", "s.json"], .unknownOption("--verfiy", suggestion: "--verify")),
  ])
  func badArgumentsAreUsageErrors(arguments: [String], error: REPLError) {
    #expect(throws: error) { try LaunchOptions.parse(arguments, app: PokedexApp.launchOptions) }
  }

  @Test(arguments: [
    (["--html", "out.html"], LaunchOptions.PageRequest(path: "out.html", replacing: false)),
    (["--html=out.html"], .init(path: "out.html", replacing: false)),
    (["--html!", "out.html"], .init(path: "out.html", replacing: true)),
    (["--html!=out.html"], .init(path: "out.html", replacing: true)),
  ])
  func theHTMLOptionNamesThePageAndWhetherItReplaces(
    arguments: [String], page: LaunchOptions.PageRequest
  ) throws {
    let options = try LaunchOptions.parse(arguments + ["tour.dex"])
    #expect(options.page == page)
    #expect(options.scripts == ["tour.dex"])
  }

  @Test func scriptsAndOptionsWithValuesParse() throws {
    let options = try LaunchOptions.parse(
      [
        "--data-dir", "/tmp/d", "--clock=manual", "--source", "pokeapi=http://127.0.0.1:8080",
        "--history-limit", "50", "--no-color", "--json", "tour.dex", "--", "--odd.dex",
      ], app: PokedexApp.launchOptions)
    #expect(options.dataDirectory == "/tmp/d")
    #expect(options.clock == .manual)
    #expect(options.appOptions == ["--source": "pokeapi=http://127.0.0.1:8080"])
    #expect(
      PokemonSource.launched(options.appOptions)
        == .pokeAPI(try #require(URL(string: "http://127.0.0.1:8080"))))
    #expect(options.historyLimit == 50)
    #expect(options.noColor && options.json)
    #expect(options.scripts == ["tour.dex", "--odd.dex"])
  }

  @Test(arguments: [
    (["--source", "pokeapi"], PokemonSource.pokeAPI(PokemonClient.publicPokeAPI)),
    (
      ["--source", "pokeapi=https://pokeapi.co/api/v2/"],
      .pokeAPI(url("https://pokeapi.co/api/v2/"))
    ),
    (["--source", "pokeapi=https://pokeapi.co/api/v2"], .pokeAPI(url("https://pokeapi.co/api/v2"))),
    (["--source", "pokeapi=https://pokeapi.co"], .pokeAPI(url("https://pokeapi.co"))),
    (
      ["--no-cache", "--source", "pokeapi"],
      .pokeAPI(PokemonClient.publicPokeAPI, usesCache: false)
    ),
    (
      ["--source", "pokeapi=http://127.0.0.1:8080/api/v2/", "--no-cache"],
      .pokeAPI(url("http://127.0.0.1:8080/api/v2/"), usesCache: false)
    ),
    (["--no-cache"], .bundled),
  ])
  func pokeAPISourcesTakeTheAPIRootOrTheHostAndNoCache(
    arguments: [String], source: PokemonSource
  ) throws {
    let options = try LaunchOptions.parse(arguments, app: PokedexApp.launchOptions)
    #expect(PokemonSource.launched(options.appOptions) == source)
  }

  @Test func verifyNamesTheSessionToReplay() throws {
    let options = try LaunchOptions.parse(["--json", "--verify", "s.json"], app: PokedexApp.launchOptions)
    #expect(options.verifiedSession == "s.json")
    #expect(options.json)
    #expect(options.scripts.isEmpty)
  }

  @Test func usageStartsWithUsageAndMentionsEveryOption() {
    let usage = LaunchOptions.usage(for: PokedexApp.self)
    #expect(usage.hasPrefix("Usage: dex"))
    for option in [
      "--keep-going", "--help", "--version", "DEX_HISTFILE", "--data-dir", "--source", "--clock",
      "--history-limit", "--no-color", "--json", "--no-cache", "DEX_CACHE_DIR", "--verify SESSION",
      "https://pokeapi.co/api/v2/",
    ] {
      #expect(usage.contains(option))
    }
  }
}

private func url(_ text: String) -> URL {
  URL(string: text) ?? URL(fileURLWithPath: "/")
}
