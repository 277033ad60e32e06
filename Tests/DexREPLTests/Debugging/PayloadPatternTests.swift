import Foundation
import Testing

/// Case patterns that name a case of a payload (`.success` of a Result) without its own
/// payload, through the real `dex`: `log`, `break on` and `hide` match every value of that case,
/// and refuse a case name that is not one at that level.
@Suite struct PayloadPatternTests {
  @Test func aResultCaseWithoutItsPayloadMatchesEveryValueOfIt() async throws {
    let result = try await DexProcess.run(
      input: """
        break on .list(.pageLoaded(.success))
        send .list(.onAppear)
        continue
        log .list(.pageLoaded(.success))
        log .list(.pageLoaded(.failure))
        hide .list(.pageLoaded(.success))
        send .list(.rowAppeared(id: 20))

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
      .filter { !$0.hasPrefix(" ") && !$0.hasPrefix("-") && !$0.hasPrefix("+") }
    let page = ".list(.pageLoaded(.success(PokemonPage(offset: 0, 20 items, totalCount: 1025))))"
    #expect(
      lines == [
        "breakpoint 1: on .list(.pageLoaded(.success))",
        "#1 sent .list(.onAppear)",
        "#2 received from #1 \(page)",
        "break #2: on .list(.pageLoaded(.success)) (breakpoint 1)",
        "> #2 received from #1 \(page)",
        "No entry matches.",
        "hiding .list(.pageLoaded(.success))",
        "#3 sent .list(.rowAppeared(id: 20))",
        "break #4: on .list(.pageLoaded(.success)) (breakpoint 1)",
      ])
  }

  @Test func aCaseThatIsNotOneAtItsLevelIsRefused() async throws {
    for command in ["log", "break on", "hide"] {
      let result = try await DexProcess.run(input: "\(command) .list(.pageLoaded(.sucess))\n")
      #expect(result.status == 1)
      #expect(
        result.standardError
          == "<stdin>:1: \(command.split(separator: " ")[0]): 'sucess' is not a case at "
          + "list.pageLoaded; cases: .success, .failure\n")
    }
  }
}
