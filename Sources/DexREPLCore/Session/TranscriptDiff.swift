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
    let isRendered =
      rendered?.maxItems == shownItems && maxWidth == RenderedDiff.width && !wrapsStrings
      && !diff.isEmpty
    var text =
      isRendered
      ? rendered?.text ?? ""
      : diff.text(maxWidth: maxWidth, maxItems: shownItems, wrapsStrings: wrapsStrings)
    if let entry, diff.hasLongCollections(moreThan: shownItems) {
      text += "\n  (long collections shortened: 'diff \(entry)' shows everything)"
    }
    return text
  }
}
