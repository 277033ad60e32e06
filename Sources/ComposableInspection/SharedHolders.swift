import Composable
import StoreInspector

/// A property of a state that shows a shared value: where it is, and whether it only reads.
public struct SharedHolder: Sendable, Equatable {
  /// The state path of the property: `team.trainer`, `items.destination.detail.starred`.
  public let path: String
  /// Whether the property is a `SharedReader`.
  public let isReadOnly: Bool
  /// Whether the property shows the whole value, not a part of it (`$trainer.name`) or a value
  /// computed from it; only a writer of the whole value can own it.
  public let isWholeValue: Bool

  /// A holder at `path`.
  public init(path: String, isReadOnly: Bool, isWholeValue: Bool = true) {
    self.path = path
    self.isReadOnly = isReadOnly
    self.isWholeValue = isWholeValue
  }

  /// Whether the property can own the value: it writes the whole of it.
  public var canOwn: Bool { !isReadOnly && isWholeValue }
}

/// Where a state holds shared values: for each key, the properties that show it, shortest path
/// first — the first is its owner's, the name an unnamed value goes by.
///
/// ```swift
/// sharedHolders(in: appState)[trainerKey]?.map(\.path)  // ["team.trainer", "team.editor.trainer"]
/// ```
public func sharedHolders(in state: Any) -> [SharedKeyID: [SharedHolder]] {
  var holders: [SharedKeyID: [SharedHolder]] = [:]
  collectSharedHolders(in: state, path: "", into: &holders)
  for (key, found) in holders {
    holders[key] = found.enumerated()
      .sorted { ($0.element.path.count, $0.offset) < ($1.element.path.count, $1.offset) }
      .map(\.element)
  }
  return holders
}

private func collectSharedHolders(
  in value: Any, path: String, into holders: inout [SharedKeyID: [SharedHolder]]
) {
  let mirror = Mirror(reflecting: value)
  for (offset, child) in mirror.children.enumerated() {
    var component = ""
    if mirror.displayStyle != .optional {
      if let label = child.label, !label.isEmpty {
        component = "." + (label.hasPrefix("_") ? String(label.dropFirst()) : label)
      } else {
        component = "[\(offset)]"
      }
    }
    var childPath = path + component
    if childPath.hasPrefix(".") { childPath.removeFirst() }
    if let shared = child.value as? any SharedProperty {
      holders[shared.keyID, default: []].append(
        SharedHolder(
          path: childPath, isReadOnly: shared.isReadOnly, isWholeValue: shared.isWholeValue))
    } else {
      collectSharedHolders(in: child.value, path: childPath, into: &holders)
    }
  }
}

/// The key of the shared value the state path `path` reads (`team.trainer`, `isWhole` true) or
/// reads into (`team.trainer.name`); nil when no shared value is on the way.
public func sharedKey(
  backing path: StatePath, in state: Any
) -> (key: SharedKeyID, isWhole: Bool)? {
  for (offset, component) in path.components.enumerated() {
    guard case let .name(name) = component,
      let parent = try? value(at: StatePath(Array(path.components[..<offset])), in: state)
    else { continue }
    var mirror = Mirror(reflecting: parent)
    while mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value {
      mirror = Mirror(reflecting: wrapped)
    }
    let child = mirror.children.first { $0.label == "_" + name || $0.label == name }
    if let shared = child?.value as? any SharedProperty {
      return (shared.keyID, shared.isWholeValue && offset == path.components.count - 1)
    }
  }
  return nil
}

extension MomentDiff {
  /// This diff with each changed unnamed value called by the path of its owner in `state`
  /// (`@Shared(team.trainer)`); a value the state does not hold keeps its key's name.
  public func namingUnnamedValues(in state: Any) -> MomentDiff {
    guard !unnamedKeys.isEmpty else { return self }
    return named(sharedHolders(in: state).compactMapValues(\.first?.path))
  }
}
