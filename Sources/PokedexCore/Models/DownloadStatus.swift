import Composable

/// How loading the Pokémon list is going: shared in memory while the app runs, lost on restart
/// by design (seed 002's `.inMemory`: the state of an in-progress download).
public struct DownloadStatus: Equatable, Sendable, Codable {
  /// How many pages have loaded since the app started.
  public var pagesLoaded = 0
  /// Why the last page failed, until a page loads.
  public var lastError: DexError?
  /// Whether a page is loading now.
  public var isLoading = false

  /// A status.
  public init(pagesLoaded: Int = 0, lastError: DexError? = nil, isLoading: Bool = false) {
    self.pagesLoaded = pagesLoaded
    self.lastError = lastError
    self.isLoading = isLoading
  }
}

extension SharedKey where Self == InMemoryKey<DownloadStatus>.Default {
  /// The list's download status, in memory: `@Shared(.downloads) var downloads`.
  public static var downloads: Self { Self[.inMemory("downloads"), default: DownloadStatus()] }
}
