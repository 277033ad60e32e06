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

    Each row is labelled first on its line; a row with two budgets has one line per budget.
    `measured` is the row's own figure; `figure` is that figure divided by `baseline`, and the
    budget applies to it. Both sides of a ratio are measured in this one process, interleaved:
    A B A B … for 11 rounds (7 for the replays, 15 for start-up) after a warm-up round, each
    turn at least 30 ms (one run for process rows); the figure is the median of the per-round
    ratios. A burst of load slows both sides of one round or spoils one round out of many, so
    a verdict does not flip when the machine is busy. `dex-bench --check` exits 1 when a budget
    is missed; `--json` prints the rows as JSON.

    ## The rows

    - **B1 store**: `store.send` of a favorite toggle on AppFeature at 1,025 rows against the
      same reducer called directly. ≤ 2×: the store's queue, lock, observers check and effect
      bookkeeping must not cost more than the app's own logic.
    - **B2 inspector**: what the REPL does per action (send, record in history, diff, render)
      against one full dump of the state. ≤ 0.01×: inspecting an action must cost what changed,
      not what the state holds.
    - **B3 diff scaling**: the diff of a favorite toggle (a shared value) at 10,000 rows against
      100 rows. ≤ 1.5: the diff's cost must not follow the size of the state.
    - **B4 history**: resident memory per recorded action over 100,000 actions. ≤ 512 B. A
      byte count, not a time: load does not change it, so it keeps an absolute budget.
    - **B5 replay**: `dex FILE > /dev/null` on 100,001 lines (the list appears, then `fav`
      toggles) against the same actions sent to a store in the benchmark. ≤ 30×: what the
      REPL adds per line (parsing, recording, diffing, rendering, writing) stays within a
      small multiple of the app's own work.
    - **B6 start-up**: `dex` running an empty script against a program that only loads
      Foundation. ≤ 3×: dex starts in about the time the toolchain needs to start anything.
    - **B7 forEach**: a member's action routed by id through `forEach` among 1,025 members
      against the member's reducer alone. ≤ 3×: routing is a dictionary look-up and an
      in-place write, not a copy of the collection.
    - **W1 send**: the peers' light shape (rows `id`, `name`, `level`, `nickname` in an
      `IdentifiedArray`, a `Set<Int>` of favorites) at 1,000 rows: `send(.favoriteToggled)`
      against the reducer called directly. ≤ 2×, as B1, on a reducer that does almost
      nothing, so the store's own cost shows.
    - **W1 observed**: a row change sent to a store whose observer does what the REPL's does
      (record the entry, diff the moments, render the transcript) at 1,000 rows, against a full
      dump of that state. ≤ 0.01×, as B2.
    - **W2 10 / 1,000 / 10,000**: a row action sent through the store and `forEach` at 10
      rows against the reducer called directly (≤ 2×), and at 1,000 and 10,000 rows against
      10 rows (≤ 1.5): changing one row costs the same however many rows there are.
    - **W3 1,000 / 10,000**: the diff after a favorite toggle on the light shape, rendered as a
      transcript shows it, against 100 rows. ≤ 1.5: unchanged rows are recognised without
      visiting them.
    - **W4 100 / 1,000 / 10,000**: the diff after `rows[k].level += 1`, rendered the same way.
      At 100 rows against W3 at 100 rows (≤ 3×: a field inside a row costs a few more levels
      of diff than a set element); at 1,000 and 10,000 rows against 100 rows (≤ 1.5), and at
      10,000 rows against W3 at 10,000 rows (≤ 3×): the unchanged rows around the changed one
      cost (almost) nothing.
    - **realistic replay**: `dex FILE` on a 100,000-line session (scrolling that loads every
      page, details opened, loaded, favorited and closed, `fav`, team members added, renamed,
      moved and deleted, searches typed on the manual clock with `advance`) against the same
      steps run on a store in the benchmark, waiting for effects as the REPL does. ≤ 30×, as B5.

    """
}
