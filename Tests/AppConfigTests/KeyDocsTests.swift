import AppCore
import Foundation
import XCTest

/// The README's keys table and the man page's command list are checked against the keymap, so a new command
/// cannot go undocumented.
final class KeyDocsTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// How the README's keys table writes `key`: a character in backticks, the rest by their help-screen label.
    private func readmeName(_ key: Key) -> String {
        if case .character(let character) = key, character != " " { return "`\(character)`" }
        return key.label
    }

    func testTheReadmeKeysTableNamesEveryDefaultKey() throws {
        let readme = try text("README.md")
        let start = try XCTUnwrap(readme.range(of: "## Keys\n"))
        let end = try XCTUnwrap(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
        let keyCells = readme[start.upperBound..<end.lowerBound].split(separator: "\n")
            .filter { $0.hasPrefix("| ") }
            .map { $0.split(separator: "|").first.map(String.init) ?? "" }
        let named = Set(keyCells.flatMap { $0.split(separator: " ").map(String.init) })
        for (command, keys) in Keymap.standard.bindings {
            for key in keys { XCTAssertTrue(named.contains(readmeName(key)), "README's keys table lacks \(readmeName(key)) (\(command))") }
        }
    }

    func testTheManPageListsEveryCommand() throws {
        let page = try text("Resources/stackterm.1")
        let start = try XCTUnwrap(page.range(of: "Commands: "))
        let end = try XCTUnwrap(page.range(of: ".\n", range: start.upperBound..<page.endIndex))
        let listed = Set(page[start.upperBound..<end.lowerBound].split(whereSeparator: { ", \n".contains($0) }).map(String.init))
        XCTAssertEqual(listed, Set(Command.allCases.map(\.rawValue)))
    }
}
