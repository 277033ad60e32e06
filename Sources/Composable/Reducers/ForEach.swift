import DexPlatform

extension Reducer where Action: CasePathable {
  /// Runs `element` on the element an `.element(id:action:)` action names, before this reducer.
  ///
  /// An action for an id that is not in the collection is reported as a warning and changes
  /// nothing. Each element's effects are its own (see `NavigationID`): they end when it is
  /// removed, whichever reducer removed it.
  public func forEach<ID: Hashable & Sendable & Codable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: KeyPath<
      Action.Cases, Case<Action, IdentifiedAction<ID, ElementAction>>
    >,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self, toElements: toElements,
      toElementAction: Action.cases[keyPath: toElementAction], element: element(),
      source: SourceLine(fileID: fileID, line: line))
  }
}

/// The reducer `forEach` builds.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable & Codable, Element: Reducer>: Reducer
where Parent.Action: CasePathable, Element.Action: Sendable & Codable {
  @usableFromInline let parent: Parent
  @usableFromInline let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: Case<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let element: Element
  @usableFromInline let source: SourceLine

  @usableFromInline
  init(
    parent: Parent,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: Case<Parent.Action, IdentifiedAction<ID, Element.Action>>, element: Element,
    source: SourceLine
  ) {
    self.parent = parent
    self.toElements = toElements
    self.toElementAction = toElementAction
    self.element = element
    self.source = source
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    makeReduceFunction()(&state, action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<Parent.State, Parent.Action> {
    return ReducerTracing.instrument(
      as: ReducerNode(
        .forEach, child: Element.self, keyPath: toElements, actionCase: toElementAction.name,
        source: source)
    ) {
      let parent = parent.makeReduceFunction()
      let element = element.makeReduceFunction()
      let toElements = toElements
      let extract = toElementAction.extract
      let embed = toElementAction.embed
      @Dependency(\.warnings) var warnings
      let reduce: ReduceFunction<Parent.State, Parent.Action> = { state, action in
        var elementEffect = Effect<Parent.Action>.none
        let idsBefore: [ID]
        if case let .element(id, elementAction)? = extract(action) {
          // One access through the key path (each costs a look-up in the runtime): the ids as
          // they are before the parent runs (an element's reducer cannot change them), and the
          // element reduced in place.
          var effect: Effect<Element.Action>?
          idsBefore = Self.withElements(&state[keyPath: toElements]) { elements in
            guard let position = elements.index(id: id) else { return }
            elements.update(at: position) { effect = element(&$0, elementAction) }
          }
          if let effect, !effect.isNone {
            elementEffect = effect
              .map { embed(.element(id: id, action: $0)) }
              .child(NavigationID(location: toElements, element: id))
          } else if effect == nil {
            warnings(
              """
              \(TypeName.of(Parent.Action.self)) received an action for a missing element \
              (id: \(warnings.text(of: id))): \(warnings.text(of: elementAction)). Nothing changed.
              """)
          }
        } else {
          idsBefore = state[keyPath: toElements].ids
        }
        let parentEffect = parent(&state, action)
        return .merge(
          elementEffect, parentEffect, endingElements: idsBefore,
          missingFrom: state[keyPath: toElements].ids, at: toElements)
      }
      return reduce
    }
  }
}

extension ForEachReducer {
  public func makeChildPresence() -> ChildPresence<Parent.State> {
    let toElements = toElements
    let element = element
    return ChildPresence.child(
      at: toElements,
      read: { state, step in
        (step.identity?.base as? ID).flatMap { state[keyPath: toElements][id: $0] }
      },
      identity: nil, inner: { element.makeChildPresence() }
    ).or(parent.makeChildPresence())
  }

  /// Runs `body` on the elements, then returns their ids.
  @inlinable
  static func withElements(
    _ elements: inout IdentifiedArray<ID, Element.State>,
    _ body: (inout IdentifiedArray<ID, Element.State>) -> Void
  ) -> [ID] {
    body(&elements)
    return elements.ids
  }
}

extension Array {
  /// Whether both arrays share one storage buffer (true for unchanged copies), in O(1).
  @inlinable
  func isIdentical(to other: [Element]) -> Bool {
    guard count == other.count else { return false }
    if isEmpty { return true }
    return withUnsafeBufferPointer { lhs in
      other.withUnsafeBufferPointer { rhs in lhs.baseAddress == rhs.baseAddress }
    }
  }
}
