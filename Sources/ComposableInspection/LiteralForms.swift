import Foundation
import Composable
import StoreInspector

// Values that appear in actions print in the literal syntax the REPL parses back.

extension KeyPathName: CustomDumpStringConvertible {
  /// `\.nickname`.
  public var inspectorDescription: String { "\\.\(name)" }
}

extension IndexSet: CustomDumpStringConvertible {
  /// `[0, 2]`.
  public var inspectorDescription: String {
    "[" + map(String.init).joined(separator: ", ") + "]"
  }
}

extension TextState: CustomDumpStringConvertible {
  /// `"Release Pikachu?"`: the text, as a string prints.
  public var inspectorDescription: String { inspectorDump(string) }
}
