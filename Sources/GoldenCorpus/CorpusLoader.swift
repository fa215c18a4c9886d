import Foundation

/// Finds and parses corpus files: single files, or every `*.zc` file of a directory in
/// name order, with case ids unique across everything loaded together.
public enum CorpusLoader {
    /// The file extension of corpus files.
    public static let fileExtension = "zc"

    /// The corpus files `paths` name: files as given, directories expanded to their `*.zc`
    /// files sorted by name.
    public static func files(in paths: [String]) throws(CorpusError) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .unreadable(file: path, message: "no such file or directory")
            }
            if isDirectory.boolValue {
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: path)
                } catch {
                    throw .unreadable(file: path, message: "cannot list the directory")
                }
                let found = names.filter { $0.hasSuffix(".\(fileExtension)") && !$0.hasPrefix(".") }.sorted()
                guard !found.isEmpty else { throw .unreadable(file: path, message: "no *.\(fileExtension) files in the directory") }
                result += found.map { (path as NSString).appendingPathComponent($0) }
            } else {
                result.append(path)
            }
        }
        return result
    }

    /// Parses one file.
    public static func load(file path: String) throws(CorpusError) -> [CorpusCase] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            // The system's reason (No such file or directory, Permission denied, Is a directory).
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
            throw .unreadable(file: path, message: "cannot read the file: \(reason)")
        }
        var bytes = [UInt8](data)
        // A UTF-8 byte order mark (some editors write one) is not part of the first line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return try CorpusParser.parse(bytes: bytes, file: path)
    }

    /// Parses every file `paths` name; a case id used twice is an error at its second use.
    public static func load(paths: [String]) throws(CorpusError) -> [CorpusCase] {
        var cases: [CorpusCase] = []
        var first: [String: CorpusCase] = [:]
        // A file reached twice (the same directory given twice, or a file and its directory)
        // is read once, so that its cases are not reported as duplicates of themselves.
        var seen = Set<String>()
        for file in try files(in: paths) where seen.insert((file as NSString).standardizingPath).inserted {
            for corpusCase in try load(file: file) {
                if let earlier = first[corpusCase.id] {
                    throw .malformed(file: corpusCase.file, line: corpusCase.line,
                                     message: "duplicate case id '\(corpusCase.id)': first defined at \(earlier.file):\(earlier.line)")
                }
                first[corpusCase.id] = corpusCase
                cases.append(corpusCase)
            }
        }
        return cases
    }

    /// The package root above `filePath` (the nearest directory holding `Package.swift`).
    public static func packageRoot(above filePath: String) -> String? {
        var directory = (filePath as NSString).deletingLastPathComponent
        while !directory.isEmpty, directory != "/" {
            if FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("Package.swift")) {
                return directory
            }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return nil
    }
}
