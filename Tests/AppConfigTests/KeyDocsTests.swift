import AppCore
import Foundation
import XCTest

/// The README's keys table and the man page's KEYS section are checked against the keymap: each row or entry names
/// its commands and lists exactly their default keys, so a new command, a new key or a key moved to another command
/// cannot go undocumented or be documented beside the wrong command.
final class KeyDocsTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// One documented group: the keys shown and the commands named beside them (none for a key outside the keymap).
    private struct Row {
        let keys: [String]
        let commands: [String]
        let source: String
    }

    /// The labels of `command`'s default keys, as the help screen names them.
    private func defaultLabels(_ command: Command) -> [String] {
        Keymap.standard.keys(for: command).map(\.label)
    }

    /// Every row pairs its commands with exactly their default keys; every command is named once.
    private func checkPairing(_ rows: [Row], in document: String, file: StaticString = #filePath, line: UInt = #line) {
        var named: [String] = []
        let boundLabels = Set(Command.allCases.flatMap(defaultLabels))
        for row in rows {
            named += row.commands
            guard !row.commands.isEmpty else {
                for key in row.keys {
                    XCTAssertFalse(boundLabels.contains(key), "\(document): \(key) is bound, but its row names no command: \(row.source)",
                                   file: file, line: line)
                }
                continue
            }
            let commands = row.commands.compactMap(Command.init(rawValue:))
            XCTAssertEqual(commands.count, row.commands.count, "\(document) names an unknown command: \(row.source)", file: file, line: line)
            XCTAssertEqual(Set(row.keys), Set(commands.flatMap(defaultLabels)),
                           "\(document): the keys beside \(row.commands) are not exactly their default keys: \(row.source)",
                           file: file, line: line)
            XCTAssertEqual(row.keys.count, Set(row.keys).count, "\(document) lists a key twice: \(row.source)", file: file, line: line)
        }
        XCTAssertEqual(named.sorted(), Command.allCases.map(\.rawValue).sorted(), "\(document) names every command exactly once",
                       file: file, line: line)
    }

    /// `| keys | command | what |` rows of the README's Keys section; keys as the help screen labels them
    /// (characters in backticks), commands in backticks, `—` for none.
    private func readmeRows() throws -> [Row] {
        let readme = try text("README.md")
        let start = try XCTUnwrap(readme.range(of: "## Keys\n"))
        let end = try XCTUnwrap(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
        let tableRows = readme[start.upperBound..<end.lowerBound].split(separator: "\n")
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| keys |") }
        XCTAssertGreaterThan(tableRows.count, 20, "the keys table is there")
        return tableRows.map { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let keys = cells.count > 1 ? cells[1].split(separator: " ").map(Self.readmeKey) : []
            let commands = cells.count > 2 ? cells[2].split(separator: " ").map { $0.trimmingCharacters(in: ["`"]) }.filter { $0 != "—" } : []
            return Row(keys: keys, commands: commands, source: String(row))
        }
    }

    /// A README key token as a help-screen label: `` `j` `` → `j`, `Ctrl-F` as it is.
    private static func readmeKey(_ token: Substring) -> String {
        token.count >= 3 && token.hasPrefix("`") && token.hasSuffix("`") ? String(token.dropFirst().dropLast()) : String(token)
    }

    func testTheReadmeKeysTablePairsEachCommandWithItsKeys() throws {
        checkPairing(try readmeRows(), in: "README's keys table")
    }

    /// The `.TP` entries of the man page's KEYS section: the tag line's keys, and the commands of a closing
    /// `.RI ( \%name ", " \%name )` line.
    private func manPageRows() throws -> [Row] {
        let page = try text("Resources/stackterm.1")
        let start = try XCTUnwrap(page.range(of: ".SH KEYS\n"))
        let end = try XCTUnwrap(page.range(of: "\n.SH ", range: start.upperBound..<page.endIndex))
        let entries = page[start.upperBound..<end.lowerBound].components(separatedBy: "\n.TP").dropFirst()
        XCTAssertGreaterThan(entries.count, 15, "the KEYS section has its entries")
        return entries.map { entry in
            // lines[0] is the rest of the `.TP` line (its indent), lines[1] the tag.
            let lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let tag = lines.count > 1 ? Self.plain(lines[1]) : ""
            let keys = tag.components(separatedBy: ", ")
            var commands: [String] = []
            if let last = lines.last(where: { !$0.isEmpty }), last.hasPrefix(".RI ( ") {
                commands = Self.plain(last).trimmingCharacters(in: ["(", ")"]).components(separatedBy: ", ")
            }
            return Row(keys: keys, commands: commands, source: lines.prefix(2).joined(separator: " ⏎ "))
        }
    }

    /// A troff line as it prints: the macro dropped, its arguments (quoted or not) joined, escapes resolved.
    static func plain(_ line: String) -> String {
        var rest = Substring(line)
        if rest.hasPrefix(".") { rest = rest.drop { $0 != " " }.dropFirst() }
        var arguments: [String] = []
        while let first = rest.first {
            if first == " " { rest = rest.dropFirst(); continue }
            if first == "\"" {
                let body = rest.dropFirst()
                let close = body.firstIndex(of: "\"") ?? body.endIndex
                arguments.append(String(body[..<close]))
                rest = close < body.endIndex ? body[body.index(after: close)...] : ""
            } else {
                let word = rest.prefix { $0 != " " }
                arguments.append(String(word))
                rest = rest.dropFirst(word.count)
            }
        }
        return arguments.joined().replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\%", with: "")
            .replacingOccurrences(of: "\\&", with: "")
    }

    func testTheManPageKeysSectionPairsEachCommandWithItsKeys() throws {
        XCTAssertEqual(Self.plain(".RB \"PgDn, PgUp, Space, \" b \", Ctrl\\-F\""), "PgDn, PgUp, Space, b, Ctrl-F")
        XCTAssertEqual(Self.plain(".RI ( \\%moveDown \", \" \\%moveUp )"), "(moveDown, moveUp)")
        checkPairing(try manPageRows(), in: "the man page's KEYS section")
    }

    func testTheManPageListsEveryCommandForTheConfigFile() throws {
        let page = try text("Resources/stackterm.1")
        let start = try XCTUnwrap(page.range(of: "Commands: "))
        let end = try XCTUnwrap(page.range(of: ".\n", range: start.upperBound..<page.endIndex))
        let listed = Set(page[start.upperBound..<end.lowerBound].split(whereSeparator: { ", \n".contains($0) }).map(String.init))
        XCTAssertEqual(listed, Set(Command.allCases.map(\.rawValue)))
    }
}
