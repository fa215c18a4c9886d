import MercatorCore
import PropertyCheck

/// An implementation as a catalogue run sees it: everything the runner, the gate and the
/// reports need to know about it, decided once by whoever chose it — `zoomcheck check` from
/// its `--impl` words, a test from the value it builds — and never derived again from its
/// name or its type.
public struct CatalogueSubject: Sendable {
    /// What answers the properties' requests.
    public var implementation: any ZoomImplementation
    /// The name reports use (the implementation's, read once).
    public var name: String
    /// What fails a run: ``GateScope/defects`` unless the chooser says otherwise.
    public var gate: GateScope
    /// The conventions the implementation declared (an `exec:` program's `describe`), which a
    /// ``GateScope/declared`` gate holds it to.
    public var declaredConventions: Set<DeclaredConvention>
    /// The verdict expected of each property (``CatalogueExpectations/holdsEverything`` for
    /// anything but a shipped seed port).
    public var expectations: CatalogueExpectations
    /// Whether a pinned minimal counterexample must match exactly (under the default seed).
    /// False for a seed port calling the platform's `sinf`/`logf`, whose last bits, and so
    /// whose minimal counterexample, may differ from the portable pair the pins record.
    public var comparesPins = true
    /// Whether a run proven under-covered (a required stratum drawn too rarely) fails this
    /// subject: true for ZoomCheck's own cores, for which each stratum's designed share was
    /// derived; false for any other implementation, whose conventions and declared domain
    /// shape what the generators draw and what is discarded, so that a shortfall is the
    /// catalogue's to mend and is reported, never held against the implementation.
    public var gatesCoverage = false
    /// Where this implementation's counterexamples are replayed from and saved to.
    public var regressions: Regressions = .runnerDefault
    /// Generated cases checked at once (`RunConfiguration.caseWindow`): more than 1 for a
    /// program that answers many requests in flight.
    public var caseWindow = 1
    /// A fresh batch of the implementation's requests for one run, when it answers many
    /// requests in flight (`PipelinedRequests`), read once here: the runner checks a window's
    /// cases through it.
    public var requestBatch: (@Sendable () -> (any RequestBatch)?)?
    /// The command that runs the implementation, for a program behind the protocol (`exec:`);
    /// nil for one in this process. Set by whoever chose it (`zoomcheck check`), for reports.
    public var command: String?
    /// What the implementation says of itself beyond its capabilities (an `exec:` program's
    /// `describe` notes, then how it departed from the protocol so far), for reports' headers:
    /// read when a report is written, after the run.
    public var notesSource: (@Sendable () -> [String])?
    /// What ``notesSource`` says now; empty without one.
    public var notes: [String] { notesSource?() ?? [] }
    /// The implementation's behaviour card as `zoomcheck probe` prints it, for the findings
    /// page (an `exec:` program that answers `describe`); nil without one.
    package var behaviourCard: (@Sendable () -> String?)?
    /// A new instance that has answered nothing yet, for telling a failure that depends on
    /// earlier requests from one that replays (nil: cannot be started afresh).
    public var freshInstance: (@Sendable () -> any ZoomImplementation)?
    /// The line that replays a run of a property, given the property's name, the run's seed,
    /// its case count (before the property's divisor) and, for a later distinct failure of the
    /// run, the minimal choices of its case (nil: the whole run): set by whoever can select
    /// this implementation again (`zoomcheck check` writes a `zoomcheck replay` line, with
    /// `--choices` for one case). Nil: the line runs `swift test` with the seed and the case
    /// count.
    public var replayLine:
        (@Sendable (_ property: String, _ seed: Seed, _ caseCount: Int, _ choices: ChoiceSequence?) -> String)?

    /// Where a subject's counterexamples go.
    public enum Regressions: Sendable, Hashable {
        /// The runner's ``CatalogueRunner/regressionDirectory``.
        case runnerDefault
        /// This directory (an external program's per-user cache: never the checkout).
        case directory(String)
        /// Nowhere: nothing is replayed or saved.
        case nowhere
    }

    /// `implementation`, expected to hold every property, under `gate`. What it declares
    /// through the capability protocols is read here, once: `DeclaresConventions` (its
    /// conventions), `PipelinedRequests` (its window) and `FreshlyStartable`.
    public init(
        _ implementation: any ZoomImplementation, gate: GateScope = .defects,
        expectations: CatalogueExpectations = .holdsEverything
    ) {
        self.implementation = implementation
        name = implementation.name
        self.gate = gate
        self.expectations = expectations
        declaredConventions = (implementation as? any DeclaresConventions)?.declaredConventions ?? []
        if let pipelined = implementation as? any PipelinedRequests & ZoomImplementation {
            caseWindow = pipelined.window
            requestBatch = { pipelined.requestBatch() }
        }
        if let startable = implementation as? any FreshlyStartable { freshInstance = { startable.freshInstance() } }
    }
}

extension CatalogueSubject {
    /// The corrected core, held to every property of every class.
    public static var corrected: CatalogueSubject {
        var subject = CatalogueSubject(BuiltInImplementations.corrected, gate: .all)
        subject.gatesCoverage = true
        return subject
    }

    /// The faithful port of the post's code, expected to fail its documented findings.
    public static var seed: CatalogueSubject { seedPort(.original) }

    /// The seed port `variant`, expected to fail its recorded findings, gated on every class;
    /// with `libm: .platform` it calls the platform's `sinf`/`logf` and its pins are not
    /// compared (the properties still judge it).
    public static func seedPort(_ variant: SeedPort.Variant, libm: FloatLibm = .portable) -> CatalogueSubject {
        var port = SeedPort(variant: variant)
        port.libm = libm
        var subject = CatalogueSubject(port, gate: .all, expectations: .recorded(for: variant))
        subject.comparesPins = libm == .portable
        subject.gatesCoverage = true
        return subject
    }

    /// Every shipped implementation, as `--impl all` selects them: the corrected core, then
    /// each seed variant.
    public static func shipped(libm: FloatLibm = .portable) -> [CatalogueSubject] {
        [.corrected] + SeedPort.Variant.allCases.map { seedPort($0, libm: libm) }
    }
}
