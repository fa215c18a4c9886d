/// Why a command stopped short of what was asked. Commands throw it; `ZoomCheckMain.dispatch`
/// prints it and maps it to its exit status, once. The verdicts of a command that did its job
/// (0, 1, 5) are returned, not thrown.
enum CommandError: Error {
    /// The command line, or an environment variable it reads, is wrong: printed as
    /// `zoomcheck NAME: error: MESSAGE`, the usage line and where the help is
    /// (``ExitStatus/usage``, 64).
    case usage(String)
    /// A file the command reads cannot be read or parsed (``ExitStatus/dataError``, 65): the
    /// message, printed as it is, names the file and line.
    case data(String)
    /// A program the command line names cannot start (``ExitStatus/unavailable``, 69): the
    /// message is printed as it is.
    case unavailable(String)
    /// A stream or an output file could not be read or written (``ExitStatus/ioFailure``,
    /// 74): the message is printed as it is.
    case io(String)
    /// A replay line could not run what it replays (``ExitStatus/couldNotRun``, 125): the
    /// message is printed as it is.
    case couldNotRun(String)

    /// The exit status of this error.
    var status: Int32 {
        switch self {
        case .usage: ExitStatus.usage
        case .data: ExitStatus.dataError
        case .unavailable: ExitStatus.unavailable
        case .io: ExitStatus.ioFailure
        case .couldNotRun: ExitStatus.couldNotRun
        }
    }
}

extension Result where Failure == UsageMessage {
    /// The value, or a ``CommandError/usage(_:)`` with the parser's message: where a command
    /// turns what it parsed into what it runs.
    func orUsageError() throws(CommandError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let message): throw .usage(message.text)
        }
    }
}
