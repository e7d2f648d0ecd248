import TestSupport
import Testing

/// Validates JUnit XML against `Tests/Fixtures/junit/junit.xsd` with Python's `xmlschema`
/// (a real schema validator, not the XML of the code under test read back by itself).
enum JUnitSchema {
  static func validate(
    _ xml: String, in directory: TemporaryDirectory,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let path = try directory.write("junit-report.xml", xml)
    let script = """
      import sys, xmlschema
      schema = xmlschema.XMLSchema(sys.argv[1])
      errors = [str(e.reason) + " at " + str(e.path) for e in schema.iter_errors(sys.argv[2])]
      print("\\n".join(errors))
      sys.exit(1 if errors else 0)
      """
    let result = try runCommand(
      "/usr/bin/env", ["python3", "-c", script, Fixtures.url("junit/junit.xsd").path, path])
    #expect(
      result.status == 0, "not valid JUnit: \(result.stdout)\(result.stderr)\n\(xml)",
      sourceLocation: sourceLocation)
  }
}
