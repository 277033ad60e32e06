import ComposableInspection
import StoreInspector

/// An entry's diff as a transcript prints it: long collections shortened to a few elements,
/// with a pointer to `diff N` when they were (dex-bench measures this rendering too).
package enum TranscriptDiff {
  /// How many elements of a long collection a transcript shows.
  package static let shownItems = 3

  /// The text of `diff`, the diff of entry `entry` (nil: of no entry yet, so no pointer), its
  /// values laid out `maxWidth` wide; long strings wrap when `wrapsStrings`. `rendered`, the
  /// diff rendered already for a page, gives the lines when it was rendered this way.
  package static func text(
    _ diff: MomentDiff, entry: EntryID?, maxWidth: Int = 100, wrapsStrings: Bool = false,
    rendered: RenderedDiff? = nil
  ) -> String {
    var text: String
    let hasLongCollections: Bool
    if let rendered, rendered.maxItems == shownItems, maxWidth == RenderedDiff.width,
      !wrapsStrings, !diff.isEmpty
    {
      text = rendered.text
      // As `briefText` tells it: the diff is walked only when something was shortened.
      hasLongCollections =
        rendered.isShortened && diff.hasLongCollections(moreThan: shownItems)
    } else {
      let brief = diff.briefText(
        maxWidth: maxWidth, maxItems: shownItems, wrapsStrings: wrapsStrings)
      text = brief.text
      hasLongCollections = brief.hasLongCollections
    }
    if let entry, hasLongCollections {
      text += "\n  (long collections shortened: 'diff \(entry)' shows everything)"
    }
    return text
  }
}
