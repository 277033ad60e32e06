import Composable
import Testing

extension PendingCalls {
  /// Waits for the call `text` (`pokemonClient.page(offset: 0, limit: 20)`) and answers it with
  /// `answer`, or with what the dependency would have answered when nil, as a session's
  /// `respond` does; the first waiting call of that text is answered. Records an issue when no
  /// such call waits within `timeout` or it does not take the answer.
  ///
  /// ```swift
  /// let calls = PendingCalls()
  /// // … a store whose client waits on `calls` sends an action …
  /// await calls.respond(to: "pokemonClient.detail(id: 1)", with: .failure(DexError.offline))
  /// ```
  public func respond(
    to text: String, with answer: Result<any Sendable, any Error>? = nil,
    timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let answered: Void? = await poll(timeout: timeout) {
      guard let call = calls.first(where: { $0.text == text }) else { return nil }
      let chosen: Result<any Sendable, any Error>
      if let answer {
        chosen = answer
      } else {
        chosen = await call.standard()
      }
      if !self.answer(call.id, with: chosen) {
        Issue.record("\(text) did not take the answer \(chosen).", sourceLocation: location)
      }
      return ()
    }
    guard answered == nil else { return }
    let waiting = calls.map(\.text)
    Issue.record(
      Comment(
        rawValue: "No call \(text) waited for an answer within \(timeout); waiting: "
          + (waiting.isEmpty ? "none" : waiting.joined(separator: ", ")) + "."),
      sourceLocation: location)
  }
}
