import Composable
import ComposableInspection
import StoreInspector

extension DexSession {
  /// An entry and the path its action took through the reducer tree.
  struct TracedEntry {
    let entry: EntryID
    let step: SessionStep<Action>
    let origin: EntryOrigin
    /// Nil for an entry that changed a shared value rather than sending an action.
    let trace: ActionTrace?
    /// The action's line as the entry's header printed it, when this command printed it.
    var printedLine: String? = nil
  }

  /// The trace of entry `id` (nil: the current one), recomputed by replaying its action on the
  /// moment before it with the values it used, through the reducer tree built for tracing.
  /// Nothing of the session changes.
  func trace(_ id: EntryID?) throws(REPLError) -> TracedEntry {
    let entry = id ?? withHistory { $0.currentEntry }
    guard entry != .initial else {
      throw .failed(.traceOfInitialState)
    }
    let found = withHistory {
      history -> Result<(HistoryEntry<SessionStep<Action>>, StoreMoment<State>), HistoryError> in
      do throws(HistoryError) {
        let recorded = try history.entry(entry)
        return .success((recorded, try history.moments(around: entry).before))
      } catch {
        return .failure(error)
      }
    }
    switch found {
    case let .failure(error):
      throw .failed(.because(words: "\(error)"))
    case let .success((recorded, before)):
      guard let action = recorded.action.action else {
        return TracedEntry(
          entry: entry, step: recorded.action, origin: recorded.origin, trace: nil)
      }
      let replayed = traceRecorder(
        of: action, on: before, values: recorded.replayed ?? recorded.recorded)
      return TracedEntry(
        entry: entry, step: recorded.action, origin: recorded.origin,
        trace: ActionTrace(replayed.recorder))
    }
  }

  /// Sends `action` as `send(_:)` does, reduced once by the reducer tree built for tracing
  /// with a recorder installed for this action alone: the same reducers, so the same state,
  /// effects, entry and values made (a UUID generator is called once), and what each reducer
  /// did on the way. The actions its effects send are reduced by the store's own reducers,
  /// untraced. Nil when the store processes another action's work on another thread and
  /// records this one when it gets to it (`send(_:)`): no entry to trace yet.
  func sendTraced(_ action: Action) -> TracedEntry? {
    let recorder = ReducerTraceRecorder { [store] in store.sharedSnapshot }
    let traced = tracedReduce.value
    let reported = sent(action) { state, action in
      ReducerTracing.withTracer(recorder) { traced(&state, action) }
    }
    guard let reported else { return nil }
    return TracedEntry(
      entry: reported.entry, step: .action(action), origin: .sent, trace: ActionTrace(recorder),
      printedLine: reported.line)
  }

  /// Replays `action` on `moment` through the reducer tree built for tracing, with `values` (the
  /// UUIDs and dates its entry used) and at most `cutoff` reducers of logic of their own; returns
  /// what the recorder saw, the moment the reducers left and the values they used.
  func traceRecorder(
    of action: Action, on moment: StoreMoment<State>, values: [RecordedValue], cutoff: Int? = nil
  ) -> (recorder: ReducerTraceRecorder, after: StoreMoment<State>, values: [RecordedValue]) {
    var moment = moment
    var recorder: ReducerTraceRecorder?
    let used = moment.replay(
      action, values: values, reduce: tracedReduce.value, container: store.sharedContainer,
      dependencies: store.dependencies,
      tracer: { shared in
        let made = ReducerTraceRecorder(cutoff: cutoff, shared: shared)
        recorder = made
        return made
      })
    return (recorder ?? ReducerTraceRecorder(shared: { moment.shared }), moment, used)
  }
}
