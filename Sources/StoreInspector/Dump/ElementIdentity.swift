/// Which fields tell an element apart from its neighbours: its `id` and its name, the first of
/// `elementNameFields` it has. Folded dumps, shortened lines and a changed element's diff all
/// show these fields, so an element reads the same wherever it is cut short.
enum ElementIdentity {
  /// The labels among `labels` that identify the value: `id` and its name's label.
  static func labels(among labels: [String]) -> Set<String> {
    let name = elementNameFields.first { labels.contains($0) }
    return Set(["id"] + (name.map { [$0] } ?? []))
  }

  /// The prefixes (`id: `, `displayName: `) of the items of a dumped group that identify it.
  static func prefixes(among items: [DumpItem]) -> Set<String> {
    let labels = items.compactMap { item -> String? in
      guard item.role == .part, item.prefix.hasSuffix(": ") else { return nil }
      return String(item.prefix.dropLast(2))
    }
    return Set(Self.labels(among: labels).map { $0 + ": " })
  }
}
