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
/// Issues recorded while no case is active (from a task the check left running) are not
/// kept: Swift Testing records them as usual, so they can never pass silently.
///
/// The members are only touched under `lock`, so their run-time exclusivity checks are off
/// (`@exclusivity(unchecked)`): they cost a measurable share of a cheap check's time. A case
/// that records no issue — the common one — pays two uncontended lock round trips and
/// nothing else.
final class IssueCapture: @unchecked Sendable {
    private let lock = NSLock()
    @exclusivity(unchecked) private var isActive = false
    @exclusivity(unchecked) private var caught: [Issue] = []
    @exclusivity(unchecked) private var locations: [String: SourceLocation] = [:]

    /// Trait-side: keeps `issue` (returns `false`, dropping it from the test) while a case
    /// is active; lets it through otherwise. Warnings always go through.
    func offer(_ issue: Issue) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard isActive, issue.severity >= .error else { return true }
        caught.append(issue)
        return false
    }

    /// Runs a synchronous check with the capture active.
    func observe(_ check: () throws -> Void) throws {
        begin()
        let outcome = Result { try check() }
        try end(outcome)
    }

    /// Runs an `async` check with the capture active.
    func observe(_ check: () async throws -> Void) async throws {
        begin()
        let outcome: Result<Void, any Error>
        do {
            try await check()
            outcome = .success(())
        } catch { outcome = .failure(error) }
        try end(outcome)
    }

    /// Where the issue behind a failure message was recorded, if it came from an issue.
    func location(ofMessage message: String) -> SourceLocation? {
        lock.lock()
        defer { lock.unlock() }
        return locations[message]
    }

    private func begin() {
        lock.lock()
        isActive = true
        if !caught.isEmpty { caught.removeAll(keepingCapacity: true) }
        lock.unlock()
    }

    /// Ends the case: its issues, if any, fail it (whatever the check threw, `#require`'s
    /// error included); otherwise the check's own outcome stands.
    private func end(_ outcome: Result<Void, any Error>) throws {
        lock.lock()
        isActive = false
        guard !caught.isEmpty else {
            lock.unlock()
            try outcome.get()
            return
        }
        let issues = caught
        caught.removeAll(keepingCapacity: true)
        var message: String?
        if let first = issues.first {
            let text = issues.map(Self.describe).joined(separator: "\n")
            message = text
            if let location = first.sourceLocation, locations[text] == nil { locations[text] = location }
        }
        lock.unlock()
        if let message { throw PropertyFailure(message) }
        try outcome.get()
    }

    /// `Expectation failed: (x → 5) < 3 — comment (Example.swift:12:9)`.
    static func describe(_ issue: Issue) -> String {
        var text = String(describing: issue.kind)
        let comments = issue.comments.map(\.rawValue).filter { !$0.isEmpty }
        if !comments.isEmpty { text += " — " + comments.joined(separator: "; ") }
        if let location = issue.sourceLocation { text += " (\(location.fileName):\(location.line):\(location.column))" }
        return text
    }
}
