/// A read-only value computed from another shared value, each time it is read: `$user.id` of a
/// `let` property, `$starred.read { $0.contains(25) }`.
final class SharedDerivation<Parent: Sendable & Equatable, Value: Sendable & Equatable>:
  SharedSource, @unchecked Sendable
{
  private let parent: any SharedSource<Parent>
  /// How the derivation is written after the parent's: `.read { … }`.
  private let partDescription: String
  private let derive: @Sendable (Parent) -> Value

  /// The value `derive` computes from `parent`'s, described as `partDescription`.
  init(
    parent: any SharedSource<Parent>, described partDescription: String,
    derive: @escaping @Sendable (Parent) -> Value
  ) {
    self.parent = parent
    self.partDescription = partDescription
    self.derive = derive
  }

  var rootID: SharedKeyID { parent.rootID }

  var root: any AnySharedReference { parent.root }

  var sharedDescription: String { parent.sharedDescription + partDescription }

  func read(_ role: SharedReadMode.Role) -> Value { derive(parent.read(role)) }
}
