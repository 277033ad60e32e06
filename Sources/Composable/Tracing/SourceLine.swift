/// Where a reducer is written: its file as `#fileID` names it, and the line.
///
/// ```swift
/// node.source?.description  // "Todos/TodoListFeature.swift:42"
/// ```
///
/// The reducers capture it with default arguments (`Reduce`, `Scope`, `ifLet`, `forEach`,
/// `BindingReducer`) and `ReducerBuilder.buildFinalResult` (a feature's `body`); only a tree
/// built for tracing reads it.
public struct SourceLine: Sendable, Equatable, CustomStringConvertible {
  /// The file: `Todos/TodoListFeature.swift` (the module, then the file's name).
  public let fileID: StaticString
  /// The line, counting from 1.
  public let line: UInt

  /// The line `line` of the file `fileID`.
  @inlinable
  public init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  /// `Todos/TodoListFeature.swift:42`.
  public var description: String { "\(fileID):\(line)" }

  public static func == (left: SourceLine, right: SourceLine) -> Bool {
    left.line == right.line && left.fileID.description == right.fileID.description
  }
}
