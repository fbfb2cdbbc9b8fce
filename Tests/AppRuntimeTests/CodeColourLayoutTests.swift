import AppCore
import AppRuntime
import Dispatch
import Foundation
import NIOConcurrencyHelpers
import Rendering
import StackAPI
import TestSupport
import TextEngine
import XCTest

/// Code blocks in the background layout: drawn plain at once, in colour when the highlighter is done, and a
/// colouring that arrives after the view moved on is dropped like a stale layout.
final class CodeColourLayoutTests: XCTestCase {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)
    private static let keyword = CellStyle(.bold, color: .codeKeyword)

    /// Answers `.notReady` when asked for cached colours; a full request waits until the test opens the gate.
    private final class GatedStyler: CodeStyler {
        private let gate = DispatchSemaphore(value: 0)
        private let fullRequests = NIOLockedValueBox(0)

        var requests: Int { fullRequests.withLockedValue { $0 } }

        func open() { gate.signal() }

        func styling(code: String, classes: String, tags: [String], cachedOnly: Bool) -> CodeStyling {
            if cachedOnly { return .notReady }
            fullRequests.withLockedValue { $0 += 1 }
            gate.wait()
            return .styled([StyledLine(code, style: CodeColourLayoutTests.keyword)])
        }
    }

    private static func thread(width: Int = 80) -> QuestionState {
        let question = Fixtures.question(id: 9, title: "Code", tags: ["python"], body: "<p>Try:</p><pre class=\"lang-python\">return 1</pre>")
        var thread = QuestionState(questionID: 9, summary: question)
        thread.thread = QuestionThread(question: question, answers: [])
        return thread
    }

    private static func codeRow(_ layout: ThreadDocument.Layout) -> StyledLine? {
        layout.lines.first { $0.text == "  return 1" }
    }

    func testTheBlockShowsPlainFirstThenInColour() throws {
        let now = Self.now
        try onMain {
            let styler = GatedStyler()
            let layouter = ThreadLayouter(queue: DispatchQueue(label: "test.layout"), grace: 0, codeStyler: styler)
            var redraws = 0
            layouter.onReady = { redraws += 1 }
            let thread = Self.thread()
            XCTAssertNil(layouter.layout(for: thread, width: 80, now: now), "nothing is waited for")
            XCTAssertTrue(spinMain { redraws == 1 })
            let plain = try XCTUnwrap(layouter.layout(for: thread, width: 80, now: now))
            XCTAssertEqual(Self.codeRow(plain)?.spans.last?.style, CellStyle(color: .code), "drawn plain while the highlighter works")
            XCTAssertTrue(plain.codeAwaitingStyle)
            XCTAssertEqual(plain.measure.codeBlocks.map(\.text), ["return 1"], "what Y copies travels in the measure")

            styler.open()
            XCTAssertTrue(spinMain { redraws == 2 }, "the coloured layout asks for a redraw")
            let coloured = try XCTUnwrap(layouter.layout(for: thread, width: 80, now: now))
            XCTAssertEqual(Self.codeRow(coloured)?.spans.last?.style, Self.keyword)
            XCTAssertEqual(coloured.lines.map(\.text), plain.lines.map(\.text), "only colours changed")
            XCTAssertEqual(coloured.anchors, plain.anchors)
            XCTAssertFalse(layouter.isLayingOut)
        }
    }

    func testAColouringForAViewThatMovedOnIsDropped() throws {
        let now = Self.now
        try onMain {
            let styler = GatedStyler()
            let queue = DispatchQueue(label: "test.layout")
            let layouter = ThreadLayouter(queue: queue, grace: 0, codeStyler: styler)
            var redraws = 0
            layouter.onReady = { redraws += 1 }
            let thread = Self.thread()
            XCTAssertNil(layouter.layout(for: thread, width: 80, now: now))
            XCTAssertTrue(spinMain { redraws == 1 && styler.requests == 1 }, "plain delivered, colouring under way")
            layouter.cancel() // the thread was closed
            styler.open()
            queue.sync {}
            RunLoop.main.run(until: Date().addingTimeInterval(0.05))
            XCTAssertEqual(redraws, 1, "the late colouring asks for nothing, so it is not kept (kept: a redraw)")

            // A new width while the colouring of the old one runs: the old result never replaces the new layout.
            XCTAssertNil(layouter.layout(for: thread, width: 80, now: now))
            XCTAssertTrue(spinMain { redraws == 2 && styler.requests == 2 })
            XCTAssertNil(layouter.layout(for: thread, width: 60, now: now))
            styler.open() // the width-80 colouring finishes (or stops, cancelled); then the width-60 job runs
            XCTAssertTrue(spinMain { redraws == 3 })
            let narrow = try XCTUnwrap(layouter.layout(for: thread, width: 60, now: now))
            XCTAssertEqual(Self.codeRow(narrow)?.spans.last?.style, CellStyle(color: .code), "the width-60 plain layout, not 80's colours")
            styler.open()
            XCTAssertTrue(spinMain { redraws == 4 })
            XCTAssertEqual(Self.codeRow(try XCTUnwrap(layouter.layout(for: thread, width: 60, now: now)))?.spans.last?.style, Self.keyword)
        }
    }
}
