import Foundation
import MercatorCore
import ZoomProperties

/// An implementation under test that lives in another process and speaks the JSON-lines
/// protocol (PROTOCOL.md) on its standard input and output: `--impl exec:COMMAND`.
///
/// COMMAND runs under `/bin/sh -c`. Requests carry no `impl` (the program is the
/// implementation) and no `id`. Each worker process answers one request at a time; a small
/// pool lets properties run in parallel. A program that dies, answers malformed JSON or
/// answers with an unknown error code makes the property fail with that reason; nothing
/// it does can crash zoomcheck.
final class ExternalImplementation: ZoomImplementation, ReplayNamed, @unchecked Sendable {
    /// The short label reports use (`exec:` and the program's file name); the full command
    /// is printed once in the report's header.
    let name: String
    let command: String
    /// How `--impl` names it: `exec:` and the full command.
    var commandLineName: String { "exec:" + command }
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
    ///   - answerTimeout: How long one answer may take before the program is stopped.
    ///   - workerCount: Processes to start on demand (at most one request each at a time).
    init(command: String, answerTimeout: Duration = .seconds(10), workerCount: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.name = "exec:" + Self.label(for: command)
        self.command = command
        // A program that exits before reading its requests must surface as a write error
        // (EPIPE), not kill zoomcheck with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        self.workers = (0..<Swift.max(1, workerCount)).map { _ in ExternalWorker(command: command, answerTimeout: answerTimeout) }
    }

