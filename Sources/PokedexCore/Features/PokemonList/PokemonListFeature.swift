import Composable

/// The list of Pokémon: loads page by page as rows appear, retries after a failure, presents a
/// detail, shows favorites with a star, and filters through its search child (seeds 000–004).
/// It pages by the `pageSize` setting, shows only favorites when the settings say so, and
/// writes how loading goes into the shared `downloads` status.

public struct PokemonListFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The loaded Pokémon, in national-dex order.
    public var loadState: LoadState<[Pokemon]> = .idle
    /// Whether the next page is loading.
    public var isLoadingMore = false
    /// Whether there is a next page to load.
    public var canLoadMore = true
    /// Why loading the next page failed, until a retry.
    public var loadMoreError: DexError?
    /// The presented detail, if any.
    public var destination: Destination.State?
    /// The user's favorites, shown as stars (read only here).
    @SharedReader(.favorites) public var favorites
    /// The search field and type filter.
    public var search = SearchFeature.State()
    /// How many Pokémon the next page holds (a setting, read only here).
    @SharedReader(.pageSize) public var pageSize
    /// Whether only favorites are shown (a setting, read only here).
    @SharedReader(.showsOnlyFavorites) public var showsOnlyFavorites
    /// How loading goes, shared in memory with whoever shows it.
    @Shared(.downloads) public var downloads

    /// A list with nothing loaded.
    public init() {}

    // Shared values are saved with the session's shared snapshot, not with the state.
    private enum CodingKeys: String, CodingKey {
      case loadState, isLoadingMore, canLoadMore, loadMoreError, destination, search
    }

    /// The loaded Pokémon that match the search (only favorites, when the settings say so):
    /// what the screen shows. Derived, never stored.
    public var visiblePokemon: [Pokemon] {
      var shown = loadState.value ?? []
      if showsOnlyFavorites { shown = shown.filter { favorites.contains($0.id) } }
      return search.isActive ? shown.filter(search.matches) : shown
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    /// The list appeared: the first page loads.
    case onAppear
    /// The row of this Pokémon appeared; the last loaded row loads the next page.
    case rowAppeared(id: Int)
    /// The row of this Pokémon was tapped: its detail is presented.
    case rowTapped(id: Int)
    /// "Retry" was tapped after a failed load.
    case retryTapped
    /// A page finished loading.
    case pageLoaded(Result<PokemonPage, DexError>)
    /// Something happened in the presented detail.
    case destination(PresentationAction<Destination.Action>)
    /// Something happened in the search.
    case search(SearchFeature.Action)
  }

  /// What the list can present.
  public struct Destination: Reducer, Sendable {
    public enum State: Equatable, Sendable, Codable, StateCasePathable {
      /// The detail of a Pokémon.
      case detail(PokemonDetailFeature.State)
    }

    public enum Action: Equatable, Sendable, Codable {
      /// Something happened in the detail.
      case detail(PokemonDetailFeature.Action)
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) {
        PokemonDetailFeature()
      }
    }
  }

  @Dependency(\.pokemonClient) var pokemonClient
  @Dependency(\.warnings) var warnings

  enum CancelID { case page }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.search, action: \.search) {
      SearchFeature()
    }
    Reduce { state, action in
      switch action {
      case .onAppear:
        switch state.loadState {
        case .idle, .failed:
          state.loadState = .loading
          return loadPage(offset: 0, in: &state)
        case .loading, .loaded:
          return .none
        }

      case let .rowAppeared(id):
        guard let loaded = state.loadState.value, loaded.last?.id == id, state.canLoadMore,
          !state.isLoadingMore, state.loadMoreError == nil
        else { return .none }
        state.isLoadingMore = true
        return loadPage(offset: loaded.count, in: &state)

      case let .rowTapped(id):
        guard let pokemon = state.loadState.value?.first(where: { $0.id == id }) else {
          warnings("Pokémon \(id) is not loaded yet; load more rows before tapping it. Nothing changed.")
          return .none
        }
        state.destination = .detail(PokemonDetailFeature.State(pokemon: pokemon))
        return .none

      case .retryTapped:
        if case .failed = state.loadState {
          state.loadState = .loading
          return loadPage(offset: 0, in: &state)
        }
        guard state.loadMoreError != nil, let loaded = state.loadState.value else {
          return .none
        }
        state.loadMoreError = nil
        state.isLoadingMore = true
        return loadPage(offset: loaded.count, in: &state)

      case let .pageLoaded(.success(page)):
        let loaded = (page.offset == 0 ? [] : state.loadState.value ?? []) + page.items
        state.loadState = .loaded(loaded)
        state.isLoadingMore = false
        state.canLoadMore = page.hasMore && !page.items.isEmpty
        state.$downloads.withLock {
          // A count set from outside (`shared`) may already be the largest an Int holds.
          $0.pagesLoaded = $0.pagesLoaded.addingReportingOverflow(1).overflow ? .max : $0.pagesLoaded + 1
          $0.lastError = nil
          $0.isLoading = false
        }
        return .none

      case let .pageLoaded(.failure(error)):
        state.$downloads.withLock {
          $0.lastError = error
          $0.isLoading = false
        }
        if state.isLoadingMore {
          state.isLoadingMore = false
          state.loadMoreError = error
        } else {
          state.loadState = .failed(error)
        }
        return .none

      case .destination, .search:
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination) {
      Destination()
    }
  }

  /// Loads the page at `offset`, as big as the `pageSize` setting says now; the download status
  /// says a page is loading.
  private func loadPage(offset: Int, in state: inout State) -> Effect<Action> {
    state.$downloads.withLock { $0.isLoading = true }
    let limit = state.pageSize
    return .run { send in
      do {
        let page = try await pokemonClient.page(offset: offset, limit: limit)
        await send(.pageLoaded(.success(page)))
      } catch {
        await send(.pageLoaded(.failure(DexError(error))))
      }
    }
    .cancellable(id: CancelID.page)
  }
}
