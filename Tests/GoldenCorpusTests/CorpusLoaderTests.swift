import FileAccess
import Foundation
import GoldenCorpus
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

@Suite("Loading corpus files") struct CorpusLoaderTests {
    static let golden = TestPackage.goldenCorpus

    @Test("A directory given twice (or a file and its directory) is read once: no case is a duplicate of itself")
    func sameDirectoryTwice() throws {
        let once = try CorpusLoader.load(paths: [Self.golden])
        let twice = try CorpusLoader.load(paths: [Self.golden, Self.golden + "/", Self.golden + "/../golden"])
        #expect(twice.count == once.count)
    }

    @Test("A UTF-8 byte order mark is not part of the first line") func byteOrderMark() throws {
        let file = NSTemporaryDirectory() + "bom-\(UUID().uuidString).zc"
        let first = try #require(
            FileManager.default.contentsOfDirectory(atPath: Self.golden).sorted().first { $0.hasSuffix(".zc") })
        let text = try Data(contentsOf: URL(fileURLWithPath: Self.golden + "/" + first))
        try (Data([0xEF, 0xBB, 0xBF]) + text).write(to: URL(fileURLWithPath: file))
        #expect(try CorpusLoader.load(file: file).count == CorpusLoader.load(file: Self.golden + "/" + first).count)
    }

    @Test("A file that cannot be read is reported with the system's reason") func unreadable() {
        do {
            _ = try CorpusLoader.load(file: "/nonexistent-zoomcheck.zc")
            Issue.record("loaded a missing file")
        } catch {
            #expect("\(error)".contains("cannot read the file: "), "\(error)")
            #expect(
                "\(error)".lowercased().contains("no such file") || "\(error)".contains("doesn’t exist")
                    || "\(error)".contains("couldn’t be opened"), "\(error)")
        }
    }

    static func scratch() -> String {
        let path = NSTemporaryDirectory() + "corpus-loader-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// One valid case whose provenance has `quotes` quote lines.
    static func caseText(quotes: Int) -> String {
        "case many-quotes\n  source x.txt\n  place here\n" + String(repeating: "  quote x\n", count: quotes) + """
              method literal\n  op constant\n  impl api\n  name mercatorOffset\n  expect value 268435456 exact -- \
            x\n  verdict holds\nend\n
            """
    }

    @Test("The same file by two spellings or through a link is read once (files are told apart by device and inode)")
    func sameFileBySpelling() throws {
        let directory = Self.scratch()
        try Self.caseText(quotes: 1).write(toFile: directory + "/twice.zc", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.zc", withDestinationPath: "twice.zc")
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(directory)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        #expect(try CorpusLoader.load(paths: ["twice.zc", "./twice.zc", directory + "/link.zc"]).count == 1)
    }

    @Test("A directory, a FIFO or /dev/null given as a corpus file is named as such, not as a permission problem")
    func notRegularFiles() throws {
        let directory = Self.scratch()
        try FileManager.default.createDirectory(atPath: directory + "/folder.zc", withIntermediateDirectories: true)
        #expect(mkfifo(directory + "/fifo.zc", 0o600) == 0)
        for (file, kind) in [
            (directory + "/folder.zc", "a directory"), (directory + "/fifo.zc", "a FIFO (named pipe)"),
            ("/dev/null", "a character device (such as /dev/null)"),
        ] {
            #expect(
                throws: CorpusError.unreadable(
                    file: file, message: "cannot read the file: it is \(kind), not a regular file")
            ) { try CorpusLoader.load(file: file) }
        }
    }

    @Test("A corpus file larger than the limit is refused by its size before it is read") func sizeLimit() throws {
        let file = Self.scratch() + "/big.zc"
        FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: UInt64(CorpusLoader.maximumFileSize + 1))  // sparse: no disk used
        try handle.close()
        #expect(
            throws: CorpusError.unreadable(
                file: file,
                message: """
                    cannot read the file: it is \(CorpusLoader.maximumFileSize + 1) bytes, more than the limit of 16 MiB
                    """)
        ) { try CorpusLoader.load(file: file) }
    }

    // The limit is a guard against the quadratic parser's hang (200,000 repeated keys took
    // 417 s in a debug build; linear, under 2 s), not a timing assertion on the parser.
    @Test("200,000 repeated keys in one case parse, every one kept", .timeLimit(.minutes(1))) func repeatedKeys() throws
    {
        let cases = try CorpusParser.parse(Self.caseText(quotes: 200_000), file: "many.zc")
        #expect(cases.count == 1)
        #expect(cases.first?.provenance.quotes.count == 200_000)
    }
}
