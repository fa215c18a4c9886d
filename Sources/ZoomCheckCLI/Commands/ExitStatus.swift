/// The exit statuses of `zoomcheck`, shared by every command.
///
/// `eval` follows PROTOCOL.md's own rule: 0 at end of input, whatever the lines held, and
/// `ioFailure` only when it cannot read its input or write its output.
package enum ExitStatus {
    /// The command did what was asked (for checks: everything passed).
    package static let success: Int32 = 0
    /// A check found a failure (a property or golden case did not hold).
    package static let failure: Int32 = 1
    /// A check ran but checked nothing: for some implementation, no gated property checked
    /// a single case (every one not applicable, or none selected), or the selection
    /// (`--property`, `--shard`) held no run. Nothing failed, and nothing was shown to hold.
    /// 5, as pytest's "no tests were collected"; 1 (a failure) takes precedence.
    package static let nothingChecked: Int32 = 5
    /// The command line was wrong (`EX_USAGE` of sysexits.h).
    package static let usage: Int32 = 64
    /// A file the command reads cannot be read or parsed: a golden corpus file
    /// (`EX_DATAERR` of sysexits.h).
    package static let dataError: Int32 = 65
    /// A program the command line names cannot be started: an `exec:` program that is not
    /// found, not executable, or exits before answering (`EX_UNAVAILABLE` of sysexits.h).
    /// Not 64: the command line itself is well-formed.
    package static let unavailable: Int32 = 69
    /// The system cannot give a run what it needs: too few open files allowed (`ulimit -n`)
    /// for its programs' pipes and its outputs (`EX_OSERR` of sysexits.h: "cannot create a
    /// pipe").
    package static let osError: Int32 = 71
    /// Reading or writing a stream failed (`EX_IOERR` of sysexits.h).
    package static let ioFailure: Int32 = 74
    /// A replay line could not run what it replays: its `exec:` program cannot start, its
    /// property does not apply or gave no verdict, its test was not selected or did not build,
    /// `swift test` could not start. 125, `git bisect run`'s "skip": a replay line is a bisect
    /// script as it is — 0 the property holds, 1 the failure reproduces, 125 neither could be
    /// told.
    package static let couldNotRun: Int32 = 125
}
