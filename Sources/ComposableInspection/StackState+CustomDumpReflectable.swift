import Composable
import StoreInspector

// A stack dumps as its elements keyed by id, bottom first (`[0: .ability(…), 1: .detail(…)]`):
// a diff shows a push as an added entry and a pop as removed ones, and a state path reaches an
// element by its id (`path[id: 1]`), as a generated test's Swift does.
extension StackState: CustomDumpReflectable, KeyedByIDDump {
  public var inspectorMirror: Mirror {
    Mirror(
      self, children: zip(ids, self).map { (label: String?.none, value: (key: $0, value: $1)) },
      displayStyle: .dictionary)
  }
}
