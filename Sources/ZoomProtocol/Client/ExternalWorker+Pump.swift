import Foundation
import MercatorCore

/// The I/O loop of an ``ExternalWorker``: one `poll(2)` over the program's input and output,
/// writing queued requests while reading answers, so that neither side can block the other.
extension ExternalWorker {
    /// Runs the loop until `mine` has its outcome, then hands the loop to the caller of the
    /// oldest request still unanswered (if any).
    func pump(until mine: PendingRequest) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readChunkSize, alignment: 1)
        defer { buffer.deallocate() }
        lock.lock()
        while mine.outcome == nil {
            writeAvailable()
            guard mine.outcome == nil else { break }
            guard let process, queueHead < queue.count, let deadline = queue[queueHead].deadline else {
                // Cannot happen: an unanswered request is queued for a running process.
                mine.outcome = .failure(ExternalFailure(reason: "lost its request (zoomcheck's own error)"))
                break
            }
            _ = turn(process, buffer: buffer, until: deadline)
        }
        pumping = false
        let next = queueHead < queue.count ? queue[queueHead] : nil
        if let next {
            pumping = true
            next.mustPump = true
        }
        unlockAndWake()
        next?.wakeUp.signal()
    }

    /// Writes what the program's input takes now (the lock is held; the pipe is non-blocking):
    /// every queued request, or only the oldest unanswered one once ``oneAtATime``.
    func writeAvailable() {
        let limit = writeLimit
        guard let process, outboundStart < limit else { return }
        let failure: Int32? = outbound.withUnsafeBytes { bytes in
            while outboundStart < limit {
                guard let count = process.writeSome(UnsafeRawBufferPointer(rebasing: bytes[outboundStart..<limit]))
                else { return errno == EAGAIN || errno == EWOULDBLOCK ? nil : errno }
                outboundStart += count
            }
            return nil
        }
        guard let failure else { return }
        let head = queue[queueHead]
        if head.end <= bytesTaken {
            // The oldest request went whole: its answer may still come (or end of file).
            process.closeInput()
            outboundDropped += outbound.count
            outbound.removeAll()
            outboundStart = 0
            return
        }
        lost(reason: "could not write a request (\(String(cString: strerror(failure))))")
    }

    /// How far `outbound` may be written now: all of it, or once ``oneAtATime`` the end of
    /// the oldest unanswered request.
    var writeLimit: Int {
        guard oneAtATime, queueHead < queue.count else { return outbound.count }
        return Swift.min(outbound.count, queue[queueHead].end - outboundDropped)
    }

    /// One wait of the loop (the lock is held before and after, released while waiting):
    /// until the output is readable, the input writable (when requests wait to be written)
    /// or `deadline`; then reads what came and hands out the answers, or stops the program
    /// for what went wrong — no answer from the oldest request by its deadline, a read
    /// error, end of output. False once `owner` is no longer the program.
    func turn(_ owner: ChildProcess, buffer: UnsafeMutableRawBufferPointer, until deadline: ContinuousClock.Instant)
        -> Bool
    {
        let output = owner.output
        let input = outboundStart < writeLimit ? owner.input : -1
        // Never more than one byte past the limit of the answer being read: the cap is
        // checked exactly, and memory stays bounded by it.
        let wanted = Swift.max(1, Swift.min(Self.readChunkSize, maximumAnswerLength + 1 - pending.count))
        unlockAndWake()
        // Silence is looked into every `silenceCheck` (ChildProcess.silence): behind a shell,
        // a program that closed a pipe or exited shows no end of file.
        let readable = Self.waitForEither(
            output: output, input: input, until: Swift.min(deadline, ContinuousClock.now + Self.silenceCheck))
        var count: Int?
        var readError: Int32 = 0
        if readable == true {
            count = owner.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
            if count == nil { readError = errno }
        }
        lock.lock()
        guard process === owner else { return false }
        let waiting = queueHead < queue.count
        switch readable {
        case nil:
            if waiting, let due = queue[queueHead].deadline, due <= ContinuousClock.now {
                hang()
            } else if waiting, let reason = owner.silence(headEnd: queue[queueHead].end, written: bytesTaken) {
                lost(reason: reason)
            }
        case false?: break
        case true?:
            guard let count else {
                if waiting {
                    lost(reason: "could not be read (\(String(cString: strerror(readError))))")
                } else {
                    stopLocked()
                }
                return true
            }
            guard count > 0 else {
                if waiting { lostOutput() } else { stopLocked() }
                return true
            }
            bytesRead += count
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            absorbAnswers()
        }
        return true
    }

    /// Answers each complete line in `pending` to the oldest unanswered request.
    func absorbAnswers() {
        var lineStart = 0
        defer {
            if lineStart > 0 {
                pending.removeSubrange(..<lineStart)
                scanned -= lineStart
            }
        }
        while queueHead < queue.count {
            guard let newline = pending[scanned...].firstIndex(of: ASCII.lineFeed) else {
                bytesScanned += pending.count - scanned
                scanned = pending.count
                if pending.count - lineStart > maximumAnswerLength {
                    pending.removeAll()
                    scanned = 0
                    lineStart = 0
                    fail(reason: tooLongReason(), violatesProtocol: true)
                }
                return
            }
            bytesScanned += newline + 1 - scanned
            scanned = newline + 1
            let line = pending[lineStart..<newline]
            lineStart = newline + 1
            guard line.count <= maximumAnswerLength else {
                pending.removeAll()
                scanned = 0
                lineStart = 0
                fail(reason: tooLongReason(), violatesProtocol: true)
                return
            }
            let answer: ResponseObject
            do { answer = try ResponseObject.parse(Array(line)) } catch {
                pending.removeAll()
                scanned = 0
                lineStart = 0
                fail(
                    reason: """
                        answered a line that is not a JSON object (\(error.message)): \
                        \(ProgramText.escaped(String(decoding: line.prefix(120), as: UTF8.self)))
                        """, violatesProtocol: true)
                return
            }
            if let departure = idDeparture(answer, expected: queue[queueHead].id) {
                departures.record("id", departure)
                if !oneAtATime, queue.count - queueHead > 1 {
                    // Later answers cannot be trusted to be in order: the unanswered
                    // requests go again, one at a time, to a restarted program.
                    pending.removeAll()
                    scanned = 0
                    lineStart = 0
                    oneAtATime = true
                    stopLocked()
                    resend()
                    return
                }
            }
            resolveHead(.success(answer))
        }
    }

    /// Why `answer`'s `id` departs from the protocol, or nil: it must be the request's
    /// `expected` id, or absent (`null` is absent when the request carried none).
    func idDeparture(_ answer: ResponseObject, expected: Int?) -> String? {
        guard let id = answer[member: "id"] else { return nil }
        let shown: String
        switch id {
        case .number(let value):
            if let expected, value == Double(expected) { return nil }
            shown = NumberText.shortest(value)
        case .string(let text): shown = "\"\(text)\""
        case .bool(let flag): shown = "\(flag)"
        case .other(.null) where expected == nil: return nil
        case .other(let kind): shown = "\(kind)"
        default: shown = "an object or array"
        }
        let request = expected.map { "request id \($0)" } ?? "a request that carried no id"
        let answered = answer.number("id")
        let later = answered != nil && queue[(queueHead + 1)...].contains { $0.id.map(Double.init) == answered }
        let what =
            later
            ? "the id of a later request: answers must come in the order of the requests"
            : "an id it did not receive: an answer echoes its request's id or carries none"
        return """
            answered \(request) with id \(shown), \(what) (PROTOCOL.md). Answers are matched by order, never by id; \
            when this happens with more requests in flight, they and the ones after them go one at a time (as with \
            --window 1), so the verdicts do not depend on the window
            """
    }

    /// Gives the oldest request its outcome and starts the next one's clock.
    func resolveHead(_ outcome: Result<ResponseObject, ExternalFailure>) {
        let head = queue[queueHead]
        queue[queueHead] = Self.settledSlot
        queueHead += 1
        head.outcome = outcome
        answered.append(head)
        if queueHead < queue.count { queue[queueHead].deadline = ContinuousClock.now + answerTimeout }
    }

    /// The program misbehaved on the oldest request: it is stopped, that request fails with
    /// `reason`, and the requests behind it go to a restarted program; after a protocol
    /// violation they fail at once instead, queued behind it (the program is not restarted).
    func fail(reason: String, endedWithoutAnswer: Bool = false, violatesProtocol: Bool = false) {
        let status = stopLocked()
        resolveHead(
            .failure(
                ExternalFailure(
                    reason: "\(reason); the process \(status)", endedWithoutAnswer: endedWithoutAnswer,
                    violatesProtocol: violatesProtocol)))
        if violatesProtocol {
            failQueued(
                ExternalFailure(
                    reason: "was stopped for breaking the protocol on an earlier request", violatesProtocol: true,
                    queuedBehindStop: true))
        } else {
            resend()
        }
    }

    /// Every request still queued fails with `failure` (the program is stopped for good).
    func failQueued(_ failure: ExternalFailure) { while queueHead < queue.count { resolveHead(.failure(failure)) } }

    /// The program's output ended before it answered every request sent: the oldest fails
    /// (whether the program still runs is told apart: it is stopped either way, never left
    /// to time out), and the requests behind it go to a restarted program.
    func lostOutput() {
        let status = stopLocked()
        let running = status.contains("did not exit")
        let reason =
            running
            ? "closed its output but kept running; the process \(status)"
            : "closed its output before answering; the process \(status)"
        resolveHead(.failure(ExternalFailure(reason: reason, endedWithoutAnswer: true)))
        resend()
    }

    /// The program can take or answer no more requests: the oldest fails with `reason`.
    func lost(reason: String) { fail(reason: reason, endedWithoutAnswer: true) }

    /// The oldest request got no answer in time: the program is stopped and not restarted;
    /// that request fails as a timeout, those behind it as queued behind the hang.
    func hang() {
        let head = queue[queueHead]
        let taken = Swift.min(Swift.max(0, bytesTaken - (head.end - head.line.count)), head.line.count)
        let status = stopLocked()
        let reason =
            taken < head.line.count
            ? """
            did not read its request (\(taken) of \(head.line.count) bytes taken) within \(answerTimeout); the \
            process \(status)
            """ : "gave no answer within \(answerTimeout); the process \(status)"
        resolveHead(.failure(ExternalFailure(reason: reason, isTimeout: true)))
        failQueued(
            ExternalFailure(
                reason: "was stopped for giving no answer within \(answerTimeout) to an earlier request",
                isTimeout: true, queuedBehindStop: true))
    }

    /// Sends the unanswered requests again, in order, to a restarted program (the lock is
    /// held and the old program stopped); they all fail if it cannot start.
    func resend() {
        guard queueHead < queue.count else { return }
        let waiting = Array(queue[queueHead...])
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
        do { try startIfNeeded() } catch {
            queue = waiting
            while queueHead < queue.count { resolveHead(.failure(error)) }
            return
        }
        for request in waiting { enqueue(request) }
        queue[0].deadline = ContinuousClock.now + answerTimeout
    }

    /// A placeholder for answered slots of the queue (compacted on the next enqueue into an
    /// empty queue).
    static let settledSlot = PendingRequest(line: [])

    /// Whether the output is readable (or at end, or in error) — `true` — or the input
    /// writable — `false` — before `deadline`; nil when neither happened in time.
    static func waitForEither(output: Int32, input: Int32, until deadline: ContinuousClock.Instant) -> Bool? {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            var entries = [
                pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                pollfd(fd: input, events: Int16(POLLOUT), revents: 0),
            ]
            let milliseconds = Int32(
                clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
                    + 1)
            let ready = poll(&entries, input >= 0 ? 2 : 1, milliseconds)
            if ready > 0 { return entries[0].revents != 0 ? true : false }
            if ready < 0, errno != EINTR { return true }  // let the read report the problem
        }
    }
}
