import Foundation
import MercatorCore

/// Why a round trip with the external process failed.
struct ExternalFailure: Error {
    let reason: String
    /// Whether the program did not answer in time (as opposed to dying or answering garbage).
    var isTimeout = false
    /// Whether the program could not be started, or ended without answering: a first
    /// request failing this way means the program cannot start at all.
    var endedWithoutAnswer = false
    /// Whether the program answered what the protocol does not allow: a line that is not a
    /// JSON object (a byte order mark, a duplicate member), or one over the size cap. Like a
    /// timeout, it stops the program for good: it is not restarted.
    var violatesProtocol = false
    /// Whether this request was not the one the program hung on (or broke the protocol on),
    /// but was queued behind it (sent, unanswered) when the program was stopped for that one.
    var queuedBehindStop = false
}

/// What a program did that the protocol does not allow but that did not decide a verdict,
/// each noted once (the first occurrence, by kind) for the report's header.
final class ProtocolDepartures: @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: Set<String> = []
    private var notes: [String] = []

    /// Notes `text` unless a departure of `kind` was noted already.
    func record(_ kind: String, _ text: String) {
        lock.withLock { if kinds.insert(kind).inserted { notes.append(text) } }
    }

    var all: [String] { lock.withLock { notes } }
}

/// One external process and its pipes, with one request or a batch of them in flight.
///
/// Requests are pipelined: answers are matched to requests by order (the protocol answers
/// in order, one line per request), and a batch's requests carry ids, which an answer may
/// echo. An answer whose `id` is not its request's (an id the program invents, or answers
/// out of order) is never reordered: it is noted once as a departure, and the requests
/// from that one on are sent again to a restarted program one at a time. Reading and
/// writing happen in one `poll(2)` loop, so a program that reads its input slowly while its
/// output fills can never deadlock zoomcheck, and no caller blocks in `write(2)`. The
/// caller runs the loop itself (``pump(until:)``), with no thread hop; a caller that finds
/// another's requests in flight waits for the loop to be handed to it.
///
/// Every answer must arrive within `answerTimeout` of the moment its request became the
/// oldest unanswered one (its turn: the program answers in order), and be at most
/// `maximumAnswerLength` bytes. A program that does not answer in time is stopped with
/// everything it started (its process group); the request it hung on fails as a timeout,
/// the requests queued behind it fail as ``ExternalFailure/queuedBehindStop``. So does a
/// program that answers a line that is not a JSON object or one that is too long (a protocol
/// violation: ``ExternalFailure/violatesProtocol``), which is not restarted either. A program
/// that closes its output or dies is stopped; that request fails with the reason, and the
/// requests queued behind it are sent again to a restarted program, as they would have been
/// had they been sent one at a time.
///
/// Answers are read linearly: bytes are scanned for the line feed once, from where the last
/// scan stopped, however the pipe splits them.
final class ExternalWorker: @unchecked Sendable {
    /// How long one answer may take before the program is stopped (`--exec-timeout`).
    let answerTimeout: Duration
    /// The longest answer line accepted, in bytes (without its line feed).
    let maximumAnswerLength: Int
    /// How long a stopped program gets to exit after its input closes, before SIGTERM to its
    /// group and then SIGKILL.
    static let exitGrace: Duration = .milliseconds(500)
    /// How long a program may be silent before zoomcheck looks whether it can still answer
    /// (``ChildProcess/silence()``: a closed pipe or an exit hidden by the shell).
    static let silenceCheck: Duration = .milliseconds(200)
    /// Bytes asked of each read of the program's output.
    static let readChunkSize = 1 << 16

    let command: String
    /// Guards every member below (the pump releases it around `poll` and `read`).
    let lock = NSLock()
    var process: ChildProcess?
    /// Requests queued for the running process and not yet answered, oldest first.
    var queue: [PendingRequest] = []
    var queueHead = 0
    /// Request bytes not yet taken by the program's input; `outbound[..<outboundStart]` went.
    var outbound: [UInt8] = []
    var outboundStart = 0
    /// Bytes dropped from the front of `outbound` once taken: a request's `end` counts from
    /// the start of the program's input.
    var outboundDropped = 0
    /// Bytes of the program's input taken so far.
    var bytesTaken: Int { outboundDropped + outboundStart }
    /// Whether a caller is running the I/O loop.
    var pumping = false
    /// Requests given their outcome since the lock was taken, woken once it is released (a
    /// caller woken while the lock is held would only wait for it again).
    var answered: [PendingRequest] = []
    /// The next batched request's `id`.
    var nextID = 1
    /// Bytes read and not yet consumed; `pending[..<scanned]` holds no line feed (only the
    /// pump touches them).
    var pending: [UInt8] = []
    var scanned = 0
    /// Bytes examined for a line feed so far (each byte once: the linear-reading guarantee,
    /// which a test checks).
    var bytesScanned = 0
    /// Bytes read from the program so far.
    var bytesRead = 0
    /// Set once an answer's `id` was not its request's while more requests were in flight:
    /// answers are matched by order, never by id, so from then on one request at a time is
    /// written (what `--window 1` sends), and the verdicts are the same.
    var oneAtATime = false
    /// Where the program's departures from the protocol are noted (shared by the workers of
    /// one implementation, so each is reported once).
    let departures: ProtocolDepartures

    init(
        command: String, answerTimeout: Duration,
        maximumAnswerLength: Int = ExternalImplementation.defaultMaximumAnswerLength,
        departures: ProtocolDepartures = ProtocolDepartures()
    ) {
        self.command = command
        self.answerTimeout = answerTimeout
        self.maximumAnswerLength = maximumAnswerLength
        self.departures = departures
    }

