import Foundation
import Testing

/// A navigation stack through the real `dex`: the Pokédex detail's drill-down (ability →
/// detail → ability on a manual client), read by `effects`, `trace` and `state`.
@Suite struct StackCommandsTests {
  /// Bulbasaur's detail with three screens pushed (ids 0, 1, 2), the loads of the two top
  /// ones waiting on the manual client.
  static let drilledThreeDeep = """
    dep pokemonClient manual
    send .list(.onAppear)
    respond e1
    send .list(.rowTapped(id: 1))
    send .list(.destination(.presented(.detail(.abilityTapped(name: "overgrow")))))
    send .list(.destination(.presented(.detail(.path(.element(id: 0, action: .ability(.onAppear)))))))
    respond e2
    send .list(.destination(.presented(.detail(.path(.element(id: 0, action: .ability(.pokemonTapped(id: 2))))))))
    send .list(.destination(.presented(.detail(.path(.element(id: 1, action: .detail(.onAppear)))))))
    send .list(.destination(.presented(.detail(.path(.element(id: 1, action: .detail(.abilityTapped(name: "chlorophyll"))))))))
    send .list(.destination(.presented(.detail(.path(.element(id: 2, action: .ability(.onAppear)))))))

    """

  private static let detail =
    "AppFeature › Scope(list) › PokemonListFeature › ifLet(destination) › PokemonListFeature.Destination"
    + " › Scope(detail) › PokemonDetailFeature"

  @Test func effectsAndTraceNameTheStackElementAnActionWentTo() async throws {
    let result = try await DexProcess.run(input: Self.drilledThreeDeep + "effects\ntrace 10\n")
    #expect(result.status == 0, "\(result.standardError)")
    let lines = ReducerSources.removed(from: result.standardOutput).split(separator: "\n").map(String.init)
    let effects = lines.filter { $0.hasPrefix("e3 ") || $0.hasPrefix("e4 ") }
    #expect(
      effects == [
        "e3  started by #8 in \(Self.detail) › forEach(path)[id: 1] › PokemonDetailFeature.Path"
          + " › Scope(detail) › PokemonDetailFeature.Screen › Reduce"
          + "  cancel id PokemonDetailFeature.Screen.CancelID.extra  awaiting pokemonClient.detail(id: 2)",
        "e4  started by #10 in \(Self.detail) › forEach(path)[id: 2] › PokemonDetailFeature.Path"
          + " › Scope(ability) › AbilityFeature › Reduce"
          + "  cancel id AbilityFeature.CancelID.ability  awaiting pokemonClient.ability(name: \"chlorophyll\")",
      ], "\(lines)")
    // The trace line of the stack names the element, and the element's state path is its own.
    #expect(lines.contains("        forEach(path)[id: 2] › PokemonDetailFeature.Path"), "\(lines)")
    #expect(
      lines.contains { $0.hasPrefix("changed by: \(Self.detail) › forEach(path)[id: 2] ›") && $0.hasSuffix("(list.destination.detail.path[id: 2].ability)") },
      "\(lines)")
  }

  @Test func aPositionReachesTheStackElementAtItAndAnIDTheOneWithIt() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: Self.drilledThreeDeep + """
        send .list(.destination(.presented(.detail(.path(.popFrom(id: 1))))))
        send .list(.destination(.presented(.detail(.abilityTapped(name: "chlorophyll")))))
        state list.destination.detail.path[1]
        state list.destination.detail.path[id: 3]
        expect list.destination.detail.path[0].ability.name == "overgrow"
        state list.destination.detail.path[2]

        """)
    let output = result.standardOutput
    // After the pop the stack holds ids 0 and 3: position 1 is id 3.
    #expect(
      output.contains(
        """
        .ability(AbilityFeature.State(name: "chlorophyll", ability: .idle))
        .ability(AbilityFeature.State(name: "chlorophyll", ability: .idle))
        """), "\(output)")
    #expect(
      result.standardError.contains(
        "index 2 is out of range for list.destination.detail.path (2 elements)"),
      "\(result.standardError)")
  }
}
