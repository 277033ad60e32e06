import DexTesting
import Foundation
import Composable
import Testing

@testable import DexREPLCore
@testable import StoreInspector

/// `gentest` through the real `dex`: the test it writes has what shaped the store (the manual
/// clock advanced in place, a cancel, the warnings line only after a warning), and a command a
/// test cannot express makes it refuse in one line, writing nothing.
@Suite(.isolatedSharedState) struct GentestCommandTests {
  /// The test `gentest` writes after `session`, and what dex printed on standard error.
  private func generated(after session: String) async throws -> (test: String?, errors: String) {
    let directory = try TemporaryDirectory()
    let file = directory.path("SessionTests.swift")
    let result = try await DexProcess.run(["--keep-going"], input: session + "\ngentest \(file)\n")
    return (try? String(contentsOfFile: file, encoding: .utf8), result.standardError)
  }

  @Test func aCancelledDebounceOnTheManualClockIsCancelledInTheTestAndTheClockAdvanced()
    async throws
  {
    let (test, errors) = try await generated(
      after: """
        clock manual
        send .list(.search(.queryChanged("bu")))
        cancel e1
        advance 1s
        """)
    #expect(errors.isEmpty)
    let source = try #require(test)
    #expect(source.contains("let clock = ManualClock()"))
    #expect(source.contains("$0.clock = clock"))
    #expect(!source.contains("ImmediateClock"))
    #expect(
      source.contains(
        """
            let e1 = await store.send(.list(.search(.queryChanged("bu")))) {
              $0.list.search.query = "bu"
            }
            e1.cancel()
            await clock.advance(by: .seconds(1))
            await store.finish()
        """))
  }

  @Test func effectsStillRunningAtTheEndAreSkippedInTheTest() async throws {
    let (test, errors) = try await generated(
      after: """
        clock manual
        send .list(.search(.queryChanged("pi")))
        """)
    #expect(errors.isEmpty)
    let source = try #require(test)
    #expect(
      source.contains(
        """
            await store.skipInFlightEffects()  // effects were still running at the end
            await store.finish()
        """))
  }

  @Test func theWarningsLineIsWrittenOnlyAfterASessionShowedAWarning() async throws {
    let quiet = try #require(try await generated(after: "fav 1").test)
    #expect(!quiet.contains("warnings"))
    #expect(!quiet.contains("WarningReporter"))
    let warned = try #require(
      try await generated(after: "send .settings(.binding(.set(\\.pageSize, 500)))").test)
    #expect(warned.contains("$0.warnings = WarningReporter { _ in }  // warnings were shown"))
  }

  @Test func aDependencyATestCannotHaveIsRefusedNamingItsCommandAndEntryAndNothingIsWritten()
    async throws
  {
    let (test, errors) = try await generated(
      after: "fav 1\ndep pokemonClient pokeapi=http://127.0.0.1:9/api/v2/\nfav 4")
    #expect(test == nil)
    #expect(
      errors.contains(
        "gentest: cannot write 'dep pokemonClient pokeapi=http://127.0.0.1:9/api/v2/' (after #1) "
          + "into a test: a test cannot use it; nothing was written."), "\(errors)")
  }

  @Test func anAnswerToAManualCallIsGivenInTheTestToTheSameCall() async throws {
    let (test, errors) = try await generated(
      after: """
        dep pokemonClient manual
        send .list(.onAppear)
        respond e1 .failure(DexError(kind: .network, message: "offline"))
        """)
    #expect(errors.isEmpty)
    let source = try #require(test)
    #expect(source.contains("$0.pokemonClient = .manual"))
    #expect(source.contains("$0.pendingCalls = calls"))
    #expect(
      source.contains(
        """
            await calls.respond(
              to: "pokemonClient.page(offset: 0, limit: 20)", with: .failure(DexError(kind: .network, message: "offline"))
            )
            await store.receive(.list(.pageLoaded(.failure(DexError(kind: .network, message: "offline"))))) {
        """))
  }

  @Test func aTestStoppedByCtrlCIsNotWritten() async throws {
    let container = SharedContainer.current
    let stopped = try await onDedicatedThread {
      SharedContainer.$current.withValue(container) { () -> String in
        let capture = OutputCapture()
        let repl = makeREPL(sourceName: "<test>", output: capture.output)
        _ = repl.execute("fav 1")
        do {
          _ = try repl.session.generatedTest(named: "t", isInterrupted: { true })
          return "written"
        } catch {
          return "\(error)"
        }
      }
    }
    #expect(stopped == "\(TestGenerationError.interrupted)")
  }
}
