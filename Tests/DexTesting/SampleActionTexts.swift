import Composable
import ComposableInspection
import StoreInspector

/// The text of one sample of every case that values of `T` reach through nested case-tabled
/// enums (`.list(.destination(.presented(.detail(.favoriteTapped))))`), as `send` takes it:
/// zeros, empty strings, the zero UUID, collections of `elementCount` samples (a case whose
/// sample cannot have them gets empty ones). Fuzzers start from these and change their numbers.
public func sampleTexts<T: CasePathable>(of type: T.Type, elementCount: Int = 1) -> [String] {
  casePaths(of: T.self, depth: 0).compactMap { path in
    guard let outer = path.first else { return nil }
    let inner = Array(path.dropFirst())
    let value =
      (try? SampleDecoder.sample(
        T.self, case: outer, innerCases: inner, elementCount: elementCount))
      ?? (try? SampleDecoder.sample(T.self, case: outer, innerCases: inner))
    return value.map { caseText($0) { inspectorDump($0, maxWidth: .max) } }
  }
}

/// The case names from `T` down to each case that carries no further case-tabled action of its
/// own (at most eight levels).
private func casePaths<T: CasePathable>(of type: T.Type, depth: Int) -> [[String]] {
  T.caseTable.cases.flatMap { entry -> [[String]] in
    let nested = entry.arguments.compactMap { $0.type as? any CasePathable.Type }
    guard nested.count == 1, let inner = nested.first, depth < 8 else { return [[entry.name]] }
    return casePaths(of: inner, depth: depth + 1).map { [entry.name] + $0 }
  }
}
