import AppCore
import AppRuntime
import Dispatch
import Foundation
import StackAPI
import TestSupport
import TextEngine
import XCTest

/// The background layout: only the newest job's result reaches the screen; a superseded job is dropped.
final class ThreadLayouterTests: XCTestCase {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    private static func thread(_ body: String) -> QuestionState {
        let question = Fixtures.question(id: 7, title: "Deep", body: body)
        var thread = QuestionState(questionID: 7, summary: question)
        thread.thread = QuestionThread(question: question, answers: [])
        return thread
    }

    func testAResultThatArrivesAfterANewerRequestIsDropped() throws {
        let now = Self.now
        try onMain {
            let probe = LayoutProbe()
            let (queue, layouter) = (probe.queue, probe.layouter)
            let thread = Self.thread("<p>hello</p>")
            XCTAssertNil(layouter.layout(for: thread, width: 80, now: now))
            queue.sync {} // the width-80 job is done; its hop to the main queue waits behind this test
            XCTAssertNil(layouter.layout(for: thread, width: 60, now: now), "a new width starts a new job")
            XCTAssertTrue(spinMain { probe.redraws > 0 })
            RunLoop.main.run(until: Date().addingTimeInterval(0.05))
            XCTAssertEqual(probe.redraws, 1, "only the newest job asks for a redraw")
            let layout = try XCTUnwrap(layouter.layout(for: thread, width: 60, now: now))
            XCTAssertTrue(layout.lines.contains { $0.text == "hello" })
            XCTAssertFalse(layouter.isLayingOut)
            XCTAssertNil(layouter.layout(for: thread, width: 80, now: now), "the width-80 result was not kept")
            XCTAssertTrue(layouter.isLayingOut)
        }
    }

    func testASupersededJobStopsAndOnlyTheNewestIsDelivered() throws {
        let now = Self.now
        try onMain {
            let probe = LayoutProbe()
            let (queue, layouter) = (probe.queue, probe.layouter)
            // Deep enough for the depth notice; the first job is superseded before it starts, so no more is needed
            // (100,000 levels took over 30 s under ThreadSanitizer on a busy machine).
            let deep = Self.thread(String(repeating: "<blockquote><p>x</p>", count: 2_000))
            queue.suspend()
            XCTAssertNil(layouter.layout(for: deep, width: 80, now: now))
            XCTAssertNil(layouter.layout(for: deep, width: 70, now: now))
            queue.resume()
            XCTAssertTrue(spinMain { probe.redraws > 0 })
            let layout = try XCTUnwrap(layouter.layout(for: deep, width: 70, now: now))
            XCTAssertEqual(layout.lines.first { $0.text.hasPrefix("(nested") }?.text, RenderLimits.depthNotice)
            XCTAssertEqual(probe.redraws, 1)
        }
    }

    func testCancelAbandonsTheJobWithoutARedraw() {
        let now = Self.now
        onMain {
            let probe = LayoutProbe()
            let (queue, layouter) = (probe.queue, probe.layouter)
            XCTAssertNil(layouter.layout(for: Self.thread(String(repeating: "<blockquote><p>x</p>", count: 100_000)), width: 80, now: now))
            layouter.cancel()
            XCTAssertFalse(layouter.isLayingOut)
            queue.sync {}
            RunLoop.main.run(until: Date().addingTimeInterval(0.05))
            XCTAssertEqual(probe.redraws, 0)
        }
    }
}

/// A layouter on a queue of the test's own, counting the redraws it asks for.
@MainActor
private final class LayoutProbe {
    let queue = DispatchQueue(label: "test.layout")
    let layouter: ThreadLayouter
    private(set) var redraws = 0

    init() {
        layouter = ThreadLayouter(queue: queue, grace: 0)
        layouter.onReady = { [weak self] in self?.redraws += 1 }
    }
}
