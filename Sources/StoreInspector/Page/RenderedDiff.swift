/// An entry's diff rendered once in the brief form, `width` wide with strings unwrapped: the
/// text a transcript prints at that width, and the lines and shortened values a page shows.
///
/// A session writing a page (`dex --html`) renders each entry's diff this way and prints the
/// same lines, so that the page's entry takes them rather than rendering the diff again.
///
/// ```swift
/// let rendered = RenderedDiff(sections: diff.sections, maxItems: 3)
/// print(rendered.text)  // what DiffRenderer.text(of: sections, maxItems: 3) prints
/// recording.record(entry, in: history, before: before, after: after, rendered: rendered)
/// ```
public struct RenderedDiff {
  /// How wide values are laid out: the page's width, and a transcript's off a terminal.
  public static let width = 100
  /// How many elements of a long collection the brief form shows; nil shows all.
  public let maxItems: Int?
  /// Each section with its lines and what their brief form shortened.
  let sections: [RenderedSection]

  /// `sections` rendered `width` wide, long collections shortened to `maxItems`.
  public init(sections: [DiffSection], maxItems: Int?) {
    self.maxItems = maxItems
    self.sections = sections.map { RenderedSection($0, maxItems: maxItems) }
  }

  /// The lines one after the other, as `DiffRenderer.text(of:maxWidth:maxItems:)` prints them
  /// at `width` with `maxItems`.
  public var text: String {
    sections.flatMap(\.rendered.lines).renderedText()
  }

  /// Whether the brief form shortened a value (as `DiffRenderer.textNotingShortening` says).
  public var isShortened: Bool {
    sections.contains { !$0.rendered.shortened.isEmpty }
  }
}

/// A section of an entry's diff with its lines, worked out on any thread.
struct RenderedSection {
  var section: DiffSection
  var rendered: (lines: [DiffLine], shortened: [ShortenedValues])

  /// `section` rendered `RenderedDiff.width` wide, strings unwrapped.
  init(_ section: DiffSection, maxItems: Int?) {
    self.section = section
    rendered = section.valueLines(maxWidth: RenderedDiff.width, maxItems: maxItems)
  }
}
