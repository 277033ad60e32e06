// The change from one JSON value to another, as small as what changed: a session file keeps
// each entry's moment as the patch from its parent's, so a check can rebuild every moment the
// session recorded without storing each in full.
//
//   null                                               unchanged
//   {"value": V}                                       replaced by V
//   {"members": {"key": PATCH, …}, "removed": ["key"]} an object: changed or added members
//                                                      (added ones as {"value": V}), removed keys
//   {"prefix": P, "suffix": S, "elements": [V, …]}     an array: the first P and last S elements
//                                                      kept, those between replaced by these
//   {"prefix": P, "suffix": S, "patches": [PATCH, …]}  the same, element by element

extension JSONValue {
  /// The patch that turns this value into `new` (see the format above); `null` when they are
  /// equal.
  public func patch(to new: JSONValue) -> JSONValue {
    guard self != new else { return .null }
    switch (self, new) {
    case (.object(let oldMembers), .object(let newMembers)):
      let oldKeys = oldMembers.map(\.key)
      let newKeys = newMembers.map(\.key)
      // Keys in another order (or repeated) are rare: the object is written again.
      guard Set(oldKeys).count == oldKeys.count, Set(newKeys).count == newKeys.count else { break }
      var changed: [Member] = []
      for member in newMembers {
        if let old = self[member.key] {
          // Encoders may write an object's keys in any order: a patch of none is no change.
          let patch = old.patch(to: member.value)
          if patch != .null { changed.append(Member(member.key, patch)) }
        } else {
          changed.append(Member(member.key, ["value": member.value]))
        }
      }
      let newKeySet = Set(newKeys)
      let removed = oldKeys.filter { !newKeySet.contains($0) }
      if changed.isEmpty, removed.isEmpty { return .null }
      var members: [Member] = [Member("members", .object(changed))]
      if !removed.isEmpty { members.append(Member("removed", .array(removed.map(JSONValue.string)))) }
      return .object(members)
    case (.array(let old), .array(let new)):
      var prefix = 0
      while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
      var suffix = 0
      while suffix < old.count - prefix, suffix < new.count - prefix,
        old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
      {
        suffix += 1
      }
      let oldMiddle = old[prefix..<(old.count - suffix)]
      let newMiddle = new[prefix..<(new.count - suffix)]
      let bounds: [Member] = [Member("prefix", .number(prefix)), Member("suffix", .number(suffix))]
      guard oldMiddle.count == newMiddle.count else {
        return .object(bounds + [Member("elements", .array(Array(newMiddle)))])
      }
      let patches = zip(oldMiddle, newMiddle).map { $0.patch(to: $1) }
      if patches.allSatisfy({ $0 == .null }) { return .null }
      return .object(bounds + [Member("patches", .array(patches))])
    default:
      break
    }
    return ["value": new]
  }

  /// This value with `patch` (read at `reader`, whose path complaints name) applied.
  package func applying(_ patch: SessionReader) throws(SessionError) -> JSONValue {
    switch patch.value {
    case nil, .null?:
      return self
    case .object?:
      break
    default:
      throw patch.invalid("a patch: null or an object")
    }
    if let value = patch.member("value").value { return value }
    if patch.member("members").value != nil {
      guard case .object(var members) = self else {
        throw patch.invalid("no member patch: the value it applies to is not an object")
      }
      let changes = patch.member("members")
      guard case .object(let changed)? = changes.value else {
        throw changes.invalid("an object of member patches")
      }
      for change in changed {
        let changeReader = changes.member(change.key)
        if let index = members.firstIndex(where: { $0.key == change.key }) {
          members[index].value = try members[index].value.applying(changeReader)
        } else {
          guard let added = changeReader.member("value").value else {
            throw changeReader.invalid(#"{"value": …} for a member the value does not have"#)
          }
          members.append(Member(change.key, added))
        }
      }
      let removedReader = patch.member("removed")
      if removedReader.value != nil {
        for key in try removedReader.elements("an array of keys") {
          let name = try key.singleLine("a key")
          members.removeAll { $0.key == name }
        }
      }
      return .object(members)
    }
    guard case .array(let elements) = self else {
      throw patch.invalid("a patch of an object or an array, or {\"value\": …}")
    }
    let prefix = try patch.member("prefix").integer(in: 0...elements.count, "a count of elements")
    let suffix = try patch.member("suffix").integer(
      in: 0...(elements.count - prefix), "a count of elements")
    let middle = elements[prefix..<(elements.count - suffix)]
    var replaced: [JSONValue]
    if case .array(let new)? = patch.member("elements").value {
      replaced = new
    } else {
      let patches = try patch.member("patches").elements("an array of element patches")
      guard patches.count == middle.count else {
        throw patch.member("patches").invalid("\(middle.count) element patches")
      }
      replaced = []
      for (element, elementPatch) in zip(middle, patches) {
        replaced.append(try element.applying(elementPatch))
      }
    }
    return .array(Array(elements[..<prefix]) + replaced + Array(elements[(elements.count - suffix)...]))
  }
}
