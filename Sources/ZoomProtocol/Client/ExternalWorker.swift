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
}

/// One external process and its pipes, used by one request at a time.
///
/// Every answer must arrive within `answerTimeout` and be at most `maximumAnswerLength`
/// bytes; a program that does not answer, closes its output, answers a line that is not a
/// JSON object or one that is too long is stopped with everything it started (its process
/// group) and restarted on the next request.
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
    /// Bytes asked of each read of the program's output.
    static let readChunkSize = 1 << 16

    let command: String
    private let lock = NSLock()
    private var process: ChildProcess?
    /// Bytes read and not yet consumed; `pending[..<scanned]` holds no line feed.
    private var pending: [UInt8] = []
    private var scanned = 0
    /// Bytes examined for a line feed so far (each byte once: the linear-reading guarantee,
    /// which a test checks).
    private(set) var bytesScanned = 0
    /// Bytes read from the program so far.
    private(set) var bytesRead = 0

    init(command: String, answerTimeout: Duration, maximumAnswerLength: Int = ExternalImplementation.defaultMaximumAnswerLength) {
        self.command = command
        self.answerTimeout = answerTimeout
        self.maximumAnswerLength = maximumAnswerLength
    }

    func tryAcquire() -> Bool { lock.try() }
    func acquire() { lock.lock() }
    func release() { lock.unlock() }

    /// The pid of the running program's shell (its process group), if one runs.
    var processGroup: pid_t? { process?.pid }

    /// Writes `line` and reads one response line (the caller holds the lock).
    func roundTrip(_ line: [UInt8]) throws -> ResponseObject {
        let process = try startIfNeeded()
        // The timeout covers the whole round trip, writing included: a program that does not
        // read its input cannot hold zoomcheck in write(2) (a 20,000-point fit once blocked
        // for 30 s).
        let deadline = ContinuousClock.now + answerTimeout
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readChunkSize, alignment: 1)
        defer { buffer.deallocate() }
        try send(line, to: process, until: deadline)
        while true {
            if let newline = pending[scanned...].firstIndex(of: ASCII.lineFeed) {
                bytesScanned += newline + 1 - scanned
                guard newline <= maximumAnswerLength else { throw tooLong() }
                let response = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                scanned = 0
                do {
                    return try ResponseObject.parse(response)
                } catch {
                    stop()
                    throw ExternalFailure(reason: "answered a line that is not a JSON object (\(error.message)): \(String(decoding: response.prefix(120), as: UTF8.self))")
                }
            }
            bytesScanned += pending.count - scanned
            scanned = pending.count
            if pending.count > maximumAnswerLength { throw tooLong() }
            guard ExternalWorker.waitForInput(process.output, until: deadline) else {
                let status = stop()
                throw ExternalFailure(reason: "gave no answer within \(answerTimeout); the process \(status)", isTimeout: true)
            }
            // Never more than one byte past the limit: the cap is checked exactly, and
            // memory stays bounded by it.
            let wanted = min(Self.readChunkSize, maximumAnswerLength + 1 - pending.count)
            guard let count = process.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])) else {
                let reason = String(cString: strerror(errno))
                let status = stop()
                throw ExternalFailure(reason: "could not be read (\(reason)); the process \(status)")
            }
            guard count > 0 else {
                let status = stop()
                let running = status.contains("did not exit")
                // Still running with its output closed: it can never answer again, so it is
                // stopped now (and restarted on the next request), not left to time out.
                throw ExternalFailure(reason: running ? "closed its output but kept running; the process \(status)" : "closed its output before answering; the process \(status)",
                                      endedWithoutAnswer: true)
            }
            bytesRead += count
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes `line` to the program before `deadline`, waiting for its input to drain when
    /// the pipe is full.
    private func send(_ line: [UInt8], to process: ChildProcess, until deadline: ContinuousClock.Instant) throws {
        var written = 0
        try line.withUnsafeBytes { bytes in
            while written < bytes.count {
                if let count = process.writeSome(UnsafeRawBufferPointer(rebasing: bytes[written...])) {
                    written += count
                    continue
                }
                guard errno == EAGAIN || errno == EWOULDBLOCK else {
                    let problem = String(cString: strerror(errno))
                    let status = stop()
                    throw ExternalFailure(reason: "could not write a request (\(problem)); the process \(status)", endedWithoutAnswer: true)
                }
                guard ExternalWorker.wait(for: process.input, events: Int16(POLLOUT), until: deadline) else {
                    let status = stop()
                    throw ExternalFailure(reason: "did not read its request (\(written) of \(bytes.count) bytes taken) within \(answerTimeout); the process \(status)", isTimeout: true)
                }
            }
        }
    }

    /// The program answered more than `maximumAnswerLength` bytes before a line feed: it is
    /// stopped, and the failure names the limit.
    private func tooLong() -> ExternalFailure {
        let status = stop()
        return ExternalFailure(reason: "answered a line longer than the limit of \(Self.describe(bytes: maximumAnswerLength)) (\(maximumAnswerLength) bytes); the process \(status)")
    }

    /// `1 MiB`, `16 MiB`, `512 KiB` or `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Whether `descriptor` becomes readable (or reaches end of file) before `deadline`.
    static func waitForInput(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        wait(for: descriptor, events: Int16(POLLIN), until: deadline)
    }

    /// Whether `descriptor` is ready for `events` (or in error) before `deadline`.
    static func wait(for descriptor: Int32, events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // let the read report the problem
        }
    }

    private func startIfNeeded() throws -> ChildProcess {
        if let process, process.input >= 0, !process.reap() { return process }
        if let process { process.stop(grace: Self.exitGrace) }
        do {
            process = try ChildProcess.spawn(shellCommand: command)
        } catch {
            process = nil
            throw ExternalFailure(reason: "could not start: \(error)", endedWithoutAnswer: true)
        }
        pending = []
        scanned = 0
        return process!
    }

    /// Stops the program and its whole process group; returns how it ended, for messages.
    @discardableResult
    func stop() -> String {
        pending = []
        scanned = 0
        guard let process else { return "was not running" }
        self.process = nil
        return process.stop(grace: Self.exitGrace)
    }

    deinit {
        process?.stop(grace: Self.exitGrace)
    }
}
