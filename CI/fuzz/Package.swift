// swift-tools-version: 6.0
//
// libFuzzer harness for ZoomCheck's input parsers: a package of its own (so that a normal
// `swift build` of ZoomCheck never links a target without `main`), depending on the
// package two levels up by path. One target per parser, so that each gets its own corpus,
// dictionary and max_len, and every execution goes through one parser only. Run it with
// CI/fuzz/run.sh.

import PackageDescription

/// A libFuzzer target: `LLVMFuzzerTestOneInput` in Sources/NAME, no `main`; `products` of
/// ZoomCheck, `local` targets of this package.
func fuzzTarget(_ name: String, _ products: [String], local: [String] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: products.map { .product(name: $0, package: "ZoomCheck") } + local.map { .target(name: $0) },
        swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "ZoomCheckFuzz",
    dependencies: [.package(name: "ZoomCheck", path: "../..")],
    targets: [
        // zoomcheck eval: bytes as standard input (JSON lines).
        fuzzTarget("fuzz-eval", ["ZoomProtocol"]),
        // Golden corpus files (*.zc).
        fuzzTarget("fuzz-corpus", ["MercatorCore"], local: ["FuzzedGoldenCorpus"]),
        // ZoomCheck's GoldenCorpus target, not a product of it: built here from its sources
        // (Sources/GoldenCorpus links to ../../../Sources/GoldenCorpus) under a name of its
        // own, since target names are unique across a package graph. The parser is what is
        // fuzzed; the loader, which reads files through ZoomCheck's FileAccess, is left out.
        // MercatorCore's NumberText (package access, which another package cannot see) is
        // compiled in from its source too (Sources/Shared links to it).
        .target(
            name: "FuzzedGoldenCorpus",
            dependencies: [.product(name: "MercatorCore", package: "ZoomCheck")],
            path: "Sources", exclude: ["GoldenCorpus/CorpusLoader.swift"],
            sources: ["GoldenCorpus", "Shared/NumberText.swift"]),
        // An exec: program's answer line.
        fuzzTarget("fuzz-answer", ["ZoomProtocol"]),
        // Regression files (Corpus/regressions/*.regressions).
        fuzzTarget("fuzz-regressions", ["PropertyCheck"]),
    ]
)
