import Foundation
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProtocol
#if canImport(Glibc)
    import Glibc
#endif

/// Processes found by a unique marker in their command line (`/proc/PID/cmdline`).
enum ProcessTable {
    /// Read with `opendir` and `read`: the tests poll this every 10 ms, and Foundation's file
    /// calls made each scan of a few hundred processes cost milliseconds of CPU.
    static func pids(matching marker: String) -> [Int32] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        let needle = Array(marker.utf8)
        var found: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name) else { continue }
            let descriptor = open("/proc/\(name)/cmdline", O_RDONLY)
            guard descriptor >= 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard count > 0 else { continue }
            let line = buffer[0..<count].map { $0 == 0 ? 32 : $0 }
            if line.count >= needle.count,
                (0...(line.count - needle.count)).contains(where: { start in
                    line[start..<(start + needle.count)].elementsEqual(needle)
                })
            {
                found.append(pid)
            }
        }
        return found
    }

    /// Waits (up to 10 s, a guard against hanging, not a timing assertion) until no process
    /// matches `marker`; the survivors, killed so that a failing test leaks nothing.
    static func survivors(_ marker: String) -> [Int32] {
        for _ in 0..<1_000 {
            if pids(matching: marker).isEmpty { return [] }
            usleep(10_000)
        }
        let left = pids(matching: marker)
        for pid in left { kill(pid, SIGKILL) }
        return left
    }

    /// A marker no other process has: a `sleep` duration with a unique fraction.
    static func uniqueSleep() -> String { "3600.\(UInt32.random(in: 100_000...999_999))\(getpid() % 1000)" }
}

/// Runs the built `zoomcheck` as a process, through `/bin/sh -c SCRIPT` with `$0` set to it.
enum BinaryRun {
    static func shell(_ script: String, environment: [String: String] = [:]) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, ExternalImplementationTests.binary]
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        process.environment = merged
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}

