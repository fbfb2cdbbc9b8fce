@testable import AppCore
@testable import Rendering
import Foundation
import XCTest

/// Issue 32 case 9: the first screen cut its reason and the dumps' address at 60 columns; it wraps them now, and a
/// wrapped choice is highlighted on all its rows.
final class WaysForwardWrapTests: XCTestCase {
    private func screen(columns: Int) -> [String] {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: columns, rows: 24))
        let reason = "Offline: cannot reach api.stackexchange.com (the network is unreachable; check the connection or a proxy)"
        state.stack.append(.waysForward(WaysForwardState(site: "cardano", reason: reason)))
        return AppScreen.render(state, threadLayout: nil, now: Date(timeIntervalSince1970: 0)).buffer.lines
    }

    /// The words of `lines`, spaces collapsed.
    private func words(_ lines: [String]) -> String {
        lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    func testTheReasonAndTheDumpsAddressAreWholeAt60Columns() {
        let lines = screen(columns: 60)
        let said = words(lines)
        XCTAssertTrue(said.contains("(the network is unreachable; check the connection or a proxy)."), lines.joined(separator: "\n"))
        XCTAssertTrue(said.contains("https://archive.org/details/stackexchange)"), lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.contains("…") }, "nothing cut:\n" + lines.joined(separator: "\n"))
    }

    func testAWrappedChoiceIsHighlightedOnAllItsRowsAndGoesOnUnderItsIndent() {
        let ways = WaysForwardState(site: "cardano", reason: "Offline")
        let (lines, rows) = WaysForwardScreen.lines(ways, keymap: .standard, width: 40)
        let sample = try? XCTUnwrap(rows.first { lines[$0.lowerBound].contains("sample") })
        XCTAssertGreaterThan(sample?.count ?? 0, 1, "the sample's label wraps at 40 columns:\n" + lines.joined(separator: "\n"))
        for row in sample ?? 0..<0 where row > sample!.lowerBound { XCTAssertTrue(lines[row].hasPrefix("    "), lines[row]) }
        XCTAssertTrue(lines.allSatisfy { $0.count <= 40 }, lines.joined(separator: "\n"))
    }
}
