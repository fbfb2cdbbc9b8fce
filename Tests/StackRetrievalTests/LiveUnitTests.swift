import StackAPI
import XCTest
@testable import StackRetrieval

/// The live source's pure parts: the reconnection waits and the bounded queue of pending hints.
final class LiveUnitTests: XCTestCase {
    func testBackoffDoublesFromOneSecondUpToAMinute() {
        var backoff = LiveBackoff()
        let waits = (0..<9).map { _ in backoff.nextDelay(random: 0.5) }
        XCTAssertEqual(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60])
        backoff.reset()
        XCTAssertEqual(backoff.nextDelay(random: 0.5), 1)
    }

    func testBackoffJitterStaysWithinTwentyPercentAndTheMaximum() {
        XCTAssertEqual(LiveBackoff.delay(afterFailures: 3, random: 0), 3.2, accuracy: 1e-9)
        XCTAssertEqual(LiveBackoff.delay(afterFailures: 3, random: 1), 4.8, accuracy: 1e-9)
        XCTAssertEqual(LiveBackoff.delay(afterFailures: 7, random: 1), 60)
        XCTAssertEqual(LiveBackoff.delay(afterFailures: 1_000, random: 0), 48, accuracy: 1e-9)
    }

    func testPendingKeepsOneEntryPerQuestionInPlace() {
        var pending = LivePending(capacity: 10)
        pending.add(activity(1, "first"))
        pending.add(activity(2, "second"))
        pending.add(activity(1, "first, edited"))
        XCTAssertEqual(pending.take().map(\.title), ["first, edited", "second"])
        XCTAssertTrue(pending.isEmpty)
    }

    func testPendingDropsTheOldestWhenFullAndCountsIt() {
        var pending = LivePending(capacity: 3)
        for id in 1...5 { pending.add(activity(id, "q\(id)")) }
        XCTAssertEqual(pending.take().map(\.questionID), [3, 4, 5])
        XCTAssertEqual(pending.dropped, 2)
    }

    func testAddressesOtherThanWebSocketsAreRefused() {
        XCTAssertNil(LiveAddress.problem("wss://qa.sockets.stackexchange.com/"))
        XCTAssertNil(LiveAddress.problem("ws://127.0.0.1:8080/"))
        XCTAssertNotNil(LiveAddress.problem("https://qa.sockets.stackexchange.com/"))
        XCTAssertNotNil(LiveAddress.problem("ws:///path"))
        XCTAssertNotNil(LiveAddress.problem("not a url"))
    }

    private func activity(_ id: Int, _ title: String) -> LiveActivity {
        LiveActivity(site: "cardano", questionID: id, title: title)
    }
}
