/// BENCHMARKS.md: the table of a full run and what each row means.
enum BenchmarkGuide {
  static func document(table: String, date: String, machine: String, seconds: Double) -> String {
    """
    # Benchmarks

    Produced by `.build/release/dex-bench` (after `swift build -c release`) on \(date),
    \(machine), in \(Int(seconds.rounded())) s.

    ```text
    \(table)
    ```

    \(guide)
    """
  }

  /// How the figures are taken and what each row means; BENCHMARKS.md prints it under the table.
  static let guide = """
    ## How to read it

    Each line starts with its row's label; a row held to two budgets has two lines. `measured`
    is the row's own figure; `figure` is that figure divided by `baseline`, and the budget
    applies to it. Every timed budget is a ratio of two figures measured in this one process,
    interleaved: the sides run in turn (A B A B …) for 11 rounds after a warm-up round, each
    turn lasting at least 30 ms of this thread's CPU time (which does not run while another
    process has the core); process rows run one process per turn on the wall clock, 7 rounds
    for the replays and 15 for start-up. The figure is the median of the per-round ratios. A
    burst of load slows both sides of a round or spoils one round of many, so a verdict does
    not flip when the machine is busy (`--json` lists every round's ratio). B4's process runs
    alongside the rows timed on the CPU clock. S1 is a latency, not a cost: its budget is
    absolute (the median delay of 15 rounds). `dex-bench --check` exits 1 when a budget is
    missed; `dex-bench ROW…` runs some rows and leaves this file alone.

    Limits sit where a real regression crosses them and noise does not: a diff that "does not
    grow with the rows" allows 1.5 (a constant cost measures 0.9–1.2; a step per row would be
    10–100×); a ratio of two different kinds of work allows about twice what it measures today.

    ## The rows

    - **B1 store**: `store.send` of a favorite toggle on AppFeature at 1,025 rows, against the
      same reducer called directly. ≤ 2×: the store's queue, locks, observers check and effect
      bookkeeping may not cost more than the app's own logic.
    - **B2 inspector**: what the REPL does per action (send, record in history, diff, render)
      against one full dump of the state, at 1,025 rows. ≤ 0.01×: inspecting an action costs
      what changed, not what the state holds.
    - **B3 diff scaling**: the transcript diff of a favorite toggle (a shared value) at 10,000
      rows against 100 rows. ≤ 1.5: the diff's cost does not follow the size of the state.
    - **B4 history**: resident memory per recorded action over 100,000 actions sent through
      the REPL's session, in a fresh process. ≤ 512 B. A byte count, not a time: load does not
      change it (every run measures the same bytes), so it keeps an absolute budget.
    - **B5 replay**: `dex FILE > /dev/null` on 100,001 lines (the list appears, then `fav`
      toggles) against the same actions sent to a store in the benchmark, per line. ≤ 15×:
      what the REPL adds to each line (parsing, recording, diffing the shared favorites,
      rendering, writing) stays a small multiple of the app's own work; the table above says
      what it measures today.
    - **B6 start-up**: `dex` running an empty script against a program that only loads
      Foundation. ≤ 3×: dex starts in about the time the toolchain needs to start anything.
    - **B7 forEach**: a member's action routed by id through `forEach` among 1,025 members,
      against the member's reducer alone. ≤ 3×: routing is a dictionary look-up and an
      in-place write, not a copy of the collection.
    - **W1 send**: the peers' light shape (rows `id`, `name`, `level`, `nickname` in an
      `IdentifiedArray`, a `Set<Int>` of favorites) at 1,000 rows: `send(.favoriteToggled)`
      against the reducer called directly. ≤ 2×, as B1, on a reducer that does almost
      nothing, so the store's own cost shows.
    - **W1 observed**: a row change sent to a store whose observer does what the REPL's does
      (record the entry, diff the two moments, render the transcript) at 1,000 rows, against
      the same at 10 rows (≤ 1.5: it does not grow with the rows) and against the diff and
      rendering alone (≤ 3×; it measures 1.4–1.7×: sending, copying one chunk of rows,
      recording and the entry's header stay smaller than the diff they print).
    - **W2 10 / 1,000 / 10,000**: a row action sent through the store and `forEach`: at 10
      rows against the reducer called directly (≤ 2×, as W1), at 1,000 and 10,000 rows against
      10 rows (≤ 2: the id look-up and the row reach more memory at 10,000 rows, so cache
      misses show under load, but no step visits the other rows; one that did would be 1,000×).
    - **W5 stack 20**: a screen's action sent through a navigation stack 20 screens deep
      (the Pokédex detail's drill-down) against 1 deep (≤ 2: the screen is found by id and
      reduced in place, so depth adds a look-up among 20 ids, not a copy of the stack).
    - **W6 printed send**: W1's favorite toggle at 1,000 rows sent to a store whose observer
      records the entry, diffs the two moments and renders the entry's header and diff (what
      a user watching every action pays; TCA's `_printChanges` does the same per action),
      against W1's direct reducer call in the same run. ≤ 30×: sending, recording and
      printing one toggle's diff stays a small multiple of the toggle itself.
    - **T1 send --trace**: `send --trace` of B1's favorite toggle at 1,025 rows against `send`
      of it, both run as the REPL runs a line (parse, send, record, diff, print; the traced
      line sends through the reducer tree built for tracing, a record of every reducer on the
      way, and renders the trace; both sides' lines are made before the clock starts). ≤ 2×: tracing an action
      costs about what sending it costs.
    - **T1 store traced**: the same toggle sent to a store of `AppFeature().traced()` with a
      `ReducerTraceRecorder` installed for each send, per send. No budget: it shows what
      recording every reducer (its state before and after, its effect) costs without the
      REPL's own work. Every other send of the REPL goes through the plain app's reducers,
      which have no tracing in them at all; B1 and W1 hold that send to the reducer called directly.
    - **W3 100 / 1,000 / 10,000**: the diff after a favorite toggle on the light shape,
      rendered as a transcript shows it. At 100 rows against W1's direct reducer call measured
      in the same run (≤ 20×: the fixed cost of one diff, comparing the two moments, reaching
      the set, rendering the changed element, stays a small multiple of the toggle itself); at
      1,000 and 10,000 rows against 100 rows (≤ 1.5: unchanged rows are not visited).
    - **W4 100 / 1,000 / 10,000**: the diff after `rows[k].level += 1`, rendered the same way.
      W4 100 is the baseline (no budget of its own); at 1,000 and 10,000 rows against 100 rows
      (≤ 1.5), and at 10,000 rows against W3 at 10,000 rows (≤ 3×: a field inside a row is a
      few levels deeper than a set element, and nothing more): the rows around the changed
      one cost nothing, because an `IdentifiedArray` keeps its rows in chunks its copies share
      and the diff skips the shared ones.
    - **realistic replay**: `dex FILE` on a 100,000-line session on the manual clock
      (scrolling that loads every page over the script, details opened, loaded, favorited and
      closed, `fav`, team members added, renamed, moved and deleted, searches typed with
      pauses shorter and longer than the debounce, with `advance`), against the same steps run
      on a store in the benchmark, waiting for effects as the REPL does. ≤ 12×: it measures
      about 5×; details and searches print large values, so the REPL's share is smaller than
      in B5.
    - **B8 page**: `dex --html PAGE FILE` on a 10,000-entry session over the full 1,025-row
      list (every page loaded, then favorites, details opened and closed) against `dex FILE`
      on the same script, each on a fresh data directory, 5 rounds. ≤ 1.5×: the run works out
      each entry's part of the page from the diff it prints, so writing the page costs a
      fraction of the run, not a second diff of every entry.
    - **B8 100,000**: the size of the page of the same session at 100,000 entries against the
      10,000-entry one's. ≤ 8×: entries are compact data (texts stored once, a moment as the
      parts its action changed), so the page grows with the entries' actions, not with their
      states, and a page of 100,000 entries stays a file a browser opens at once.
    - **S1 file change**: a `Shared` on a file sees an atomic write made beside it by another
      writer (as another `dex` on the same data directory writes `favorites.json` or
      `settings.json`): the median delay from the rename to the value holding it, over 15
      rounds 50 ms apart. ≤ 100 ms, the wait swift-sharing's own tests allow: the kernel's
      notification (inotify) wakes the watcher, which reads the file once it has been quiet
      for 5 ms; the poll every 250 ms only backs it up.

    """
}
