import Foundation
import ZoomProtocol

/// The declarations of an `exec:` program checked against its answers, for `check`'s reports:
/// the program is probed once, in a process of its own (``ExternalImplementation/freshInstance()``),
/// the first time a report asks. Each declared member its answers contradict becomes a note
/// under the program's name ("declares `level: "nearest"`, answers like `"fitting"`: …"), and
/// the page shows the whole card. A mismatch is not a failure of the run: the properties judge
/// the answers, whatever was declared. A program that is stopped for good, or that fails during
/// the probe, gets neither: the run's own report says what went wrong.
final class ProbeDeclarations: @unchecked Sendable {
    private let program: ExternalImplementation
    private let lock = NSLock()
    private var probed = false
    private var card: ProbeCard?

    init(_ program: ExternalImplementation) { self.program = program }

    /// The card, probing the program the first time; nil when it cannot stand.
    private var probedCard: ProbeCard? {
        lock.withLock {
            if !probed {
                probed = true
                card = Self.card(probing: program)
            }
            return card
        }
    }

    /// One note per declared member the answers contradict.
    var notes: [String] {
        (probedCard?.mismatches ?? []).map { member in
            member.mismatch + " (zoomcheck probe requests " + member.evidence.joined(separator: ", ")
                + "; a declaration, not a verdict: the properties judge the answers)"
        }
    }

    /// The card as `zoomcheck probe` prints it.
    var text: String? { probedCard.map(ProbeCommand.text) }

    static func card(probing program: ExternalImplementation) -> ProbeCard? {
        guard program.stopReason == nil, !program.describedMembers.isEmpty else { return nil }
        let card = ProbeCard(probing: program.freshInstance(), command: program.command)
        return card.failures.isEmpty ? card : nil
    }
}
