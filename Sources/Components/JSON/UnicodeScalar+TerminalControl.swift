extension Unicode.Scalar {
  /// A C0 control, DEL or a C1 control (Unicode category Cc): a character a terminal may
  /// obey rather than show, so text output escapes it (the CLI's `TerminalText`, the diff's
  /// text formats).
  package var isTerminalControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
