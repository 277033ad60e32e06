/// How the reducers that hold children (`ifLet`, `ifCaseLet`, presentation, `forEach`, stack
/// `forEach`) keep a child's effects as long as the child: each runs the child's effects under
/// its `NavigationID`, lets the parent run, then ends the effects of every child that went away
/// or had another take its place, whichever reducer removed it. Inlinable: every send through
/// such a reducer runs these.
extension Effect {
  /// `first` and `second` (a child's effects, already marked with its id, and its parent's);
  /// when the child `idBefore` is no longer there (`idAfter` is another child or none), its
  /// effects end too.
  @inlinable
  static func merge(
    _ first: Self, _ second: Self = .none,
    endingChild idBefore: NavigationID?, unlessStill idAfter: @autoclosure () -> NavigationID?
  ) -> Self {
    guard let idBefore, idAfter() != idBefore else { return first.merge(with: second) }
    return .merge(first, second, .cancelChild(idBefore))
  }

  /// `elementEffect` and `parentEffect` (an element's effects, already marked with its id, and
  /// its parent's); the elements of the collection at `location` whose ids are in `idsBefore`
  /// but not in `idsAfter` have their effects ended too.
  @inlinable
  static func merge<ID: Hashable>(
    _ elementEffect: Self, _ parentEffect: Self,
    endingElements idsBefore: [ID], missingFrom idsAfter: [ID], at location: AnyKeyPath
  ) -> Self {
    guard !idsBefore.isIdentical(to: idsAfter) else {
      return elementEffect.merge(with: parentEffect)
    }
    let remaining = Set(idsAfter)
    let cancellations = idsBefore.filter { !remaining.contains($0) }.map {
      Self.cancelChild(NavigationID(location: location, element: $0))
    }
    return .merge([elementEffect, parentEffect] + cancellations)
  }
}

extension NavigationID {
  /// The id of the element `id` of the collection at `location`.
  @inlinable
  init(location: AnyKeyPath, element id: some Hashable) {
    self.init(location: location, identity: AnyHashable(id))
  }
}
