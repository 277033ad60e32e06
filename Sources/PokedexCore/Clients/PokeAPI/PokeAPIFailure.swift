import Foundation
import Composable

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a PokeAPI request failed. The one place the client's error wording lives: a resource's
/// own failure reads `HTTP 500 from URL.`; a page whose detail failed names the Pokémon first,
/// `#7 squirtle: HTTP 500 from URL.`
indirect enum PokeAPIFailure: Error, Equatable {
  /// The request never got an answer: refused, no such host, connection lost.
  case unreachable(URL, reason: String)
  /// Something answered that is not HTTP.
  case notHTTP(URL)
  /// The server answered with an error status.
  case status(Int, URL)
  /// The body is not the JSON the client reads.
  case undecodable(URL, problem: String)
  /// The body is larger than the most a response may be (`limit` bytes).
  case tooLarge(URL, limit: Int)
  /// The whole request, body included, took longer than `deadline`.
  case deadlineExceeded(URL, deadline: Duration)
  /// The server redirected to `location`, which is not an http or https URL.
  case redirectNotHTTP(URL, location: String)
  /// The server redirected more than `limit` times.
  case tooManyRedirects(URL, limit: Int)
  /// A detail of a page failed: the Pokémon the list named, its failure, and how many other
  /// details of the same page failed too.
  case pokemon(id: Int, name: String, failure: PokeAPIFailure, othersFailed: Int)

  /// The failure of the request for `url` that ended with `failure`, under `limits`.
  init(_ failure: BoundedTransfers.Failure, url: URL, limits: PokeAPILimits) {
    switch failure {
    case .tooLarge: self = .tooLarge(url, limit: limits.maximumBodySize)
    case .deadlineExceeded: self = .deadlineExceeded(url, deadline: limits.deadline)
    case let .redirectNotHTTP(location): self = .redirectNotHTTP(url, location: location)
    case .tooManyRedirects: self = .tooManyRedirects(url, limit: limits.maximumRedirects)
    case let .transport(error): self = .unreachable(url, reason: Self.reason(error))
    }
  }

  /// The failure as the features receive it.
  var dexError: DexError {
    DexError(kind: kind, message: message)
  }

  var kind: DexError.Kind {
    switch self {
    case .unreachable, .notHTTP, .tooLarge, .deadlineExceeded: .network
    case .status, .redirectNotHTTP, .tooManyRedirects: .http
    case .undecodable: .decoding
    case let .pokemon(_, _, failure, _): failure.kind
    }
  }

  /// One sentence: the phrase with a capital and a full stop.
  var message: String {
    let phrase = phrase
    return phrase.prefix(1).uppercased() + phrase.dropFirst() + "."
  }

  private var phrase: String {
    switch self {
    case let .unreachable(url, reason):
      "could not reach \(url): \(reason)"
    case let .notHTTP(url):
      "the response from \(url) is not an HTTP response"
    case let .status(status, url):
      "HTTP \(status) from \(url)"
    case let .undecodable(url, problem):
      "the response from \(url) could not be decoded: \(problem)"
    case let .tooLarge(url, limit):
      "the response from \(url) is larger than \(PokeAPILimits.describe(bytes: limit)), "
        + "the most dex reads of one response"
    case let .deadlineExceeded(url, deadline):
      "the response from \(url) did not arrive in full within \(PokeAPILimits.describe(deadline)), "
        + "the most dex waits for one request"
    case let .redirectNotHTTP(url, location):
      "the response from \(url) redirects to '\(Self.shown(location))', which is not an http "
        + "or https URL; dex follows no other"
    case let .tooManyRedirects(url, limit):
      "the response from \(url) redirects more than \(limit) times, the most dex follows"
    case let .pokemon(id, name, failure, othersFailed):
      "#\(id) \(name): \(failure.phrase)"
        + (othersFailed == 0 ? "" : " (and \(othersFailed) more of this page)")
    }
  }

  /// Text a server sent, as a message shows it: control characters escaped (`\u{1B}`), at most
  /// 200 characters.
  private static func shown(_ text: String) -> String {
    let escaped = text.unicodeScalars.map { scalar in
      scalar.properties.generalCategory == .control
        ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
    }.joined()
    return escaped.count > 200 ? escaped.prefix(200) + "…" : escaped
  }

  /// Why a request got no answer, for a person.
  private static func reason(_ error: any Error) -> String {
    guard let error = error as? URLError else { return error.localizedDescription }
    switch error.code {
    case .cannotConnectToHost: return "the connection was refused"
    case .timedOut: return "the server stopped sending"
    case .cannotFindHost, .dnsLookupFailed: return "the host was not found"
    case .notConnectedToInternet: return "there is no network connection"
    case .networkConnectionLost: return "the connection was lost"
    default: return error.localizedDescription
    }
  }
}
