import DexREPLCore
import Foundation
import Testing

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
    #expect(try LaunchOptions.parse(arguments) == options)
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
  ])
  func badArgumentsAreUsageErrors(arguments: [String], error: REPLError) {
    #expect(throws: error) { try LaunchOptions.parse(arguments) }
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
    let options = try LaunchOptions.parse([
      "--data-dir", "/tmp/d", "--clock=manual", "--source", "pokeapi=http://127.0.0.1:8080",
      "--history-limit", "50", "--no-color", "--json", "tour.dex", "--", "--odd.dex",
    ])
    #expect(options.dataDirectory == "/tmp/d")
    #expect(options.clock == .manual)
    #expect(options.source == .pokeAPI(try #require(URL(string: "http://127.0.0.1:8080"))))
    #expect(options.historyLimit == 50)
    #expect(options.noColor && options.json)
    #expect(options.scripts == ["tour.dex", "--odd.dex"])
  }

  @Test func usageStartsWithUsageAndMentionsEveryOption() {
    #expect(LaunchOptions.usage.hasPrefix("Usage: dex"))
    for option in [
      "--keep-going", "--help", "--version", "DEX_HISTFILE", "--data-dir", "--source", "--clock",
      "--history-limit", "--no-color", "--json",
    ] {
      #expect(LaunchOptions.usage.contains(option))
    }
  }
}
