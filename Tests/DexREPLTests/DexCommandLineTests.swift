import DexREPLCore
import Testing

/// The `dex` binary end to end, with standard input that is not a terminal.
@Suite struct DexCommandLineTests {
  @Test func helpThenQuitFromAPipeListsTheCommandsWithoutBannerOrPrompt() async throws {
    let result = try await DexProcess.run(input: "help\nquit\n")
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput.hasPrefix("Commands:\n"))
    for synopsis in CommandTable.commands.map(\.synopsis) {
      #expect(result.standardOutput.contains("  \(synopsis)"))
    }
    #expect(!result.standardOutput.contains("dex> "))
    #expect(!result.standardOutput.contains(DexCommandLine.banner))
  }

  @Test func unknownCommandIsOneErrorLineWithItsLocationAndExitStatusOne() async throws {
    let result = try await DexProcess.run(input: "frobnicate\n")
    #expect(result.status == 1)
    #expect(result.standardOutput == "")
    #expect(result.errorLines == [
      "<stdin>:1: Unknown command 'frobnicate'. Type 'help' for the list."
    ])
  }

  @Test func locationsCountCommentsAndBlankLines() async throws {
    let result = try await DexProcess.run(input: "# a comment\n\n   \nhlep\nhelp\n")
    #expect(result.status == 1)
    #expect(result.errorLines == [
      "<stdin>:4: Unknown command 'hlep'. Did you mean 'help'? Type 'help' for the list."
    ])
    #expect(result.standardOutput == "", "the run stops at the first rejected line")
  }

  @Test func keepGoingRunsEveryLineAndStillExitsOne() async throws {
    let result = try await DexProcess.run(["--keep-going"], input: "exi\nhelp\nqiut\n")
    #expect(result.status == 1)
    #expect(result.errorLines.count == 2)
    #expect(result.errorLines.first?.hasPrefix("<stdin>:1: Unknown command 'exi'.") == true)
    #expect(result.errorLines.last?.hasPrefix("<stdin>:3: Unknown command 'qiut'.") == true)
    #expect(result.standardOutput.hasPrefix("Commands:\n"))
  }

  @Test func crlfLinesAndALastLineWithoutNewlineAreRead() async throws {
    let result = try await DexProcess.run(input: "help quit\r\nhelp")
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput.hasPrefix("quit | exit\n"))
    #expect(result.standardOutput.hasSuffix("lines starting with '#' are ignored.\n"))
  }

  @Test func endOfInputWithoutQuitExitsZero() async throws {
    let result = try await DexProcess.run(input: "")
    #expect(result.status == 0)
    #expect(result.standardOutput == "")
    #expect(result.standardError == "")
  }

  @Test func linesAfterQuitAreNotRead() async throws {
    let result = try await DexProcess.run(input: "exit\nfrobnicate\n")
    #expect(result.status == 0)
    #expect(result.standardError == "")
  }

  @Test func helpOptionPrintsUsageAndExitsZero() async throws {
    let result = try await DexProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("Usage: dex"))
    #expect(result.standardError == "")
  }

  @Test func versionOptionPrintsTheVersion() async throws {
    let result = try await DexProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "dex 0.1.0\n")
  }

  @Test func unknownOptionIsOneErrorAndExitStatusTwo() async throws {
    let result = try await DexProcess.run(["--bogus"], input: "help\n")
    #expect(result.status == 2)
    #expect(result.standardOutput == "")
    #expect(result.errorLines == ["dex: unknown option '--bogus'. Run 'dex --help' for usage."])
  }
}
