import DexREPLCore
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
    (["tour.dex"], .unexpectedArgument("tour.dex")),
  ])
  func badArgumentsAreUsageErrors(arguments: [String], error: REPLError) {
    #expect(throws: error) { try LaunchOptions.parse(arguments) }
  }

  @Test func usageStartsWithUsageAndMentionsEveryOption() {
    #expect(LaunchOptions.usage.hasPrefix("Usage: dex"))
    for option in ["--keep-going", "--help", "--version", "DEX_HISTFILE"] {
      #expect(LaunchOptions.usage.contains(option))
    }
  }
}
