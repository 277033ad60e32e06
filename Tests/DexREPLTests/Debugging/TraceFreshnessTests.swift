import Testing

@testable import DexREPLCore

/// A trace is worked out for its own entry each time: what one trace saw (the shared values a
/// reducer wrote, the state copies kept around each reducer) never shows in the next. A trace
/// compares shared values only where a reducer wrote them, and lets a modifier whose reducers
/// all left the state alone skip its own diff; these scenarios fail if either shortcut shows a
/// change that did not happen or hides one that did.
@Suite(.isolatedSharedState) struct TraceFreshnessTests {
  /// What the REPL prints for `lines`, without where reducers are written.
  private func output(_ lines: [String]) -> String {
    let capture = OutputCapture()
    let repl = makeREPL(output: capture.output)
    for line in lines { _ = repl.execute(line) }
    return ReducerSources.removed(from: capture.text)
  }

  /// Each trace of `entry` in `output`, from its header to its `changed by:` line.
  private func traces(_ entry: String, in output: String) -> [String] {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.indices.filter { lines[$0].hasPrefix("trace \(entry) ") }.compactMap { start in
      lines[start...].firstIndex { $0.hasPrefix("changed by: ") }.map {
        lines[start...$0].joined(separator: "\n")
      }
    }
  }

  /// The first trace of `entry` in `output` ("" when there is none).
  private func trace(_ entry: String, in output: String) -> String {
    traces(entry, in: output).first ?? ""
  }

  @Test func twoTracedSendsInARowEachShowOnlyTheirOwnChange() {
    let output = output([
      "send --trace .favorites(.favoriteTapped(id: 3))",
      "send --trace .favorites(.favoriteTapped(id: 4))",
      "send --trace .favorites(.favoriteTapped(id: 3))",
    ])
    #expect(
      trace("#1", in: output) == """
        trace #1 sent .favorites(.favoriteTapped(id: 3))
        AppFeature
          Scope(favorites) › FavoritesFeature
            Reduce
              changed favorites:
                  @Shared(favorites.json): [
                +   3
                  ]
            Reduce (changed nothing)
          Reduce (changed nothing)
        changed by: AppFeature › Scope(favorites) › FavoritesFeature › Reduce (favorites)
        """)
    #expect(trace("#2", in: output).contains("+   4\n            … (1 unchanged)\n"))
    #expect(!trace("#2", in: output).contains("3"), "#1's change is not #2's")
    #expect(trace("#3", in: output).contains("-   3\n            … (1 unchanged)\n"))
  }

  @Test func aTraceAfterBackShowsTheEntryAsItRanNotAsTheSessionIsNow() {
    let output = output([
      "send .favorites(.favoriteTapped(id: 1))", "send .favorites(.favoriteTapped(id: 2))",
      "send --trace .favorites(.favoriteTapped(id: 3))", "back", "back", "trace 3", "trace 2",
      "trace 1",
    ])
    let third = traces("#3", in: output)
    #expect(third.count == 2)
    #expect(third.first?.contains("+   3\n            … (2 unchanged)\n") == true)
    #expect(third.first == third.last, "traced at the head and after going back: the same")
    #expect(trace("#2", in: output).contains("+   2\n            … (1 unchanged)\n"))
    #expect(trace("#1", in: output).contains("+   1\n          ]\n"))
  }

  @Test func anActionWhoseEffectSendsAnotherTracesApartFromTheActionItSends() {
    let output = output([
      "send .favorites(.favoriteTapped(id: 3))", "send .favorites(.releaseTapped(id: 3))",
      "send --trace .favorites(.alert(.presented(.releaseConfirmed(id: 3))))", "trace 4",
    ])
    #expect(
      trace("#3", in: output) == """
        trace #3 sent .favorites(.alert(.presented(.releaseConfirmed(id: 3))))
        AppFeature
          Scope(favorites) › FavoritesFeature
            Reduce (changed nothing)
              effects: sends .favoriteTapped(id: 3)
            ifLet(alert)
              changed favorites:
                  FavoritesFeature.State(
                    … (1 unchanged)
                -   alert: AlertState<FavoritesFeature.Alert>(
                -     title: "Release Venusaur?",
                -     message: "Venusaur stops being a favorite.",
                -     buttons: [
                -       ButtonState<FavoritesFeature.Alert>(action: .releaseConfirmed(id: 3), role: .destructive, …),
                -       ButtonState<FavoritesFeature.Alert>(action: nil, role: .cancel, label: "Keep")
                -     ]
                -   )
                +   alert: nil
                  )
          Reduce (changed nothing)
        changed by: AppFeature › Scope(favorites) › FavoritesFeature › ifLet(alert) (favorites)
        """, "the alert's dismissal is the modifier's own change; favorites do not change here")
    #expect(
      trace("#4", in: output).hasPrefix(
        """
        trace #4 received from #3 .favorites(.favoriteTapped(id: 3))
        AppFeature
          Scope(favorites) › FavoritesFeature
            Reduce
              changed favorites:
                  @Shared(favorites.json): [
                -   3
                  ]
        """))
  }
}
