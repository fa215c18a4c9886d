import Foundation
import MercatorCore

/// An implementation under test that lives in another process and speaks the JSON-lines
/// protocol (PROTOCOL.md) on its standard input and output: `--impl exec:COMMAND`.
///
/// COMMAND runs under `/bin/sh -c`. Requests carry no `impl` (the program is the
/// implementation) and no `id`. Each worker process answers one request at a time; a small
/// pool lets properties run in parallel. A program that dies, answers malformed JSON or
/// answers with an unknown error code makes the property fail with that reason; nothing
/// it does can crash zoomcheck.
final class ExternalImplementation: ZoomImplementation, @unchecked Sendable {
    let name: String
    let command: String
    private let workers: [ExternalWorker]
    private let fallbackLock = NSLock()
    private var fallbackIndex = 0

    /// Round-robin choice of the worker to wait for when all are busy.
    private func nextFallback() -> Int {
        fallbackLock.lock()
        defer { fallbackLock.unlock() }
        fallbackIndex = (fallbackIndex + 1) % workers.count
        return fallbackIndex
    }

    /// - Parameters:
    ///   - command: The shell command that starts the implementation.
    ///   - workerCount: Processes to start on demand (at most one request each at a time).
    init(command: String, workerCount: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.name = "exec:" + command
        self.command = command
        // A program that exits before reading its requests must surface as a write error
        // (EPIPE), not kill zoomcheck with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        self.workers = (0..<Swift.max(1, workerCount)).map { _ in ExternalWorker(command: command) }
    }

    /// Sends one request (a JSON object's members, already encoded) and returns the answer.
    func request(_ members: [(String, String)]) throws(ProjectionError) -> ResponseObject {
        let line = "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n"
        let worker = workers.first { $0.tryAcquire() } ?? {
            let fallback = workers[nextFallback()]
            fallback.acquire()
            return fallback
        }()
        defer { worker.release() }
        let response: ResponseObject
        do {
            response = try worker.roundTrip(Array(line.utf8))
        } catch let failure as ExternalFailure {
            throw .unsupported("external implementation '\(command)': \(failure.reason)")
        } catch {
            throw .unsupported("external implementation '\(command)': \(error)")
        }
        if let error = response.object("error") {
            throw Self.projectionError(code: error.string("code") ?? "", message: error.string("message") ?? "")
        }
        return response
    }

    /// The `ProjectionError` for a protocol error code.
    static func projectionError(code: String, message: String) -> ProjectionError {
        switch code {
        case "invalid-latitude": .invalidLatitude(message)
        case "invalid-longitude": .invalidLongitude(message)
        case "invalid-zoom": .invalidZoom(message)
        case "invalid-viewport": .invalidViewport(message)
        case "invalid-span": .invalidSpan(message)
        case "empty-input": .emptyInput(message)
        default: .unsupported("external implementation answered \(code.isEmpty ? "an error without a code" : code): \(message)")
        }
    }

    /// A number as the protocol writes it (non-finite values as the strings of the extension).
    static func number(_ value: Double) -> String {
        value.isFinite ? NumberText.shortest(value) : "\"\(NumberText.shortest(value))\""
    }

    static func string(_ text: String) -> String { "\"\(text)\"" }

