import PokedexCore
import PokedexInspection
import StoreInspector

// diff, log, back, forward, jump, branches, branch, skip, unskip.
extension REPL {
  func diff(_ arguments: String) throws(REPLError) {
    let numbers = try entryNumbers(arguments, command: "diff", synopsis: "diff [N] | diff A B", atMost: 2)
    let lookup = session.withHistory { history -> Result<(String, AppMoment, AppMoment), HistoryError> in
      do throws(HistoryError) {
        if numbers.count == 2 {
          let before = try history.moment(at: EntryID(numbers[0]))
          let after = try history.moment(at: EntryID(numbers[1]))
          return .success(("#\(numbers[0]) → #\(numbers[1])", before, after))
        }
        let entry = numbers.first.map { EntryID($0) } ?? history.currentEntry
        let moments = try history.moments(around: entry)
        var header = "#0 (the initial state)"
        if entry.number != 0 {
          header = "#\(entry) \(ActionText.line(try history.entry(entry).action))"
        }
        return .success((header, moments.before, moments.after))
      } catch {
        return .failure(error)
      }
    }
    let rendered: String
    switch lookup {
    case let .success((header, before, after)):
      rendered = header + "\n" + text(of: before, after)
    case let .failure(error):
      throw .failed("\(error)")
    }
    session.command { print(rendered) }
  }

  private func text(of before: AppMoment, _ after: AppMoment) -> String {
    session.settings.style.diff(
      momentDiff(before.state, after.state, sharedBefore: before.shared, sharedAfter: after.shared)
        .text())
  }

  func log() {
    let (entries, current) = session.withHistory { ($0.log, $0.currentEntry) }
    session.command {
      guard !entries.isEmpty else {
        print("No entries yet. Send an action with 'send'.")
        return
      }
      for entry in entries {
        let marker = entry.id == current ? ">" : " "
        let skipped = entry.isSkipped ? " (skipped)" : ""
        print(
          "\(marker) #\(entry.id) \(DexSession.describe(entry.origin)) \(ActionText.line(entry.action))\(skipped)")
      }
      if current == .initial { print("> #0 (the initial state)") }
    }
  }

  func back(_ arguments: String) throws(REPLError) {
    let steps = try count(arguments, command: "back", synopsis: "back [N]")
    try travel { history throws(HistoryError) in try history.back(steps) }
  }

  func forward(_ arguments: String) throws(REPLError) {
    let steps = try count(arguments, command: "forward", synopsis: "forward [N]")
    try travel { history throws(HistoryError) in try history.forward(steps) }
  }

  func jump(_ arguments: String) throws(REPLError) {
    let numbers = try entryNumbers(arguments, command: "jump", synopsis: "jump N", atMost: 1)
    guard let number = numbers.first else {
      throw .badArguments(command: "jump", problem: "an entry number is needed", synopsis: "jump N")
    }
    try travel { history throws(HistoryError) in try history.jump(to: EntryID(number)) }
  }

  func branches() {
    let branches = session.withHistory { $0.branches }
    session.command {
      guard !branches.isEmpty else {
        print("No branches yet: nothing was recorded.")
        return
      }
      for branch in branches {
        let from = branch.divergence.map { " from #\($0.id) \(ActionText.line($0.action))" } ?? ""
        let marker = branch.isCurrent ? "*" : " "
        print("\(marker) branch \(branch.number): \(branch.length) entries, head #\(branch.head)\(from)")
      }
    }
  }

  func branch(_ arguments: String) throws(REPLError) {
    let numbers = try entryNumbers(arguments, command: "branch", synopsis: "branch K", atMost: 1)
    guard let number = numbers.first else {
      throw .badArguments(command: "branch", problem: "a branch number is needed", synopsis: "branch K")
    }
    try travel { history throws(HistoryError) in try history.switchBranch(to: number) }
  }

  func skip(_ arguments: String, skipping: Bool) throws(REPLError) {
    let name = skipping ? "skip" : "unskip"
    let numbers = try entryNumbers(arguments, command: name, synopsis: "\(name) N", atMost: 1)
    guard let number = numbers.first, number > 0 else {
      throw .badArguments(command: name, problem: "an entry number from 1 is needed", synopsis: "\(name) N")
    }
    try travel { history throws(HistoryError) in
      if skipping {
        try history.skip(EntryID(number))
      } else {
        try history.unskip(EntryID(number))
      }
    }
  }

  /// Moves through history and reports where it landed.
  private func travel(_ move: (inout History<AppMoment, AppFeature.Action>) throws(HistoryError) -> Void) throws(REPLError) {
    do {
      try session.travel(move)
    } catch {
      throw .failed("\(error)")
    }
    let (current, entry) = session.withHistory { history in
      (history.currentEntry, try? history.entry(history.currentEntry))
    }
    session.command {
      if let entry {
        print("at #\(current) \(ActionText.line(entry.action))")
      } else {
        print("at #0 (the initial state)")
      }
    }
  }

  private func count(_ arguments: String, command: String, synopsis: String) throws(REPLError) -> Int {
    let numbers = try entryNumbers(arguments, command: command, synopsis: synopsis, atMost: 1)
    let steps = numbers.first ?? 1
    guard steps >= 1 else {
      throw .badArguments(command: command, problem: "the count must be 1 or more", synopsis: synopsis)
    }
    return steps
  }

  /// Whole numbers separated by spaces (`#` prefixes allowed), at most `atMost` of them.
  func entryNumbers(
    _ arguments: String, command: String, synopsis: String, atMost limit: Int
  ) throws(REPLError) -> [Int] {
    let words = arguments.split(whereSeparator: \.isWhitespace)
    guard words.count <= limit else {
      throw .badArguments(command: command, problem: "too many arguments", synopsis: synopsis)
    }
    var numbers: [Int] = []
    for word in words {
      let digits = word.hasPrefix("#") ? word.dropFirst() : word[...]
      guard let number = Int(digits), number >= 0 else {
        throw .badArguments(
          command: command, problem: "'\(word)' is not a whole number from 0", synopsis: synopsis)
      }
      numbers.append(number)
    }
    return numbers
  }
}