@Suite(
    "No leaked processes: an exec: program runs in its own process group", .tags(.cli), .serialized,
    .enabled(
        if: ExternalImplementationTests.binaryExists,
        "needs .build/debug/zoomcheck: run `swift build` first (CI/gate.sh does)")) struct ProcessGroupTests
{
    /// A program that answers describe, then forks a helper and a grandchild `sleep`, and hangs.
    static func forkingHanger(_ marker: String) throws -> String {
        let directory = RegressionsScratch.make()
        let script = directory + "/hang.sh"
        try """
        #!/bin/sh
        read request
        echo '{"error":{"code":"unsupported","message":"describe is not known here"}}'
        sh -c 'sleep \(marker); :' &
        ( sleep \(marker) ) &
        sleep \(marker)
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return script
    }

    @Test("On a timeout the program, its forked helpers and their grandchildren are all stopped")
    func timeoutStopsTheGroup() throws {
        let marker = ProcessTable.uniqueSleep()
        let script = try Self.forkingHanger(marker)
        let result = try BinaryRun.shell(
            #"""
            "$0" check --impl "exec:\#(script)" --property longitude-round-trip --cases 2 --exec-timeout 0.5 \#
            --regressions "\#(RegressionsScratch.make())"
            """#)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("gave no answer within"))
        #expect(ProcessTable.survivors(marker).isEmpty, "processes of the program outlived zoomcheck")
    }

    @Test("At exit, whatever the program left running in its group is stopped") func exitStopsTheGroup() throws {
        let marker = ProcessTable.uniqueSleep()
        // A working implementation (zoomcheck eval) that leaves a background sleep behind.
        let program = "exec:sh -c 'sleep \(marker) & exec \(ExternalImplementationTests.binary) eval'"
        let result = try BinaryRun.shell(
            #"""
            "$0" check --impl "\#(program)" --property longitude-round-trip --cases 20 --regressions \#
            "\#(RegressionsScratch.make())"
            """#)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(ProcessTable.survivors(marker).isEmpty, "a background process of the program outlived zoomcheck")
    }

    /// Starts zoomcheck on a forking hanger with `marker`, through `/bin/sh -c PREFIX exec
    /// zoomcheck …` (the prefix can ignore signals, as nohup does), and waits until the
    /// program's three processes run.
    static func startOnHanger(_ marker: String, shellPrefix: String = "") throws -> Process {
        let script = try Self.forkingHanger(marker)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            #"""
            \#(shellPrefix) exec "$0" check --impl "exec:\#(script)" --property longitude-round-trip --cases 2 \#
            --exec-timeout 600 --regressions "\#(RegressionsScratch.make())"
            """#, ExternalImplementationTests.binary,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // `while`, not `for … where`: a `where` clause skips the body but not the iteration, so
        // once the helpers were up the loop scanned /proc a thousand times without sleeping.
        var tries = 0
        while tries < 1_000, ProcessTable.pids(matching: marker).count < 3 {
            usleep(10_000)
            tries += 1
        }
        return process
    }

    /// Whether `process` ends within 10 s (a guard against hanging, not a timing assertion);
    /// killed if not.
    static func ends(_ process: Process) -> Bool {
        var tries = 0
        while tries < 1_000, process.isRunning {
            usleep(10_000)
            tries += 1
        }
        guard process.isRunning else { return true }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return false
    }

    @Test(
        """
        When zoomcheck itself is signalled, it ends by that signal and the program's group goes with it (SIGKILL \
        through the reaper)
        """, arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, SIGKILL])
    func signalledZoomcheckStopsTheGroup(signal: Int32) throws {
        let marker = ProcessTable.uniqueSleep()
        let process = try Self.startOnHanger(marker)
        #expect(ProcessTable.pids(matching: marker).count >= 3, "the program started its helpers")
        kill(process.processIdentifier, signal)
        #expect(Self.ends(process), "zoomcheck carried on after signal \(signal)")
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
            "zoomcheck ended by status \(process.terminationStatus), not by signal \(signal)")
        #expect(ProcessTable.survivors(marker).isEmpty, "the program's processes outlived a signalled zoomcheck")
    }

    @Test(
        "A signal zoomcheck was started with ignored (nohup: SIGHUP; trap '' INT) stays ignored once a program runs",
        arguments: [("HUP", SIGHUP), ("INT", SIGINT)]) func inheritedIgnoreIsKept(name: String, signal: Int32) throws
    {
        let marker = ProcessTable.uniqueSleep()
        let process = try Self.startOnHanger(marker, shellPrefix: "trap '' \(name);")
        kill(process.processIdentifier, signal)
        usleep(200_000)  // time for a wrongly installed handler to act; its absence is the point
        #expect(process.isRunning, "an ignored SIG\(name) ended zoomcheck")
        kill(process.processIdentifier, SIGTERM)
        #expect(Self.ends(process))
        #expect(ProcessTable.survivors(marker).isEmpty)
    }
}

@Suite("Tables read by signal handlers grow instead of filling up") struct SlotTableTests {
    @Test("More than 256 groups are all registered and all visited; removed slots are reused") func growth() {
        let table = SlotTable<pid_t>(empty: 0)
        let slots = (1...600).map { table.insert(pid_t($0), isEmpty: { $0 == 0 }) }
        var seen: [pid_t] = []
        table.forEach { if $0 != 0 { seen.append($0) } }
        #expect(seen.sorted() == Array(1...600))
        #expect(table.remove(at: slots[299]) == 300)
        #expect(table.insert(700, isEmpty: { $0 == 0 }) == slots[299])
    }
}

/// Fresh scratch directories for tests.
enum RegressionsScratch {
    static func make() -> String {
        let path = NSTemporaryDirectory() + "zoomcheck-reliability-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

@Suite("Nothing silent: lost output, programs that cannot start, regressions directories", .tags(.cli))
struct NothingSilentTests {
    /// A sink whose every write fails, as standard output on a full disk does.
    final class FullSink: ByteSink {
        func write(_ bytes: UnsafeRawBufferPointer) throws(IOFailure) {
            throw IOFailure(operation: "write standard output", reason: "No space left on device")
        }
    }

    @Test(
        "Every command exits 74 and says why when its output cannot be written",
        arguments: [
            ["help"], ["--version"], ["help", "check"], ["check", "--list"], ["check", "--list", "--markdown"],
            ["check", "--property", "fit-is-valid", "--cases", "5"],
            ["check", "--print-pins", "--property", "fit-is-valid", "--cases", "5"],
            ["replay", "--property", "fit-is-valid", "--impl", "seed", "--seed", "1", "--cases", "5"], ["report"],
            ["corpus", TestPackage.goldenCorpus], ["eval"],
        ]) func unwritableOutput(arguments: [String])
    {
        var arguments = arguments
        if ["check", "replay"].contains(arguments[0]), !arguments.contains("--list") {
            arguments += ["--regressions", RegressionsScratch.make()]
        }
        let errors = MemorySink()
        let status = ZoomCheckMain.run(
            ["zoomcheck"] + arguments,
            io: CommandIO(
                input: MemorySource(#"{"op":"project","lat":0,"lon":0}"# + "\n"), output: FullSink(), errors: errors))
        #expect(status == 74, "\(arguments)")
        #expect(errors.text.contains("No space left on device"), "\(arguments): \(errors.text)")
    }

    @Test(
        """
        The real binary exits 74 with standard output on /dev/full, closed, or a pipe whose reader left — never \
        0, never SIGPIPE
        """, .enabled(if: ExternalImplementationTests.binaryExists, "needs .build/debug/zoomcheck"),
        arguments: ["corpus", "report", "check --list", "help"]) func realStreams(command: String) throws
    {
        let full = try BinaryRun.shell(#""$0" \#(command) > /dev/full"#)
        #expect(full.status == 74, "\(command) >/dev/full: \(full.errors)")
        // `report` writes through the same output as the others, after 9 s of surveys in a
        // debug build: the closed stream and the left pipe are the nightly profile's for it.
        guard command != "report" || TestProfile.isNightly else { return }
        let closed = try BinaryRun.shell(#""$0" \#(command) >&-"#)
        #expect(closed.status == 74, "\(command) >&-: \(closed.errors)")
        // The reader has left before zoomcheck writes (it waits for `true` to exit): every
        // write is EPIPE. The writer's status is written to a file.
        let status = RegressionsScratch.make() + "/status"
        _ = try BinaryRun.shell(
            #"""
            { while kill -0 $$ 2>/dev/null && [ ! -e "\#(status).go" ]; do sleep 0.05; done; "$0" \#(command); \#
            echo $? > "\#(status)"; } | { exec 0<&-; touch "\#(status).go"; }
            """#)
        let piped = try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(piped == "74", "\(command) into a closed pipe exited \(piped) (141 is death by SIGPIPE)")
    }

    @Test(
        "An exec: program that cannot start is one clear error with exit 69, before anything runs or is saved",
        arguments: ["exec:./nonexistent-zoomcheck-adapter.py", "exec:/dev/null", "exec:true", "exec:exit 3"])
    func programThatCannotStart(implementation: String) throws {
        let directory = RegressionsScratch.make()
        let result = CheckCommandTests.run(["check", "--impl", implementation, "--regressions", directory])
        #expect(result.status == 69, "\(result.output)\(result.errors)")
        #expect(result.output.isEmpty, "nothing was checked")
        #expect(result.errors.contains("the exec: program cannot start"))
        #expect(result.errors.components(separatedBy: "cannot start").count == 2, "reported once")
        if implementation.contains("nonexistent") { #expect(result.errors.contains("status 127")) }
        if implementation.contains("/dev/null") { #expect(result.errors.contains("status 126")) }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "no regression file was written")
    }

    @Test(
        """
        The default regressions directory is the package's, found from the working directory or the binary; none \
        found is said
        """) func regressionsLocation() throws
    {
        let root = TestPackage.root
        let fromSources = try RegressionsLocation.resolve(
            explicit: nil, search: .init(workingDirectory: root + "/Sources/ZoomCheckCLI", binary: nil)
        ).get()
        #expect(fromSources.directory == root + "/Corpus/regressions")
        let elsewhere = RegressionsScratch.make()
        let fromBinary = try RegressionsLocation.resolve(
            explicit: nil, search: .init(workingDirectory: elsewhere, binary: root + "/.build/debug/zoomcheck")
        ).get()
        #expect(fromBinary.directory == root + "/Corpus/regressions")
        #expect(fromBinary.note.contains("the package of the zoomcheck binary"))
        let none = try RegressionsLocation.resolve(
            explicit: nil, search: .init(workingDirectory: elsewhere, binary: "/usr/bin/zoomcheck")
        ).get()
        #expect(none.directory == nil)
        #expect(none.note.hasPrefix("regressions: none found"))
    }

    @Test("A missing --regressions directory is reported; a file or an unreadable directory is refused")
    func explicitRegressions() throws {
        let missing = CheckCommandTests.run([
            "check", "--property", "fit-is-valid", "--cases", "5", "--regressions", "/nonexistent-zoomcheck-dir",
        ])
        #expect(missing.status == 0)
        #expect(
            missing.output.contains("regressions: /nonexistent-zoomcheck-dir (does not exist yet: nothing to replay"))
        let file = RegressionsScratch.make() + "/a-file"
        FileManager.default.createFile(atPath: file, contents: Data())
        let notDirectory = CheckCommandTests.run(["check", "--regressions", file])
        #expect(notDirectory.status == 64)
        #expect(notDirectory.errors.contains("is not a directory"))
        if getuid() != 0 {  // root reads anything
            let locked = RegressionsScratch.make()
            chmod(locked, 0)
            let unreadable = CheckCommandTests.run(["check", "--regressions", locked])
            #expect(unreadable.status == 64)
            #expect(unreadable.errors.contains("cannot be read"))
        }
    }
}

@Suite("Linear, bounded reading of an exec: program's answers", .tags(.cli)) struct AnswerReadingTests {
    /// A shell program that answers one request with a JSON object padded to `bytes`.
    static func padded(_ bytes: Int) -> String {
        #"read request; printf '{"x":1,"y":2,"pad":"'; head -c \#(bytes) /dev/zero | tr '\0' a; printf '"}\n'"#
    }

    @Test("A multi-megabyte answer is read whole, each byte scanned for the line feed once") func largeAnswer() throws {
        let worker = ExternalWorker(command: Self.padded(8_000_000), answerTimeout: .seconds(60))
        defer { worker.stop() }
        let response = try worker.roundTrip(Array("{\"op\":\"project\"}\n".utf8))
        #expect(response.number("x") == 1)
        #expect(worker.bytesRead > 8_000_000)
        // A rescan from the start after every 64 KiB chunk would examine ~500 MB here.
        #expect(worker.bytesScanned <= worker.bytesRead, "scanned \(worker.bytesScanned) bytes of \(worker.bytesRead)")
    }

    @Test("An answer longer than the cap is an error that names the cap, and the program is stopped")
    func cappedAnswer() throws {
        let worker = ExternalWorker(
            command: Self.padded(3_000_000), answerTimeout: .seconds(60), maximumAnswerLength: 1 << 20)
        do {
            _ = try worker.roundTrip(Array("{\"op\":\"project\"}\n".utf8))
            Issue.record("an over-long answer was accepted")
        } catch let failure as ExternalFailure {
            #expect(failure.reason.contains("longer than the limit of 1 MiB (1048576 bytes)"), "\(failure.reason)")
        }
        #expect(worker.processGroup == nil, "the program was stopped")
        #expect(worker.bytesRead < 3_000_000, "reading stopped at the cap")
    }

    @Test("The default cap is 16 MiB, and check reports a program that exceeds it by that limit") func defaultCap() {
        #expect(ExternalImplementation.defaultMaximumAnswerLength == 16 << 20)
        let result = CheckCommandTests.run([
            "check", "--impl", "exec:read r; echo '{}'; " + Self.padded(17 << 20), "--property", "longitude-round-trip",
            "--cases", "1",
        ])
        #expect(result.status == 1)
        #expect(result.output.contains("longer than the limit of 16 MiB"))
    }
}

@Suite("Answers misread no more", .tags(.cli)) struct MisreadAnswerTests {
    static let request = Array("{\"op\":\"project\"}\n".utf8)

    /// A program that answers one line of exactly `bytes` bytes (a JSON object) and a line feed.
    static func answer(ofLength bytes: Int) -> String {
        let padding = bytes - #"{"x":1,"y":2,"pad":""}"#.utf8.count
        return #"read request; printf '{"x":1,"y":2,"pad":"'; head -c \#(padding) /dev/zero | tr '\0' a; printf '"}\n'"#
    }

    @Test(
        "The answer cap is exact: a line of the limit's length is read, one byte more is refused, even within one read")
    func exactCap() throws {
        let fits = ExternalWorker(
            command: Self.answer(ofLength: 1_000), answerTimeout: .seconds(60), maximumAnswerLength: 1_000)
        defer { fits.stop() }
        #expect(try fits.roundTrip(Self.request).number("x") == 1)
        let over = ExternalWorker(
            command: Self.answer(ofLength: 1_001), answerTimeout: .seconds(60), maximumAnswerLength: 1_000)
        #expect(throws: ExternalFailure.self) { try over.roundTrip(Self.request) }
        #expect(over.bytesRead <= 1_001, "read \(over.bytesRead) bytes, past the limit")
    }

    @Test("A program that closes its output but keeps running is reported as such, not as a timeout, and is stopped")
    func closedOutputKeptRunning() throws {
        let worker = ExternalWorker(command: "read request; exec >&-; sleep 30", answerTimeout: .seconds(60))
        do {
            _ = try worker.roundTrip(Self.request)
            Issue.record("no answer was accepted")
        } catch let failure as ExternalFailure {
            #expect(failure.reason.contains("closed its output but kept running"), "\(failure.reason)")
            #expect(!failure.isTimeout)
        }
        #expect(worker.processGroup == nil, "the program was stopped (and is restarted on the next request)")
    }

    @Test("An answer with a duplicate member is refused, as a request with one is") func duplicateMember() {
        let worker = ExternalWorker(command: #"read request; echo '{"x":1,"y":2,"x":3}'"#, answerTimeout: .seconds(60))
        do {
            _ = try worker.roundTrip(Self.request)
            Issue.record("a duplicate member was read last-wins")
        } catch let failure as ExternalFailure {
            #expect(failure.reason.contains(#"duplicate member "x""#), "\(failure.reason)")
        } catch { Issue.record("\(error)") }
    }

    @Test("A program that does not read its input is timed out while zoomcheck writes, not only while it reads")
    func nonReadingProgram() {
        // 1 MB is far more than a pipe holds (64 KiB on Linux), so the write cannot finish.
        let request =
            Array("{\"op\":\"fit\",\"pad\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            + Array("\"}\n".utf8)
        let worker = ExternalWorker(command: "sleep 30", answerTimeout: .milliseconds(300))
        do {
            _ = try worker.roundTrip(request)
            Issue.record("a program that reads nothing answered")
        } catch let failure as ExternalFailure {
            #expect(failure.isTimeout)
            #expect(failure.reason.contains("did not read its request"), "\(failure.reason)")
        } catch { Issue.record("\(error)") }
        #expect(worker.processGroup == nil, "the program was stopped")
    }
}

@Suite("Small things said right", .tags(.cli)) struct SmallThingsTests {
    @Test(
        "--exec-timeout below its 1 ms resolution is refused, not truncated to 0", arguments: ["0.0001", "0.0009", "0"])
    func execTimeoutResolution(value: String) {
        let result = CheckCommandTests.run(["check", "--impl", "exec:cat", "--exec-timeout", value])
        #expect(result.status == ExitStatus.usage)
        #expect(result.errors.contains("at least 0.001 (its resolution is 1 ms)"), "\(result.errors)")
    }

    @Test("Control bytes from a program (an ESC sequence, NUL) reach the text report as visible escapes, not raw")
    func controlBytesSanitised() {
        let result = CheckCommandTests.run([
            "check", "--impl", #"exec:read r; printf '\033[2J\000hello\n'"#, "--property", "longitude-round-trip",
            "--cases", "2",
        ])
        #expect(result.output.contains(#"\u{1B}[2J\u{0}hello"#), "\(result.output)")
        #expect(!result.output.unicodeScalars.contains { TerminalText.isControl($0) })
        #expect(TerminalText.sanitized("a\tb\nc\r\u{9B}") == "a\tb\nc\\u{D}\\u{9B}")
    }

    @Test("corpus with no path finds Corpus/golden from the working directory's package, else from the binary's")
    func corpusDefaultPath() {
        let root = TestPackage.root
        #expect(
            CorpusCommand.defaultPath(search: .init(workingDirectory: root + "/Sources", binary: nil)) == root
                + "/Corpus/golden")
        let elsewhere = RegressionsScratch.make()
        #expect(
            CorpusCommand.defaultPath(
                search: .init(workingDirectory: elsewhere, binary: root + "/.build/debug/zoomcheck")) == root
                + "/Corpus/golden")
        #expect(
            CorpusCommand.defaultPath(search: .init(workingDirectory: elsewhere, binary: "/usr/bin/zoomcheck"))
                == "Corpus/golden")
    }
}
