import Foundation

/// A task executor with a thread of its own, on which a time-limited check runs.
///
/// A check that hangs (a loop that never ends, an `await` that never resumes) cannot be
/// stopped from outside; what can be done is to stop waiting for it. Running it on a thread
/// of its own means a hang occupies only that thread — never one of Swift's cooperative
/// pool, which the rest of the test process needs — and the runner abandons the worker and
/// starts another. Tasks started with this executor as their preference still inherit the
/// task-local values of the task that starts them (Swift Testing's current test and issue
/// handling among them).
final class CheckWorker: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// Starts the worker's thread (it lives until the process ends). The thread holds the
    /// worker: a runner replaces an abandoned worker and drops its reference while the hung
    /// check may still return to `serve()` (it did, under load: a use after free, SIGSEGV).
    init() {
        let thread = Thread { [self] in self.serve() }
        thread.name = "PropertyCheck check worker"
        thread.stackSize = 8 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// One case handed to a check that runs elsewhere, and its outcome.
final class CaseHandoff: @unchecked Sendable {
    private let began = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var outcome: Result<Void, any Error>?
    private var isAbandoned = false
    private var task: Task<Void, Never>?

    /// Remembers the task running the check, to cancel it if it is abandoned.
    func attach(_ task: Task<Void, Never>) {
        lock.lock()
        let abandoned = isAbandoned
        if !abandoned { self.task = task }
        lock.unlock()
        if abandoned { task.cancel() }
    }

    /// Cancels the attached task (cooperatively: a check that ignores cancellation runs on).
    func cancel() {
        lock.lock()
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    /// Told when an abandoned check finishes after all, so it stops counting as running.
    private var abandonment: AbandonedChecks?
    /// Whether the check finished after it was abandoned, before it was counted as running.
    private var hasFinishedLate = false

    /// Records the check's outcome unless the runner stopped waiting for it.
    func finish(_ result: Result<Void, any Error>) {
        lock.lock()
        let abandoned = isAbandoned
        if abandoned { hasFinishedLate = true } else { outcome = result }
        let abandonment = self.abandonment
        lock.unlock()
        if abandoned { abandonment?.finishedLate() } else { done.signal() }
    }

    /// Tells `abandonment` when the abandoned check finishes; `false` when it already has (it
    /// then never counts as running). Under the handoff's lock, so that a check finishing
    /// between ``wait(limit:)`` giving up and this call is not counted as running for ever.
    func report(to abandonment: AbandonedChecks) -> Bool {
        lock.withLock {
            if hasFinishedLate { return false }
            self.abandonment = abandonment
            return true
        }
    }

    /// Marks the start of the check: the time limit counts from here, so time spent waiting
    /// for a thread (a busy machine, a busy cooperative pool) is never the check's.
    func begin() { began.signal() }

    /// Waits for the check to begin, then for its outcome at most `limit`; `nil` when it did
    /// not finish in time (it is then abandoned: a late outcome is ignored).
    func wait(limit: Duration?) -> Result<Void, any Error>? {
        began.wait()
        if let limit {
            let nanoseconds =
                Swift.max(0, limit.components.seconds) * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
            if done.wait(timeout: .now() + .nanoseconds(Int(Swift.min(nanoseconds, Int64(Int.max))))) == .timedOut {
                lock.lock()
                defer { lock.unlock() }
                if outcome == nil {
                    isAbandoned = true
                    return nil
                }
                return outcome
            }
        } else {
            done.wait()
        }
        lock.lock()
        defer { lock.unlock() }
        return outcome
    }
}

/// The failure of a case whose check did not finish within the case time limit.
struct CaseTimedOut: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "the check did not finish within \(limit) (it was abandoned and may still be running)" }
}

/// Counts the checks a run abandoned, and those of them still running.
final class AbandonedChecks: @unchecked Sendable {
    /// Most abandoned checks still running at once. At it, the next case waits up to
    /// ``grace`` for one of them to end (a cancelled `async` check, or a slow one, usually
    /// does: on a busy machine it may take a while). If none ends, that case and every later
    /// one are not evaluated (they count as discarded) so that shrinking ends: a check that
    /// hangs in a loop keeps its thread busy until the process ends, and a test process should
    /// not collect them.
    static let runningLimit = 8
    /// How long a case waits for an abandoned check to end when ``runningLimit`` of them run.
    static let grace: Duration = .seconds(5)

    private let condition = NSCondition()
    private var total = 0
    private var running = 0
    private var gaveUp = false

    func abandoned(_ handoff: CaseHandoff) {
        condition.lock()
        total += 1
        condition.unlock()
        guard handoff.report(to: self) else { return }
        condition.lock()
        running += 1
        condition.unlock()
    }

    func finishedLate() {
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Checks abandoned so far.
    var count: Int { condition.withLock { total } }
    /// Whether the run stopped evaluating cases: ``runningLimit`` abandoned checks ran on
    /// for ``grace`` and more.
    var isExhausted: Bool { condition.withLock { gaveUp } }

    /// Whether a case may be evaluated: fewer than ``runningLimit`` abandoned checks run, or
    /// one of them ends within ``grace``. Once a wait has run out, `false` at once.
    func hasRoom() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if gaveUp { return false }
        guard running >= Self.runningLimit else { return true }
        let deadline = Date(timeIntervalSinceNow: Double(Self.grace.components.seconds))
        while running >= Self.runningLimit {
            if !condition.wait(until: deadline) {
                gaveUp = running >= Self.runningLimit
                return !gaveUp
            }
        }
        return true
    }
}

/// Runs checks with a time limit on worker threads, replacing a worker whose check hung.
final class TimedCheckRunner: @unchecked Sendable {
    let limit: Duration
    private var worker = CheckWorker()
    let abandoned = AbandonedChecks()

    init(limit: Duration) { self.limit = limit }

    /// Runs `body` on the worker and waits at most the limit; throws ``CaseTimedOut`` when
    /// it does not finish (the worker is then replaced).
    func run(_ body: @escaping @Sendable () async throws -> Void) throws {
        let handoff = CaseHandoff()
        let task = Task(executorPreference: worker) {
            handoff.begin()
            do {
                try await body()
                handoff.finish(.success(()))
            } catch { handoff.finish(.failure(error)) }
        }
        guard let outcome = handoff.wait(limit: limit) else {
            abandoned.abandoned(handoff)
            task.cancel()
            worker = CheckWorker()
            throw CaseTimedOut(limit: limit)
        }
        try outcome.get()
    }
}
