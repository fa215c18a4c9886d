import ZoomProtocol

/// Text made safe to print on a terminal or into a CI log: a program's text is escaped when
/// it is read (``ProgramText``), and the whole report goes through the same function again,
/// its own line feeds and tabs kept, so that nothing else (an ESC sequence, NUL, a carriage
/// return that hides a line) reaches the log raw.
enum TerminalText {
    static func sanitized(_ text: String) -> String { ProgramText.escaped(text, keepingLayout: true) }

    /// Whether `sanitized` shows `scalar` as an escape.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && ProgramText.needsEscape(scalar)
    }
}
