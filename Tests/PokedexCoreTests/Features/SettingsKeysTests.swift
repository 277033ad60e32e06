import DexTesting
import Foundation
import PokedexCore
import Testing
import Composable

/// The settings as `settings.json` in the data directory holds them, checked when read: a value
/// the settings screen would not accept is never used, it is reported, and the file is kept.
@Suite(.isolatedSharedState) struct SettingsKeysTests {
  let directory: TemporaryDirectory
  let file: URL
  let errors = Recorder()
  let container: SharedContainer

  init() throws {
    directory = try TemporaryDirectory()
    file = directory.url.appendingPathComponent("settings.json")
    let errors = errors
    container = SharedContainer(storage: .persistent, appStorageURL: file) { errors.record($0) }
  }

  func settings(in json: String) throws -> SettingsFeature.State {
    try Data(json.utf8).write(to: file)
    return SharedContainer.$current.withValue(container) { SettingsFeature.State() }
  }

  @Test func aPageSizeOfZeroReadsAsOneWithAWarningNamingTheKeyAndTheFile() throws {
    let settings = try settings(in: #"{"pageSize":0}"#)
    #expect(settings.pageSize == 1)
    #expect(
      errors.all == [
        "\(file.path) holds pageSize 0, outside 1…100; 1 is used and the file is left as it is."
      ])
  }

  @Test func aDefaultLevelOverOneHundredReadsAsOneHundred() throws {
    let settings = try settings(in: #"{"defaultLevel":500}"#)
    #expect(settings.defaultLevel == 100)
    #expect(
      errors.all == [
        "\(file.path) holds defaultLevel 500, outside 1…100; 100 is used and the file is left "
          + "as it is."
      ])
  }

  @Test func aPageSizeThatIsNotANumberReadsAsTheDefaultAndIsReported() throws {
    let settings = try settings(in: #"{"pageSize":"abc","showsOnlyFavorites":"yes"}"#)
    container.flush()
    #expect(settings.pageSize == 20)
    #expect(settings.showsOnlyFavorites == false)
    #expect(
      errors.all == [
        "\(file.path) holds JSON of the wrong kind for Int (expected Int at 'pageSize', found a "
          + "string); the default 20 is used and the file is left as it is.",
        "\(file.path) holds JSON of the wrong kind for Bool (expected Bool at "
          + "'showsOnlyFavorites', found a string); the default false is used and the file is "
          + "left as it is.",
      ])
    // The missing setting is written with its default; the others are kept as they were.
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == #"{"defaultLevel":5,"pageSize":"abc","showsOnlyFavorites":"yes"}"#)
  }

  @Test func settingsThatAreNotJSONAreMovedAsideAsFavoritesAre() throws {
    let settings = try settings(in: #"{"pageSize": 20,"#)
    #expect(settings.pageSize == 20)
    let aside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      .filter { $0.hasPrefix("settings.json.corrupt-") }
    #expect(aside.count == 1)
    #expect(errors.all.count == 1)
    #expect(errors.all.first?.hasPrefix("\(file.path) is not valid JSON (") == true)
    #expect(errors.all.first?.contains(aside.first ?? "?") == true)
  }

  @Test(arguments: [
    (1, nil), (100, nil), (0, "defaultLevel 0 is outside 1…100"),
    (Int.max, "defaultLevel 9223372036854775807 is outside 1…100"),
  ] as [(Int, String?)])
  func theDefaultLevelRefusesFromOutsideALevelOutsideOneToAHundred(level: Int, refusal: String?) {
    #expect(AppStorageKey<Int>.Default.defaultLevel.refusal(of: level) == refusal)
  }

  @Test(arguments: [
    (20, nil), (0, "pageSize 0 is outside 1…100"),
    (Int.max, "pageSize 9223372036854775807 is outside 1…100"),
  ] as [(Int, String?)])
  func thePageSizeRefusesFromOutsideASizeOutsideOneToAHundred(size: Int, refusal: String?) {
    #expect(AppStorageKey<Int>.Default.pageSize.refusal(of: size) == refusal)
  }
}
