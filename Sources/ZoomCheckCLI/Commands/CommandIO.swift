import Foundation
import PropertyCheck
import ZoomProtocol

/// What a command runs with besides its arguments: the three standard streams, replaceable in
/// tests, and how the replay lines it prints run zoomcheck again.
package struct CommandIO {
    package var input: any ByteSource
    package var output: any ByteSink
    package var errors: any ByteSink
    /// The program printed replay lines run: the running binary's absolute path for the
    /// process (``standard()``), so that they work from any directory; in-process callers (the
    /// tests) keep ``packageReplayProgram``.
    package var replayProgram: String
    /// How the text report names that program: the command the user ran
    /// (``ReplayProgram/shown(argv0:executable:searchPath:currentDirectory:isExecutable:realPath:)``);
    /// nil: ``replayProgram`` itself.
    package var shownReplayProgram: String?

    /// How a replay line runs zoomcheck from inside its package.
    package static let packageReplayProgram = "swift run -c release zoomcheck"

    package init(
        input: any ByteSource, output: any ByteSink, errors: any ByteSink,
        replayProgram: String = CommandIO.packageReplayProgram, shownReplayProgram: String? = nil
    ) {
        self.input = input
        self.output = output
        self.errors = errors
        self.replayProgram = replayProgram
        self.shownReplayProgram = shownReplayProgram
    }

    /// File descriptors 0, 1 and 2, and the running binary's own path (quoted for the shell
    /// when it needs it) as the replay program, shown in the text report as the user ran it.
    package static func standard() -> CommandIO {
        let environment = ProcessInfo.processInfo.environment
        return CommandIO(
            input: FileDescriptorSource(descriptor: 0, name: "standard input"),
            output: FileDescriptorSink(descriptor: 1, name: "standard output"),
            errors: FileDescriptorSink(descriptor: 2, name: "standard error"),
            replayProgram: ownPath() ?? packageReplayProgram,
            shownReplayProgram: ReplayProgram.shown(
                argv0: CommandLine.arguments.first ?? "zoomcheck", executable: FileSystem.executablePath(),
                searchPath: environment["PATH"], currentDirectory: FileSystem.currentDirectory()))
    }

    /// This binary's absolute path (from `/proc/self/exe`, else an absolute `argv[0]`), quoted
    /// for the shell unless it is plain (``ReplayCommand/shellQuotedIfNeeded(_:)``); nil if
    /// unknown.
    static func ownPath() -> String? {
        let path: String
        if let executable = FileSystem.executablePath() {
            path = executable
        } else if let first = CommandLine.arguments.first, first.hasPrefix("/") {
            path = first
        } else {
            return nil
        }
        return ReplayCommand.shellQuotedIfNeeded(path)
    }
}
