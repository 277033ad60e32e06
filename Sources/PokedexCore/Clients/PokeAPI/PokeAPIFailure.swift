import Foundation
import Composable

/// Why a PokeAPI request failed. The one place the client's error wording lives: a resource's
/// own failure reads `HTTP 500 from URL.`; a page whose detail failed names the Pokémon first,
/// `#7 squirtle: HTTP 500 from URL.`
indirect enum PokeAPIFailure: Error, Equatable {
  /// The request never got an answer: refused, timed out, no such host.
  case unreachable(URL, reason: String)
  /// Something answered that is not HTTP.
  case notHTTP(URL)
  /// The server answered with an error status.
  case status(Int, URL)
  /// The body is not the JSON the client reads.
  case undecodable(URL, problem: String)
  /// A detail of a page failed: the Pokémon the list named, its failure, and how many other
  /// details of the same page failed too.
  case pokemon(id: Int, name: String, failure: PokeAPIFailure, othersFailed: Int)

  /// The failure as the features receive it.
  var dexError: DexError {
    DexError(kind: kind, message: message)
  }

  var kind: DexError.Kind {
    switch self {
    case .unreachable, .notHTTP: .network
    case .status: .http
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
    case let .pokemon(id, name, failure, othersFailed):
      "#\(id) \(name): \(failure.phrase)"
        + (othersFailed == 0 ? "" : " (and \(othersFailed) more of this page)")
    }
  }
}
