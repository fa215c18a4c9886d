/// An implementation that answers several requests at once — a program behind a pipe, with
/// requests in flight — and whose answers do not depend on earlier requests.
///
/// The catalogue checks its generated cases `window` at a time (PropertyCheck's
/// `RunConfiguration.caseWindow`): the same cases, judged in the same order, with the same
/// verdicts and counterexamples as one at a time. Its methods must be safe to call from
/// several threads at once.
public protocol PipelinedRequests {
    /// Requests worth having in flight at once (1: one at a time).
    var window: Int { get }
}
