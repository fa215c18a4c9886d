/// Watches every synchronous case of a property from outside its check, on the thread that
/// checks it (see ``Property/observingCases(with:aroundAsync:)``): how the Swift Testing glue
/// turns `#expect` inside a check into the case's failure.
///
/// The runner marks each case in the checking thread's ``CaseFlags`` (fetched once per
/// thread and loop); an observer that sees something fail the case on that thread raises
/// ``CaseFlags/hasNotice``, and only then does the runner ask it for the failure. A case
/// that notices nothing costs two stores and a load: the runner's plain loop stays within a
/// few percent of an unobserved one. Cases may run on several threads at once (a case
/// window, a time-limit worker): each thread has its own flags, so nothing is shared per case.
public protocol CaseObserver: AnyObject, Sendable {
    /// The calling thread's flags: the same object on every call from one thread.
    func flagsForCurrentThread() -> CaseFlags
    /// Called on the checking thread after a case during which ``CaseFlags/hasNotice`` was
    /// raised: the case's failure (it replaces whatever the check threw). Clears what was
    /// noticed.
    func noticedFailure() -> any Error
}

/// One thread's state of the case it checks, shared by the runner and a ``CaseObserver``.
public final class CaseFlags: @unchecked Sendable {
    /// Whether this thread is checking a case right now (set by the runner).
    @exclusivity(unchecked) public internal(set) var isChecking = false
    /// Raised by the observer, on this thread, when something it saw fails the case.
    @exclusivity(unchecked) public var hasNotice = false

    /// Flags for a thread that is checking nothing yet.
    public init() {}

    /// Runs `check` as one case observed by `observer` on this thread (these flags' thread).
    @inline(__always) func observe(by observer: any CaseObserver, _ check: () throws -> Void) throws {
        isChecking = true
        do { try check() } catch {
            isChecking = false
            try throwNotice(of: observer)
            throw error
        }
        isChecking = false
        try throwNotice(of: observer)
    }

    @inline(__always) private func throwNotice(of observer: any CaseObserver) throws {
        guard hasNotice else { return }
        hasNotice = false
        throw observer.noticedFailure()
    }
}
