import Foundation
import ZoomProtocol

/// The declarations of an `exec:` program checked against its answers, for `check`'s header:
/// the program is probed once, in a process of its own (``ExternalImplementation/freshInstance()``),
/// the first time the report asks, and each declared member its answers contradict becomes a
/// note under the program's name ("declares `level: "nearest"`, answers like `"fitting"`: …").
/// A mismatch is not a failure of the run: the properties judge the answers, whatever was
/// declared. A program that is stopped for good, or that fails during the probe, gets no
/// note here: the run's own report says what went wrong.
final class ProbeDeclarations: @unchecked Sendable {
    private let program: ExternalImplementation
    private let lock = NSLock()
    private var checked: [String]?

    init(_ program: ExternalImplementation) { self.program = program }

    /// The notes, probing the program the first time.
    var notes: [String] {
        lock.withLock {
            if let checked { return checked }
            let notes = Self.notes(probing: program)
            checked = notes
            return notes
        }
    }

    static func notes(probing program: ExternalImplementation) -> [String] {
        guard program.stopReason == nil, !program.describedMembers.isEmpty else { return [] }
        let card = ProbeCard(probing: program.freshInstance(), command: program.command)
        guard card.failures.isEmpty else { return [] }
        let mismatches = card.mismatches
        guard !mismatches.isEmpty else { return [] }
        return mismatches.map { member in
            "declares `\(member.name): \(member.declared ?? "")`, but answers like `\(member.value ?? "")`: "
                + member.reason + " (zoomcheck probe requests " + member.evidence.joined(separator: ", ")
                + "; a declaration, not a verdict: the properties judge the answers)"
        }
    }
}
