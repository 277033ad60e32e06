import Composable
import PokedexCore
import Testing

/// The settings refuse, from outside the app, values outside the ranges their bindings clamp to.
@Suite struct SettingsKeysTests {
  @Test(arguments: [
    (1, nil), (100, nil), (0, "level 0 is outside 1…100"),
    (Int.max, "level 9223372036854775807 is outside 1…100"),
  ] as [(Int, String?)])
  func theDefaultLevelRefusesALevelOutsideOneToAHundred(level: Int, refusal: String?) {
    #expect(AppStorageKey<Int>.Default.defaultLevel.refusal(of: level) == refusal)
  }

  @Test(arguments: [
    (20, nil), (0, "a page holds 1…100 Pokémon, not 0"),
    (Int.max, "a page holds 1…100 Pokémon, not 9223372036854775807"),
  ] as [(Int, String?)])
  func thePageSizeRefusesASizeOutsideOneToAHundred(size: Int, refusal: String?) {
    #expect(AppStorageKey<Int>.Default.pageSize.refusal(of: size) == refusal)
  }
}
