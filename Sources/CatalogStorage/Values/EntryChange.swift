/// What a revision did to one component.
public enum EntryChange: String, Sendable, Hashable, CaseIterable {
  case added
  case changed
  case renamed
  case moved
  case removed
}
