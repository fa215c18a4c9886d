import PropertyCheck
import Testing

@Suite("Replay command", .tags(.engine))
struct ReplayCommandTests {
    @Test("The default command sets the seed and filters by the escaped, quoted name")
    func defaultCommand() {
        #expect(ReplayCommand.swiftTest.command(propertyName: "x (it's 1.5)", seed: 255)
            == #"ZOOMCHECK_SEED=0x00000000000000ff swift test --disable-xctest --filter 'x \(it'\''s 1\.5\)'"#)
    }

    @Test("A template substitutes the seed and the name")
    func template() {
        let command = ReplayCommand.template("ZOOMCHECK_SEED={seed} zoomcheck check --property {quotedName} # {name}")
        #expect(command.command(propertyName: "zoom round trip", seed: 1)
            == "ZOOMCHECK_SEED=0x0000000000000001 zoomcheck check --property 'zoom round trip' # zoom round trip")
    }

    @Test("Seeds format as 16 hex digits and parse from hex or decimal")
    func seeds() {
        #expect(ReplayCommand.formatSeed(.max) == "0xffffffffffffffff")
        #expect(ReplayCommand.parseSeed("0xffffffffffffffff") == .max)
        #expect(ReplayCommand.parseSeed("42") == 42)
        #expect(ReplayCommand.parseSeed("0x") == nil)
        #expect(ReplayCommand.parseSeed("-1") == nil)
    }
}

@Suite("Replay command selecting a test", .tags(.engine))
struct ReplaySelectingTests {
    @Test("The test's identifier becomes an escaped filter, without its source location, and a run of 0 tests says so")
    func selecting() {
        let command = ReplayCommand.swiftTest(selecting: "ExampleTests.Suite/sums(of:)/File.swift:12:5")
            .command(propertyName: "another name", seed: 0x2A)
        #expect(command.hasPrefix("ZOOMCHECK_SEED=0x000000000000002a swift test --disable-xctest --filter 'ExampleTests\\.Suite/sums\\(of:\\)' 2>&1 | awk '"))
        #expect(command.contains("exit 69"))
        #expect(!command.contains("another name"))
    }
}