    /// One request on its way: its line, its place in the input stream and its outcome.
    final class PendingRequest: @unchecked Sendable {
        let line: [UInt8]
        /// The `id` the request carries (in a batch), which an answer that echoes an id must
        /// match.
        let id: Int?
        /// Where the line ends in the program's input (it has been taken once ``bytesTaken``
        /// reaches it).
        var end = 0
        /// When the program must have answered it; set when it becomes the oldest unanswered.
        var deadline: ContinuousClock.Instant?
        var outcome: Result<ResponseObject, ExternalFailure>?
        /// Set when its caller is to take over the I/O loop.
        var mustPump = false
        let wakeUp = DispatchSemaphore(value: 0)

        init(line: [UInt8], id: Int? = nil) {
            self.line = line
            self.id = id
        }
    }

    /// The pid of the running program's shell (its process group), if one runs.
    var processGroup: pid_t? { lock.withLock { process?.pid } }

    /// Sends `line` (one request object and its line feed) and waits for its answer.
    func roundTrip(_ line: [UInt8]) throws -> ResponseObject { try outcome(of: line).get() }

    /// ``roundTrip(_:)``'s outcome, as a value.
    func outcome(of line: [UInt8]) -> Result<ResponseObject, ExternalFailure> {
        exchange([line], carryingIDs: false)[0]
    }

    /// Sends `lines` (request objects, each with its line feed) together and waits for every
    /// answer: the outcomes in the order of the lines.
    ///
    /// Each request carries an integer `id` (the protocol echoes it), so that an answer out of
    /// order is caught rather than misread.
    func roundTrips(_ lines: [[UInt8]]) -> [Result<ResponseObject, ExternalFailure>] {
        exchange(lines, carryingIDs: true)
    }

    /// Queues `lines` for the program (with the next ids when `carryingIDs`) and waits for
    /// their outcomes. The caller runs the I/O loop itself, or waits its turn behind another
    /// caller of the same process.
    private func exchange(_ lines: [[UInt8]], carryingIDs: Bool) -> [Result<ResponseObject, ExternalFailure>] {
        guard !lines.isEmpty else { return [] }
        lock.lock()
        let requests = lines.map { line in
            guard carryingIDs else { return PendingRequest(line: line) }
            defer { nextID += 1 }
            return PendingRequest(line: Self.line(line, carrying: nextID), id: nextID)
        }
        if queue.count == queueHead {
            do { try startIfNeeded() } catch {
                unlockAndWake()
                return lines.map { _ in .failure(error) }
            }
        }
        for request in requests { enqueue(request) }
        writeAvailable()
        let last = requests[requests.count - 1]
        let leads = !pumping
        if leads { pumping = true }
        unlockAndWake()
        if leads {
            pump(until: last)
        } else {
            // Each request is woken once: with its outcome, or to take over the loop (it is
            // then the oldest unanswered, and the loop runs until the last is answered).
            for request in requests {
                request.wakeUp.wait()
                if request.mustPump {
                    pump(until: last)
                    break
                }
            }
        }
        return requests.map { $0.outcome! }
    }

    /// `line` (a JSON object and its line feed) with `"id":id` as its first member.
    static func line(_ line: [UInt8], carrying id: Int) -> [UInt8] {
        guard line.first == ASCII.openBrace else { return line }
        let rest = line.dropFirst()
        let separator = rest.first { $0 != ASCII.space } == ASCII.closeBrace ? "" : ","
        return Array("{\"id\":\(id)\(separator)".utf8) + rest
    }

    /// Releases the lock, then wakes the callers whose requests got their outcome.
    func unlockAndWake() {
        if answered.isEmpty {
            lock.unlock()
            return
        }
        let waking = answered
        answered.removeAll(keepingCapacity: true)
        lock.unlock()
        for request in waking { request.wakeUp.signal() }
    }

    /// Appends `request` to the queue and its line to the bytes to send (the lock is held).
    func enqueue(_ request: PendingRequest) {
        if queue.count == queueHead {
            request.deadline = ContinuousClock.now + answerTimeout
            if queueHead > 0 {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
            }
        }
        if outboundStart == outbound.count, outboundStart > 0 {
            outboundDropped += outboundStart
            outbound.removeAll(keepingCapacity: true)
            outboundStart = 0
        }
        outbound.append(contentsOf: request.line)
        request.end = outboundDropped + outbound.count
        queue.append(request)
    }

    /// The program answered more than `maximumAnswerLength` bytes before a line feed.
    func tooLongReason() -> String {
        """
        answered a line longer than the limit of \(Self.describe(bytes: maximumAnswerLength)) \
        (\(maximumAnswerLength) bytes)
        """
    }

    /// `1 MiB`, `16 MiB`, `512 KiB` or `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Starts the program unless it runs (the lock is held).
    func startIfNeeded() throws(ExternalFailure) {
        if let process, process.input >= 0, !process.reap() { return }
        if let process { process.stop(grace: Self.exitGrace) }
        pending = []
        scanned = 0
        outbound = []
        outboundStart = 0
        outboundDropped = 0
        let started: ChildProcess
        do { started = try ChildProcess.spawn(shellCommand: command) } catch {
            process = nil
            throw ExternalFailure(reason: "could not start: \(error)", endedWithoutAnswer: true)
        }
        process = started
    }

    /// Stops the program and its whole process group; returns how it ended, for messages.
    @discardableResult func stop() -> String { lock.withLock { stopLocked() } }

    /// ``stop()`` with the lock held.
    @discardableResult func stopLocked() -> String {
        pending = []
        scanned = 0
        outbound = []
        outboundStart = 0
        outboundDropped = 0
        guard let process else { return "was not running" }
        self.process = nil
        return process.stop(grace: Self.exitGrace)
    }

    deinit { process?.stop(grace: Self.exitGrace) }
}
