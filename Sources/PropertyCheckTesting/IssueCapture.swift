import Foundation
import PropertyCheck
import Testing

/// Turns Swift Testing issues recorded inside a check (`#expect`, `#require`,
/// `Issue.record`) into the case's failure, so that the engine sees them, shrinks, and the
/// test records one issue instead of one per case.
///
/// While a case is being checked the capture is *active*: Swift Testing hands every issue
/// of the test to ``offer(_:)`` (through an issue-handling trait scoped to the property's
/// run), which keeps it and drops it from the test. When the check returns, the kept issues
/// become the case's ``PropertyFailure``; its message names the first issue and where it
/// was recorded, and ``location(ofMessage:)`` finds that place again for the final report.
///
/// - A synchronous check's cases are watched as the engine's ``CaseObserver``: the runner
///   marks each case in this thread's ``CaseFlags`` (per thread, in an ``IssueSlot``), and an
///   issue recorded on the thread of a case being checked is kept and raises the flags'
///   notice, so only a case that recorded an issue calls back. No lock, no call per case: a
///   passing case costs the runner's plain loop two stores and a load. An issue recorded on
///   another thread — by a task the check started and did not wait for — is not the case's:
///   Swift Testing records it as usual, so it can never pass silently.
/// - An `async` check may resume on any thread after an `await`, so its case is active for
///   the whole capture, under `lock` (it already pays a handoff between threads per case).
///   Issues recorded while no case is active are not kept.
final class IssueCapture: CaseObserver, @unchecked Sendable {
    private let lock = NSLock()
    /// Whether an `async` case is active (under `lock`).
    @exclusivity(unchecked) private var isAsyncActive = false
    /// Issues of the active `async` case (under `lock`).
    @exclusivity(unchecked) private var asyncCaught: [Issue] = []
    /// Where the first issue behind each failure message was recorded (under `lock`).
    @exclusivity(unchecked) private var locations: [String: SourceLocation] = [:]

    /// Trait-side: keeps `issue` (returns `false`, dropping it from the test) when it was
    /// recorded on the thread of a synchronous case of this capture, or while an `async` case
    /// is active; lets it through otherwise. Warnings always go through.
    func offer(_ issue: Issue) -> Bool {
        guard issue.severity >= .error else { return true }
        if let entry = IssueSlot.currentIfAny?.checkingEntry, entry.capture === self {
            entry.caught.append(issue)
            entry.flags.hasNotice = true
            return false
        }
        lock.lock()
        defer { lock.unlock() }
        guard isAsyncActive else { return true }
        asyncCaught.append(issue)
        return false
    }

    /// This thread's flags for this capture's cases.
    func flagsForCurrentThread() -> CaseFlags {
        IssueSlot.current._withUnsafeGuaranteedRef { $0.entry(for: self).flags }
    }

    /// The failure of the synchronous case just checked on this thread, from its issues.
    func noticedFailure() -> any Error {
        IssueSlot.current._withUnsafeGuaranteedRef { slot in
            let entry = slot.entry(for: self)
            let issues = entry.caught
            entry.caught = []
            return failure(of: issues)
        }
    }

    /// Runs an `async` check with the capture active.
    func observe(_ check: () async throws -> Void) async throws {
        lock.withLock {
            isAsyncActive = true
            if !asyncCaught.isEmpty { asyncCaught.removeAll(keepingCapacity: true) }
        }
        let outcome: Result<Void, any Error>
        do {
            try await check()
            outcome = .success(())
        } catch { outcome = .failure(error) }
        let issues = lock.withLock {
            isAsyncActive = false
            let issues = asyncCaught
            asyncCaught.removeAll(keepingCapacity: true)
            return issues
        }
        if !issues.isEmpty { throw failure(of: issues) }
        try outcome.get()
    }

    /// The failure of a case with `issues` (it replaces whatever the check threw,
    /// `#require`'s error included), remembering where the first was recorded.
    private func failure(of issues: [Issue]) -> PropertyFailure {
        let message = issues.map(Self.describe).joined(separator: "\n")
        guard let location = issues.first?.sourceLocation else { return PropertyFailure(message) }
        lock.withLock { if locations[message] == nil { locations[message] = location } }
        // The expectation that failed is the clause: each #expect is a failure of its own.
        return PropertyFailure(message, signature: FailureSignature(fileID: location.fileID, line: location.line))
    }

    /// Where the issue behind a failure message was recorded, if it came from an issue.
    func location(ofMessage message: String) -> SourceLocation? { lock.withLock { locations[message] } }

    /// `Expectation failed: (x → 5) < 3 — comment (Example.swift:12:9)`.
    static func describe(_ issue: Issue) -> String {
        var text = String(describing: issue.kind)
        let comments = issue.comments.map(\.rawValue).filter { !$0.isEmpty }
        if !comments.isEmpty { text += " — " + comments.joined(separator: "; ") }
        if let location = issue.sourceLocation { text += " (\(location.fileName):\(location.line):\(location.column))" }
        return text
    }
}
