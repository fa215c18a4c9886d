import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `/bin/sh -c COMMAND` child in a process group of its own, with pipes on its standard
/// input and output (its standard error is zoomcheck's).
///
/// The group is what makes stopping complete: a wrapper script's interpreter, a forked
/// helper and a grandchild `sleep` all inherit it, so one `kill(-group, …)` reaches every
/// process the program started (unless one deliberately leaves the group with `setsid`).
/// Groups are registered in `ChildProcessGroups`, which kills them when zoomcheck exits,
/// even through a signal (see `ExitCleanup`), and through SIGKILL by way of `GroupReaper`.
final class ChildProcess {
    /// The shell's pid, which is also the process group's id.
    let pid: pid_t
    /// Our end of the child's standard input (-1 once closed).
    private(set) var input: Int32
    /// Our end of the child's standard output (-1 once closed).
    private(set) var output: Int32
    /// The exit status once reaped: `exited N` or `killed by signal N`.
    private(set) var ending: String?

    /// Why a child could not be spawned.
    struct SpawnError: Error, CustomStringConvertible { let description: String }

    private static let spawnLock = NSLock()

    /// The group's slot in `ChildProcessGroups` (-1 once unregistered).
    private var slot: Int

    private init(pid: pid_t, slot: Int, input: Int32, output: Int32) {
        self.pid = pid
        self.slot = slot
        self.input = input
        self.output = output
    }

    /// Spawns `/bin/sh -c command` in a new process group, with SIGPIPE and SIGXFSZ at their
    /// defaults (zoomcheck ignores them, and an ignored signal is inherited) and no signal
    /// blocked.
    /// Signals zoomcheck catches are reset by `exec`; one that zoomcheck itself was started
    /// with ignored (`nohup`: SIGHUP) stays ignored in the program, as the user asked.
    static func spawn(shellCommand command: String) throws(SpawnError) -> ChildProcess {
        // Spawns are serialised, so that a pipe made here is close-on-exec before another
        // thread's child could inherit it (glibc hides pipe2 from Swift).
        spawnLock.lock()
        defer { spawnLock.unlock() }
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else {
            throw SpawnError(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        guard pipe(&fromChild) == 0 else {
            let reason = String(cString: strerror(errno))
            close(toChild[0])
            close(toChild[1])
            throw SpawnError(description: "cannot create a pipe: \(reason)")
        }
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(toChild[1], F_SETFL, fcntl(toChild[1], F_GETFL) | O_NONBLOCK)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGXFSZ)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)

        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        ChildProcessGroups.prepare()
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw SpawnError(description: "cannot run /bin/sh: \(String(cString: strerror(status)))")
        }
        let slot = ChildProcessGroups.register(pid)
        return ChildProcess(pid: pid, slot: slot, input: toChild[1], output: fromChild[0])
    }

    /// Writes what the pipe takes now (our end is non-blocking, so that a program that does
    /// not read cannot hold zoomcheck in `write(2)`): the count, or nil with `errno` set
    /// (`EAGAIN` when the pipe is full; `EPIPE` when the child closed its input, SIGPIPE
    /// being ignored).
    func writeSome(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard input >= 0 else {
            errno = EBADF
            return nil
        }
        while true {
            let count = Glibc.write(input, bytes.baseAddress, bytes.count)
            if count >= 0 { return count }
            if errno != EINTR { return nil }
        }
    }

    /// Reads what is available into `buffer`: the count, 0 at end of file, or nil with `errno`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while true {
            let count = Glibc.read(output, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { return nil }
        }
    }

    /// Closes our end of the child's input (it sees end of file).
    func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// Reaps the shell if it has exited; whether it has.
    @discardableResult func reap() -> Bool {
        if ending != nil { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 && errno == ECHILD }
        let signal = status & 0x7f
        ending = signal == 0 ? "exited with status \((status >> 8) & 0xff)" : "was killed by signal \(signal)"
        exitStatus = signal == 0 ? (status >> 8) & 0xff : nil
        return true
    }

    /// The shell's exit status, once it exited normally.
    private(set) var exitStatus: Int32?

    /// Whether any process of the group is still there.
    var groupIsAlive: Bool { kill(-pid, 0) == 0 }

    /// Waits up to `grace` for `condition`, polling every 5 ms.
    static func wait(upTo grace: Duration, until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + grace
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            usleep(5_000)
        }
        return true
    }

    /// Stops the program and everything it started: closes its input, gives the shell
    /// `grace` to exit, then SIGTERM to the whole group, `grace` again, then SIGKILL; the
    /// group is always emptied, so a forked grandchild does not outlive the shell. Returns
    /// how the shell ended, for messages.
    @discardableResult func stop(grace: Duration) -> String {
        closeInput()
        if output >= 0 {
            close(output)
            output = -1
        }
        var how = ""
        if !Self.wait(upTo: grace, until: { reap() }) {
            kill(-pid, SIGTERM)
            if !Self.wait(upTo: grace, until: { reap() }) {
                kill(-pid, SIGKILL)
                _ = Self.wait(upTo: grace, until: { reap() })
                how = " (did not exit: its process group was killed)"
            } else {
                how = " (did not exit: its process group was terminated)"
            }
        }
        // Whatever the shell left behind in its group (a forked helper, a `sleep &`).
        if groupIsAlive {
            kill(-pid, SIGTERM)
            if !Self.wait(upTo: grace, until: { !groupIsAlive }) { kill(-pid, SIGKILL) }
        }
        if slot >= 0 {
            ChildProcessGroups.unregister(slot)
            slot = -1
        }
        return (ending ?? "did not exit") + how
    }

    deinit {
        if ending == nil || groupIsAlive { stop(grace: .milliseconds(100)) }
        // A group that ended by itself is unlisted too, so that neither the exit handlers
        // nor the reaper ever signal its id once the system reuses it.
        if slot >= 0 {
            ChildProcessGroups.unregister(slot)
            slot = -1
        }
        closeInput()
        if output >= 0 { close(output) }
    }
}

/// A mutex without Foundation (`pthread_mutex_t`).
final class NSLockLike: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
