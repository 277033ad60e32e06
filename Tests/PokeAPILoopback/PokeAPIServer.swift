import DexPlatform
import Foundation
import PokedexCore
import Composable


/// PokeAPI v2 on loopback, built from the bundled Pokédex: `GET /api/v2/pokemon?offset=&limit=`
/// pages through all 1,025 Pokémon (`count`, `next`, `previous`, `results` naming
/// `…/api/v2/pokemon/{id}/`) and `GET /api/v2/pokemon/{id}` (with or without the trailing
/// slash) answers the detail in PokeAPI's shape, `GET /api/v2/ability/{name}` the Pokémon
/// that have it. What it sends besides is set in `Settings`.
public final class PokeAPIServer: Sendable {
  /// How the server behaves; change it while it runs with `update(_:)`.
  public struct Settings: Sendable {
    /// The Pokémon whose detail answers HTTP 500.
    public var failingIDs: Set<Int> = []
    /// Whether each of `failingIDs` fails only its first request, then answers as the others.
    public var failsOnce = false
    /// The `Cache-Control` every answer carries, if any (pokeapi.co sends
    /// `public, max-age=86400, s-maxage=86400`).
    public var cacheControl: String?
    /// Whether answers carry an `ETag` (`"1-/api/v2/pokemon/25"`, the revision first) and a
    /// request whose `If-None-Match` names the current one is answered `304 Not Modified`.
    public var sendsETags = false
    /// Changes every ETag, as a change of the data would.
    public var revision = 1
    /// How long each answer takes, so that requests overlap.
    public var delay: Duration = .zero
    /// How the server attacks its client, if it does.
    public var hostility: Hostility?

    public init(
      failingIDs: Set<Int> = [], failsOnce: Bool = false, cacheControl: String? = nil,
      sendsETags: Bool = false, delay: Duration = .zero, hostility: Hostility? = nil
    ) {
      self.failingIDs = failingIDs
      self.failsOnce = failsOnce
      self.cacheControl = cacheControl
      self.sendsETags = sendsETags
      self.delay = delay
      self.hostility = hostility
    }
  }

  /// A way a server can try to exhaust its client's memory, disk or time. Each applies to every
  /// answer (the list and the details) unless it says otherwise.
  public enum Hostility: Sendable, Equatable, CustomStringConvertible {
    /// The answer, then chunks of spaces for ever.
    case endlessBody
    /// The answer padded with spaces to `bytes` (still valid JSON).
    case oversizedBody(bytes: Int)
    /// The answer one byte every `interval`.
    case tricklingBody(interval: Duration)
    /// The list answers `results` results from its offset, whatever limit it was asked for.
    case overlongList(results: Int)
    /// `302 Found` to `location` (`file:///etc/passwd`, `data:,{}`).
    case redirect(to: String)
    /// `302 Found` to the same resource with `hop=N+1` in its query, `hops` times, then the
    /// answer.
    case redirectHops(Int)
    /// `Expires: Fri, 31 Dec 9999 23:59:59 GMT` with `Date: Mon, 01 Jan 0001 00:00:00 GMT`: a
    /// lifetime of almost ten thousand years.
    case farExpires

    /// The mode as `dex-pokeapi-server --hostile` spells it.
    public var description: String {
      switch self {
      case .endlessBody: "endless-body"
      case let .oversizedBody(bytes): "oversized-body=\(bytes)"
      case let .tricklingBody(interval): "trickle=\(Self.milliseconds(interval))"
      case let .overlongList(results): "overlong-list=\(results)"
      case let .redirect(location): "redirect=\(location)"
      case let .redirectHops(hops): "redirect-hops=\(hops)"
      case .farExpires: "far-expires"
      }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
      let (seconds, attoseconds) = duration.components
      return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
  }

  /// The HTTP server underneath: its request log and counts.
  public let http: LoopbackHTTPServer
  private let settings: LockedValue<Settings>

  /// Starts serving on `port` of 127.0.0.1 (0: a free one).
  public init(_ settings: Settings = Settings(), port: UInt16 = 0) throws {
    let shared = LockedValue(settings)
    self.settings = shared
    self.http = try LoopbackHTTPServer(port: port) { request in
      Self.answer(request, settings: shared)
    }
  }

  /// The API root as PokeAPI documents it: `http://127.0.0.1:<port>/api/v2/`.
  public var apiRoot: URL { http.baseURL.appending(path: "api/v2/") }

  /// Every request so far, in the order they were answered.
  public var requests: [LoopbackHTTPServer.Request] { http.requests }

  /// Changes how the server behaves from the next request on.
  public func update(_ change: (inout Settings) -> Void) {
    settings.withLock { change(&$0) }
  }

  /// Stops the server.
  public func stop() { http.stop() }

  static let pokemonPath = "/api/v2/pokemon"
  static let abilityPath = "/api/v2/ability"

