import DexTesting
import Foundation
import PokeAPILoopback
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `dex-pokeapi-server` as a person starts it: `--help`, `--port` (and a port already taken),
/// `--delay`, the errors its command line can get, and dex reusing its cache across two starts
/// on the same port.
@Suite struct DexPokeAPIServerTests {
  @Test func helpListsEveryOptionAndEveryHostileMode() async throws {
    let server = try PokeAPIServerProgram(["--help"])
    #expect(try await server.waitFor { $0.exitStatus != nil })

    #expect(server.exitStatus == 0)
    #expect(server.standardError == "")
    let help = server.standardOutput
    #expect(help.hasPrefix("usage: dex-pokeapi-server "))
    for option in [
      "--port N", "--delay DURATION", "--fail ID[,ID…]", "--fail-once", "--cache-control VALUE",
      "--etags", "--hostile MODE", "--help, -h",
    ] {
      #expect(help.contains("\n  \(option) "), "--help lists \(option)")
    }
    let modes: [PokeAPIServer.Hostility] = [
      .endlessBody, .oversizedBody(bytes: 1), .tricklingBody(interval: .seconds(1)),
      .overlongList(results: 1), .redirect(to: "x"), .redirectHops(1), .farExpires,
    ]
    for mode in modes {
      let name = mode.description.split(separator: "=").first ?? ""
      #expect(help.contains("\n      \(name)"), "--help lists --hostile \(name)")
    }
  }

  @Test(arguments: [
    (["--port"], "--port needs a value, e.g. --port 8765"),
    (["--port", "0"], "--port takes a port from 1 to 65535, not '0'"),
    (["--port", "70000"], "--port takes a port from 1 to 65535, not '70000'"),
    (["--delay", "5"], "--delay takes a duration such as 300ms or 2s, not '5'"),
    (["--delay", "soon"], "--delay takes a duration such as 300ms or 2s, not 'soon'"),
    (["--hostile", "gentle"], "unknown --hostile mode 'gentle'"),
    (["--verbose"], "unknown argument '--verbose'"),
  ])
  func aWrongCommandLineSaysWhatIsWrongAndWhereTheOptionsAre(
    arguments: [String], problem: String
  ) async throws {
    let server = try PokeAPIServerProgram(arguments)
    #expect(try await server.waitFor { $0.exitStatus != nil })

    #expect(server.exitStatus == 2)
    let lines = server.standardError.split(separator: "\n")
    #expect(lines.first.map(String.init) == "dex-pokeapi-server: \(problem)")
    #expect(lines.last == "(--help lists what each option does)")
    #expect(server.standardOutput == "")
  }

  @Test func portServesThereAndASecondServerOnItIsRefused() async throws {
    let port = try LoopbackHTTPServer.closedPort()
    let first = try PokeAPIServerProgram(["--port", "\(port)"])
    let root = try await first.apiRoot()
    #expect(root?.absoluteString == "http://127.0.0.1:\(port)/api/v2/")

    let second = try PokeAPIServerProgram(["--port", "\(port)"])
    #expect(try await second.waitFor { $0.exitStatus != nil })
    try await first.stop()

    #expect(second.exitStatus == 1)
    #expect(
      second.standardError
        == "dex-pokeapi-server: cannot listen: port \(port) of 127.0.0.1 is taken (another "
        + "dex-pokeapi-server?): stop what listens there, or choose another port\n")
  }

  @Test func theSamePortLetsASecondStartUseTheCacheOfTheFirst() async throws {
    let port = try LoopbackHTTPServer.closedPort()
    let cache = try TemporaryDirectory()
    let script = "send .list(.onAppear)\nexpect list.visiblePokemon.count == 20\n"
    var outputs: [String] = []
    var requests: [[Substring]] = []
    for _ in 1...2 {
      let server = try PokeAPIServerProgram(["--port", "\(port)"])
      let root = try #require(
        try await server.apiRoot(), "\(server.standardOutput)\(server.standardError)")
      let run = try await DexProcess.run(
        ["--source", "pokeapi=\(root.absoluteString)"], input: script,
        environment: ["DEX_CACHE_DIR": cache.url.path])
      #expect(run.status == 0, "\(run.standardError)")
      outputs.append(run.standardOutput)
      // A request of the test's own, answered after any of dex's: once it is logged, so are
      // they.
      _ = try await URLSession.shared.data(from: root.appending(path: "pokemon/151"))
      #expect(try await server.waitFor { $0.standardOutput.contains("GET /api/v2/pokemon/151\n") })
      try await server.stop()
      requests.append(server.requestLines.dropLast())
    }

    #expect(requests[0].count == 21)
    #expect(requests[1] == [], "the second start answered dex nothing: its cache served it")
    #expect(outputs[1] == outputs[0])
    let folders = try FileManager.default.contentsOfDirectory(atPath: cache.url.path)
    #expect(folders == ["127.0.0.1_\(port)"], "one cache folder for both starts")
  }

  @Test func delayMakesEveryAnswerThatLate() async throws {
    let server = try PokeAPIServerProgram(["--delay", "300ms"])
    let root = try #require(try await server.apiRoot())
    let clock = ContinuousClock()

    let start = clock.now
    let (data, response) = try await URLSession.shared.data(
      from: root.appending(path: "pokemon/25"))
    let elapsed = clock.now - start
    try await server.stop()

    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self).contains(#""name":"pikachu""#))
    #expect(elapsed >= .milliseconds(300))
  }
}
