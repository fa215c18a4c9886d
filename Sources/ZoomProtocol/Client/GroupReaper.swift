import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small `/bin/sh` process that outlives zoomcheck to kill the process groups of its
/// `exec:` programs when zoomcheck dies in a way no handler sees (SIGKILL, a crash).
///
/// zoomcheck holds the write end of a pipe on the reaper's standard input and writes
/// `+GROUP` when a group starts and `-GROUP` when it has been stopped. However zoomcheck
/// ends, the kernel closes that end; the reaper reads end of file and sends SIGKILL to every
/// group still listed, then exits. It ignores the terminal's signals (a Ctrl-C reaches the
/// whole foreground group, and the reaper must still be there to act), runs in a group of
/// its own, and has /dev/null for its output.
final class GroupReaper: @unchecked Sendable {
    static let shared = GroupReaper()

    /// The reaper's script: keep the list, kill what is listed at end of input.
    static let script = """
        trap '' INT TERM HUP QUIT USR1 USR2 ALRM PIPE
        groups=''
        while IFS= read -r line; do
            case $line in
                +*) groups="$groups ${line#+}" ;;
                -*) kept=''; for g in $groups; do [ "$g" = "${line#-}" ] || kept="$kept $g"; done; groups=$kept ;;
            esac
        done
        for g in $groups; do kill -KILL "-$g" 2>/dev/null; done
        """

    private let lock = NSLockLike()
    /// Our end of the reaper's input (-1: not started, or it could not start).
    private var input: Int32 = -1
    private var started = false

    /// Lists `group` (starting the reaper on first use; call with spawns serialised).
    func watch(_ group: pid_t) {
        lock.withLock {
            if !started {
                started = true
                input = Self.start()
            }
            send("+\(group)\n")
        }
    }

    /// Unlists `group` (it has been stopped).
    func forget(_ group: pid_t) { lock.withLock { send("-\(group)\n") } }

    private func send(_ line: String) {
        guard input >= 0 else { return }
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(input, $0.baseAddress, $0.count) }
    }

    /// The open file descriptors of this process (from /proc/self/fd; else 3 to 1023).
    private static func openDescriptors() -> [Int32] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
            return Array(3..<1_024)
        }
        return names.compactMap { Int32($0) }
    }

    /// Spawns the reaper; our end of its input, or -1 if it cannot start (then groups are
    /// still killed by the exit handlers, just not after SIGKILL).
    private static func start() -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else: an inherited pipe end (a caller's, not close-on-exec) would keep its
        // reader waiting for end of file as long as the reaper lives.
        // (Closing a descriptor that another thread closed meanwhile is not an error.)
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        let arguments = ["/bin/sh", "-c", script, "zoomcheck-reaper"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
        close(ends[0])
        guard status == 0 else {
            close(ends[1])
            return -1
        }
        return ends[1]
    }
}
