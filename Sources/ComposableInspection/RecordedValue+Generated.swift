import Composable
import StoreInspector

extension RecordedValue {
  /// The value a dependency generated, as history records it.
  public init(_ generated: GeneratedValue) {
    switch generated {
    case let .uuid(uuid): self = .uuid(uuid)
    case let .date(date): self = .date(date)
    case let .stackElementID(generation): self = .stackElementID(generation)
    }
  }
}

extension GeneratedValue {
  /// A value history recorded, to hand back to a dependency.
  public init(_ recorded: RecordedValue) {
    switch recorded {
    case let .uuid(uuid): self = .uuid(uuid)
    case let .date(date): self = .date(date)
    case let .stackElementID(generation): self = .stackElementID(generation)
    }
  }
}
