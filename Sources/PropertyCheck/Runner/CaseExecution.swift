import Foundation

/// How a run checks its cases when it cannot simply call a synchronous check inline: with a
/// per-case time limit (``RunConfiguration/caseTimeLimit``), or for an `async` check.
///
/// - A synchronous check with a time limit runs on a ``CheckWorker`` thread while the runner
///   waits at most the limit (``TimedCheckRunner``).
/// - An `async` check is handed to the task that awaits the run (``AsyncCheckBridge``), so it
///   runs with that task's task-local values; the runner itself then works on a thread of
///   its own and waits for each outcome (at most the limit, if there is one).
///
/// A case that does not finish in time fails with ``CaseTimedOut`` and is shrunk like any
/// other failure; while ``AbandonedChecks/runningLimit`` abandoned checks still run, the next
/// case waits for one to end, and if none does, the run evaluates no more cases, and says so.
final class CaseExecution<Value: Sendable>: @unchecked Sendable {
    private let timed: TimedCheckRunner?
    private let bridge: AsyncCheckBridge<Value>?
    private let syncCheck: @Sendable (Value, CaseContext) throws -> Void

    /// Time-limited execution of a synchronous check.
    init(timing check: @escaping @Sendable (Value, CaseContext) throws -> Void, limit: Duration) {
        timed = TimedCheckRunner(limit: limit)
        bridge = nil
        syncCheck = check
    }

    /// Execution of an `async` check by the awaiting task, through `bridge`.
    init(bridge: AsyncCheckBridge<Value>) {
        timed = nil
        self.bridge = bridge
        syncCheck = { _, _ in }
    }

    /// Checks `value`; throws its failure, ``CaseDiscarded``, or ``CaseTimedOut``.
    func check(_ value: Value, _ context: CaseContext) throws {
        if let bridge {
            try bridge.check(value, context)
        } else if let timed {
            let check = syncCheck
            let handle = Unchecked((value, context))
            try timed.run { try check(handle.value.0, handle.value.1) }
        }
    }

    private var abandonment: AbandonedChecks? { timed?.abandoned ?? bridge?.abandoned }

    /// Checks abandoned because they did not finish in time.
    var abandonedChecks: Int { abandonment?.count ?? 0 }

    /// Whether so many abandoned checks ran on for so long that no more cases are evaluated.
    var isExhausted: Bool { abandonment?.isExhausted ?? false }

    /// Whether the next case may be evaluated (see ``AbandonedChecks/hasRoom()``).
    func hasRoom() -> Bool { abandonment?.hasRoom() ?? true }
}

/// A value moved between threads whose accesses are ordered by the handoff (a semaphore).
struct Unchecked<Wrapped>: @unchecked Sendable {
    let value: Wrapped
    init(_ value: Wrapped) { self.value = value }
}

/// Hands `async` checks from the runner's thread to the awaiting task and back.
final class AsyncCheckBridge<Value: Sendable>: @unchecked Sendable {
    /// One case to check.
    struct Request: @unchecked Sendable {
        let value: Value
        let context: CaseContext
        let handoff: CaseHandoff
        /// The worker to run on when there is a time limit.
        let worker: CheckWorker?
    }

    let check: @Sendable (Value, CaseContext) async throws -> Void
    let limit: Duration?
    let requests: AsyncStream<Request>
    private let continuation: AsyncStream<Request>.Continuation
    private var worker: CheckWorker?
    let abandoned = AbandonedChecks()

    init(check: @escaping @Sendable (Value, CaseContext) async throws -> Void, limit: Duration?) {
        self.check = check
        self.limit = limit
        (requests, continuation) = AsyncStream<Request>.makeStream()
        worker = limit == nil ? nil : CheckWorker()
    }

    /// Runner side: sends one case and waits for its outcome.
    func check(_ value: Value, _ context: CaseContext) throws {
        let handoff = CaseHandoff()
        continuation.yield(Request(value: value, context: context, handoff: handoff, worker: worker))
        guard let outcome = handoff.wait(limit: limit) else {
            abandoned.abandoned(handoff)
            handoff.cancel()
            worker = CheckWorker()
            throw CaseTimedOut(limit: limit ?? .zero)
        }
        try outcome.get()
    }

    /// Runner side: no more cases.
    func finish() { continuation.finish() }

    /// Awaiting task's side: checks every case sent until ``finish()``.
    func serve() async {
        for await request in requests {
            let check = self.check
            if let worker = request.worker {
                let task = Task(executorPreference: worker) {
                    request.handoff.begin()
                    do {
                        try await check(request.value, request.context)
                        request.handoff.finish(.success(()))
                    } catch { request.handoff.finish(.failure(error)) }
                }
                request.handoff.attach(task)
            } else {
                request.handoff.begin()
                do {
                    try await check(request.value, request.context)
                    request.handoff.finish(.success(()))
                } catch { request.handoff.finish(.failure(error)) }
            }
        }
    }
}
