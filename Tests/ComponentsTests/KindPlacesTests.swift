import Testing

@testable import Components

/// Where a document reader first met each kind, kept in 12 bytes a kind, exactly whatever
/// the numbers (the reader's duplicate-kind messages are checked in `MalformedDocuments`).
@Suite("Kind places")
struct KindPlacesTests {
  @Test func placesAreKeptExactly() {
    var places = KindPlaces()
    let small = KindPlaces.Place(index: 3, line: 17, column: 5)
    let huge = KindPlaces.Place(index: 4, line: 1, column: Int(UInt32.max) + 10)
    let edge = KindPlaces.Place(index: Int(UInt32.max), line: Int(UInt32.max), column: 0)
    for place in [small, huge, edge] { places.append(place) }
    #expect(places.count == 3)
    #expect(places[0] == small && places[1] == huge && places[2] == edge)
    places[1] = small
    #expect(places[1] == small)
    places[0] = nil
    #expect(places[0] == nil)
  }

  @Test func unmetKindsHaveNoPlace() {
    var places = KindPlaces(unmet: 4)
    #expect((0..<4).allSatisfy { places[$0] == nil })
    places[2] = KindPlaces.Place(index: 0, at: SourcePosition(line: 2, column: 9, offset: 40))
    #expect(places[2] == KindPlaces.Place(index: 0, line: 2, column: 9))
    #expect(places[1] == nil && places[3] == nil)
  }
}
