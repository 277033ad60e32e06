import Foundation
import Testing

/// `state` through the real binary: options before or after the path, and folding that says
/// which element each folded one is.
@Suite struct StateCommandTests {
  @Test func depthGoesBeforeOrAfterThePath() async throws {
    let result = try await DexProcess.run(
      input: "send .team(.addTapped(id: 4))\nstate --depth 1 team\nstate team --depth 1\n")
    #expect(result.status == 0, "\(result.standardError)")
    let dumps = result.standardOutput.components(separatedBy: "\nTeamFeature.State(").dropFirst()
      .map { $0.trimmingCharacters(in: .newlines) }
    #expect(dumps.count == 2)
    #expect(dumps.first == dumps.last)
  }

  @Test func anOptionStateDoesNotHaveIsRefusedByName() async throws {
    let result = try await DexProcess.run(input: "state team --dpth 1\n")
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "<stdin>:1: state: '--dpth' is not an option of state. Usage: state [--depth N] [PATH]"
      ])
  }

  @Test func aFoldedElementSaysWhichPokemonItIs() async throws {
    let result = try await DexProcess.run(
      input: "send .list(.onAppear)\nstate --depth 1 list.visiblePokemon\nstate list --depth 2\n")
    #expect(result.status == 0, "\(result.standardError)")
    let charmander = #"Pokemon(id: 4, displayName: "Charmander", …),"#
    #expect(result.standardOutput.contains("\n  \(charmander)\n"))
    #expect(result.standardOutput.contains("\n    \(charmander)\n"))
    #expect(!result.standardOutput.contains("Pokemon(…)"))
  }
}
