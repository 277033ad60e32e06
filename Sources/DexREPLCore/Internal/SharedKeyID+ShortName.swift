import Composable

extension SharedKeyID {
  /// The name without its extension (`starred`), as `restore` and `shared` take it too.
  var shortName: String {
    let name = displayName
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
