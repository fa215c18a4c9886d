import Foundation
import MercatorCore

/// An implementation under test that lives in another process and speaks the JSON-lines
/// protocol (PROTOCOL.md) on its standard input and output: `--impl exec:COMMAND`.
///
/// COMMAND runs under `/bin/sh -c`. Requests carry no `impl` (the program is the
/// implementation). A property's generated cases are checked ``window`` at a time: their
/// requests go to one process together, each with an `id`, and the answers come back in
/// order, one line each (``requestBatch()``); a small pool of processes lets properties run
/// in parallel. A program that dies, answers malformed JSON or answers with an unknown error
/// code makes the property fail with that reason; nothing it does can crash zoomcheck.
public final class ExternalImplementation: ZoomImplementation, DeclaresConventions, FreshlyStartable, PipelinedRequests,
    StopsForGood, @unchecked Sendable
{
    /// The short label reports use: `exec:` and the `name` the program gave in its `describe`
    /// answer, else `exec:` and the program's file name (`fileLabel`); the full command is
    /// printed once in the report's header. Two programs run from same-named scripts are told
    /// apart by the names they give themselves.
    public var name: String { described().name.map { "exec:" + $0 } ?? fileLabel }
    /// `exec:` and the program's file name (`label(for:)`), whatever `describe` says.
    public let fileLabel: String
    public let command: String
    /// The default cap on an answer line: 16 MiB, far above any answer (a few hundred bytes)
    /// and below what would exhaust memory.
    public static let defaultMaximumAnswerLength = 16 << 20
    /// How `--impl` names it: `exec:` and the full command.
    public var commandLineName: String { "exec:" + command }
    private let workers: [ExternalWorker]
    /// What `freshInstance()` starts its own processes with.
    private let answerTimeout: Duration
    private let maximumAnswerLength: Int
    /// Callers using each worker process (a request, or a batch of them): at most one.
    private var load: [Int]
    private let loadLock = NSLock()
    /// Counts the idle worker processes: a caller waits here when every one is in use.
    private let places: DispatchSemaphore
    /// Cases of a property checked together (`--window`): their requests are sent to one
    /// process at once (``requestBatch()``), up to this many in flight.
    public let window: Int
    /// The default ``window``. A batch costs one round trip however many requests it
    /// holds, so a wider window helps until the program's own time dominates;
    /// Documentation/performance-targets.md has the figures by width.
    public static let defaultWindow = 256

    /// The worker with the fewest requests in flight, its load counted up (a place is held).
    private func leastLoadedWorker() -> Int {
        loadLock.lock()
        defer { loadLock.unlock() }
        var best = 0
        for index in load.indices where load[index] < load[best] { best = index }
        load[best] += 1
        return best
    }

    private func finished(on index: Int) {
        loadLock.lock()
        load[index] -= 1
        loadLock.unlock()
        places.signal()
    }

    /// - Parameters:
    ///   - command: The shell command that starts the implementation.
    ///   - answerTimeout: How long one answer may take before the program is stopped.
    ///   - workerCount: Processes to start on demand (one caller each at a time).
    ///   - maximumAnswerLength: The longest answer line accepted, in bytes.
    ///   - window: Generated cases of a property checked together, their requests sent to
    ///     one process at once (``requestBatch()``); 1 sends one request per round trip. The
    ///     same cases and verdicts for every window.
    public init(
        command: String, answerTimeout: Duration = .seconds(10),
        workerCount: Int = ProcessInfo.processInfo.activeProcessorCount,
        maximumAnswerLength: Int = defaultMaximumAnswerLength, window: Int = defaultWindow
    ) {
        self.fileLabel = "exec:" + Self.label(for: command)
        self.command = command
        self.answerTimeout = answerTimeout
        self.maximumAnswerLength = maximumAnswerLength
        // A program that exits before reading its requests must surface as a write error
        // (EPIPE), not kill zoomcheck with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        self.window = Swift.max(1, window)
        let departures = ProtocolDepartures()
        self.departures = departures
        let workers = (0..<Swift.max(1, workerCount)).map { _ in
            ExternalWorker(
                command: command, answerTimeout: answerTimeout, maximumAnswerLength: maximumAnswerLength,
                departures: departures)
        }
        self.workers = workers
        self.load = Array(repeating: 0, count: workers.count)
        self.places = DispatchSemaphore(value: workers.count)
    }

    /// Why the program cannot start, or nil: asks `describe` (once) and reports a program
    /// that could not be spawned or ended without answering it — a command that is not
    /// found (the shell's status 127), not executable (126), or that exits at once.
    public var startProblem: String? {
        _ = described()
        return describeStartProblem
    }
    private var describeStartProblem: String?

    /// A short label for `command`: the file name of its first argument that names a file
    /// (a script or a path), else of its first word: `python3 Examples/x/adapter.py` →
    /// `adapter.py`, `/usr/local/bin/my-mercator --fast` → `my-mercator`. Words are split
    /// the way the shell splits them (quotes and backslashes), so `python3 '/my maps/a.py'`
    /// → `a.py`.
    public static func label(for command: String) -> String {
        let words = shellWords(command).filter { !$0.hasPrefix("-") }
        let pathLike = words.dropFirst().first { $0.contains("/") || $0.contains(".") } ?? words.first ?? command
        let base = pathLike.split(separator: "/").last.map(String.init) ?? pathLike
        return base.isEmpty ? "program" : base
    }

    /// `command` split into words as `/bin/sh` would for simple commands: blanks separate
    /// words; single quotes keep everything literally; double quotes and a backslash keep
    /// blanks (no expansion is attempted — the words only name the program in reports);
    /// scalar by scalar, so that a combining mark cannot hide a quote.
    static func shellWords(_ command: String) -> [String] {
        var words: [String] = [], word = "", inWord = false
        var quote: Unicode.Scalar?, escaped = false
        for scalar in command.unicodeScalars {
            if escaped {
                word.unicodeScalars.append(scalar)
                escaped = false
                inWord = true
            } else if let open = quote {
                if scalar == open {
                    quote = nil
                } else if scalar == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.unicodeScalars.append(scalar)
                }
            } else if scalar == "'" || scalar == "\"" {
                quote = scalar
                inWord = true
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == " " || scalar == "\t" {
                if inWord {
                    words.append(word)
                    word = ""
                    inWord = false
                }
            } else {
                word.unicodeScalars.append(scalar)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// What the program said of itself (`describe`), asked once; the defaults when it
    /// answered an error or could not answer.
    public var capabilities: Capabilities { described().capabilities }

    /// Notes about the `describe` answer: members not understood, or why the defaults apply.
    public var describeNotes: [String] { described().notes }

    /// What the program did against the protocol without it deciding a verdict (an `id` it
    /// invented, answers out of order), each kind once, as noted so far.
    public var protocolDepartures: [String] { departures.all }
    private let departures: ProtocolDepartures

    /// The members present in the program's `describe` answer, among those ZoomCheck reads
    /// (``CapabilitiesJSON/memberNames``); none when it answered no `describe`.
    package var describedMembers: Set<String> { described().members }

    /// The conventions the program's `describe` answer declared (none when it did not answer):
    /// the `declared` gate holds the program to these.
    public var declaredConventions: Set<DeclaredConvention> { described().declared }

    /// A `describe` answer's `name` as a label: blanks and controls become `-`, at most 60
    /// characters; nil when absent, not a string, or empty.
    static func describedName(_ answer: ResponseObject) -> String? {
        guard let text = answer.string("name") else { return nil }
        let cleaned = String(
            text.map {
                $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "-" : $0
            }.prefix(60))
        return cleaned.isEmpty ? nil : cleaned
    }

    private func described() -> (
        capabilities: Capabilities, notes: [String], declared: Set<DeclaredConvention>, name: String?,
        members: Set<String>
    ) {
        describeLock.lock()
        defer { describeLock.unlock() }
        return describeAnswer
    }

    private lazy var describeAnswer:
        (
            capabilities: Capabilities, notes: [String], declared: Set<DeclaredConvention>, name: String?,
            members: Set<String>
        ) = {
            if let reason = stopped.reason {
                let note = "describe was not asked (the program \(reason)); ZoomCheck's conventions are assumed"
                return (.assumed, [note], [], nil, [])
            }
            let worker = workers[0]
            do {
                let answer = try worker.roundTrip(Array("{\"op\":\"describe\"}\n".utf8))
                if let error = answer.object("error") {
                    let reason = """
                        answered \(error.string("code") ?? "an error without a code"): \
                        \(error.string("message") ?? "")
                        """
                    return (
                        .assumed, ["describe was not answered (\(reason)); ZoomCheck's conventions are assumed"], [],
                        nil, []
                    )
                }
                let (capabilities, notes) = CapabilitiesJSON.capabilities(from: answer)
                let members = Set(CapabilitiesJSON.memberNames.filter { answer[member: $0] != nil })
                return (
                    capabilities, notes, CapabilitiesJSON.declaredConventions(in: answer), Self.describedName(answer),
                    members
                )
            } catch let failure as ExternalFailure {
                if failure.endedWithoutAnswer { describeStartProblem = Self.startMessage(failure.reason) }
                if failure.isTimeout { stopped.record("gave no answer within \(answerTimeout) to describe") }
                if failure.violatesProtocol {
                    stopped.record("broke the protocol answering describe (\(Self.withoutEnding(failure.reason)))")
                }
                return (
                    .assumed, ["describe was not answered (\(failure.reason)); ZoomCheck's conventions are assumed"],
                    [], nil, []
                )
            } catch {
                return (
                    .assumed, ["describe was not answered (\(error)); ZoomCheck's conventions are assumed"], [], nil, []
                )
            }
        }()

    /// The start problem's message, with what the shell's status means.
    static func startMessage(_ reason: String) -> String {
        var text = "it " + reason.replacingOccurrences(of: "closed its output before answering; the process ", with: "")
        if reason.contains("status 127") {
            text += " — the shell did not find the command (a typo in the path, or not on PATH?)"
        }
        if reason.contains("status 126") {
            text += " — the shell found the command but could not run it (not executable?)"
        }
        return text + ", before answering its first request ({\"op\":\"describe\"})"
    }
    private let describeLock = NSLock()

    /// Set once a program has failed to answer in time, or answered against the protocol (a
    /// line that is not a JSON object, one over the size cap), `describe` included: it is not
    /// restarted, and every later request fails at once with this reason, so that a hang
    /// costs one timeout and a program that answers garbage one start, not one per request.
    /// Shared with every ``freshInstance()``: the "answers depend on earlier requests" check
    /// starts no copy of it.
    private var stopped = StopRecord()

    /// Why a program is not restarted: the first reason it stopped for good, shared by an
    /// implementation and its fresh instances.
    final class StopRecord: @unchecked Sendable {
        private let lock = NSLock()
        private var firstReason: String?
        var reason: String? { lock.withLock { firstReason } }
        func record(_ reason: String) { lock.withLock { if firstReason == nil { firstReason = reason } } }
    }

    /// Why the program answers no more (it hung, or broke the protocol), once it stopped for
    /// good; nil while it answers.
    package var stopReason: String? { stopped.reason }

    /// The error of every request refused because the program stopped for good (the same
    /// value each time, so that a refusal replayed from a batch is recognised).
    private func notRestarted(_ reason: String) -> ProjectionError {
        .implementationFailure("external implementation '\(command)' \(reason) and is not restarted")
    }

    /// Whether `error` refused a request without asking the program.
    func isUnasked(_ error: ProjectionError) -> Bool { stopped.reason.map { error == notRestarted($0) } ?? false }

    /// `reason` without the process's ending (`; the process exited with status 0`).
    static func withoutEnding(_ reason: String) -> String {
        reason.range(of: "; the process ").map { String(reason[..<$0.lowerBound]) } ?? reason
    }

    /// Sends one request and returns the answer; inside a batched check (``requestBatch()``),
    /// through the batch.
    func request(_ request: RequestLine) throws(ProjectionError) -> ResponseObject {
        if let batch = ExternalBatch.current, batch.owner === self { return try batch.answer(request) }
        return try send(request.line())
    }

    /// Sends one request line and returns the answer, one round trip.
    func send(_ line: [UInt8]) throws(ProjectionError) -> ResponseObject {
        try checkResponsive()
        return try answer(withIdleWorker { $0.outcome(of: line) })
    }

    /// Sends request lines together to one process and waits for every answer, in order.
    func send(batch lines: [[UInt8]]) -> [Result<ResponseObject, ProjectionError>] {
        do throws(ProjectionError) { try checkResponsive() } catch { return lines.map { _ in .failure(error) } }
        return withIdleWorker { $0.roundTrips(lines) }.map { outcome in
            do throws(ProjectionError) { return .success(try answer(outcome)) } catch { return .failure(error) }
        }
    }

    /// Runs `body` with the worker process that has the fewest callers, waiting while every
    /// one is in use.
    private func withIdleWorker<T>(_ body: (ExternalWorker) -> T) -> T {
        places.wait()
        let index = leastLoadedWorker()
        defer { finished(on: index) }
        return body(workers[index])
    }

    /// Fails at once, unasked, when the program stopped for good on an earlier request (it
    /// hung or broke the protocol, and is not restarted); the refusal is marked on this
    /// thread (``UnaskedRequests``), so that no case is judged on it.
    private func checkResponsive() throws(ProjectionError) {
        if let reason = stopped.reason {
            let error = notRestarted(reason)
            UnaskedRequests.mark(error.message)
            throw error
        }
    }

    /// A round trip's outcome as the answer, or the error it means: the program's failure,
    /// or the protocol error it answered.
    private func answer(_ outcome: Result<ResponseObject, ExternalFailure>) throws(ProjectionError) -> ResponseObject {
        let response: ResponseObject
        switch outcome {
        case .success(let answer): response = answer
        case .failure(let error):
            if error.isTimeout, !error.queuedBehindStop {
                stopped.record("gave no answer within \(answerTimeout) on an earlier request")
            }
            if error.violatesProtocol, !error.queuedBehindStop {
                stopped.record("broke the protocol on an earlier request (\(Self.withoutEnding(error.reason)))")
            }
            if error.queuedBehindStop {
                // Sent, but the program was stopped before its turn: it was never answered.
                let refusal = notRestarted(stopped.reason ?? error.reason)
                UnaskedRequests.mark(refusal.message)
                throw refusal
            }
            throw .implementationFailure("external implementation '\(command)': \(error.reason)")
        }
        if let error = response.object("error") {
            throw Self.projectionError(code: error.string("code") ?? "", message: error.string("message") ?? "")
        }
        return response
    }

    /// A batch for one property run: its window's requests are sent together.
    public func requestBatch() -> (any RequestBatch)? { ExternalBatch(owner: self) }

    /// The `ProjectionError` for a protocol error code; anything else (`invalid-request`
    /// included) is the program's failure, not a refusal.
    static func projectionError(code: String, message: String) -> ProjectionError {
        ProjectionError(code: code, message: message)
            ?? .implementationFailure(
                "external implementation answered \(code.isEmpty ? "an error without a code" : code): \(message)")
    }

    /// A member the answer must have.
    static func required(_ response: ResponseObject, _ name: String) throws(ProjectionError) -> Double {
        guard let value = response.number(name) else {
            throw .implementationFailure("external implementation's answer has no number '\(name)'")
        }
        return value
    }

    public func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        var line = RequestLine(op: "project")
        line.number("lat", coordinate.latitude)
        line.number("lon", coordinate.longitude)
        line.number("zoom", zoom)
        line.string("convention", convention.rawValue)
        let response = try request(line)
        return PixelPoint(
            x: try Self.required(response, "x"), y: try Self.required(response, "y"), zoom: zoom, convention: convention
        )
    }

    public func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        var line = RequestLine(op: "unproject")
        line.number("x", pixel.x)
        line.number("y", pixel.y)
        line.number("zoom", pixel.zoom)
        line.string("convention", pixel.convention.rawValue)
        let response = try request(line)
        return Coordinate(latitude: try Self.required(response, "lat"), longitude: try Self.required(response, "lon"))
    }

    public func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        let response = try spanResponse(center, zoom: zoom, viewport: viewport, convention: convention)
        return Region(
            center: try Self.shownCentre(response, requested: center),
            span: Span(
                latitudeDelta: try Self.required(response, "latitudeDelta"),
                longitudeDelta: try Self.required(response, "longitudeDelta")))
    }

    /// The centre a `span` answer says the view shows (version 3: `lat` and `lon`, both or
    /// neither; `null` is absent), else the centre requested — what a version-2 answer means.
    static func shownCentre(_ response: ResponseObject, requested: Coordinate) throws(ProjectionError) -> Coordinate {
        func present(_ name: String) -> Bool { response[member: name] != nil && !response.isNull(name) }
        switch (present("lat"), present("lon")) {
        case (false, false): return requested
        case (true, true):
            return Coordinate(latitude: try required(response, "lat"), longitude: try required(response, "lon"))
        default:
            throw .implementationFailure(
                "external implementation's span answer has one of 'lat' and 'lon' without the other")
        }
    }

    public func regionAnswer(
        centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention
    ) throws(ProjectionError) -> RegionAnswer {
        let response = try spanResponse(center, zoom: zoom, viewport: viewport, convention: convention)
        let region = Region(
            center: try Self.shownCentre(response, requested: center),
            span: Span(
                latitudeDelta: try Self.required(response, "latitudeDelta"),
                longitudeDelta: try Self.required(response, "longitudeDelta")))
        return RegionAnswer(region: region, reportedValid: try Self.requiredFlag(response, "valid"))
    }

    private func spanResponse(_ center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> ResponseObject
    {
        var line = RequestLine(op: "span")
        line.number("lat", center.latitude)
        line.number("lon", center.longitude)
        line.number("zoom", zoom)
        line.number("width", viewport.widthInPoints)
        line.number("height", viewport.heightInPoints)
        line.number("scale", viewport.pixelsPerPoint)
        line.string("convention", convention.rawValue)
        return try request(line)
    }

    /// A Boolean member the answer must have.
    static func requiredFlag(_ response: ResponseObject, _ name: String) throws(ProjectionError) -> Bool {
        guard let value = response.bool(name) else {
            throw .implementationFailure("external implementation's answer has no true/false '\(name)'")
        }
        return value
    }

    public func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        var line = RequestLine(op: "zoom")
        line.number("lat", region.center.latitude)
        line.number("lon", region.center.longitude)
        line.number("latitudeDelta", region.span.latitudeDelta)
        line.number("longitudeDelta", region.span.longitudeDelta)
        line.number("width", viewport.widthInPoints)
        line.number("height", viewport.heightInPoints)
        line.number("scale", viewport.pixelsPerPoint)
        line.string("convention", convention.rawValue)
        let response = try request(line)
        let zoom = try Self.required(response, "zoom"), level = try Self.required(response, "level")
        // A non-finite reading: the getter's arithmetic gave ±∞ or NaN, answered as such.
        if !zoom.isFinite, !level.isFinite { return ZoomReading(nonFinite: zoom) }
        guard let integer = Self.level(level) else {
            throw .implementationFailure(
                "external implementation's level \(NumberText.shortest(level)) is not an integer")
        }
        return ZoomReading(zoom: zoom, level: integer)
    }

    /// A `level` answer as an integer: an integer value beyond Int's range (an unsigned
    /// 2^64 − 1 from a wrapped subtraction) saturates to `Int.max` or `Int.min`, so that the
    /// level properties judge it — it is an integer, just not a level; nil for NaN, ±∞ and
    /// fractions.
    static func level(_ value: Double) -> Int? {
        if let integer = Int(exactly: value) { return integer }
        guard value.isFinite, value == value.rounded() else { return nil }
        return value > 0 ? Int.max : Int.min
    }

    public func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region { try fitRegion(fitResponse(points)) }

    public func fitAnswer(_ points: [Coordinate]) throws(ProjectionError) -> RegionAnswer {
        let response = try fitResponse(points)
        return RegionAnswer(region: try fitRegion(response), reportedValid: try Self.requiredFlag(response, "valid"))
    }

    private func fitResponse(_ points: [Coordinate]) throws(ProjectionError) -> ResponseObject {
        var line = RequestLine(op: "fit")
        line.points("points", points)
        // The view the region is for (PROTOCOL.md, optional since protocol 4): a program that
        // fits into a fixed-aspect view sizes the region for it; others ignore it.
        line.number("width", Viewport.fitView.widthInPoints)
        line.number("height", Viewport.fitView.heightInPoints)
        return try request(line)
    }

    private func fitRegion(_ response: ResponseObject) throws(ProjectionError) -> Region {
        Region(
            center: Coordinate(
                latitude: try Self.required(response, "lat"), longitude: try Self.required(response, "lon")),
            span: Span(
                latitudeDelta: try Self.required(response, "latitudeDelta"),
                longitudeDelta: try Self.required(response, "longitudeDelta")))
    }
}

extension ExternalImplementation {
    /// The same command in a process of its own that has answered nothing yet (one worker:
    /// the question is one request). A program that hung is not started again: the fresh
    /// instance shares the stop and fails at once.
    public func freshInstance() -> any ZoomImplementation {
        let fresh = ExternalImplementation(
            command: command, answerTimeout: answerTimeout, workerCount: 1, maximumAnswerLength: maximumAnswerLength,
            window: window)
        fresh.stopped = stopped
        return fresh
    }
}
