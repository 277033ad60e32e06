import Composable

/// What `advance` says about the manual clock: where it got to, how many sleeping effects woke
/// (and the entries their actions made), and which still sleep, until when.
///
/// `advanced 300ms to 300ms: 1 sleeping effect woke (1 entry); nothing else sleeps`
/// `advanced 100ms to 100ms: nothing woke; 1 effect sleeps until 300ms (advance 200ms more)`
enum ClockReport {
  static func advanced(
    to target: ManualClock.Instant, from start: ManualClock.Instant, woke: Int,
    entriesMade: Int, stillAsleep: [ManualClock.Instant]
  ) -> String {
    let zero = ManualClock.Instant.zero
    var text =
      "advanced \(describe(start.duration(to: target))) to "
      + "\(describe(zero.duration(to: target))): "
    if woke == 0 {
      text += "nothing woke"
    } else {
      let made = entriesMade == 1 ? "1 entry" : "\(entriesMade) entries"
      text += "\(woke) sleeping \(woke == 1 ? "effect" : "effects") woke (\(made))"
    }
    guard let next = stillAsleep.first else {
      return text + (woke == 0 ? "; no effect sleeps on the clock" : "; nothing else sleeps")
    }
    let count = stillAsleep.count
    return text
      + "; \(count) \(count == 1 ? "effect sleeps" : "effects sleep") until "
      + "\(describe(zero.duration(to: next)))"
      + " (advance \(describe(target.duration(to: next))) more)"
  }

  /// What `clock MODE` says: the clock effects now sleep on.
  ///
  /// `clock: manual (effects sleep until 'advance' moves it)`
  static func modeChanged(to mode: ClockMode) -> String {
    switch mode {
    case .live: "clock: live (effects sleep for real time)"
    case .immediate: "clock: immediate (every sleep ends at once)"
    case .manual: "clock: manual (effects sleep until 'advance' moves it)"
    }
  }

  /// `300ms`, `1.5s`, `2m 30s`, `1h`, `1h 0.1s`.
  static func describe(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000
      + duration.components.attoseconds / 1_000_000_000_000_000
    if milliseconds < 1000 { return "\(milliseconds)ms" }
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds % 3_600_000 / 60_000
    let seconds = Double(milliseconds % 60_000) / 1000
    let secondsText = seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
    let parts = [
      hours > 0 ? "\(hours)h" : nil, minutes > 0 ? "\(minutes)m" : nil,
      seconds > 0 ? secondsText : nil,
    ]
    return parts.compactMap { $0 }.joined(separator: " ")
  }
}