    /// A short label for `command`: the file name of its first argument that names a file
    /// (a script or a path), else of its first word: `python3 Examples/x/adapter.py` →
    /// `adapter.py`, `/usr/local/bin/my-mercator --fast` → `my-mercator`.
    static func label(for command: String) -> String {
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init).filter { !$0.hasPrefix("-") }
        let pathLike = words.dropFirst().first { $0.contains("/") || $0.contains(".") } ?? words.first ?? command
        let base = pathLike.split(separator: "/").last.map(String.init) ?? pathLike
        return base.isEmpty ? "program" : base
    }

    /// What the program said of itself (`describe`), asked once; the defaults when it
    /// answered an error or could not answer.
    var capabilities: Capabilities { described().capabilities }

    /// Notes about the `describe` answer: members not understood, or why the defaults apply.
    var describeNotes: [String] { described().notes }

    private func described() -> (capabilities: Capabilities, notes: [String]) {
        describeLock.lock()
        defer { describeLock.unlock() }
        return describeAnswer
    }

    private lazy var describeAnswer: (capabilities: Capabilities, notes: [String]) = {
        do {
            let answer = try request([("op", Self.string("describe"))])
            let (capabilities, notes) = CapabilitiesJSON.capabilities(from: answer)
            return (capabilities, notes)
        } catch {
            return (.zoomCheckDefaults, ["describe was not answered (\(error)); ZoomCheck's conventions are assumed"])
        }
    }()
    private let describeLock = NSLock()

    /// Set once a program has failed to answer in time: it is not restarted, and every later
    /// request fails at once with this reason (so that shrinking a hang takes milliseconds,
    /// not a timeout per attempt).
    private var unresponsive: String?
    private let unresponsiveLock = NSLock()

    /// Sends one request (a JSON object's members, already encoded) and returns the answer.
    func request(_ members: [(String, String)]) throws(ProjectionError) -> ResponseObject {
        unresponsiveLock.lock()
        let earlierHang = unresponsive
        unresponsiveLock.unlock()
        if let earlierHang {
            throw .implementationFailure("external implementation '\(command)' \(earlierHang) on an earlier request and is not restarted")
        }
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
            if failure.isTimeout {
                unresponsiveLock.lock()
                unresponsive = "gave no answer within \(worker.answerTimeout)"
                unresponsiveLock.unlock()
            }
            throw .implementationFailure("external implementation '\(command)': \(failure.reason)")
        } catch {
            throw .implementationFailure("external implementation '\(command)': \(error)")
        }
        if let error = response.object("error") {
            throw Self.projectionError(code: error.string("code") ?? "", message: error.string("message") ?? "")
        }
        return response
    }

    /// The `ProjectionError` for a protocol error code; anything else (`invalid-request`
    /// included) is the program's failure, not a refusal.
    static func projectionError(code: String, message: String) -> ProjectionError {
        ProjectionError(code: code, message: message)
            ?? .implementationFailure("external implementation answered \(code.isEmpty ? "an error without a code" : code): \(message)")
    }

    /// A number as the protocol writes it (non-finite values as the strings of the extension).
    static func number(_ value: Double) -> String {
        NumberText.json(value)
    }

    static func string(_ text: String) -> String { "\"\(text)\"" }

    /// A member the answer must have.
    static func required(_ response: ResponseObject, _ name: String) throws(ProjectionError) -> Double {
        guard let value = response.number(name) else {
            throw .implementationFailure("external implementation's answer has no number '\(name)'")
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
        let response = try spanResponse(center, zoom: zoom, viewport: viewport, convention: convention)
        return Region(center: center, span: Span(latitudeDelta: try Self.required(response, "latitudeDelta"), longitudeDelta: try Self.required(response, "longitudeDelta")))
    }

    func regionAnswer(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> RegionAnswer {
        let response = try spanResponse(center, zoom: zoom, viewport: viewport, convention: convention)
        let region = Region(center: center, span: Span(latitudeDelta: try Self.required(response, "latitudeDelta"), longitudeDelta: try Self.required(response, "longitudeDelta")))
        return RegionAnswer(region: region, reportedValid: try Self.requiredFlag(response, "valid"))
    }

    private func spanResponse(_ center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ResponseObject {
        try request([("op", Self.string("span")), ("lat", Self.number(center.latitude)), ("lon", Self.number(center.longitude)),
                     ("zoom", Self.number(zoom)), ("width", Self.number(viewport.widthInPoints)), ("height", Self.number(viewport.heightInPoints)),
                     ("scale", Self.number(viewport.pixelsPerPoint)), ("convention", Self.string(convention.rawValue))])
    }

    /// A Boolean member the answer must have.
    static func requiredFlag(_ response: ResponseObject, _ name: String) throws(ProjectionError) -> Bool {
        guard let value = response.bool(name) else {
            throw .implementationFailure("external implementation's answer has no true/false '\(name)'")
        }
        return value
    }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading {
        let response = try request([("op", Self.string("zoom")), ("lat", Self.number(region.center.latitude)), ("lon", Self.number(region.center.longitude)),
                                    ("latitudeDelta", Self.number(region.span.latitudeDelta)), ("longitudeDelta", Self.number(region.span.longitudeDelta)),
                                    ("width", Self.number(viewport.widthInPoints)), ("height", Self.number(viewport.heightInPoints)),
                                    ("scale", Self.number(viewport.pixelsPerPoint)), ("convention", Self.string(convention.rawValue))])
        let level = try Self.required(response, "level")
        guard let integer = Int(exactly: level) else { throw .implementationFailure("external implementation's level \(NumberText.shortest(level)) is not an integer") }
        return ZoomReading(zoom: try Self.required(response, "zoom"), level: integer)
    }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try fitRegion(fitResponse(points))
    }

    func fitAnswer(_ points: [Coordinate]) throws(ProjectionError) -> RegionAnswer {
        let response = try fitResponse(points)
        return RegionAnswer(region: try fitRegion(response), reportedValid: try Self.requiredFlag(response, "valid"))
    }

    private func fitResponse(_ points: [Coordinate]) throws(ProjectionError) -> ResponseObject {
        let list = "[" + points.map { "[\(Self.number($0.latitude)),\(Self.number($0.longitude))]" }.joined(separator: ",") + "]"
        return try request([("op", Self.string("fit")), ("points", list)])
    }

    private func fitRegion(_ response: ResponseObject) throws(ProjectionError) -> Region {
        Region(
            center: Coordinate(latitude: try Self.required(response, "lat"), longitude: try Self.required(response, "lon")),
            span: Span(latitudeDelta: try Self.required(response, "latitudeDelta"), longitudeDelta: try Self.required(response, "longitudeDelta")))
    }
}

/// Why a round trip with the external process failed.
struct ExternalFailure: Error {
    let reason: String
    /// Whether the program did not answer in time (as opposed to dying or answering garbage).
    var isTimeout = false
}

/// One external process and its pipes, used by one request at a time.
///
/// Every answer must arrive within `answerTimeout`; a program that does not answer, closes
/// its output, or answers a line that is not a JSON object is stopped (its stream could no
/// longer be matched to requests) and restarted on the next request.
final class ExternalWorker: @unchecked Sendable {
    /// How long one answer may take before the program is stopped (`--exec-timeout`).
    let answerTimeout: Duration
    /// How long a stopped program gets to exit after its input closes, before SIGTERM and
    /// then SIGKILL.
    static let exitGrace: Duration = .milliseconds(500)

    let command: String
    private let lock = NSLock()
    private var process: Process?
    private var input: FileHandle?
    private var output: FileHandle?
    private var pending: [UInt8] = []

    init(command: String, answerTimeout: Duration) {
        self.command = command
        self.answerTimeout = answerTimeout
    }

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
            let status = stop()
            throw ExternalFailure(reason: "could not write a request (\(error)); the process \(status)")
        }
        let deadline = ContinuousClock.now + answerTimeout
        while true {
            if let newline = pending.firstIndex(of: ASCII.lineFeed) {
                let response = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                do {
                    return try ResponseObject.parse(response)
                } catch {
                    stop()
                    throw ExternalFailure(reason: "answered a line that is not a JSON object (\(error.message)): \(String(decoding: response.prefix(120), as: UTF8.self))")
                }
            }
            guard Self.waitForInput(output.fileDescriptor, until: deadline) else {
                let status = stop()
                throw ExternalFailure(reason: "gave no answer within \(answerTimeout); the process \(status)", isTimeout: true)
            }
            // `availableData` returns as soon as some bytes arrive (FileHandle's
            // `read(upToCount:)` would wait for the whole count on a pipe).
            let chunk = output.availableData
            guard !chunk.isEmpty else {
                let status = stop()
                throw ExternalFailure(reason: "closed its output before answering; the process \(status)")
            }
            pending.append(contentsOf: chunk)
        }
    }

    /// Whether `descriptor` becomes readable (or reaches end of file) before `deadline`.
    static func waitForInput(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // let the read report the problem
        }
    }

    private func startIfNeeded() throws {
        if let process, process.isRunning, input != nil { return }
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

    /// Closes the program's input, gives it `exitGrace` to exit, then SIGTERM and SIGKILL;
    /// returns how it ended, for messages.
    @discardableResult
    private func stop() -> String {
        try? input?.close()
        input = nil
        output = nil
        pending = []
        guard let process else { return "was not running" }
        if !Self.waitForExit(process, within: Self.exitGrace) {
            // The shell may have forked the program instead of exec'ing it: stop its
            // children too, or they outlive zoomcheck.
            Self.signalChildren(of: process.processIdentifier, SIGKILL)
            process.terminate()
            if !Self.waitForExit(process, within: Self.exitGrace) {
                kill(process.processIdentifier, SIGKILL)
                _ = Self.waitForExit(process, within: Self.exitGrace)
                return "did not exit and was killed"
            }
            return "did not exit and was terminated"
        }
        return "exited with status \(process.terminationStatus)"
    }

    /// Whether `process` exits within `grace`.
    static func waitForExit(_ process: Process, within grace: Duration) -> Bool {
        let deadline = ContinuousClock.now + grace
        while process.isRunning, ContinuousClock.now < deadline { usleep(5_000) }
        return !process.isRunning
    }

    /// Sends `signal` to every process whose parent is `parent` (Linux: read from /proc).
    static func signalChildren(of parent: Int32, _ signal: Int32) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
        for entry in entries {
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // Fields after "(comm)": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, Int32(fields[1]) == parent { kill(pid, signal) }
        }
    }

    deinit {
        try? input?.close()
        if let process, process.isRunning {
            Self.signalChildren(of: process.processIdentifier, SIGKILL)
            process.terminate()
            if !Self.waitForExit(process, within: Self.exitGrace) { kill(process.processIdentifier, SIGKILL) }
        }
    }
}
