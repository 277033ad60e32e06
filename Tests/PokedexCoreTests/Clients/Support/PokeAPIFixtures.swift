import Foundation
import PokeAPILoopback

/// The copies of PokeAPI responses in the test resources (`pokeapi-fixtures/`), and the routes
/// that serve them the way pokeapi.co does.
enum PokeAPIFixtures {
  /// The detail fixtures' ids: bulbasaur, pikachu, mewtwo.
  static let detailIDs = [1, 25, 150]

  /// The fixture named `name` (`pokemon-25`).
  static func data(_ name: String) throws -> Data {
    guard
      let url = Bundle.module.url(
        forResource: name, withExtension: "json", subdirectory: "pokeapi-fixtures")
    else { throw FixtureError.missing(name) }
    return try Data(contentsOf: url)
  }

  /// Answers what the fixtures hold: the two list pages (offset 0 and 20, limit 20) and the
  /// details of 1, 25 and 150; a 404 for anything else, as pokeapi.co answers an unknown id.
  static func route(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
    let name: String? =
      switch request.path {
      case "/api/v2/pokemon" where request.query["limit"] == "20":
        request.query["offset"].map { "pokemon-list-offset-\($0)-limit-20" }
      case let path where path.hasPrefix("/api/v2/pokemon/"):
        "pokemon-\(path.dropFirst("/api/v2/pokemon/".count))"
      default:
        nil
      }
    guard let name, let data = try? data(name) else { return .status(404) }
    return .json(data)
  }

  /// A list in the live shape whose results are the three Pokémon with detail fixtures, so a
  /// whole page can be served from fixtures alone.
  static let listOfDetailFixtures = """
    {"count": 1351, "next": null, "previous": null, "results": [
      {"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon/1/"},
      {"name": "pikachu", "url": "https://pokeapi.co/api/v2/pokemon/25/"},
      {"name": "mewtwo", "url": "https://pokeapi.co/api/v2/pokemon/150/"}
    ]}
    """

  enum FixtureError: Error {
    case missing(String)
  }
}
