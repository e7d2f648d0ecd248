import Testing

/// An error thrown by test bodies, to tell it from the errors the code under test throws.
public struct ExpectedFailure: Error, Equatable {
  public var reason: String

  public init(reason: String = "thrown on purpose") {
    self.reason = reason
  }
}

/// The error of type `E` that `body` throws; records an issue and throws when it throws
/// nothing. Another error is rethrown.
///
/// Used instead of `#expect(throws:)` and `#require(throws:)`, and no closure is written
/// inside a macro: with the 6.3.1 toolchain, in a closure, `let error = try #require(throws:)
/// { … }` followed by another closure literal gives both closures one symbol. The compiler then
/// crashes ("function type mismatch") when their types differ, and silently runs the macro's
/// closure in place of the later one when they match.
public func requireError<E: Error, R>(
  _: E.Type,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> R
) throws -> E {
  do {
    _ = try body()
  } catch let error as E {
    return error
  }
  Issue.record(
    "expected an error of type \(E.self), but nothing was thrown", sourceLocation: sourceLocation)
  throw ExpectedFailure(reason: "no error thrown")
}