  private static func answer(
    _ request: LoopbackHTTPServer.Request, settings shared: LockedValue<Settings>
  ) -> LoopbackHTTPServer.Response {
    let path = request.path.hasSuffix("/") ? String(request.path.dropLast()) : request.path
    let id = path.hasPrefix("\(pokemonPath)/") ? Int(path.dropFirst(pokemonPath.count + 1)) : nil
    let (settings, fails) = shared.withLock { settings in
      guard let id, settings.failingIDs.contains(id) else { return (settings, false) }
      if settings.failsOnce { settings.failingIDs.remove(id) }
      return (settings, true)
    }
    if settings.delay > .zero {
      let (seconds, attoseconds) = settings.delay.components
      Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
    let root = "http://\(request.headers["host"] ?? "127.0.0.1")/api/v2/"
    var response: LoopbackHTTPServer.Response
    if let redirect = redirect(request, settings.hostility) {
      return redirect
    } else if fails {
      return .status(500)
    } else if path == pokemonPath {
      var overlong: Int?
      if case let .overlongList(results) = settings.hostility { overlong = results }
      response = list(request.query, root: root, results: overlong)
    } else if let id {
      response = detail(id: id, root: root)
    } else if path.hasPrefix("\(abilityPath)/") {
      response = ability(named: String(path.dropFirst(abilityPath.count + 1)), root: root)
    } else {
      return .status(404)
    }
    guard response.status == 200 else { return response }
    if let cacheControl = settings.cacheControl {
      response.headers["Cache-Control"] = cacheControl
    }
    if settings.sendsETags {
      let tag = "\"\(settings.revision)-\(request)\""
      response.headers["ETag"] = tag
      if request.headers["if-none-match"] == tag { response.status = 304 }
    }
    switch settings.hostility {
    case .endlessBody:
      response.delivery = .endlessChunks
    case let .oversizedBody(bytes):
      response.delivery = .padded(length: bytes)
    case let .tricklingBody(interval):
      response.delivery = .trickle(interval: interval)
    case .farExpires:
      response.headers["Expires"] = "Fri, 31 Dec 9999 23:59:59 GMT"
      response.headers["Date"] = "Mon, 01 Jan 0001 00:00:00 GMT"
    case .overlongList, .redirect, .redirectHops, nil:
      break
    }
    return response
  }

  /// The redirect `hostility` answers `request` with, if it does.
  private static func redirect(
    _ request: LoopbackHTTPServer.Request, _ hostility: Hostility?
  ) -> LoopbackHTTPServer.Response? {
    switch hostility {
    case let .redirect(location):
      return LoopbackHTTPServer.Response(
        status: 302, headers: ["Location": location], body: Data())
    case let .redirectHops(hops):
      let hop = request.query["hop"].flatMap { Int($0) } ?? 0
      guard hop < hops else { return nil }
      var query = request.query
      query["hop"] = String(hop + 1)
      var components = URLComponents()
      components.path = request.path
      components.queryItems = query.sorted { $0.key < $1.key }
        .map { URLQueryItem(name: $0.key, value: $0.value) }
      return LoopbackHTTPServer.Response(
        status: 302, headers: ["Location": components.string ?? request.path], body: Data())
    default:
      return nil
    }
  }

  /// A page of the list, as PokeAPI pages it: `limit` results from `offset`, 20 from 0 unless
  /// the query says otherwise; or, given `results`, that many whatever the limit, the Pokédex
  /// over and over.
  private static func list(
    _ query: [String: String], root: String, results overlong: Int? = nil
  ) -> LoopbackHTTPServer.Response {
    let offset = query["offset"].flatMap { Int($0) } ?? 0
    let limit = query["limit"].flatMap { Int($0) } ?? 20
    guard offset >= 0, limit >= 0, let all = try? Pokedex.shared.all(), !all.isEmpty else {
      return .status(400)
    }
    if let overlong { return overlongList(overlong, from: all, offset: offset, root: root) }
    let listed = Array(all.dropFirst(offset).prefix(limit))
    let results = listed.map {
      NamedResource(name: $0.name, url: "\(root)pokemon/\($0.id)/")
    }
    let list = "\(root)pokemon"
    let page = ListPage(
      count: all.count,
      next: offset + limit < all.count ? "\(list)?offset=\(offset + limit)&limit=\(limit)" : nil,
      previous: offset > 0 ? "\(list)?offset=\(max(0, offset - limit))&limit=\(limit)" : nil,
      results: Array(results))
    return encoded(page)
  }

  /// A list of `count` results whatever the limit, written as text: `JSONEncoder` takes
  /// seconds for 200,000 results on a loaded machine, which the client's 10-second deadline
  /// would count against the server.
  private static func overlongList(
    _ count: Int, from all: [Pokemon], offset: Int, root: String
  ) -> LoopbackHTTPServer.Response {
    var body = "{\"count\":\(all.count),\"next\":null,\"previous\":null,\"results\":["
    body.reserveCapacity(count * 64)
    for index in 0..<count {
      let pokemon = all[(offset + index) % all.count]
      if index > 0 { body += "," }
      // Bundled names are lowercase ASCII with hyphens: nothing to escape.
      body += "{\"name\":\"\(pokemon.name)\",\"url\":\"\(root)pokemon/\(pokemon.id)/\"}"
    }
    body += "]}"
    return .json(body)
  }

  /// The detail of one Pokémon in PokeAPI's shape, its resources named under `root`
  /// (`http://127.0.0.1:<port>/api/v2/`); 404 for an id the Pokédex does not have.
  private static func detail(id: Int, root: String) -> LoopbackHTTPServer.Response {
    guard let pokemon = try? Pokedex.shared.pokemon(id: id),
      let detail = try? Pokedex.shared.detail(id: id)
    else { return .status(404) }
    let statNames = [
      "hp", "attack", "defense", "special-attack", "special-defense", "speed",
    ]
    let stats = pokemon.stats
    let values = [
      stats.hp, stats.attack, stats.defense, stats.specialAttack, stats.specialDefense, stats.speed,
    ]
    let visible = pokemon.abilities.filter { !$0.isHidden }
    let resource = Detail(
      id: id, name: pokemon.name, height: pokemon.height, weight: pokemon.weight,
      baseExperience: detail.baseExperience,
      types: pokemon.types.enumerated().map {
        TypeSlot(
          slot: $0.offset + 1,
          type: NamedResource(name: $0.element, url: "\(root)type/\($0.element)/"))
      },
      stats: zip(statNames, values).map {
        Stat(
          baseStat: $0.1, effort: 0, stat: NamedResource(name: $0.0, url: "\(root)stat/\($0.0)/"))
      },
      abilities: pokemon.abilities.map { ability in
        AbilitySlot(
          ability: NamedResource(name: ability.name, url: "\(root)ability/\(ability.name)/"),
          isHidden: ability.isHidden,
          slot: ability.isHidden ? 3 : (visible.firstIndex(of: ability) ?? 0) + 1)
      },
      sprites: Sprites(frontDefault: Pokemon.spriteURL(id: id).absoluteString),
      species: NamedResource(name: pokemon.name, url: "\(root)pokemon-species/\(id)/"))
    return encoded(resource)
  }

  /// An ability and the Pokémon that have it in PokeAPI's shape; 404 for a name no bundled
  /// Pokémon has.
  private static func ability(named name: String, root: String) -> LoopbackHTTPServer.Response {
    guard let ability = try? Pokedex.shared.ability(named: name) else { return .status(404) }
    return encoded(
      Ability(
        name: ability.name,
        pokemon: ability.pokemon.map { pokemon in
          let slot = pokemon.abilities.first { $0.name == name }
          return AbilityHolder(
            isHidden: slot?.isHidden ?? false,
            pokemon: NamedResource(name: pokemon.name, url: "\(root)pokemon/\(pokemon.id)/"))
        }))
  }

  private static func encoded(_ value: some Encodable) -> LoopbackHTTPServer.Response {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let body = try? encoder.encode(value) else { return .status(500) }
    return .json(body)
  }

  private struct NamedResource: Encodable {
    var name: String
    var url: String
  }

  private struct ListPage: Encodable {
    var count: Int
    var next: String?
    var previous: String?
    var results: [NamedResource]

    func encode(to encoder: any Encoder) throws {
      // PokeAPI writes a missing `next` or `previous` as null.
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(count, forKey: .count)
      try container.encode(next, forKey: .next)
      try container.encode(previous, forKey: .previous)
      try container.encode(results, forKey: .results)
    }

    private enum CodingKeys: String, CodingKey { case count, next, previous, results }
  }

  private struct TypeSlot: Encodable {
    var slot: Int
    var type: NamedResource
  }

  private struct Stat: Encodable {
    var baseStat: Int
    var effort: Int
    var stat: NamedResource
  }

  private struct AbilitySlot: Encodable {
    var ability: NamedResource
    var isHidden: Bool
    var slot: Int
  }

  private struct Ability: Encodable {
    var name: String
    var pokemon: [AbilityHolder]
  }

  private struct AbilityHolder: Encodable {
    var isHidden: Bool
    var pokemon: NamedResource
  }

  private struct Sprites: Encodable {
    var frontDefault: String?
  }

  private struct Detail: Encodable {
    var id: Int
    var name: String
    var height: Int
    var weight: Int
    var baseExperience: Int?
    var types: [TypeSlot]
    var stats: [Stat]
    var abilities: [AbilitySlot]
    var sprites: Sprites
    var species: NamedResource
  }
}
