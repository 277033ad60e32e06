import StoreInspector

// The words of the errors the session's own work throws, which commands pass on as
// `Refusal.because`.

extension TravelError: CustomStringConvertible {
  var description: String {
    switch self {
    case let .history(error): "\(error)"
    case let .shared(error): "\(error)"
    }
  }
}

extension SessionFileError: CustomStringConvertible {
  var description: String {
    switch self {
    case let .missing(what): what
    case let .refused(field, reason): "\(field) is refused: \(reason)"
    }
  }
}

extension GentestRefusal: CustomStringConvertible {
  var description: String {
    let place = entry == .initial ? "at the start" : "after #\(entry.number)"
    return "cannot write '\(command)' (\(place)) into a test: \(reason); nothing was written."
  }
}
