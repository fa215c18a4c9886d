/// An implementation that answers several requests at once — a program behind a pipe, with
/// requests in flight — and whose answers do not depend on earlier requests.
///
/// The catalogue checks its generated cases `window` at a time (PropertyCheck's
/// `RunConfiguration.caseWindow`): the same cases, judged in the same order, with the same
/// verdicts and counterexamples as one at a time. With a ``requestBatch()`` the window's
/// cases are checked on one thread and their requests sent together; without one, on
/// `window` threads, so the methods must then be safe to call from several threads at once.
public protocol PipelinedRequests {
    /// Requests worth having in flight at once (1: one at a time).
    var window: Int { get }

    /// A batch for one run of one property, or nil (the default) for a window on threads.
    func requestBatch() -> (any RequestBatch)?
}

extension PipelinedRequests { public func requestBatch() -> (any RequestBatch)? { nil } }

/// The requests of a window of cases, answered together (PropertyCheck's `CaseBatching`,
/// which the catalogue adapts to this).
///
/// The checks call ``implementation``. While a case is checked (between ``begin(slot:)`` and
/// ``end()``), a request answered for that case earlier in the window is answered again at
/// once; the first request without an answer is queued, and it and every later request of
/// that check throw, so the check stops (whatever it does with the error is ignored). After
/// ``resolve()`` the queued requests have their answers and the suspended cases are checked
/// again. Outside `begin`/`end` ``implementation`` asks one request at a time. One batch
/// serves one run, on one thread at a time.
public protocol RequestBatch: AnyObject, Sendable {
    /// The implementation the checks are given: the same name, capabilities and answers.
    var implementation: any ZoomImplementation { get }
    /// Forgets the answers of the previous window; room for `slots` cases.
    func reset(slots: Int)
    /// The case in `slot` is checked next (its answers so far are replayed in order).
    func begin(slot: Int)
    /// The check ended: true when it was suspended at a request without an answer.
    func end() -> Bool
    /// Sends every queued request and waits for all their answers.
    func resolve()
}
