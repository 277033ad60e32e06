/// A history as one self-contained HTML page: the timeline of the current branch with each
/// entry's diff (the lines `diff N` prints), the state after each entry as a tree, the other
/// branches, a filter, keyboard navigation and a compare of any two entries.
///
/// The page works offline from a `file://` URL: its style, script and data are inline. Entries
/// are data the script draws as they come in sight, so a long session opens as fast as a short
/// one; without JavaScript the page lists its first entries with their diffs. States are not
/// stored per entry: each distinct part of a value is stored once (`ValueTable`) and a moment
/// shares what its action did not change with the moment before, so the file grows with what
/// the session changed.
///
/// ```swift
/// let page = SessionPage<Counter, Action>(
///   facts: [("made by", "counter 1.0")], actionText: { "\($0)" }, originText: { "\($0)" },
///   roots: { [.init(title: "Counter", value: $0)] }, environment: { _, _ in nil },
///   diff: { [DiffSection(title: nil, diff: inspectorDiff($0, $1))] })
/// let html = page.html(of: history)
/// ```
public struct SessionPage<Moment, Action> {
  /// A value the page shows for every moment: the state, or a shared value.
  public struct Root {
    /// The value's heading: the state's type name, or a shared value's title in diffs.
    public var title: String
    /// The value as it is at the moment.
    public var value: Any

    /// A value shown for a moment.
    public init(title: String, value: Any) {
      self.title = title
      self.value = value
    }
  }

  /// The page's heading.
  public var title = "dex session"
  /// Lines the page starts with, as label and text: the version, the command line.
  public var facts: [(label: String, value: String)]
  /// Errors of the run that made the page, shown above the timeline.
  public var failures: [String] = []
  /// Without JavaScript, diffs print collections longer than this shortened, as transcripts
  /// do; the script shows them in full. Nil prints everything.
  public var briefItems: Int? = 3
  /// An action on one line, as the REPL prints it.
  public var actionText: (Action) -> String
  /// An origin as the REPL prints it (`sent`, `received from #1`).
  public var originText: (EntryOrigin) -> String
  /// The values of a moment, the state first (its diff section has no title).
  public var roots: (Moment) -> [Root]
  /// How values read between two moments (shared values as each side held them).
  public var environment: (Moment, Moment) -> (any DiffEnvironment)?
  /// What changed between two moments, as the REPL prints it. It is called from several
  /// threads at once, so it must only read the two moments it is given.
  public var diff: (Moment, Moment) -> [DiffSection]

  /// A page built with these descriptions of moments and actions.
  public init(
    facts: [(label: String, value: String)],
    actionText: @escaping (Action) -> String,
    originText: @escaping (EntryOrigin) -> String,
    roots: @escaping (Moment) -> [Root],
    environment: @escaping (Moment, Moment) -> (any DiffEnvironment)?,
    diff: @escaping (Moment, Moment) -> [DiffSection]
  ) {
    self.facts = facts
    self.actionText = actionText
    self.originText = originText
    self.roots = roots
    self.environment = environment
    self.diff = diff
  }

  /// The page for `history`, as HTML text; the entries `recording` holds are not worked out
  /// again.
  public func html(
    of history: History<Moment, Action>, recording: PageRecording<Moment, Action>? = nil
  ) -> String {
    let recorded = recording?.model(for: history)
    var model = PageModel(history: history, page: self, recorded: recorded)
    return PageHTML.write(model: &model, page: self)
  }
}
