import Foundation

/// One side of a comparison: a batch of `operations` operations, timed as one turn.
struct Side {
  var name: String
  var operations: Int
  var run: () -> Void

  init(_ name: String, operations: Int = 1, _ run: @escaping () -> Void) {
    self.name = name
    self.operations = operations
    self.run = run
  }
}

/// Seconds per operation of each side, one figure per round.
struct Timings {
  var names: [String]
  /// `perRound[side][round]`.
  var perRound: [[Double]]

  /// The median seconds per operation of `side`.
  func median(_ side: Int) -> Double {
    Measurement.median(perRound[side])
  }

  /// The median over the rounds of side `numerator` ÷ side `denominator` in that round: both
  /// ran seconds apart, so load that comes and goes weighs on both.
  func ratio(_ numerator: Int, to denominator: Int) -> Double {
    Measurement.median(ratios(numerator, to: denominator))
  }

  /// Side `numerator` ÷ side `denominator`, round by round.
  func ratios(_ numerator: Int, to denominator: Int) -> [Double] {
    zip(perRound[numerator], perRound[denominator]).map { $0 / $1 }
  }
}

/// Timing by interleaving: the sides run in turn (A B A B …, or A B C A B C …), each turn
/// repeating its batch for at least `turn` seconds, for `rounds` rounds after one warm-up
/// round. A ratio is the median of the per-round ratios, so a burst of load on the machine
/// slows both of its sides or spoils one round out of many, never the verdict.
///
/// Sides that run on this thread are timed by the thread's CPU clock, which does not run while
/// another process has the core; sides that run processes are timed by the wall clock (their
/// waits are part of what they measure).
enum Measurement {
  /// Which clock times a side.
  enum Clock {
    /// The CPU time of this thread: for work done here, synchronously.
    case thread
    /// Elapsed time: for processes and waits.
    case wall

    func now() -> Double {
      var time = timespec()
      clock_gettime(self == .thread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
  }

  /// Rounds of a comparison (pairs A B when there are two sides).
  static let rounds = 11
  /// The shortest turn of an in-process side.
  static let turn = 0.03

  /// `warmUp: false` skips the warm-up round, for sides that each run seconds.
  static func interleaved(
    _ sides: [Side], rounds: Int = rounds, turn: Double = turn, warmUp: Bool = true,
    clock: Clock = .thread
  ) -> Timings {
    var perRound = [[Double]](repeating: [], count: sides.count)
    for round in (warmUp ? 0 : 1)...rounds {
      for (index, side) in sides.enumerated() {
        let start = clock.now()
        var batches = 0
        repeat {
          side.run()
          batches += 1
        } while clock.now() - start < turn
        let perOperation = (clock.now() - start) / Double(batches * side.operations)
        // Round 0 warms caches, allocator pools and lazily made tables; it is not kept.
        if round > 0 { perRound[index].append(perOperation) }
      }
    }
    return Timings(names: sides.map(\.name), perRound: perRound)
  }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The wall clock, in seconds.
  static func now() -> Double {
    Clock.wall.now()
  }

  /// The process's resident memory in bytes (`/proc/self/statm`).
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

/// Formats seconds as ns/µs/ms/s.
func formatDuration(_ seconds: Double) -> String {
  switch seconds {
  case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
  case ..<1e-3: String(format: "%.2f µs", seconds * 1e6)
  case ..<1: String(format: "%.2f ms", seconds * 1e3)
  default: String(format: "%.2f s", seconds)
  }
}

/// `10,000`.
func thousands(_ count: Int) -> String {
  let digits = Array(String(count))
  var text = ""
  for (offset, digit) in digits.enumerated() {
    if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
    text.append(digit)
  }
  return text
}
