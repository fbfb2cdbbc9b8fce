// swift-tools-version:6.0
// libFuzzer harnesses for stackterm, kept out of the main build. Build them only through Fuzz/run.sh,
// which passes `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library` in release mode
// (libFuzzer supplies `main`; each harness exports `LLVMFuzzerTestOneInput`). See Fuzz/README.md.
import PackageDescription

let package = Package(
    name: "stackterm-fuzz",
    dependencies: [
        .package(name: "stackterm", path: ".."),
    ],
    targets: [
        // The harnesses' common entry: times each input and reports the slowest at exit (milliseconds; libFuzzer
        // only counts seconds).
        .target(name: "FuzzSupport"),
        .executableTarget(name: "fuzz-html", dependencies: [
            "FuzzSupport",
            .product(name: "TextEngine", package: "stackterm"),
            .product(name: "TeXMath", package: "stackterm"),
        ], path: "Sources/FuzzHTML"),
        .executableTarget(name: "fuzz-index-text", dependencies: [
            "FuzzSupport",
            .product(name: "StackStore", package: "stackterm"),
        ], path: "Sources/FuzzIndexText"),
        .executableTarget(name: "fuzz-json", dependencies: [
            "FuzzSupport",
            .product(name: "StackAPI", package: "stackterm"),
        ], path: "Sources/FuzzJSON"),
        .executableTarget(name: "fuzz-live", dependencies: [
            "FuzzSupport",
            .product(name: "StackAPI", package: "stackterm"),
        ], path: "Sources/FuzzLive"),
        .executableTarget(name: "fuzz-dump", dependencies: [
            "FuzzSupport",
            .product(name: "StackDump", package: "stackterm"),
        ], path: "Sources/FuzzDump"),
        .executableTarget(name: "fuzz-config", dependencies: [
            "FuzzSupport",
            .product(name: "AppConfig", package: "stackterm"),
            .product(name: "AppCore", package: "stackterm"),
        ], path: "Sources/FuzzConfig"),
        .executableTarget(name: "fuzz-line-editor", dependencies: [
            "FuzzSupport",
            .product(name: "AppCore", package: "stackterm"),
            .product(name: "Rendering", package: "stackterm"),
            .product(name: "TextEngine", package: "stackterm"),
        ], path: "Sources/FuzzLineEditor"),
        .executableTarget(name: "fuzz-tex", dependencies: [
            "FuzzSupport",
            .product(name: "TeXMath", package: "stackterm"),
        ], path: "Sources/FuzzTeX"),
        .executableTarget(name: "fuzz-login", dependencies: [
            "FuzzSupport",
            .product(name: "StackAuth", package: "stackterm"),
        ], path: "Sources/FuzzLogin"),
        // Not a fuzzer: times the renderer on html inputs in a plain release build (Fuzz/run.sh builds it
        // separately, without sanitizers, into .build-fuzz/plain).
        .executableTarget(name: "render-timing", dependencies: [
            .product(name: "TextEngine", package: "stackterm"),
        ], path: "Sources/RenderTiming"),
    ]
)
