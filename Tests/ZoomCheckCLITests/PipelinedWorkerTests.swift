import Foundation
import Testing
import TestSupport
@testable import ZoomProtocol

/// An `exec:` worker with a batch of requests in flight: answers matched by order and id, a
/// hang named on the request that hung, and no deadlock with a program that reads slowly.
@Suite("Requests in flight to an exec: program", .tags(.cli)) struct PipelinedWorkerTests {
    /// Sends `lines` as one batch; the outcomes by index.
    static func batch(_ worker: ExternalWorker, _ lines: [String]) -> [Result<ResponseObject, ExternalFailure>] {
        worker.roundTrips(lines.map { Array(($0 + "\n").utf8) })
    }

    @Test("Answers go to their own requests, in order, and each request carries the id its answer echoes")
    func answersInOrder() throws {
        // Echoes each request's id and its op back as `op`.
        let program = #"""
            while IFS= read -r line; do id=${line#*\"id\":}; id=${id%%,*}; op=${line#*\"op\":\"}; op=${op%%\"*}; \#
            printf '{"id":%s,"x":%s}\n' "$id" "$op"; done
            """#
        let worker = ExternalWorker(command: program, answerTimeout: .seconds(30))
        defer { worker.stop() }
        let outcomes = Self.batch(worker, (1...8).map { #"{"op":"\#($0)"}"# })
        for (index, outcome) in outcomes.enumerated() { #expect(try outcome.get().number("x") == Double(index + 1)) }
    }

    @Test("An answer with an id not its request's is matched by order, noted once; the rest go one at a time")
    func wrongID() throws {
        let program = #"""
            while IFS= read -r line; do op=${line#*\"op\":\"}; op=${op%%\"*}; printf '{"id":99,"x":%s}\n' "$op"; done
            """#
        let worker = ExternalWorker(command: program, answerTimeout: .seconds(30))
        defer { worker.stop() }
        let outcomes = Self.batch(worker, (1...3).map { #"{"op":"\#($0)"}"# })
        for (index, outcome) in outcomes.enumerated() { #expect(try outcome.get().number("x") == Double(index + 1)) }
        #expect(worker.oneAtATime)
        #expect(worker.departures.all.count == 1)
        #expect(
            worker.departures.all.first?.contains("answered request id 1 with id 99, an id it did not receive") == true,
            "\(worker.departures.all)")
    }

    @Test(
        """
        A program that hangs on one request is reported as hanging on that one; those behind it as queued behind \
        the hang
        """) func hangIsNamed() throws
    {
        let program = #"while IFS= read -r line; do case "$line" in *hang*) sleep 30;; esac; echo '{"x":1}'; done"#
        let worker = ExternalWorker(command: program, answerTimeout: .milliseconds(500))
        defer { worker.stop() }
        let outcomes = Self.batch(worker, [#"{"op":"a"}"#, #"{"op":"b"}"#, #"{"op":"hang"}"#, #"{"op":"c"}"#])
        #expect(try outcomes[0].get().number("x") == 1)
        #expect(try outcomes[1].get().number("x") == 1)
        guard case .failure(let failure) = outcomes[2] else {
            Issue.record("the hung request was answered")
            return
        }
        #expect(failure.isTimeout && !failure.queuedBehindStop)
        #expect(failure.reason.contains("gave no answer within"), "\(failure.reason)")
        guard case .failure(let behind) = outcomes[3] else {
            Issue.record("the request behind the hang was answered: \(outcomes[3])")
            return
        }
        #expect(behind.queuedBehindStop)
        #expect(worker.processGroup == nil, "the program was stopped")
    }

    @Test("A program that reads slowly while its answers fill the pipe cannot deadlock a window of large requests")
    func slowReaderNoDeadlock() throws {
        // Each request and each answer is ~200 KB, beyond a pipe's 64 KiB: writing the
        // requests while not reading the answers would block both sides for ever.
        let program = #"""
            while IFS= read -r line; do sleep 0.01; printf '{"x":1,"pad":"'; head -c 200000 /dev/zero | tr '\0' \#
            a; printf '"}\n'; done
            """#
        let worker = ExternalWorker(command: program, answerTimeout: .seconds(60))
        defer { worker.stop() }
        let padding = String(repeating: "b", count: 200_000)
        let outcomes = Self.batch(worker, (1...6).map { #"{"op":"project","n":\#($0),"pad":"\#(padding)"}"# })
        for outcome in outcomes { #expect(try outcome.get().number("x") == 1) }
    }

    @Test("A program that dies on one request fails that request only: the ones behind it go to a restarted program")
    func crashRestarts() throws {
        let program = #"while IFS= read -r line; do case "$line" in *die*) exit 3;; esac; echo '{"x":1}'; done"#
        let worker = ExternalWorker(command: program, answerTimeout: .seconds(30))
        defer { worker.stop() }
        let outcomes = Self.batch(worker, [#"{"op":"a"}"#, #"{"op":"die"}"#, #"{"op":"b"}"#, #"{"op":"c"}"#])
        #expect(try outcomes[0].get().number("x") == 1)
        guard case .failure(let failure) = outcomes[1] else {
            Issue.record("the fatal request was answered")
            return
        }
        #expect(
            failure.reason.contains("closed its output before answering; the process exited with status 3"),
            "\(failure.reason)")
        #expect(try outcomes[2].get().number("x") == 1)
        #expect(try outcomes[3].get().number("x") == 1)
    }

    @Test("Single requests from other threads and a batch share one process: each gets its own answer")
    func batchAmongSingleRequests() throws {
        // Answers each request with its own `n`, echoing the id when there is one.
        let program = #"""
            while IFS= read -r line; do n=${line#*\"n\":}; n=${n%%\}*}; case "$line" in *\"id\":*) \#
            id=${line#*\"id\":}; id=${id%%,*}; printf '{"id":%s,"x":%s}\n' "$id" "$n";; *) printf '{"x":%s}\n' \#
            "$n";; esac; done
            """#
        let worker = ExternalWorker(command: program, answerTimeout: .seconds(30))
        defer { worker.stop() }
        let singles = OutcomeBox(count: 40)
        let group = DispatchGroup()
        for thread in 0..<4 {
            group.enter()
            Thread {
                for index in 0..<10 {
                    let n = thread * 10 + index
                    singles.set(n, Result { try worker.roundTrip(Array(#"{"op":"p","n":\#(n)}"#.utf8) + [0x0A]) })
                }
                group.leave()
            }.start()
        }
        var batches: [[Result<ResponseObject, ExternalFailure>]] = []
        for round in 0..<5 {
            let lines = (0..<16).map { #"{"op":"p","n":\#(1000 + round * 16 + $0)}"# }
            batches.append(Self.batch(worker, lines))
        }
        group.wait()
        for n in 0..<40 { #expect(try singles.get(n)?.get().number("x") == Double(n)) }
        for (round, outcomes) in batches.enumerated() {
            for (index, outcome) in outcomes.enumerated() {
                #expect(try outcome.get().number("x") == Double(1000 + round * 16 + index))
            }
        }
    }
}

/// Outcomes set by several threads, each its own index.
final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Result<ResponseObject, any Error>?]
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ outcome: Result<ResponseObject, any Error>) { lock.withLock { outcomes[index] = outcome } }
    func get(_ index: Int) -> Result<ResponseObject, any Error>? { lock.withLock { outcomes[index] } }
}
