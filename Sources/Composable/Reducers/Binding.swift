import DexPlatform
import Synchronization

/// A state whose fields can be set directly by a binding action (a text field's title):
/// each bindable field declared once, by name. A field that shows a shared value names its
/// `Shared` too, and a binding sets it under the lock.
///
/// ```swift
/// extension TodoFeature.State: BindableFields {
///   public static let bindableFields: [BindableField<Self>] = [
///     BindableField("title", \.title),
///     BindableField("pageSize", \.pageSize, shared: \.$pageSize),
///   ]
/// }
/// ```
public protocol BindableFields {
  /// The fields a `BindingAction` may set.
  static var bindableFields: [BindableField<Self>] { get }
}

/// One bindable field: its name, key path and value type.
public struct BindableField<Root: BindableFields>: @unchecked Sendable {
  /// The field's name, as written in `.binding(.set(\.title, "Buy milk"))`.
  public let name: String
  /// The field's type.
  public let valueType: Any.Type
  let keyPath: PartialKeyPath<Root>
  let decodeAction: (any Decoder) throws -> BindingAction<Root>
  /// How a value is written into a field that shows a shared value; nil for a plain field.
  let writeShared: ((inout Root, any Sendable) -> Void)?

  /// A field at `keyPath`, called `name`.
  public init<Value: Equatable & Sendable & Codable>(
    _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable
  ) {
    self.name = name
    self.valueType = Value.self
    self.keyPath = keyPath
    self.writeShared = nil
    self.decodeAction = { decoder in
      BindingAction.set(keyPath, try Value(from: decoder))
    }
  }

  /// A field that shows the shared value `shared` (`@Shared(.appStorage("pageSize")) var
  /// pageSize`), read at `keyPath` and called `name`: a binding sets it with `withLock`.
  public init<Value: Equatable & Sendable & Codable>(
    _ name: String, _ keyPath: KeyPath<Root, Value> & Sendable,
    shared: KeyPath<Root, Shared<Value>> & Sendable
  ) {
    self.name = name
    self.valueType = Value.self
    self.keyPath = keyPath
    self.writeShared = { state, value in
      guard let value = value as? Value else { return }
      state[keyPath: shared].withLock { $0 = value }
    }
    self.decodeAction = { decoder in
      BindingAction.set(keyPath, try Value(from: decoder))
    }
  }
}

/// Sets one bindable field to a value: `.binding(.set(\.title, "Buy milk"))`.
public struct BindingAction<Root: BindableFields>: @unchecked Sendable {
  /// The field's name.
  public let name: String
  /// The new value. Reading it counts as handling the binding (see `application`).
  public var value: any Sendable {
    application.isApplied.store(true, ordering: .relaxed)
    return storedValue
  }
  let storedValue: any Sendable
  let keyPath: PartialKeyPath<Root>
  private let apply: (inout Root) -> Void
  private let isEqual: (BindingAction) -> Bool
  private let encodeValue: (any Encoder) throws -> Void
  /// Whether this action was applied or its value read (shared by its copies): a feature
  /// without `BindingReducer` that handles it by hand is not warned about.
  private(set) var application = BindingApplication()

