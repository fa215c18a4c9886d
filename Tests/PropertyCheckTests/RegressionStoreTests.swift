import FileAccess
import Foundation
import PropertyCheck
import PropertyCheckBenchmarks
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

@Suite("Regression files", .tags(.engine)) struct RegressionStoreTests {
    /// A fresh, empty directory under the system's temporary directory.
    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "propertycheck-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Rendering then parsing returns the entries") func roundTrip() throws {
        let entries = [
            RegressionEntry(seed: 1, choices: [1000]), RegressionEntry(seed: Seed(.max), choices: []),
            RegressionEntry(seed: 7, choices: [1, 100, 0]),
        ]
        let text = try RegressionFile.render(propertyName: "sum: below 100 (x)", entries: entries)
        let parsed = try RegressionFile.parse(text, file: "f")
        #expect(parsed.propertyName == "sum: below 100 (x)")
        #expect(parsed.entries == entries)
    }

    @Test(
        "Malformed files give typed errors naming the file and line",
        arguments: [
            (
                "",
                RegressionError.malformed(
                    file: "r.txt", line: 1, reason: "missing the header \"zoomcheck-regressions 1\"")
            ),
            (
                "zoomcheck-regressions 2\n",
                .malformed(file: "r.txt", line: 1, reason: "expected the header \"zoomcheck-regressions 1\"")
            ), ("zoomcheck-regressions 1\n", .malformed(file: "r.txt", line: 2, reason: "missing \"property <name>\"")),
            (
                "# c\nzoomcheck-regressions 1\ncase 0x1 2\n",
                .malformed(file: "r.txt", line: 3, reason: "expected \"property <name>\"")
            ),
            (
                "zoomcheck-regressions 1\nproperty p\n\ncase 0x1 2 -3\n",
                .malformed(file: "r.txt", line: 4, reason: "\"-3\" is not a choice (a decimal UInt64)")
            ),
            (
                "zoomcheck-regressions 1\nproperty p\ncase\n",
                .malformed(file: "r.txt", line: 3, reason: "expected a seed after \"case\"")
            ),
            (
                "zoomcheck-regressions 1\nproperty p\nentry 1 2\n",
                .malformed(file: "r.txt", line: 3, reason: "expected \"case <seed> <choices...>\"")
            ),
        ]) func malformed(text: String, expected: RegressionError)
    {
        do {
            _ = try RegressionFile.parse(text, file: "r.txt")
            Issue.record("parsed malformed text")
        } catch {
            #expect(error == expected)
            #expect(error.description.hasPrefix("r.txt:"))
        }
    }

    @Test("A missing file has no entries; appends add, deduplicate and keep old entries") func appendAndLoad() throws {
        let store = RegressionStore(directory: Self.temporaryDirectory() + "/regressions")
        #expect(try store.load(propertyName: "p") == [])
        #expect(try store.append(RegressionEntry(seed: 1, choices: [5]), propertyName: "p"))
        #expect(try store.append(RegressionEntry(seed: 2, choices: [6, 7]), propertyName: "p"))
        #expect(try !store.append(RegressionEntry(seed: 3, choices: [5]), propertyName: "p"))
        #expect(
            try store.load(propertyName: "p") == [
                RegressionEntry(seed: 1, choices: [5]), RegressionEntry(seed: 2, choices: [6, 7]),
            ])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        #expect(
            leftovers == [(store.path(propertyName: "p") as NSString).lastPathComponent], "no temporary files remain")
    }

    @Test("An append keeps everything a user wrote in the file, byte for byte") func appendKeepsUserText() throws {
        let store = RegressionStore(directory: Self.temporaryDirectory())
        let path = store.path(propertyName: "p")
        let written = """
            # found while debugging issue 12 -- keep\nzoomcheck-regressions 1\nproperty p\n\ncase 0x0000000000000001 \
            5\n# the pole case\n
            """
        try written.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try store.append(RegressionEntry(seed: 2, choices: [6]), propertyName: "p"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(written), "the user's text must survive unchanged: \(text)")
        #expect(text == written + "case 0x0000000000000002 6\n")
    }

    @Test("Names differing only in punctuation get different files") func fileNames() {
        let store = RegressionStore(directory: "/r")
        #expect(store.path(propertyName: "a b") != store.path(propertyName: "a_b"))
        #expect(store.path(propertyName: "zoom round trip").hasPrefix("/r/zoom_round_trip-"))
    }

    @Test("A malformed file is reported and never overwritten") func malformedNotClobbered() throws {
        let store = RegressionStore(directory: Self.temporaryDirectory())
        let path = store.path(propertyName: "p")
        try "zoomcheck-regressions 1\nproperty p\ncase 0x1 banana\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        #expect(
            throws: RegressionError.malformed(
                file: path, line: 3, reason: "\"banana\" is not a choice (a decimal UInt64)")
        ) { try store.append(RegressionEntry(seed: 1, choices: [1]), propertyName: "p") }
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "zoomcheck-regressions 1\nproperty p\ncase 0x1 banana\n")
    }

    @Test("The runner saves a minimal failure and replays it first on the next run") func runnerIntegration() throws {
        let store = RegressionStore(directory: Self.temporaryDirectory())
        let property = StandardShrinks.integerAtLeast1000
        let first = property.run(RunConfiguration(settings: RunSettings(seed: Seed(1)), regressionStore: store))
        #expect(first.result.failure?.origin == .generated(1))
        #expect(try store.load(propertyName: property.name) == [RegressionEntry(seed: 1, choices: [1000])])
        let second = property.run(RunConfiguration(settings: RunSettings(seed: Seed(2)), regressionStore: store))
        #expect(second.result.failure?.origin == .regression(1))
        #expect(second.result.failure?.minimalCounterexample == "1000")
        #expect(try store.load(propertyName: property.name).count == 1)
    }

    @Test("A regressions file for another property is a typed error, not a crash") func mismatch() throws {
        let store = RegressionStore(directory: Self.temporaryDirectory())
        let path = store.path(propertyName: "q")
        try "zoomcheck-regressions 1\nproperty other\n".write(toFile: path, atomically: false, encoding: .utf8)
        let property = Property("q", Gen.int(in: 0...1)) { _ in }
        let run = property.run(RunConfiguration(settings: RunSettings(seed: Seed(1)), regressionStore: store))
        #expect(
            run.result
                == .misconfigured(
                    propertyName: "q",
                    error: .regression(.propertyMismatch(file: path, line: 0, expected: "q", found: "other"))))
    }

    @Test(
        """
        A symbolic link to a regressions file is followed: the target gets the entry, the link stays, no \
        temporary file remains
        """) func symbolicLink() throws
    {
        let store = RegressionStore(directory: Self.temporaryDirectory())
        let elsewhere = Self.temporaryDirectory()
        let target = elsewhere + "/kept.regressions"
        try RegressionFile.render(propertyName: "p", entries: [RegressionEntry(seed: 1, choices: [5])]).write(
            toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: store.path(propertyName: "p"), withDestinationPath: target)
        #expect(try store.append(RegressionEntry(seed: 2, choices: [6]), propertyName: "p"))
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path(propertyName: "p"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link was replaced")
        #expect(
            try RegressionFile.parse(String(contentsOfFile: target, encoding: .utf8), file: target).entries.count == 2)
        for directory in [store.directory, elsewhere] {
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }.isEmpty)
        }
    }

    @Test(
        """
        A directory, a FIFO or /dev/null where a regressions file should be is named as such, not as a permission \
        problem
        """) func notRegularFiles() throws
    {
        let store = RegressionStore(directory: Self.temporaryDirectory())
        try FileManager.default.createDirectory(
            atPath: store.path(propertyName: "dir"), withIntermediateDirectories: true)
        #expect(mkfifo(store.path(propertyName: "fifo"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: store.path(propertyName: "null"), withDestinationPath: "/dev/null")
        for (name, kind) in [
            ("dir", "a directory"), ("fifo", "a FIFO (named pipe)"), ("null", "a character device (such as /dev/null)"),
        ] {
            #expect(
                throws: RegressionError.unreadable(
                    file: store.path(propertyName: name), reason: "it is \(kind), not a regular file")
            ) { try store.load(propertyName: name) }
        }
    }

    @Test("A regressions file larger than the limit is refused by its size before it is read") func sizeLimit() throws {
        let store = RegressionStore(directory: Self.temporaryDirectory())
        let path = store.path(propertyName: "big")
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(RegressionStore.maximumFileSize + 1))  // sparse: no disk used
        try handle.close()
        #expect(
            throws: RegressionError.unreadable(
                file: path, reason: "it is \(RegressionStore.maximumFileSize + 1) bytes, more than the limit of 32 MiB")
        ) { try store.load(propertyName: "big") }
    }
}
