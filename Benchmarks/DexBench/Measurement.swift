import Foundation

/// Timing helpers: every figure is the median of five repetitions, each lasting at least
/// half a second.
enum Measurement {
  static let repetitions = 5
  static let minimumDuration = 0.5

  /// Seconds per call of `body` (which runs `batch` operations), the median of five
  /// repetitions, each repeating the batch until it lasted ≥ 0.5 s; per operation.
  static func secondsPerOperation(batch: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<repetitions {
      let start = now()
      var batches = 0
      repeat {
        body()
        batches += 1
      } while now() - start < minimumDuration
      samples.append((now() - start) / Double(batches * batch))
    }
    return median(samples)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The process's resident memory in bytes (`/proc/self/statm`).
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

/// Formats seconds as ns/µs/ms.
func formatDuration(_ seconds: Double) -> String {
  switch seconds {
  case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
  case ..<1e-3: String(format: "%.2f µs", seconds * 1e6)
  case ..<1: String(format: "%.2f ms", seconds * 1e3)
  default: String(format: "%.2f s", seconds)
  }
}
