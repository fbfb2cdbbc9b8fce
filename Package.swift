// swift-tools-version:6.0
import PackageDescription

/// The one lock type of the package: a value behind a pthread mutex (`withLockedValue`). Chosen over the standard
/// library's `Synchronization.Mutex`, whose futex slow path ThreadSanitizer cannot see (it reports false races).
let lockedValueBox = Target.Dependency.product(name: "NIOConcurrencyHelpers", package: "swift-nio")

let package = Package(
    name: "stackterm",
    // Linux only (ncurses, libarchive, libxml2 and libsource-highlight from Debian): no Apple platform is declared.
    products: [
        .executable(name: "stackterm", targets: ["stackterm"]),
        .executable(name: "stackexchange-double", targets: ["stackexchange-double"]),
        .executable(name: "stackterm-bench", targets: ["stackterm-bench"]),
        // Library products only so that Fuzz/Package.swift (the libFuzzer harnesses) can depend on them by path.
        .library(name: "StackAPI", targets: ["StackAPI"]),
        .library(name: "StackDump", targets: ["StackDump"]),
        .library(name: "AppCore", targets: ["AppCore"]),
        .library(name: "TextEngine", targets: ["TextEngine"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "AppConfig", targets: ["AppConfig"]),
        .library(name: "StackStore", targets: ["StackStore"]),
        .library(name: "TeXMath", targets: ["TeXMath"]),
        .library(name: "StackAuth", targets: ["StackAuth"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // C shims: tiny modules, `static inline` wrappers only.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CArchive", path: "Sources/CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .target(name: "CSupport", path: "Sources/CSupport"),
        .target(name: "CTermGuard", path: "Sources/CTermGuard"),
        // GNU source-highlight (C++, Debian's libsource-highlight-dev) behind a C API that never throws.
        .target(name: "CSourceHighlight", path: "Sources/CSourceHighlight",
                linkerSettings: [.linkedLibrary("source-highlight"), .linkedLibrary("boost_regex")]),

        // posix_spawn without a shell, inherited signals or descriptors: the app's browsers and the tests' commands.
        .target(name: "Spawning"),

        // Wire and API: models, requests, errors, entity decoding. No queues, no screens.
        .target(name: "StackAPI"),
        // Streaming reader for Stack Exchange data dumps: XML through libxml2's SAX2 push parser, .7z archives
        // through libarchive.
        .target(name: "StackDump", dependencies: ["CLibXML2", "CArchive"]),
        // The local store: one SQLite file (GRDB) holding what was seen, read marks, imports, full-text search.
        .target(name: "StackStore", dependencies: [
            "StackAPI", "StackDump", lockedValueBox,
            .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // Retrieval: operations, queues, backoff gate, data managers.
        .target(name: "StackRetrieval", dependencies: [
            "StackAPI", "StackStore",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            lockedValueBox,
            .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            .product(name: "WSClient", package: "swift-websocket"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The local imitation of API v2.3.
        .target(name: "StackDouble", dependencies: [
            "StackAPI", "StackDump", "CZlib", "TeXMath", lockedValueBox,
            .product(name: "FlyingFox", package: "FlyingFox"),
        ]),
        .executableTarget(name: "stackexchange-double", dependencies: [
            "StackDouble",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // App core (pure) and rendering (pure).
        .target(name: "AppCore", dependencies: ["StackAPI", "TeXMath"]),
        // The text engine (pure, no AppCore): HTML → styled lines, wrapping, widths, terminal safety, the screen buffer.
        .target(name: "TextEngine", dependencies: ["StackAPI", "CSupport", "TeXMath"]),
        // TeX math (MathJax sites) for the terminal (pure, no other module): spans, parser, boxes, inline and 2D;
        // the process's cache of typeset formulas (a memo) behind the package's one lock type.
        .target(name: "TeXMath", dependencies: [lockedValueBox], exclude: ["COVERAGE.md"]),
        // Logging in (pure, no other module): the token as a secret, the OAuth dialog's address, the pasted landing
        // address → token, the one 0600 token file, the app registration help.
        .target(name: "StackAuth"),
        // The app's screens: AppState drawn into a ScreenBuffer.
        .target(name: "Rendering", dependencies: ["AppCore", "StackAPI", "TextEngine", "TeXMath"]),
        // Code blocks in colour: language choice, libsource-highlight tokens → styled lines, a cache.
        .target(name: "Highlighting", dependencies: ["TextEngine", "CSourceHighlight", lockedValueBox]),
        // The only module importing curses.
        .target(name: "TerminalUI", dependencies: ["TextEngine", "AppCore", "CNcursesw", "CSupport", "CTermGuard", lockedValueBox]),
        // Wires effects to data managers and the terminal.
        .target(name: "AppRuntime", dependencies: [
            "AppCore", "Rendering", "TextEngine", "TeXMath", "Highlighting", "StackRetrieval", "StackAPI", "StackAuth", "TerminalUI",
            "Spawning", lockedValueBox,
        ]),
        // The config file (TOML): settings, colours, key remapping; precedence of flags, environment and file.
        .target(name: "AppConfig", dependencies: [
            "AppCore", "StackAPI", "TextEngine",
            .product(name: "TOMLKit", package: "TOMLKit"),
        ]),
        // `stackterm print`: the first N questions as plain or JSON lines, no curses.
        .target(name: "PrintMode", dependencies: ["StackAPI", "StackRetrieval", "TextEngine", "TeXMath"]),
        // Stamps the git commit into `stackterm --version` (BuildCommit.swift, generated at build time).
        .plugin(name: "CommitStamp", capability: .buildTool()),
        .executableTarget(name: "stackterm", dependencies: [
            "AppRuntime", "AppCore", "AppConfig", "PrintMode", "Rendering", "TextEngine", "StackAPI", "StackRetrieval", "StackStore", "TeXMath",
            "TerminalUI", "StackAuth", lockedValueBox,
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], plugins: [.plugin(name: "CommitStamp")]),
        .executableTarget(name: "stackterm-bench", dependencies: [
            "StackAPI", "StackRetrieval", "StackDump", "StackStore", "AppCore", "AppRuntime", "Rendering", "TextEngine", "Highlighting",
            "TerminalUI", "TestSupport", "CSupport", "TeXMath", lockedValueBox,
        ]),

        // Helpers shared by tests and the benchmark: data paths, the double as a subprocess, tmux.
        .target(name: "TestSupport", dependencies: ["StackAPI", "StackDump", "Spawning", lockedValueBox]),
        // The reducer's test store (every effect asserted), shared by the reducer's and the screens' tests.
        .target(name: "ReducerTestSupport", dependencies: ["AppCore", "StackAPI", "TestSupport"], path: "Tests/ReducerTestSupport"),

        .testTarget(name: "StackAPITests", dependencies: ["StackAPI", "TestSupport"]),
        .testTarget(name: "StackStoreTests", dependencies: ["StackStore", "StackAPI", "StackDump", "TestSupport", lockedValueBox]),
        .testTarget(name: "StackDumpTests", dependencies: ["StackDump", "TestSupport"]),
        .testTarget(name: "StackRetrievalTests", dependencies: ["StackRetrieval", "StackStore", "StackAPI", "TestSupport", lockedValueBox]),
        .testTarget(name: "StackDoubleTests", dependencies: [
            "StackDouble", "StackAPI", "StackDump", "TestSupport", lockedValueBox, .product(name: "WSClient", package: "swift-websocket"),
        ]),
        .testTarget(name: "AppCoreTests", dependencies: ["AppCore", "StackAPI", "TeXMath", "TestSupport", "ReducerTestSupport"]),
        .testTarget(name: "TeXMathTests", dependencies: ["TeXMath", lockedValueBox]),
        .testTarget(name: "StackAuthTests", dependencies: ["StackAuth"]),
        .testTarget(name: "TextEngineTests", dependencies: ["TextEngine", "TeXMath", "StackAPI", "StackDump", "TestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "TextEngine", "TeXMath", "AppCore", "StackAPI", "StackDump", "TestSupport", "ReducerTestSupport"]),
        .testTarget(name: "HighlightingTests", dependencies: [
            "Highlighting", "TextEngine", "TerminalUI", "StackDump", "TestSupport", lockedValueBox,
        ]),
        .testTarget(name: "AppConfigTests", dependencies: [
            "AppConfig", "AppCore", "Rendering", "TextEngine", "StackAPI", "TerminalUI", "TestSupport", lockedValueBox,
        ]),
        .testTarget(name: "PrintModeTests", dependencies: ["PrintMode", "StackAPI", "StackRetrieval", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: [
            "TerminalUI", "AppCore", "TextEngine", "CNcursesw", "CTermGuard", "TestSupport",
        ]),
        .testTarget(name: "AppRuntimeTests", dependencies: [
            "AppRuntime", "AppCore", "Rendering", "TextEngine", "StackAPI", "Spawning", "TerminalUI", "TestSupport", lockedValueBox,
        ]),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        // Only the real binaries, driven in tmux (or as scripts run them) against the double.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "AppCore", "TextEngine", "StackDump"]),
    ]
)
