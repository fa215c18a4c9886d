import PropertyCheck
import ZoomProperties

/// One `check` run, complete: what the run was (its ``Header``) and every outcome. Each output
/// renders this one value — the text report (``CheckReport``), `--json` (its serialisation,
/// ``CheckResultsJSON``), `--junit`, the GitHub annotations and the `--html` page — and none of
/// them works out again what the run decided: each outcome carries its subject.
struct CheckRun {
    /// What every outcome of the run shares.
    struct Header {
        /// The implementations, as the run selected them, in the order given.
        var subjects: [CatalogueSubject]
        var seed: Seed
        /// Cases per property, before a property's divisor.
        var caseCount: Int
        var shard = Shard.whole
        /// Lines about this run for the report's header: where its regressions are read and
        /// saved, its libm, how many runs `--fail-fast` left out.
        var notes: [String] = []
        /// Wall time of the runs (the text report and `--json` give it; the page does not).
        var elapsed = Duration.zero
    }

    let header: Header
    let outcomes: [CatalogueOutcome]
    /// Each outcome as the machine-readable outputs give it, taken from the outcome once.
    let results: [CheckResult]

    init(header: Header, outcomes: [CatalogueOutcome]) {
        self.header = header
        self.outcomes = outcomes
        results = outcomes.map(CheckResult.init)
    }

    /// Whether the run fails: an outcome fails its subject's gate.
    var fails: Bool { outcomes.contains(where: \.blocksItsGate) }

    /// Whether every implementation of the run is one of ZoomCheck's own cores (the subjects
    /// whose coverage it gates), so that a report may suggest checking one's own.
    var checksOnlyOwnCores: Bool { header.subjects.allSatisfy(\.gatesCoverage) }
}