  /// Sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable & Codable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    let name = Root.bindableFields.first { $0.keyPath == keyPath }?.name ?? "\(keyPath)"
    return Self(
      name: name, storedValue: value, keyPath: keyPath,
      apply: { $0[keyPath: keyPath] = value },
      isEqual: { ($0.keyPath == keyPath) && ($0.storedValue as? Value) == value },
      encodeValue: { try value.encode(to: $0) })
  }

  /// Sets the field at `keyPath` that shows a shared value (declared with `shared:` in
  /// `bindableFields`) to `value`, under the shared value's lock.
  public static func set<Value: Equatable & Sendable & Codable>(
    _ keyPath: KeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    let field = Root.bindableFields.first { $0.keyPath == keyPath }
    guard let field, let write = field.writeShared else {
      let name = field?.name ?? "\(keyPath)"
      return Self(
        name: name, storedValue: value, keyPath: keyPath,
        apply: { _ in
          reportIssue(
            "\(TypeName.of(Root.self)).\(name) is not a bindable shared field; declare it in "
              + "bindableFields with its Shared: BindableField(\"\(name)\", \\.\(name), shared: "
              + "\\.$\(name)).")
        },
        isEqual: { ($0.keyPath == keyPath) && ($0.storedValue as? Value) == value },
        encodeValue: { try value.encode(to: $0) })
    }
    return Self(
      name: field.name, storedValue: value, keyPath: keyPath,
      apply: { write(&$0, value) },
      isEqual: { ($0.keyPath == keyPath) && ($0.storedValue as? Value) == value },
      encodeValue: { try value.encode(to: $0) })
  }

  /// Writes the value into `state`.
  public func apply(to state: inout Root) {
    application.isApplied.store(true, ordering: .relaxed)
    apply(&state)
  }
}

/// Whether a binding action was applied, noted by `apply(to:)`.
final class BindingApplication: Sendable {
  let isApplied = Atomic<Bool>(false)
}

extension BindingAction: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(rhs) }
}

extension BindingAction: CustomReflectable {
  /// Shown as the case `.set(\.name, value)`.
  public var customMirror: Mirror {
    Mirror(self, children: ["set": (KeyPathName(name: name), storedValue)], displayStyle: .enum)
  }
}

/// The name of a bindable field, printed as a key path: `\.title`.
public struct KeyPathName: Sendable, CustomStringConvertible {
  /// The field's name.
  public let name: String
  public var description: String { "\\.\(name)" }
}

extension BindingAction: Codable {
  private enum CodingKeys: String, CodingKey { case set }
  private enum ArgumentKeys: String, CodingKey { case field = "_0", value = "_1" }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let arguments = try container.nestedContainer(keyedBy: ArgumentKeys.self, forKey: .set)
    let name = try arguments.decode(String.self, forKey: .field)
    guard let field = Root.bindableFields.first(where: { $0.name == name }) else {
      let valid = Root.bindableFields.map { "\\.\($0.name)" }.joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        forKey: .field, in: arguments,
        debugDescription:
          "\(TypeName.of(Root.self)) has no bindable field '\(name)'; bindable: \(valid)")
    }
    self = try field.decodeAction(try arguments.superDecoder(forKey: .value))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var arguments = container.nestedContainer(keyedBy: ArgumentKeys.self, forKey: .set)
    try arguments.encode(name, forKey: .field)
    try encodeValue(arguments.superEncoder(forKey: .value))
  }
}

/// An action with a case that carries binding actions: `case binding(BindingAction<State>)`.
public protocol BindableAction {
  /// The state whose fields the bindings set.
  associatedtype State: BindableFields
  /// The action carrying `binding`.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding this action carries, if it is the binding case.
  var binding: BindingAction<State>? { get }
}

/// Applies binding actions to the state: put it first in a `body` whose Action is bindable.
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
  @usableFromInline let source: SourceLine

  /// A reducer that writes every binding action's value into the state. `fileID` and `line`
  /// say where it is written, for a trace; leave them to their defaults.
  @inlinable
  public init(fileID: StaticString = #fileID, line: UInt = #line) {
    self.source = SourceLine(fileID: fileID, line: line)
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.apply(to: &state)
    return .none
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<State, Action> {
    ReducerTracing.instrument(
      as: ReducerNode(kind: .binding, reducerType: Self.self, source: source)
    ) {
      { state, action in
        action.binding?.apply(to: &state)
        return .none
      }
    }
  }
}

extension BindingAction: CaseListing {
  /// One `.set` per bindable field: `.set(\\.title, String)`.
  public static var caseDescriptions: [CaseDescription] {
    Root.bindableFields.map { field in
      CaseDescription(
        name: "set", arguments: [CaseArgument(label: nil, type: field.valueType)],
        signature: ".set(\\.\(field.name), \(TypeName.of(field.valueType)))")
    }
  }
}
