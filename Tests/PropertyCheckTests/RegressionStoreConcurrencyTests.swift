import Foundation
import PropertyCheck
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// Several processes appending to one regressions file, and a writer killed mid-write.
///
/// The writers are real processes (`regressions-writer`, a helper target built beside the
/// tests), because the lost updates this guards against happen between processes: within one
/// process appends were always serialised.
@Suite("Regression files under concurrent writers", .tags(.engine), .serialized) struct RegressionStoreConcurrencyTests
{
    static let writer = TestPackage.debugProduct("regressions-writer")
    static var writerExists: Bool { FileManager.default.isExecutableFile(atPath: writer) }

    /// Starts a writer appending `count` entries tagged `tag`; its "appended i" lines go to `log`.
    static func startWriter(directory: String, property: String, tag: Int, count: Int, log: String) throws -> Process {
        FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: writer)
        process.arguments = [directory, property, String(tag), String(count)]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
        return process
    }

    /// The indices a writer acknowledged (printed after its append returned).
    static func acknowledged(_ log: String) -> [UInt64] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            $0.hasPrefix("appended ") ? UInt64($0.dropFirst("appended ".count)) : nil
        }
    }

    static func temporaries(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(
            RegressionStore.isTemporaryName)
    }

    @Test(
        "Two processes appending to one file in a loop lose no entry, and leave no temporary file",
        .enabled(if: writerExists, "needs .build/debug/regressions-writer: run `swift build` first (CI/gate.sh does)"))
    func concurrentWriters() throws {
        let directory = RegressionStoreTests.temporaryDirectory()
        let store = RegressionStore(directory: directory)
        // A file of some size, so that each append's read–write takes a while and the two
        // writers overlap (before the directory lock, about one pair in ten lost an entry
        // with small files, and every pair with large ones).
        let existing = (0..<3_000).map { RegressionEntry(seed: 9, choices: [9, UInt64($0)]) }
        try RegressionFile.render(propertyName: "p", entries: existing).write(
            toFile: store.path(propertyName: "p"), atomically: false, encoding: .utf8)
        let count = 150
        let writers = try [1, 2].map {
            try Self.startWriter(
                directory: directory, property: "p", tag: $0, count: count,
                log: directory + "/../w\($0)-\(UUID().uuidString).log")
        }
        for writer in writers { writer.waitUntilExit() }
        #expect(writers.map(\.terminationStatus) == [0, 0])
        let entries = try store.load(propertyName: "p")
        #expect(entries.count == existing.count + 2 * count, "every append of both writers is in the file")
        for tag in [1, 2] as [UInt64] {
            let saved = Set(entries.filter { $0.seed == Seed(tag) }.map(\.choices))
            let lost = (0..<count).filter { !saved.contains(ChoiceSequence([tag, UInt64($0)])) }
            #expect(lost.isEmpty, "writer \(tag) lost \(lost.count) entries: \(lost)")
        }
        #expect(Array(entries.prefix(existing.count)) == existing, "the old entries are kept, in order")
        #expect(Self.temporaries(in: directory).isEmpty)
    }

    @Test(
        """
        A writer killed mid-write (SIGKILL) leaves the file whole with every acknowledged entry; the next append \
        reclaims its temporary file
        """,
        .enabled(if: writerExists, "needs .build/debug/regressions-writer: run `swift build` first (CI/gate.sh does)"))
    func killedMidWrite() throws {
        let directory = RegressionStoreTests.temporaryDirectory()
        let store = RegressionStore(directory: directory)
        let file = store.path(propertyName: "p")
        // A 16 MB comment makes each rewrite long, so the kill lands while the temporary
        // file is being written (we wait until one exists before killing).
        let comment = "# " + String(repeating: "x", count: 16 << 20) + "\n"
        try (comment + RegressionFile.render(propertyName: "p", entries: [RegressionEntry(seed: 0, choices: [0])]))
            .write(toFile: file, atomically: false, encoding: .utf8)
        let log = directory + "/../killed-\(UUID().uuidString).log"
        let writer = try Self.startWriter(directory: directory, property: "p", tag: 1, count: 1_000, log: log)
        // Wait for one acknowledged append, then for the next temporary file, then kill.
        var sawTemporary = false
        for _ in 0..<60_000 where writer.isRunning {
            if !Self.acknowledged(log).isEmpty, !Self.temporaries(in: directory).isEmpty {
                sawTemporary = true
                break
            }
            usleep(500)
        }
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        #expect(sawTemporary, "the writer was killed while a temporary file existed")
        #expect(!Self.temporaries(in: directory).isEmpty, "the killed writer left its temporary file behind")

        let acknowledged = Self.acknowledged(log)
        #expect(!acknowledged.isEmpty)
        let entries = try store.load(propertyName: "p")  // the file parses: it is whole
        let saved = Set(entries.map(\.choices))
        for index in acknowledged {
            #expect(saved.contains(ChoiceSequence([1, index])), "acknowledged entry \(index) is in the file")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix(comment), "the user's text is kept")

        // The next writer takes the lock, finds the dead writer's temporary file and removes it.
        #expect(try store.append(RegressionEntry(seed: 2, choices: [2]), propertyName: "p"))
        #expect(Self.temporaries(in: directory).isEmpty, "the stale temporary file was reclaimed")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory) == [(file as NSString).lastPathComponent])
        #expect(try store.load(propertyName: "p").count == entries.count + 1)
    }
}
