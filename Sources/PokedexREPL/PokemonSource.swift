import Composable
import StoreInspector
import DexREPLCore
import Foundation
import PokedexCore

/// Where Pokémon come from: the bundled dataset, or a PokeAPI server (cached on disk unless
/// `--no-cache`). The `--source` and `--no-cache` launch options and the `pokemonClient`
/// dependency of `dep` all read it here.
package enum PokemonSource: Equatable, Sendable {
  /// The offline dataset shipped with dex.
  case bundled
  /// A PokeAPI-compatible server at an API root or bare host, with its responses cached on
  /// disk unless `usesCache` is false.
  case pokeAPI(URL, usesCache: Bool = true)
  /// Every call fails (`dep pokemonClient failing`): error paths on demand.
  case failing
  /// Every call waits for an answer from the prompt (`dep pokemonClient manual`, `respond`).
  case manual

  /// The client.
  var client: PokemonClient {
    switch self {
    case .bundled: .bundled()
    case let .pokeAPI(url, usesCache): .pokeAPI(baseURL: url, cache: usesCache ? .standard : nil)
    case .failing: .failing(Self.failure)
    case .manual: .manual
    }
  }

  /// The client as Swift for a generated test; nil for a server, which a test cannot rely on.
  var swift: String? {
    switch self {
    case .bundled: ".bundled()"
    case .pokeAPI: nil
    case .failing: ".failing(\(inspectorDump(Self.failure, maxWidth: .max)))"
    case .manual: ".manual"
    }
  }

  private static let failure = DexError(
    kind: .network, message: "The Pokémon client is set to fail (dep pokemonClient failing).")

  /// `bundled`, `pokeapi=URL [--no-cache]`, `failing` or `manual`, as `deps` shows and `record`
  /// writes it.
  var description: String {
    switch self {
    case .bundled: "bundled"
    case let .pokeAPI(url, usesCache): "pokeapi=\(url.absoluteString)" + (usesCache ? "" : " --no-cache")
    case .failing: "failing"
    case .manual: "manual"
    }
  }

  /// The source `text` spells (`bundled`, `pokeapi`, `pokeapi=URL`), or what `--source` takes.
  static func parse(_ text: String) -> Result<PokemonSource, SourceProblem> {
    if text == "bundled" { return .success(.bundled) }
    if text == "pokeapi" { return .success(.pokeAPI(PokemonClient.publicPokeAPI)) }
    guard text.hasPrefix("pokeapi=") else {
      return .failure(SourceProblem(expected: "bundled, pokeapi or pokeapi=URL"))
    }
    let address = String(text.dropFirst("pokeapi=".count))
    guard let url = URL(string: address), let scheme = url.scheme,
      ["http", "https"].contains(scheme), url.host != nil, url.query == nil, url.fragment == nil
    else {
      return .failure(
        SourceProblem(
          expected: "pokeapi=URL of the API root (https://pokeapi.co/api/v2/) or the host"))
    }
    return .success(.pokeAPI(url))
  }

  /// What a source spelling should have been.
  struct SourceProblem: Error {
    let expected: String
  }

  /// The source at launch: `--source`, with the cache off under `--no-cache`.
  package static func launched(_ options: [String: String]) -> PokemonSource {
    let source = options["--source"].flatMap { try? parse($0).get() } ?? .bundled
    return source.cached(options["--no-cache"] == nil)
  }

  /// The source with its cache off when `usesCache` is false.
  func cached(_ usesCache: Bool) -> PokemonSource {
    guard case let .pokeAPI(url, cached) = self else { return self }
    return .pokeAPI(url, usesCache: cached && usesCache)
  }

  static let launchOptions = [
    LaunchOption(
      name: "--source", valueName: "SOURCE",
      help: [
        "bundled (default), pokeapi (https://pokeapi.co/api/v2/), or",
        "pokeapi=URL of a PokeAPI server's API root or host",
      ],
      problem: { text in
        if case let .failure(problem) = parse(text) { return problem.expected }
        return nil
      }),
    LaunchOption(
      name: "--no-cache", valueName: nil,
      help: [
        "PokeAPI: no cached responses read or written (default cache:",
        "$DEX_CACHE_DIR, else $XDG_CACHE_HOME/dex/pokeapi, else",
        "~/.cache/dex/pokeapi; 30 days unless the server says)",
      ]),
  ]

  /// `dep pokemonClient bundled | failing | manual | pokeapi | pokeapi=URL [--no-cache]`.
  static let dependency = DependencyOverride(
    name: "pokemonClient",
    spelling: "bundled | failing | manual | pokeapi | pokeapi=URL [--no-cache]",
    completions: ["bundled", "failing", "manual", "pokeapi", "pokeapi="],
    laterCompletions: ["--no-cache"],
    initial: { options in setting(launched(options)) },
    parse: { words, options throws(DependencyOverrideError) in
      let refusal = DependencyOverrideError(
        "pokemonClient takes bundled, failing, manual, pokeapi or pokeapi=URL (then --no-cache to "
          + "bypass the PokeAPI cache), not '\(words.joined(separator: " "))'")
      guard let first = words.first else { throw refusal }
      let rest = words.dropFirst()
      if rest.isEmpty, let fixed = [PokemonSource.failing, .manual].first(where: {
        $0.description == first
      }) {
        return setting(fixed)
      }
      guard rest.allSatisfy({ $0 == "--no-cache" }), case let .success(source) = parse(first),
        source != .bundled || rest.isEmpty
      else { throw refusal }
      // `--no-cache` at launch keeps the cache off for clients set later too.
      return setting(source.cached(rest.isEmpty && options["--no-cache"] == nil))
    })

  private static func setting(_ source: PokemonSource) -> DependencyOverride.Setting {
    let client = source.client
    return DependencyOverride.Setting(description: source.description, swift: source.swift) {
      $0.pokemonClient = client
    }
  }
}
