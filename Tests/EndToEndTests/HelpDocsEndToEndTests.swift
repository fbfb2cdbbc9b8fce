import AppCore
import Foundation
import TestSupport
import XCTest

/// `stackterm --help`, README and the man page against the program itself: `--help` lists every key of the keymap
/// in force (remapped ones too, however many), and README and the man page name every subcommand and every way
/// of starting that `--help`'s usage lists.
final class HelpDocsEndToEndTests: XCTestCase, StacktermRunning {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("stackterm-help")
    }

    /// The built `stackterm`'s standard output for `arguments` (80 columns, no config file but one given by `--config`).
    var runEnvironment: [String: String?] { ["XDG_CONFIG_HOME": folder.path, "COLUMNS": "80"] }

    /// What `stackterm arguments…` printed, which must end with status 0.
    private func helpText(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try stackterm(arguments)
        XCTAssertEqual(run.status, 0, "stackterm \(arguments.joined(separator: " ")): \(run.errors)", file: file, line: line)
        return run.output
    }

    /// Asserts that `help` lists, for each command of `keymap`, all its keys and then its help text (the two may be
    /// on separate lines, and a long help text wrapped), and that no line is wider than 80 columns.
    private func assertListsEveryKey(_ help: String, _ keymap: Keymap, file: StaticString = #filePath, line: UInt = #line) {
        let flowing = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for (command, keys) in keymap.bindings {
            let listed = keys.map(\.label).joined(separator: " ")
            XCTAssertTrue(flowing.contains(listed + " " + command.help),
                          "--help lacks \(command) with its keys “\(listed)”:\n\(help)", file: file, line: line)
        }
        for text in help.split(separator: "\n") where text.count > 80 {
            XCTFail("a --help line wider than 80 columns: \(text)", file: file, line: line)
        }
    }

    func testHelpListsEveryKeyAndWhatLeavesAPicker() throws {
        let help = try helpText(["--help"])
        assertListsEveryKey(help, .standard)
        XCTAssertTrue(help.contains("In the site and tag pickers typing filters (q h Q type too);"), help)
        XCTAssertTrue(help.contains("Left Esc go back there, Enter chooses."), help)
    }

    func testHelpListsEveryRemappedKeyHoweverMany() throws {
        let config = folder.appendingPathComponent("config.toml")
        try "[keys]\nmoveDown = [\"j\", \"Down\", \"C-n\", \"F6\", \"F7\", \"F8\", \"F9\", \"Tab\"]\nback = [\"Left\", \"C-g\"]\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let help = try helpText(["--config", config.path, "--help"])
        var bindings = Keymap.standard.bindings
        for index in bindings.indices {
            if bindings[index].command == .moveDown {
                bindings[index].keys = [.character("j"), .down, .control("n"), .function(6), .function(7), .function(8), .function(9), .tab]
            }
            if bindings[index].command == .back { bindings[index].keys = [.left, .control("g")] }
        }
        assertListsEveryKey(help, Keymap(bindings))
        XCTAssertTrue(help.contains("Left Ctrl-G Esc go back there"), help)
    }

    func testReadmeAndTheManPageNameEverySubcommandAndWayToStart() throws {
        let help = try helpText(["--help"])
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let page = try String(contentsOf: root.appendingPathComponent("Resources/stackterm.1"), encoding: .utf8)

        let subcommandsStart = try XCTUnwrap(help.range(of: "SUBCOMMANDS:\n"))
        let subcommands = help[subcommandsStart.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(Set(subcommands), ["print", "import", "store", "login", "logout", "whoami"], help)

        let usageStart = try XCTUnwrap(help.range(of: "USAGE: "))
        let usage = help[usageStart.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "[<options>] ", with: "") }
        XCTAssertEqual(usage.count, 9, "\(usage)")
        for form in usage {
            let word = form.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            switch word {
            case "[--search":
                XCTAssertTrue(readme.contains("`--search WORDS`"), "README names --search")
                XCTAssertTrue(page.contains(".BI search \" words\" \"\\fR, \\fP\\-\\-search\""), "the man page names --search")
            case "<question-or-answer-url>":
                XCTAssertTrue(readme.contains("`stackterm URL`"), "README names stackterm URL")
                XCTAssertTrue(page.contains(".SH ARGUMENTS\n.TP\n.I url\n"), "the man page describes the url argument")
            default:
                XCTAssertTrue(readme.contains("`stackterm \(word)"), "README names stackterm \(word)")
                XCTAssertTrue(page.contains(".B stackterm \(word)") || page.contains(".BI \(word) "), "the man page names stackterm \(word)")
            }
        }
        for name in subcommands {
            XCTAssertTrue(usage.contains { $0.hasPrefix("stackterm \(name)") }, "--help's usage shows \(name)")
        }
    }

    /// Issue 32 case 11: bash completion offers the browser's `--search`, site names after `--site` and every
    /// subcommand.
    func testBashCompletionNamesSearchSitesAndSubcommands() throws {
        let script = try helpText(["--generate-completion-script", "bash"])
        for word in ["--search", "--site", "stackoverflow", "quantumcomputing", "print", "import", "store", "login"] {
            XCTAssertTrue(script.contains(word), "the bash completion lacks \(word)")
        }
    }
}
