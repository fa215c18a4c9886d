import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The open-file limit a run needs (`RLIMIT_NOFILE`, `ulimit -n`), checked before anything
/// starts: under `ulimit -n 10` a run's pipes to its `exec:` programs failed ("cannot create
/// a pipe", reported as the program's failure) and about one run in three died with SIGILL in
/// libdispatch. A soft limit below the need is raised first; only a hard limit below it stops
/// a run.
enum DescriptorLimit {
    /// Descriptors a run needs besides its programs' pipes: the three standard streams, the
    /// reaper's pipe, a spawn's four pipe ends, a regressions file and its directory lock,
    /// an output and its temporary file, libdispatch's own; measured: a two-program run
    /// needs 14, so 32 leaves room.
    static let base = 32

    /// What a run needs: ``base`` and two descriptors (a program's input and output) for
    /// each `exec:` worker process, one per core.
    static var needed: Int { base + 2 * ProcessInfo.processInfo.activeProcessorCount }

    /// Why a run cannot start with a soft limit of `soft` descriptors (and a hard limit of
    /// `hard`, when known), or nil.
    static func problem(soft: rlim_t, hard: rlim_t? = nil, needed: Int = needed) -> String? {
        guard soft < rlim_t(needed) else { return nil }  // RLIM_INFINITY is the largest value
        let hardText = hard.map { $0 >= rlim_t(Int64.max) ? "" : ", at most \($0) (ulimit -Hn)" } ?? ""
        return """
            the limit on open files is \(soft) (ulimit -n)\(hardText), and a run needs at least \(needed): its exec: \
            programs' pipes and its output files would fail to open. Raise it (ulimit -n \(Swift.max(needed, 1024))) \
            and run again; nothing was checked
            """
    }

    /// ``problem(soft:hard:needed:)`` for this process's limit, once the soft limit is raised
    /// as far as the process may raise it: to the hard limit (or, when that is unlimited or
    /// refused, to what a run needs), so that only a hard limit below the need stops a run.
    static func problem() -> String? {
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0 else { return nil }
        if limit.rlim_cur < rlim_t(needed) {
            for target in [limit.rlim_max, rlim_t(needed)] where target > limit.rlim_cur && target <= limit.rlim_max {
                var raised = limit
                raised.rlim_cur = target
                if setrlimit(RLIMIT_NOFILE_VALUE, &raised) == 0 {
                    limit.rlim_cur = target
                    break
                }
            }
        }
        return problem(soft: limit.rlim_cur, hard: limit.rlim_max)
    }

    #if canImport(Glibc)
        static let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        static let RLIMIT_NOFILE_VALUE = RLIMIT_NOFILE
    #endif
}
