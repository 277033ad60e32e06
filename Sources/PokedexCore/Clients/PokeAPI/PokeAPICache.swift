import Foundation
import Composable
import DexPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// Where the PokeAPI client keeps every response it fetched, as PokeAPI's fair-use policy asks
/// of its clients: one file per resource URL, written atomically, used without a request until
/// it expires. A response lives as long as the server's `Cache-Control` or `Expires` says, else
/// `lifetime`; `no-store` keeps it out. Past that, a response with an `ETag` or
/// `Last-Modified` is revalidated (a `304 Not Modified` renews it). A file that cannot be read
/// as an entry is fetched again and replaced.
///
/// ```swift
/// let client = PokemonClient.pokeAPI(cache: .standard)  // ~/.cache/dex/pokeapi
/// ```
public struct PokeAPICache: Sendable {
  /// How long a response is kept when the server does not say: 30 days, since PokeAPI's data
  /// changes rarely.
  public static let defaultLifetime: Duration = .seconds(30 * 24 * 60 * 60)

  /// The folder holding one folder per server (`pokeapi.co`, `127.0.0.1_8080`).
  public let directory: URL
  /// How long a response is kept when the server does not say.
  public let lifetime: Duration
  /// The time entries are stored at and compared with.
  let now: @Sendable () -> Date

  /// A cache in `directory`, created on the first write.
  public init(directory: URL, lifetime: Duration = defaultLifetime) {
    self.init(directory: directory, lifetime: lifetime, now: { Date() })
  }

  /// A cache that reads the time from `now`, for tests of expiry.
  package init(
    directory: URL, lifetime: Duration = defaultLifetime, now: @escaping @Sendable () -> Date
  ) {
    self.directory = directory
    self.lifetime = lifetime
    self.now = now
  }

  /// The cache in `standardDirectory(environment:)` of this process's environment.
  public static var standard: PokeAPICache {
    PokeAPICache(directory: standardDirectory(environment: ProcessInfo.processInfo.environment))
  }

  /// `$DEX_CACHE_DIR`, else `$XDG_CACHE_HOME/dex/pokeapi`, else `~/.cache/dex/pokeapi`.
  public static func standardDirectory(environment: [String: String]) -> URL {
    XDGDirectory.resolve(
      environment: environment, variable: "DEX_CACHE_DIR", xdgVariable: "XDG_CACHE_HOME",
      homeDefault: ".cache", path: "dex/pokeapi")
  }

  /// Why an entry could not be written.
  struct StoreFailure: Error, Equatable {
    /// The file or folder that could not be written.
    var path: String
    var reason: String
  }

  /// The file of `url`: a folder per host and port, then the path and query as one file name,
  /// percent-encoded (`pokeapi.co/api%2Fv2%2Fpokemon%2F25`).
  func fileURL(for url: URL) -> URL {
    let (folder, file) = names(for: url)
    return directory.appendingPathComponent(folder, isDirectory: true)
      .appendingPathComponent(file)
  }

  /// The folder and file names of `url`'s entry, each one entry of its directory.
  private func names(for url: URL) -> (folder: String, file: String) {
    let server = (url.host ?? "") + (url.port.map { "_\($0)" } ?? "")
    var resource = url.path(percentEncoded: true)
    if resource.hasPrefix("/") { resource.removeFirst() }
    if let query = url.query(percentEncoded: true) { resource += "?\(query)" }
    return (
      Self.fileName(server.isEmpty ? "%" : server), Self.fileName(resource.isEmpty ? "/" : resource)
    )
  }

  /// The entry stored for `url`, or nil when there is none or its file is not one: not a
  /// regular file (a symbolic link is never followed, nor a linked server folder), or larger
  /// than any entry `store` writes.
  func entry(for url: URL) -> PokeAPICacheEntry? {
    let (folder, file) = names(for: url)
    guard
      let data = try? ContainedDirectory(path: directory.path, creatingWith: nil)
        .subdirectory(folder, creatingWith: nil)
        .read(file, maximumSize: Self.maximumEntrySize),
      let entry = PokeAPICacheEntry(decoding: data), entry.url == url
    else { return nil }
    return entry
  }

  /// Writes `entry` over the file that held it, all at once, as `FilePolicy` says, inside the
  /// cache folder only: a symbolic link at the entry's name is replaced, never followed; a
  /// server folder that is a link is refused. Missing folders are made readable by the user
  /// only. An entry larger than `maximumEntrySize`, which could not be read back, is refused.
  func store(_ entry: PokeAPICacheEntry) throws(StoreFailure) {
    let (folder, file) = names(for: entry.url)
    let data = entry.encoded()
    guard data.count <= Self.maximumEntrySize else {
      throw StoreFailure(
        path: fileURL(for: entry.url).path,
        reason: "the entry is \(data.count) bytes, more than the \(Self.maximumEntrySize) dex "
          + "reads back")
    }
    do {
      try ContainedDirectory(path: directory.path, creatingWith: 0o700)
        .subdirectory(folder, creatingWith: 0o700)
        .write(data, to: file)
    } catch {
      if case let .directoryNotCreated(folder, errorNumber) = error.problem {
        throw StoreFailure(path: folder, reason: FilePolicyError.describe(errorNumber))
      }
      throw StoreFailure(path: error.path, reason: error.reason)
    }
  }

  /// The largest entry file read and written: the largest body a response may have, and room
  /// for the header lines above it.
  static let maximumEntrySize =
    PokeAPILimits.standard.maximumBodySize + PokeAPICacheEntry.maximumHeadSize

  /// Every character but letters, digits and `-._~=&,` percent-encoded, so a name is one path
  /// component and two URLs never share one; `.` and `..` are `%2E` and `%2E%2E`.
  private static func fileName(_ text: String) -> String {
    if text == "." || text == ".." { return text.replacingOccurrences(of: ".", with: "%2E") }
    return text.addingPercentEncoding(withAllowedCharacters: fileNameCharacters) ?? "%"
  }

  private static let fileNameCharacters = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~=&,")
}
