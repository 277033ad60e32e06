import Foundation

@testable import StoreInspector

// Toy domain shared by the dump, parse and diff tests. StoreInspector knows none of these types.

struct Point: Equatable {
  var x: Int
  var y: Int
}

enum LoadState: Equatable {
  case idle
  case loading(page: Int)
  case loaded(items: [String], hasMore: Bool)
  case failed(String)
}

struct Todo: Identifiable, Equatable {
  var id: Int
  var title: String
  var isDone = false
}

struct TodoList: Equatable {
  var title: String
  var todos: [Todo]
  var tags: Set<String> = []
  var filter: LoadState = .idle
}

/// A property wrapper that exposes its wrapped value to dumps, as `@Shared` does.
@propertyWrapper
struct Stored<Value: Equatable>: Equatable, CustomReflectable {
  var wrappedValue: Value
  var customMirror: Mirror { Mirror(self, children: ["wrappedValue": wrappedValue]) }
}

struct Settings: Equatable {
  @Stored var favorites: [Int] = [1, 25]
  var theme = "dark"
}

final class Node {
  var value: Int
  var next: Node?
  init(value: Int, next: Node? = nil) {
    self.value = value
    self.next = next
  }
}

enum FetchError: Error, Equatable {
  case timedOut(seconds: Int)
  case offline
}

/// A type that prints as a constructor call of its own, like an `IndexSet`.
struct PageRange: CustomDumpStringConvertible {
  var lowerBound: Int
  var upperBound: Int
  var inspectorDescription: String { "PageRange(\(lowerBound), through: \(upperBound))" }
}

/// A type that shows a derived value instead of its stored ones.
struct Cart: CustomDumpReflectable {
  var prices: [Int]
  var inspectorMirror: Mirror {
    Mirror(
      self, children: ["count": prices.count, "total": prices.reduce(0, +)], displayStyle: .struct)
  }
}

/// A minimal identified array: a `.collection` mirror over Identifiable elements.
struct IdentifiedTodos: CustomReflectable {
  var storage: [Int: Todo]
  var order: [Int]
  var customMirror: Mirror {
    Mirror(self, unlabeledChildren: order.compactMap { storage[$0] }, displayStyle: .collection)
  }
}
