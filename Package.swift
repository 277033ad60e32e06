// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "dex",
  products: [
    .executable(name: "dex", targets: ["DexREPL"]),
    .executable(name: "dex-bench", targets: ["dex-bench"]),
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "StoreInspector", targets: ["StoreInspector"]),
    .library(name: "ComposableInspection", targets: ["ComposableInspection"]),
    .library(name: "DexTesting", targets: ["DexTesting"]),
    .library(name: "PokedexCore", targets: ["PokedexCore"]),
    // The REPL engine for any app on Composable (`REPLApp`; Examples/Todos embeds it).
    .library(name: "DexREPLCore", targets: ["DexREPLCore"]),
    .plugin(name: "CaseTablePlugin", targets: ["CaseTablePlugin"]),
  ],
  targets: [
    // The platform leaf: the one write loop, the file policy (atomic files, bounded reads, streams,
    // a folder's entries without following links), the one lock wrapper (with its sanitizer
    // shim), the one strict JSON reader, type names.
    .target(name: "DexPlatform"),
    // Generic dump, diff and history of any state and action. Knows nothing of dex.
    .target(name: "StoreInspector", dependencies: ["DexPlatform"]),
    // The composable architecture: Store, reducers, effects, dependencies, shared state,
    // identified collections, case tables. It names no feature of any app.
    .target(name: "Composable", dependencies: ["DexPlatform"], plugins: ["CaseTablePlugin"]),
    // Case tables are generated at build time: the plugin runs the generator over a target's
    // Swift files (every enum named Action, or naming CaseTabled/StateCaseTabled, gets one).
    .executableTarget(name: "CaseTableGenerator"),
    .plugin(
      name: "CaseTablePlugin", capability: .buildTool(), dependencies: ["CaseTableGenerator"]),
    // Where the architecture meets the inspector: moment diffs that read shared values as they
    // were, case text, recorded values. Generic over any root feature.
    .target(name: "ComposableInspection", dependencies: ["Composable", "StoreInspector"]),
    // The Pokédex app: models, the bundled data, clients, features and their inspection
    // conformances, the data directory rules.
    .target(
      name: "PokedexCore",
      dependencies: ["Composable", "StoreInspector", "DexPlatform"],
      resources: [.copy("Resources/pokedex.json")],
      plugins: ["CaseTablePlugin"]),
    // libreadline; only DexREPLCore imports it. Debian's readline.pc adds -D flags that SwiftPM
    // refuses with a warning on every build, so the module map links the library itself and
    // the headers come from the default include path (.ci/run checks `pkg-config readline`).
    .systemLibrary(
      name: "CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    // The REPL engine, generic over the app it explores (`REPLApp`): commands, parsers,
    // sessions, transcripts and line readers. It knows no Pokédex.
    .target(
      name: "DexREPLCore",
      dependencies: [
        "Composable", "ComposableInspection", "StoreInspector", "DexPlatform", "CReadline",
      ]
    ),
    // The Pokédex as the REPL explores it: `fav`, `favs`, `find`, the `pokemonClient`
    // dependency and its launch options, abbreviations and test spellings.
    .target(
      name: "PokedexREPL",
      dependencies: ["DexREPLCore", "PokedexCore", "Composable", "StoreInspector"]),
    // The `dex` executable: a thin main running the REPL over the Pokédex.
    .executableTarget(name: "DexREPL", dependencies: ["DexREPLCore", "PokedexREPL"]),
    // TestStore: kept apart so the testing libraries never reach the `dex` binary.
    .target(
      name: "DexTesting",
      dependencies: ["Composable", "StoreInspector", "ComposableInspection", "DexPlatform"],
      path: "Tests/DexTesting"
    ),
    // The benchmark (B1…B7) and the hello-world it compares start-up against.
    .executableTarget(
      name: "dex-bench",
      dependencies: [
        "Composable", "PokedexCore", "StoreInspector", "ComposableInspection", "DexREPLCore",
        "PokedexREPL",
      ],
      path: "Benchmarks/DexBench",
      plugins: ["CaseTablePlugin"]),
    .executableTarget(name: "dex-bench-hello", path: "Benchmarks/DexBenchHello"),
    // A child process for the persistence tests of shared state.
    .executableTarget(
      name: "dex-shared-probe", dependencies: ["Composable"], path: "Tests/DexSharedProbe"),
    // PokeAPI v2 on loopback, built from the bundled Pokédex, for the client's tests, and the
    // same server as a program for trying `dex --source pokeapi=URL` by hand.
    .target(
      name: "PokeAPILoopback", dependencies: ["PokedexCore", "DexPlatform"],
      path: "Tests/PokeAPILoopback"),
    .executableTarget(
      name: "dex-pokeapi-server", dependencies: ["PokeAPILoopback"],
      path: "Tests/DexPokeAPIServer"),
    .testTarget(name: "DexPlatformTests", dependencies: ["DexPlatform"]),
    // Runs the built generator as the plugin does (depending on it would make SwiftPM link both
    // its build-tool and its regular objects into the test bundle).
    .testTarget(name: "CaseTableGeneratorTests", dependencies: ["DexTesting"]),
    .testTarget(name: "StoreInspectorTests", dependencies: ["StoreInspector", "DexPlatform"]),
    // The architecture's tests: no Pokédex, no bundled data.
    .testTarget(
      name: "ComposableTests",
      dependencies: [
        "Composable", "ComposableInspection", "DexTesting", "StoreInspector", "DexPlatform",
      ],
      plugins: ["CaseTablePlugin"]),
    .testTarget(
      name: "PokedexCoreTests",
      dependencies: [
        "PokedexCore", "Composable", "ComposableInspection", "DexTesting", "StoreInspector",
        "PokeAPILoopback", "DexPlatform",
      ],
      resources: [.copy("Resources/pokeapi-fixtures")]
    ),
    // The REPL engine over a counter: it cannot import the Pokédex.
    .testTarget(
      name: "GenericREPLTests",
      dependencies: ["DexREPLCore", "Composable", "DexTesting", "DexPlatform"],
      plugins: ["CaseTablePlugin"]),
    // What `gentest` writes after replaying each script under scripts/, compiled and run as
    // any test; DexREPLTests' GeneratedSessionFileTests checks them against what it writes now
    // (DEX_RECORD_GENERATED_TESTS=1 writes them again).
    .testTarget(
      name: "GeneratedSessionTests", dependencies: ["DexTesting", "PokedexCore", "Composable"]),
    // Sessions/ holds recorded scripts the tests replay (read by path, not built).
    .testTarget(
      name: "DexREPLTests",
      dependencies: [
        "DexREPLCore", "PokedexREPL", "DexTesting", "PokeAPILoopback", "Composable", "PokedexCore",
        "DexPlatform",
      ],
      exclude: ["Sessions"]),
  ],
  swiftLanguageModes: [.v6]
)

