import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a silent program cannot answer, seen from outside, even behind `/bin/sh -c`: there
/// the shell keeps both pipes open while it waits for the program, so a program that closes
/// its output or its input, or exits leaving a child that holds them, never shows as an end
/// of file. The process group and `/proc/PID/fd` say what happened instead.
extension ChildProcess {
    /// Nil while the program may still answer; else what happened, for the report.
    ///
    /// - Parameters:
    ///   - headEnd: Where the oldest unanswered request ends in the program's input.
    ///   - written: The bytes of input written so far.
    func silence(headEnd: Int, written: Int) -> String? {
        if reap() {
            // The shell ended, yet its output is open: a process it left running holds it.
            let holders = Self.groupMembers(pid).filter { holds(pipeOf: output, $0) }
            guard !holders.isEmpty else { return nil }  // the end of file is on its way
            return """
                ended before answering, and \(Self.processes(holders)) it left running still \
                \(holders.count == 1 ? "holds" : "hold") its output open, so no end of file came
                """
        }
        guard let shellPath = Self.shellPath, let leader = Self.executable(of: pid) else { return nil }
        let members = Self.groupMembers(pid)
        // While the shell waits for the program (it did not `exec` it), the program is what
        // runs in the group besides the shell; a shell with no child is the program itself.
        let program = leader == shellPath ? members.filter { $0 != pid } : members
        guard !program.isEmpty else { return nil }
        // A process found not holding a pipe counts only if it is still running after its
        // descriptors were read: one that exited meanwhile (they close as it exits) is a
        // loop's finished command, not a program that closed the pipe.
        if !program.contains(where: { holds(pipeOf: output, $0) }), program.allSatisfy(Self.isRunning) {
            return "closed its output but kept running (behind /bin/sh -c, which kept it open, so no end of file came)"
        }
        // A program that read its request and then closed its input may still answer it;
        // one whose request is still in the pipe, unread, cannot.
        var unread: Int32 = 0
        if input >= 0, ioctl(input, UInt(FIONREAD), &unread) == 0, headEnd > written - Int(unread),
            !program.contains(where: { holds(pipeOf: input, $0) }), program.allSatisfy(Self.isRunning)
        {
            return "closed its input before reading its request, but kept running"
        }
        return nil
    }

    /// `a process (pid 12)`, `2 processes (pids 12, 13)`.
    static func processes(_ pids: [pid_t]) -> String {
        (pids.count == 1 ? "a process (pid " : "\(pids.count) processes (pids ")
            + pids.map(String.init).joined(separator: ", ") + ")"
    }

    /// `/bin/sh` resolved (`/usr/bin/dash`), as `/proc/PID/exe` names it; nil without `/proc`.
    static let shellPath: String? =
        FileManager.default.fileExists(atPath: "/proc/self/exe")
        ? URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath().path : nil

    static func executable(of pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }

    /// The running processes of process group `group`, from `/proc/PID/stat`; a process that
    /// is exiting or has exited (a zombie not yet reaped by the shell) holds no descriptors
    /// and is left out (``isRunning(_:)``).
    static func groupMembers(_ group: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let fields = statFields(pid), fields.count > 2, pid_t(fields[2]) == group,
                isRunning(fields)
            else { return nil }
            return pid
        }.sorted()
    }

    /// The fields of `/proc/PID/stat` after the command's closing parenthesis (state,
    /// parent, group, session, terminal, its group, flags, …); nil when it is gone.
    static func statFields(_ pid: pid_t) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// Whether process `pid` is there and neither exiting nor exited.
    static func isRunning(_ pid: pid_t) -> Bool { statFields(pid).map(isRunning) ?? false }

    /// Whether stat `fields` describe a process that is neither a zombie (`Z`), dead (`X`,
    /// `x`) nor exiting (the kernel's `PF_EXITING` flag, set before its descriptors close).
    static func isRunning(_ fields: [Substring]) -> Bool {
        guard let state = fields.first, !["Z", "X", "x"].contains(state) else { return false }
        let exiting: UInt = 0x4
        guard fields.count > 6, let flags = UInt(fields[6]) else { return true }
        return flags & exiting == 0
    }

    /// Whether process `pid` has the pipe of our descriptor `descriptor` open (either end:
    /// both have one inode, and ours are close-on-exec, so the child's end is the other).
    func holds(pipeOf descriptor: Int32, _ pid: pid_t) -> Bool {
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else { return false }
        let name = "pipe:[\(status.st_ino)]"
        let directory = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return descriptors.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0)) == name
        }
    }
}
