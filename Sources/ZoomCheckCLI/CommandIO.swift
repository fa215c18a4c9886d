import ZoomProtocol

/// The three standard streams of a command, replaceable in tests.
public struct CommandIO {
    public var input: any ByteSource
    public var output: any ByteSink
    public var errors: any ByteSink

    public init(input: any ByteSource, output: any ByteSink, errors: any ByteSink) {
        self.input = input
        self.output = output
        self.errors = errors
    }

    /// File descriptors 0, 1 and 2.
    public static func standard() -> CommandIO {
        CommandIO(
            input: FileDescriptorSource(descriptor: 0, name: "standard input"),
            output: FileDescriptorSink(descriptor: 1, name: "standard output"),
            errors: FileDescriptorSink(descriptor: 2, name: "standard error"))
    }
}
