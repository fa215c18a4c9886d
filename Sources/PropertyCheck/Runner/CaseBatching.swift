/// Checks a window of cases on one thread by suspending each at its first request that has
/// no answer yet, getting every suspended case's request answered at once, and checking the
/// suspended cases again from the start (``RunConfiguration/caseBatch``).
///
/// Meant for a check whose cost is waiting for something else — a program behind a pipe —
/// and whose answers it can replay: a case checked again asks the same questions in the same
/// order, gets the answers already had at once, and suspends at the first new one. A window
/// of `n` cases that each ask `k` questions costs `k` batches (round trips) instead of
/// `n × k`, with no thread per case.
///
/// The runner calls ``begin(slot:)`` before each check of a case and ``end()`` after it;
/// whatever a suspended check returned or threw is ignored (it may have caught the
/// suspension), and so are its labels, scores and put-off effects. Checks run one at a time,
/// on the runner's thread; outside `begin`/`end` (examples, shrinking, replays, boundary
/// search, the targeted phase) the checks' requests are answered one at a time.
public protocol CaseBatching: AnyObject, Sendable {
    /// Forgets the previous window's answers and makes room for `slots` cases.
    func reset(slots: Int)
    /// The calling thread is about to check the case in `slot` (below the `reset` count).
    func begin(slot: Int)
    /// The check of the current case returned or threw: true when it was suspended, having
    /// asked something not answered yet.
    func end() -> Bool
    /// Gets every question asked by the suspended cases since the last call answered (blocks
    /// until they are). A case that is checked again then finds its answers.
    func resolve()
}