// The libFuzzer harness exists only for Fuzz/run.sh, which sets DEX_FUZZ: libFuzzer supplies
// main, so it cannot be part of a normal build. Every target is built with
// -sanitize=fuzzer,address but the case-table generator, which runs during the build with a main
// of its own (-Xswiftc would reach it too).
if Context.environment["DEX_FUZZ"] == "1" {
  let sanitizers = ["-sanitize=fuzzer,address"]
  package.targets.append(
    .executableTarget(
      name: "dex-fuzz",
      dependencies: ["DexREPLCore", "PokedexREPL", "PokedexCore", "Composable", "StoreInspector"],
      path: "Fuzz/DexFuzz",
      linkerSettings: [.unsafeFlags(sanitizers)]))
  package.products.append(.executable(name: "dex-fuzz", targets: ["dex-fuzz"]))
  for target in package.targets
  where ![.system, .plugin].contains(target.type) && target.name != "CaseTableGenerator" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(sanitizers)]
  }
}

// DEX_TSAN=1 (set by .ci/tsan) builds for ThreadSanitizer: DexPlatform's `LockedValue` then locks
// with a pthread mutex instead of Synchronization's futex-based Mutex, whose ordering TSan
// cannot see.
if Context.environment["DEX_TSAN"] == "1" {
  for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("DEX_TSAN")]
  }
}