    /// A member the answer must have.
    static func required(_ response: ResponseObject, _ name: String) throws(ProjectionError) -> Double {
        guard let value = response.number(name) else {
            throw .unsupported("external implementation's answer has no number '\(name)'")
        }
        return value
    }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError) -> PixelPoint {
        let response = try request([("op", Self.string("project")), ("lat", Self.number(coordinate.latitude)), ("lon", Self.number(coordinate.longitude)),
                                    ("zoom", Self.number(zoom)), ("convention", Self.string(convention.rawValue))])
        return PixelPoint(x: try Self.required(response, "x"), y: try Self.required(response, "y"), zoom: zoom, convention: convention)
    }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        let response = try request([("op", Self.string("unproject")), ("x", Self.number(pixel.x)), ("y", Self.number(pixel.y)),
                                    ("zoom", Self.number(pixel.zoom)), ("convention", Self.string(pixel.convention.rawValue))])
        return Coordinate(latitude: try Self.required(response, "lat"), longitude: try Self.required(response, "lon"))
    }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> Region {
        let response = try request([("op", Self.string("span")), ("lat", Self.number(center.latitude)), ("lon", Self.number(center.longitude)),
                                    ("zoom", Self.number(zoom)), ("width", Self.number(viewport.widthInPoints)), ("height", Self.number(viewport.heightInPoints)),
                                    ("scale", Self.number(viewport.pixelsPerPoint)), ("convention", Self.string(convention.rawValue))])
        return Region(center: center, span: Span(latitudeDelta: try Self.required(response, "latitudeDelta"), longitudeDelta: try Self.required(response, "longitudeDelta")))
    }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading {
        let response = try request([("op", Self.string("zoom")), ("lat", Self.number(region.center.latitude)), ("lon", Self.number(region.center.longitude)),
                                    ("latitudeDelta", Self.number(region.span.latitudeDelta)), ("longitudeDelta", Self.number(region.span.longitudeDelta)),
                                    ("width", Self.number(viewport.widthInPoints)), ("height", Self.number(viewport.heightInPoints)),
                                    ("scale", Self.number(viewport.pixelsPerPoint)), ("convention", Self.string(convention.rawValue))])
        let level = try Self.required(response, "level")
        guard let integer = Int(exactly: level) else { throw .unsupported("external implementation's level \(NumberText.shortest(level)) is not an integer") }
        return ZoomReading(zoom: try Self.required(response, "zoom"), level: integer)
    }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        let list = "[" + points.map { "[\(Self.number($0.latitude)),\(Self.number($0.longitude))]" }.joined(separator: ",") + "]"
        let response = try request([("op", Self.string("fit")), ("points", list)])
        return Region(
            center: Coordinate(latitude: try Self.required(response, "lat"), longitude: try Self.required(response, "lon")),
            span: Span(latitudeDelta: try Self.required(response, "latitudeDelta"), longitudeDelta: try Self.required(response, "longitudeDelta")))
    }
}

/// Why a round trip with the external process failed.
struct ExternalFailure: Error {
    let reason: String
}

/// One external process and its pipes, used by one request at a time.
final class ExternalWorker: @unchecked Sendable {
    let command: String
    private let lock = NSLock()
    private var process: Process?
    private var input: FileHandle?
    private var output: FileHandle?
    private var pending: [UInt8] = []

    init(command: String) { self.command = command }

    func tryAcquire() -> Bool { lock.try() }
    func acquire() { lock.lock() }
    func release() { lock.unlock() }

    /// Writes `line` and reads one response line (the caller holds the lock).
    func roundTrip(_ line: [UInt8]) throws -> ResponseObject {
        try startIfNeeded()
        guard let input, let output else { throw ExternalFailure(reason: "could not start") }
        do {
            try input.write(contentsOf: line)
        } catch {
            stop()
            throw ExternalFailure(reason: "could not write a request (\(error)); the process has \(exitDescription())")
        }
        while true {
            if let newline = pending.firstIndex(of: ASCII.lineFeed) {
                let response = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                do {
                    return try ResponseObject.parse(response)
                } catch {
                    throw ExternalFailure(reason: "answered a line that is not a JSON object (\(error.message)): \(String(decoding: response.prefix(120), as: UTF8.self))")
                }
            }
            // `availableData` returns as soon as some bytes arrive (FileHandle's
            // `read(upToCount:)` would wait for the whole count on a pipe).
            let chunk = output.availableData
            guard !chunk.isEmpty else {
                stop()
                throw ExternalFailure(reason: "closed its output before answering; the process has \(exitDescription())")
            }
            pending.append(contentsOf: chunk)
        }
    }

    private func startIfNeeded() throws {
        if let process, process.isRunning { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        do {
            try process.run()
        } catch {
            throw ExternalFailure(reason: "could not start: \(error)")
        }
        self.process = process
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
        pending = []
    }

    private func stop() {
        try? input?.close()
        process?.waitUntilExit()
        input = nil
        output = nil
    }

    private func exitDescription() -> String {
        guard let process, !process.isRunning else { return "not exited" }
        return "exited with status \(process.terminationStatus)"
    }

    deinit {
        try? input?.close()
        if let process, process.isRunning { process.terminate() }
    }
}
