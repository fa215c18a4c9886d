import FileAccess
import Foundation

/// Finds and parses corpus files: single files, or every `*.zc` file of a directory in
/// name order, with case ids unique across everything loaded together.
package enum CorpusLoader {
    /// The file extension of corpus files.
    package static let fileExtension = "zc"

    /// The corpus files `paths` name: files as given, directories expanded to their `*.zc`
    /// files sorted by name.
    package static func files(in paths: [String]) throws(CorpusError) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .unreadable(file: path, message: "no such file or directory")
            }
            if isDirectory.boolValue {
                let names: [String]
                do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                    throw .unreadable(file: path, message: "cannot list the directory")
                }
                let found = names.filter { $0.hasSuffix(".\(fileExtension)") && !$0.hasPrefix(".") }.sorted()
                guard !found.isEmpty else {
                    throw .unreadable(file: path, message: "no *.\(fileExtension) files in the directory")
                }
                result += found.map { (path as NSString).appendingPathComponent($0) }
            } else {
                result.append(path)
            }
        }
        return result
    }

    /// The largest corpus file read, in bytes: the whole golden corpus is about 80 KB; a
    /// file this size parses in well under a second (the parser is linear, repeated keys
    /// within a case included).
    package static let maximumFileSize = 16 << 20

    /// Parses one file.
    package static func load(file path: String) throws(CorpusError) -> [CorpusCase] {
        var bytes: [UInt8]
        do throws(RegularFile.ReadError) {
            guard let read = try RegularFile.read(path, limit: maximumFileSize) else {
                throw RegularFile.ReadError(reason: "no such file or directory")
            }
            bytes = read
        } catch { throw .unreadable(file: path, message: "cannot read the file: \(error.reason)") }
        // A UTF-8 byte order mark (some editors write one) is not part of the first line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return try CorpusParser.parse(bytes: bytes, file: path)
    }

    /// Parses every file `paths` name; a case id used twice is an error at its second use.
    package static func load(paths: [String]) throws(CorpusError) -> [CorpusCase] {
        var cases: [CorpusCase] = []
        var first: [String: CorpusCase] = [:]
        // A file reached twice (the same directory given twice, a file and its directory,
        // `f` and `./f`, a link and its target) is read once, so that its cases are not
        // reported as duplicates of themselves: files are told apart by device and inode.
        var seen = Set<String>()
        for file in try files(in: paths) {
            let key =
                RegularFile.identity(file).map { "\($0.device):\($0.inode)" } ?? (file as NSString).standardizingPath
            guard seen.insert(key).inserted else { continue }
            for corpusCase in try load(file: file) {
                if let earlier = first[corpusCase.id] {
                    throw .malformed(
                        file: corpusCase.file, line: corpusCase.line,
                        message: """
                            duplicate case id '\(corpusCase.id)': first defined at \
                            \(earlier.file):\(earlier.line)
                            """)
                }
                first[corpusCase.id] = corpusCase
                cases.append(corpusCase)
            }
        }
        return cases
    }
}
