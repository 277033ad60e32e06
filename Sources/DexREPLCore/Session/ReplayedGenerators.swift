import Foundation
import StoreInspector
import Composable

/// What the `uuid` and `date` dependencies of a script replaying a recording will make, followed
/// line by line as `record` writes it, so that only the values a replay would not make by itself
/// are written as `dep uuid next …` / `dep date next …`.
struct ReplayedGenerators {
  private var uuids: SessionGenerators.UUIDMode
  private var dates: SessionGenerators.DateMode
  /// How many UUIDs the replay's counting generator has made since it started.
  private var counted: UInt64 = 0

  init(uuids: SessionGenerators.UUIDMode, dates: SessionGenerators.DateMode) {
    self.uuids = uuids
    self.dates = dates
  }

  /// Follows a `dep uuid …` or `dep date …` line the script contains.
  mutating func follow(_ line: String) {
    let words = line.split(separator: " ")
    guard words.count == 3, words[0] == "dep" else { return }
    if words[1] == "uuid", let mode = SessionGenerators.UUIDMode(rawValue: String(words[2])) {
      uuids = mode
      counted = 0
    } else if words[1] == "date", let mode = SessionGenerators.DateMode(rawValue: String(words[2])) {
      dates = mode
    }
  }

  /// The `dep … next` lines that make the replay's reducers get `values`, in order.
  mutating func nextLines(for values: [GeneratedValue]) -> [String] {
    var queuedUUIDs: [String] = []
    var queuedDates: [String] = []
    for value in values {
      switch value {
      case let .uuid(uuid):
        if uuids == .incrementing, queuedUUIDs.isEmpty, uuid == UUID(counting: counted + 1) {
          counted += 1
        } else {
          queuedUUIDs.append(uuid.uuidString)
        }
      case let .date(date):
        if dates != .fixed || date != SessionGenerators.fixedDate {
          queuedDates.append(ISO8601Text.text(of: date))
        }
      case .stackElementID:
        // A replay counts stack ids as the recording did: the session counts them per branch.
        break
      }
    }
    var lines: [String] = []
    if !queuedUUIDs.isEmpty { lines.append("dep uuid next " + queuedUUIDs.joined(separator: " ")) }
    if !queuedDates.isEmpty { lines.append("dep date next " + queuedDates.joined(separator: " ")) }
    return lines
  }
}
