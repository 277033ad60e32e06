/// The examples `help COMMAND` shows for the Pokédex, by command name (`REPLApp.helpExamples`).
enum PokedexHelpExamples {
  static let all: [String: [String]] = [
    "send": [
      "send .list(.onAppear)",
      "send list(rowTapped(id: 25))",
      #"send .team(.members(.element(id: #0, action: .binding(.set(\.level, 30)))))"#,
      "send --trace .list(.onAppear)",
    ],
    "state": [
      "state list.favorites",
      "state list.destination.detail.pokemon.name",
      "state team.members[0].nickname      (an index into the stored collection)",
      "state team.displayedMembers[0]      (the row shown first)",
      #"state team.members[id: UUID("00000000-0000-0000-0000-000000000001")]"#,
      "state list --depth 2",
    ],
    "log": [
      "log --changed",
      "log --path list.favorites",
      "log .list(.pageLoaded)",
    ],
    "trace": [
      "trace            (the current entry)",
      "trace 3",
      "send --trace .list(.onAppear)",
    ],
    "step": ["step .list(.destination(.presented(.detail(.favoriteTapped))))"],
    "watch": ["watch list.favorites   (watch list.favorites: [] → [25] (#3 .favorites(…)))"],
    "break": [
      "break when list.canLoadMore == false",
      "break on .list(.pageLoaded)     (every page: the payload is left out)",
    ],
    "bisect": ["bisect team.members.count <= 6"],
    "hide": ["hide .list(.rowAppeared)"],
    "actions": [
      "actions list",
      "actions list.destination.detail",
      "actions team.members[0]         (with .binding(.set(\\.nickname, String)))",
    ],
    "tree": [
      "tree                          the whole app",
      "tree list.destination.detail  the subtree at a state path",
      "tree SearchFeature            the subtree of a feature",
    ],
    "expect": [
      "expect list.favorites == [25]",
      "expect list.destination != nil",
      "expect team.members.count >= 2",
      "expect list.favorites contains 25",
      "expect list.loadState is .loaded",
      "expect list.canLoadMore",
    ],
    "effects": [
      "clock manual",
      #"send .list(.search(.queryChanged("pi")))"#,
      "effects      e1  started by #1 in AppFeature › … › SearchFeature › Reduce  cancel id …",
    ],
    "respond": [
      "dep pokemonClient manual",
      "send .list(.onAppear)",
      "effects      e1  … awaiting pokemonClient.page(offset: 0, limit: 20)",
      "respond e1",
      #"respond e1 .failure(DexError(kind: .network, message: "offline"))"#,
    ],
    "shared": ["shared favorites.json = [1, 25]"],
    "restore": ["restore favorites   (writes favorites.json)"],
    "record": ["record --expect session.dex   (expect list.favorites.count == 3 …)"],
  ]
}
