// A test helper: appends entries to one regressions file from a process of its own, so that
// tests can run two writers at once and kill one mid-write (RegressionStoreConcurrencyTests).
//
//   regressions-writer DIRECTORY PROPERTY TAG COUNT
//
// Appends COUNT entries with choices [TAG, i] (i = 0..<COUNT) to PROPERTY's file, and prints
// "appended i" (flushed) after each append has returned, so a test knows which were acknowledged.
#if canImport(Glibc)
    import Glibc
#endif
import PropertyCheck

let arguments = CommandLine.arguments
guard arguments.count == 5, let tag = UInt64(arguments[3]), let count = Int(arguments[4]) else {
    FileDescriptor.write(2, "usage: regressions-writer DIRECTORY PROPERTY TAG COUNT\n")
    exit(64)
}
let store = RegressionStore(directory: arguments[1])
for index in 0..<count {
    do {
        try store.append(
            RegressionEntry(seed: Seed(tag), choices: ChoiceSequence([tag, UInt64(index)])), propertyName: arguments[2])
    } catch {
        FileDescriptor.write(2, "regressions-writer: \(error)\n")
        exit(1)
    }
    FileDescriptor.write(1, "appended \(index)\n")
}

/// Unbuffered writes, so that an acknowledgement is out before the next append starts.
enum FileDescriptor {
    static func write(_ descriptor: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}
