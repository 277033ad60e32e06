import DexPlatform
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of one `URLSession` whose every data task is held to `PokeAPILimits`: a body
/// that grows past `maximumBodySize` (or announces it in `Content-Length`) is cancelled at once,
/// a request still running at its deadline is cancelled however its body trickles, and a
/// redirect is followed only to an http or https URL, at most `maximumRedirects` times.
///
/// A request ends exactly once, with the first of: its completion, a limit it broke, or the
/// cancellation of the task awaiting it. It does not wait for the session to report the end of
/// a cancelled task: FoundationNetworking may never report it (a cancelled redirect body).
///
/// The session's delegate queue must be `makeDelegateQueue()`'s: the body is then counted as it
/// arrives, not after a backlog (see `InlineOperationQueue`).
final class BoundedTransfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// Why a request ended without its response.
  enum Failure: Error {
    /// The body grew past the limit, or its `Content-Length` announced that it would.
    case tooLarge
    /// The request had not ended at its deadline.
    case deadlineExceeded
    /// The server redirected to `location`, which is not an http or https URL.
    case redirectNotHTTP(location: String)
    /// The server redirected once more after `maximumRedirects` redirects.
    case tooManyRedirects
    /// The session reported the failure (refused, unreachable host, lost connection…).
    case transport(any Error)
  }

  /// A response received in full.
  struct Received: Sendable {
    var body: Data
    var response: URLResponse
  }

  private struct Transfer: Sendable {
    var continuation: CheckedContinuation<Received, any Error>
    var body = Data()
    var redirects = 0
    /// Ends the request at its deadline; cancelled when the request ends first.
    var timer: Task<Void, Never>?
  }

  let limits: PokeAPILimits
  // @unchecked Sendable: NSObject is not Sendable; the only state is this locked dictionary.
  private let transfers = LockedValue([Int: Transfer]())

  init(limits: PokeAPILimits) {
    self.limits = limits
  }

  /// The queue the session calls this delegate on.
  static func makeDelegateQueue() -> OperationQueue { InlineOperationQueue() }

  /// Sends `request` over `session` (whose delegate is this object) and returns the whole
  /// response, or throws a `Failure` (or `CancellationError` when the calling task is cancelled).
  func data(for request: URLRequest, in session: URLSession) async throws -> Received {
    let task = session.dataTask(with: request)
    let id = task.taskIdentifier
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let started = transfers.withLock { transfers -> Bool in
          if Task.isCancelled { return false }
          transfers[id] = Transfer(continuation: continuation)
          return true
        }
        guard started else {
          continuation.resume(throwing: CancellationError())
          return
        }
        let deadline = limits.deadline
        let timer = Task { [weak self] in
          guard (try? await Task.sleep(for: deadline)) != nil else { return }
          self?.end(id, cancelling: task, with: .failure(Failure.deadlineExceeded))
        }
        transfers.withLock { $0[id]?.timer = timer }
        task.resume()
      }
    } onCancel: {
      end(id, cancelling: task, with: .failure(CancellationError()))
    }
  }

  /// Resumes the request's awaiting task with `result` unless it has ended already, then
  /// cancels `task` when one is given. Whoever removes the transfer ends it, so it ends once.
  /// The cancel is sent from another thread: this may run on the session's transfer queue,
  /// which `cancel()` waits for. What arrives until it lands is not kept.
  private func end(
    _ id: Int, cancelling task: URLSessionTask?, with result: Result<Received, any Error>
  ) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: id) }) else { return }
    transfer.timer?.cancel()
    if let task { DispatchQueue.global().async { task.cancel() } }
    transfer.continuation.resume(with: result)
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if response.expectedContentLength > Int64(limits.maximumBodySize) {
      end(dataTask.taskIdentifier, cancelling: dataTask, with: .failure(Failure.tooLarge))
      completionHandler(.cancel)
    } else {
      completionHandler(.allow)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    let fits = transfers.withLock { transfers -> Bool in
      guard transfers[id] != nil else { return true }
      guard (transfers[id]?.body.count ?? 0) + data.count <= limits.maximumBodySize else {
        return false
      }
      transfers[id]?.body.append(data)
      return true
    }
    if !fits { end(id, cancelling: dataTask, with: .failure(Failure.tooLarge)) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let id = task.taskIdentifier
    // FoundationNetworking turns a Location with a scheme but no host (`file:///etc/passwd`,
    // `data:,x`) into a path on the same server, so the header is read here, not `request`.
    let location = response.value(forHTTPHeaderField: "Location") ?? ""
    let target = URL(string: location, relativeTo: response.url)?.absoluteURL
    let isHTTP =
      ["http", "https"].contains(target?.scheme?.lowercased() ?? "")
      && !(target?.host ?? "").isEmpty
    // The handler is called under the lock and only while the request runs: once `end` has
    // cancelled the task, FoundationNetworking traps on a handler called after all.
    let refusal = transfers.withLock { transfers -> Failure? in
      guard var transfer = transfers[id] else { return nil }
      transfer.redirects += 1
      transfers[id] = transfer
      let refusal: Failure? =
        if !isHTTP {
          .redirectNotHTTP(location: location)
        } else if transfer.redirects > limits.maximumRedirects {
          .tooManyRedirects
        } else {
          nil
        }
      if refusal == nil, let target {
        var next = request
        next.url = target
        completionHandler(next)
      } else {
        // The redirect itself becomes the task's response; the request ends below.
        completionHandler(nil)
      }
      return refusal
    }
    if let refusal { end(id, cancelling: nil, with: .failure(refusal)) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let id = task.taskIdentifier
    guard let error else {
      let body = transfers.withLock { $0[id]?.body } ?? Data()
      guard let response = task.response else {
        end(id, cancelling: nil, with: .failure(Failure.transport(URLError(.badServerResponse))))
        return
      }
      end(id, cancelling: nil, with: .success(Received(body: body, response: response)))
      return
    }
    end(id, cancelling: nil, with: .failure(Failure.transport(error)))
  }
}
