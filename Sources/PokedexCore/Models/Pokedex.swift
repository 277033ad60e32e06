import Foundation
import Composable
import DexPlatform

/// The 1025 Pokémon bundled with the package (`pokedex.json`), read and decoded once, on first
/// use rather than at launch, and safe to use from any thread.
///
/// ```swift
/// try Pokedex.shared.pokemon(named: "mr. mime")?.id  // 122
/// try Pokedex.shared.search("char").map(\.name).prefix(3)
/// // ["charmander", "charmeleon", "charizard"]
/// ```
public final class Pokedex: Sendable {
  /// The dataset bundled with PokedexCore.
  public static let shared = bundled()

  /// A new instance reading the bundled `pokedex.json`, with nothing read yet.
  package static func bundled() -> Pokedex {
    Pokedex(resourceName: "pokedex.json", readData: readBundledData)
  }

  /// The bytes of the bundled `pokedex.json`.
  @Sendable package static func readBundledData() throws -> Data {
    guard let url = Bundle.module.url(forResource: "pokedex", withExtension: "json") else {
      throw DexError(
        kind: .notFound,
        message: "The bundled resource pokedex.json is missing from PokedexCore's resources.")
    }
    return try Data(contentsOf: url)
  }

  private let resourceName: String
  private let readData: @Sendable () throws -> Data
  private let storage = LockedValue<Result<Storage, DexError>?>(nil)

  /// A Pokédex decoded from what `readData` returns, on first use; `resourceName` names the file
  /// in errors.
  package init(resourceName: String, readData: @escaping @Sendable () throws -> Data) {
    self.resourceName = resourceName
    self.readData = readData
  }

  /// Whether the data has been read yet (successfully or not).
  package var isLoaded: Bool { storage.withLock { $0 != nil } }

  /// How many Pokémon there are: 1025.
  public var count: Int {
    get throws(DexError) { try load().pokemon.count }
  }

  /// Every Pokémon in id order.
  public func all() throws(DexError) -> [Pokemon] {
    try load().pokemon
  }

  /// The Pokémon with national-dex number `id`, if there is one.
  public func pokemon(id: Int) throws(DexError) -> Pokemon? {
    let storage = try load()
    return storage.indexByID[id].map { storage.pokemon[$0] }
  }

  /// The Pokémon whose API name (`mr-mime`) or English name (`Mr. Mime`) is `name`, ignoring
  /// case, accents and the kind of apostrophe.
  public func pokemon(named name: String) throws(DexError) -> Pokemon? {
    let storage = try load()
    return storage.indexByName[Storage.searchKey(name)].map { storage.pokemon[$0] }
  }

  /// The Pokémon whose API name or English name contains `query` (ignoring case, accents and the
  /// kind of apostrophe), in id order; every Pokémon when `query` is blank.
  public func search(_ query: String) throws(DexError) -> [Pokemon] {
    let storage = try load()
    let key = Storage.searchKey(query)
    guard !key.isEmpty else { return storage.pokemon }
    return storage.pokemon.indices
      .filter { storage.searchText[$0].contains(key) }
      .map { storage.pokemon[$0] }
  }

  /// The type names that occur, in alphabetical order: `bug`, `dark`, … `water`.
  public func types() throws(DexError) -> [String] {
    try load().types
  }

  /// What the detail screen shows for the Pokémon with `id`, if there is one.
  public func detail(id: Int) throws(DexError) -> PokemonDetail? {
    let storage = try load()
    return storage.indexByID[id].map { storage.entries[$0].detail }
  }

  /// The ability `name` and the Pokémon that have it, if any has it.
  public func ability(named name: String) throws(DexError) -> AbilityDetail? {
    let having = try load().pokemon.filter { $0.abilities.contains { $0.name == name } }
    return having.isEmpty ? nil : AbilityDetail(name: name, pokemon: having)
  }

  /// The page of `limit` Pokémon starting at `offset`: empty past the end; an error for a
  /// negative offset or limit.
  public func page(offset: Int, limit: Int) throws(DexError) -> PokemonPage {
    try PokemonPage.checkBounds(offset: offset, limit: limit)
    let all = try load().pokemon
    let start = min(offset, all.count)
    let end = start + min(limit, all.count - start)
    return PokemonPage(offset: offset, items: Array(all[start..<end]), totalCount: all.count)
  }

  /// The entry of the Pokémon with `id`, if there is one.
  func entry(id: Int) throws(DexError) -> PokedexEntry? {
    let storage = try load()
    return storage.indexByID[id].map { storage.entries[$0] }
  }

  private func load() throws(DexError) -> Storage {
    let result = storage.withLock { storage in
      if let storage { return storage }
      let result = Result { () throws(DexError) -> Storage in try decode() }
      storage = result
      return result
    }
    return try result.get()
  }

  private func decode() throws(DexError) -> Storage {
    let data: Data
    do {
      data = try readData()
    } catch {
      if let error = error as? DexError { throw error }
      throw DexError(
        kind: .other, message: "Could not read \(resourceName): \(error.localizedDescription)")
    }
    do {
      return Storage(entries: try JSONDecoder().decode([PokedexEntry].self, from: data))
    } catch let error as DecodingError {
      throw DexError(
        kind: .decoding, message: "\(resourceName) could not be decoded: \(error.summary).")
    } catch {
      throw DexError(
        kind: .decoding, message: "\(resourceName) could not be decoded: \(error).")
    }
  }
}

extension Pokedex {
  /// The decoded entries with their indexes.
  fileprivate struct Storage: Sendable {
    let entries: [PokedexEntry]
    let pokemon: [Pokemon]
    let indexByID: [Int: Int]
    let indexByName: [String: Int]
    /// Each Pokémon's search key of its API name and English name, by index.
    let searchText: [String]
    let types: [String]

    init(entries: [PokedexEntry]) {
      let entries = entries.sorted { $0.id < $1.id }
      self.entries = entries
      pokemon = entries.map(\.pokemon)
      indexByID = Dictionary(
        entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
      indexByName = Dictionary(
        entries.enumerated().flatMap { index, entry in
          [(Self.searchKey(entry.name), index), (Self.searchKey(entry.displayName), index)]
        },
        uniquingKeysWith: { first, _ in first })
      searchText = entries.map {
        Self.searchKey($0.name) + "\n" + Self.searchKey($0.displayName)
      }
      types = Set(entries.flatMap(\.types)).sorted()
    }

    /// `text` trimmed, without case or accents, with typographic apostrophes made straight:
    /// `Farfetch’d` and `farfetch'd` have the same key.
    static func searchKey(_ text: String) -> String {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      // Every line of a script names a Pokémon: plain ASCII (almost every name typed) needs
      // only lowercasing, not Foundation's folding.
      if trimmed.utf8.allSatisfy({ $0 < 0x80 }) { return trimmed.lowercased() }
      return trimmed.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        .replacingOccurrences(of: "’", with: "'")
    }
  }
}
