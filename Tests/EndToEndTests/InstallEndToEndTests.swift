import Foundation
import TestSupport
import XCTest

/// `scripts/install.sh` into a fresh HOME: the binary answers `--version` with the version and a commit, `man` finds
/// the page through PATH, bash completes the subcommands, and `--uninstall` leaves no file behind. It installs this
/// test run's own `stackterm` (`--binary`): building the release binary here would wait forever on the `.build` lock
/// `swift test` holds, and a release build left from before would test old code.
final class InstallEndToEndTests: XCTestCase {
    private struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs `arguments` (the first one an absolute path) with exactly `environment`, in `folder`; captures both streams.
    private func run(_ arguments: [String], environment: [String: String], in folder: URL) throws -> Outcome {
        let output = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errors = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output); try? FileManager.default.removeItem(at: errors) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: try String(contentsOf: output, encoding: .utf8),
                       errors: try String(contentsOf: errors, encoding: .utf8))
    }

    /// Every file and folder below `folder`, as paths relative to it, sorted.
    private func listing(_ folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        return (walker?.allObjects as? [String] ?? []).sorted()
    }

    func testInstallIntoACleanHomeWorksAndUninstallLeavesNoFile() throws {
        for tool in ["/bin/bash", "/usr/bin/man"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("SKIPPED: needs \(tool) (bash .ci/setup installs man-db)")
        }
        let work = try temporaryFolder("stackterm-install")
        let home = work.appendingPathComponent("home")
        let prefix = home.appendingPathComponent(".local")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
        let script = SharedData.packageRoot.appendingPathComponent("scripts/install.sh").path
        let environment = ["HOME": home.path, "PATH": "\(prefix.path)/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]

        let installed = try run(["/bin/bash", script, "--prefix", prefix.path,
                                 "--binary", BuildProducts.executable("stackterm").path], environment: environment, in: work)
        XCTAssertEqual(installed.status, 0, installed.output + installed.errors)
        let files = ["bin/stackterm", "share/bash-completion/completions/stackterm", "share/fish/vendor_completions.d/stackterm.fish",
                     "share/man/man1/stackterm.1", "share/stackterm/sample/ATTRIBUTION.md",
                     "share/stackterm/sample/cardano.stackexchange.com.7z", "share/zsh/site-functions/_stackterm"]
        XCTAssertEqual(listing(prefix).filter { files.contains($0) }, files, "installed: \(listing(prefix))")
        for file in files {
            XCTAssertTrue(installed.output.contains("installed \(prefix.path)/\(file)\n"), installed.output)
        }

        let version = try run([prefix.path + "/bin/stackterm", "--version"], environment: environment, in: work)
        XCTAssertEqual(version.status, 0, version.errors)
        XCTAssertNotNil(version.output.range(of: #"^stackterm [0-9]+\.[0-9]+\.[0-9]+ \((commit [0-9a-f]{12}|unknown commit)\)\n$"#,
                                             options: .regularExpression), "--version said: \(version.output)")

        // man-db finds PREFIX/share/man through PREFIX/bin on PATH: no MANPATH needed.
        let manPath = try run(["/usr/bin/man", "-w", "stackterm"], environment: environment, in: work)
        XCTAssertEqual(manPath.output, prefix.path + "/share/man/man1/stackterm.1\n", manPath.errors)
        let page = try run(["/usr/bin/man", "-P", "cat", "stackterm"], environment: environment.merging(["MANWIDTH": "80"]) { $1 }, in: work)
        XCTAssertEqual(page.status, 0, page.errors)
        XCTAssertTrue(page.output.contains("browse Stack Exchange questions and answers in the terminal"), page.output)

        // bash: the completion file registers a function, and that function offers the subcommands after `stackterm `.
        let completion = prefix.path + "/share/bash-completion/completions/stackterm"
        let words = try run(["/bin/bash", "--norc", "--noprofile", "-c", """
            source "$1" || exit 3
            complete -p stackterm || exit 4
            function=$(complete -p stackterm | sed -n 's/.*-F \\([^ ]*\\) .*/\\1/p')
            COMP_WORDS=(stackterm ""); COMP_CWORD=1; COMP_LINE="stackterm "; COMP_POINT=${#COMP_LINE}
            "$function" stackterm "" stackterm
            printf 'offered: %s\\n' "${COMPREPLY[@]}"
            """, "complete", completion], environment: environment, in: work)
        XCTAssertEqual(words.status, 0, words.output + words.errors)
        XCTAssertNotNil(words.output.range(of: #"^complete (-o [a-z]+ )*-F _stackterm stackterm\n"#, options: .regularExpression),
                        "complete -p stackterm said: \(words.output)")
        for subcommand in ["print", "import", "store"] {
            XCTAssertTrue(words.output.contains("offered: \(subcommand)\n"), "bash did not offer \(subcommand):\n\(words.output)\(words.errors)")
        }
        for (file, subcommand) in [("share/zsh/site-functions/_stackterm", "import"), ("share/fish/vendor_completions.d/stackterm.fish", "import")] {
            let text = try String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(text.contains(subcommand), "\(file) names no \(subcommand)")
        }

        let removed = try run(["/bin/bash", script, "--uninstall", "--prefix", prefix.path], environment: environment, in: work)
        XCTAssertEqual(removed.status, 0, removed.output + removed.errors)
        // No file is left; of the folders only those every prefix has (the uninstall never removes /usr/local/bin).
        XCTAssertEqual(listing(prefix), ["bin", "share", "share/man"], "left behind under \(prefix.path)")
        XCTAssertEqual(listing(home), [".local"] + listing(prefix).map { ".local/" + $0 }, "the install or a run wrote outside the prefix")
        for file in files {
            XCTAssertTrue(removed.output.contains("removed \(prefix.path)/\(file)\n"), removed.output)
        }
    }

    /// Issue 32 item 5: the uninstall removes only files the install wrote and left unchanged (its manifest says which);
    /// a prefix it never installed into keeps the user's own `bin/stackterm`; an empty `--prefix` is refused.
    func testUninstallRemovesOnlyWhatItInstalledAndLeftUnchanged() throws {
        let work = try temporaryFolder("stackterm-uninstall")
        let home = work.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
        let script = SharedData.packageRoot.appendingPathComponent("scripts/install.sh").path
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]

        let own = work.appendingPathComponent("own prefix")
        try FileManager.default.createDirectory(at: own.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try "#!/bin/sh\necho mine\n".write(to: own.appendingPathComponent("bin/stackterm"), atomically: true, encoding: .utf8)
        let refused = try run(["/bin/bash", script, "--uninstall", "--prefix", own.path], environment: environment, in: work)
        XCTAssertEqual(refused.status, 1, refused.output + refused.errors)
        XCTAssertTrue(refused.errors.contains("nothing removed"), refused.errors)
        XCTAssertEqual(listing(own), ["bin", "bin/stackterm"], "the user's own file was removed")

        let prefix = work.appendingPathComponent("prefix with space")
        let installed = try run(["/bin/bash", script, "--prefix", prefix.path, "--binary", BuildProducts.executable("stackterm").path],
                                environment: environment, in: work)
        XCTAssertEqual(installed.status, 0, installed.output + installed.errors)
        XCTAssertTrue(installed.output.contains("PATH=\(work.path)/prefix\\ with\\ space/bin:"), "hint unquoted: \(installed.output)")
        let page = prefix.appendingPathComponent("share/man/man1/stackterm.1")
        try (try String(contentsOf: page, encoding: .utf8) + ".\\\" the user's note\n").write(to: page, atomically: true, encoding: .utf8)
        let removed = try run(["/bin/bash", script, "--uninstall", "--prefix", prefix.path], environment: environment, in: work)
        XCTAssertEqual(removed.status, 0, removed.output + removed.errors)
        XCTAssertTrue(removed.output.contains("kept \(page.path) (changed since the install)"), removed.output)
        XCTAssertEqual(listing(prefix), ["bin", "share", "share/man", "share/man/man1", "share/man/man1/stackterm.1"])

        let empty = try run(["/bin/bash", script, "--prefix", "", "--binary", "/bin/true"], environment: environment, in: work)
        XCTAssertEqual(empty.status, 2, empty.output + empty.errors)
        XCTAssertTrue(empty.errors.contains("--prefix is empty"), empty.errors)
    }
}
