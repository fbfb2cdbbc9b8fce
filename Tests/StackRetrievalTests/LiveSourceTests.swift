import Foundation
import StackAPI
import TestSupport
import XCTest
@testable import StackRetrieval

/// The live source against the double's socket: activity at no API cost, heartbeats, filters, coalescing, the
/// bounded queue, every hostile mode (keeps running, says so once, reconnects, no corrupted row) and `stop()`.
final class LiveSourceTests: LiveDoubleTestCase {
    func testQuestionMadeActiveArrivesAtNoAPIRequest() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events) = Self.start(double)
            defer { source.stop() }
            try Self.waitUntilLive(double, events)
            try double.clearRequestLog()
            try Self.control(double, "/_double/live/active?site=cardano&id=1")
            XCTAssertTrue(spinMain(timeout: 15) { events.activities.contains { $0.questionID == 1 } })
            let row = try XCTUnwrap(events.activities.first { $0.questionID == 1 })
            XCTAssertEqual(row.title, "How Cardano is different from Ethereum (2.0)?")
            XCTAssertEqual(row.tags, ["proof-of-work", "governance", "ethereum"])
            XCTAssertEqual(try double.requestLog(), [], "no API request for a live row")
        }
    }

    func testHeartbeatsAreAnsweredAndTheConnectionStays() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events) = Self.start(double)
            defer { source.stop() }
            try Self.waitUntilLive(double, events)
            XCTAssertTrue(spinMain(timeout: 15) { source.statistics.heartbeatsAnswered >= 4 })
            XCTAssertEqual(try Self.liveStats(double)["dropped_for_heartbeat"] as? Int, 0)
            XCTAssertEqual(events.states, [.connecting, .live], "one connection, never dropped")
        }
    }

    func testOtherSitesAndQuestionsWithoutTheListsTagsAreFilteredOut() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events) = Self.start(double, tags: ["plutus"])
            defer { source.stop() }
            try Self.waitUntilLive(double, events)
            try Self.control(double, "/_double/live/active?site=cardano&id=1") // no plutus tag
            try Self.control(double, "/_double/live/new?site=coffee&tags=plutus") // another site
            let wanted = try Self.control(double, "/_double/live/new?site=cardano&tags=plutus;nft")["id"] as? Int
            XCTAssertTrue(spinMain(timeout: 15) { events.activities.contains { $0.questionID == wanted } })
            XCTAssertEqual(events.activities.map(\.questionID), [wanted].compactMap { $0 })
            XCTAssertEqual(source.statistics.ignored, 2)
        }
    }

    func testABurstIsCoalescedIntoFewDeliveriesOneEntryPerQuestion() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events) = Self.start(double)
            defer { source.stop() }
            try Self.waitUntilLive(double, events)
            // The main queue is busy with this loop: every message of the burst waits for one delivery.
            let ids = Array(Self.questionIDs.prefix(10))
            for _ in 0..<5 { for id in ids { try Self.control(double, "/_double/live/active?site=cardano&id=\(id)") } }
            try Self.waitOffMain { source.statistics.kept == 50 }
            XCTAssertTrue(spinMain(timeout: 15) { Set(events.activities.map(\.questionID)) == Set(ids) })
            XCTAssertLessThanOrEqual(events.batches, 2, "50 messages of 10 questions in at most two deliveries")
            XCTAssertEqual(events.activities.count, 10, "one entry per question")
        }
    }

    func testAFullQueueDropsTheOldestHintsAndCountsThem() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events) = Self.start(double, pendingCapacity: 5)
            defer { source.stop() }
            try Self.waitUntilLive(double, events)
            for id in Self.questionIDs { try Self.control(double, "/_double/live/active?site=cardano&id=\(id)") }
            try Self.waitOffMain { source.statistics.kept == 12 }
            XCTAssertTrue(spinMain(timeout: 15) { !events.activities.isEmpty })
            XCTAssertEqual(events.activities.map(\.questionID), Array(Self.questionIDs.suffix(5)))
            XCTAssertEqual(source.statistics.dropped, 7)
        }
    }

    func testAFloodOfOtherSitesNeverReachesTheMainQueue() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events) = Self.start(double)
            defer { source.stop() }
            try Self.waitUntilLive(double, events)
            // 500 in a second: a ThreadSanitizer build on a busy machine read as few as 22 a second (JSON decoding
            // under TSan), so a bigger flood only measures that; the benchmark's flood is 10,000 a second.
            try Self.control(double, "/_double/live/mode?name=flood&rate=500&seconds=1")
            // The double counts what it sent when the flood ends; the source must have seen (and refused) plenty.
            var sent = 0
            XCTAssertTrue(spinMain(timeout: 30) {
                sent = (try? Self.liveStats(double))?["flood_sent"] as? Int ?? 0
                return sent > 0
            })
            XCTAssertGreaterThan(sent, 300)
            // Every message of the flood read (and refused) before the next is sent: a ThreadSanitizer build on a busy
            // machine reads a few hundred a second, so the next would otherwise wait behind thousands in the socket.
            XCTAssertTrue(spinMain(timeout: 120) { source.statistics.ignored >= sent }, "\(source.statistics.ignored) of \(sent) read")
            try Self.control(double, "/_double/live/active?site=cardano&id=3")
            XCTAssertTrue(spinMain(timeout: 30) { events.activities.contains { $0.questionID == 3 } })
            XCTAssertEqual(events.activities.map(\.questionID), [3], "nothing of the flood delivered")
            XCTAssertEqual(events.states.last, .live, "the flood does not break the connection")
            XCTAssertEqual(source.statistics.dropped, 0)
        }
    }

    func testEveryHostileModeKeepsTheSourceRunningAndCorruptsNoRow() throws {
        let modes = ProcessInfo.processInfo.environment["LIVE_MODES"]?.split(separator: ",").map(String.init)
        for mode in modes ?? ["huge_frame", "close_mid_frame", "no_upgrade", "silence"] {
            let double = try XCTUnwrap(double)
            try onMain {
                let (source, events) = Self.start(double, silenceSeconds: 1.5, handshakeSeconds: 1.5)
                defer { source.stop() }
                try Self.waitUntilLive(double, events)
                try Self.control(double, "/_double/live/mode?name=\(mode)")
                // The mode's own ending, not only the drop of the connection made before it.
                let expected = ["huge_frame": "", "no_upgrade": "no answer to the upgrade", "silence": "silent for",
                                "close_mid_frame": "closed by the server"][mode] ?? ""
                XCTAssertTrue(spinMain(timeout: 20) { events.reasons.dropFirst(expected.isEmpty ? 0 : 1).contains { expected.isEmpty || $0.contains(expected) } },
                              "\(mode): \(events.states)")
                try Self.control(double, "/_double/live/mode?name=none")
                XCTAssertTrue(spinMain(timeout: 30) { events.states.last == .live }, "\(mode): live again")
                try Self.control(double, "/_double/live/active?site=cardano&id=1")
                XCTAssertTrue(spinMain(timeout: 15) { events.activities.contains { $0.questionID == 1 } }, mode)
                XCTAssertEqual(events.activities.map(\.title), ["How Cardano is different from Ethereum (2.0)?"], mode)
                XCTAssertTrue(zip(events.states, events.states.dropFirst()).allSatisfy { $0 != $1 }, "\(mode): each state once")
                XCTAssertEqual(events.failures, [], mode)
            }
        }
    }

    func testAServerThatCutsEveryConnectionAfterItsUpgradeIsTriedLessAndLessOften() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events) = Self.start(double)
            defer { source.stop() }
            try Self.waitUntilLive(double, events)
            try Self.control(double, "/_double/live/mode?name=close_mid_frame") // upgraded, then cut: live each time
            XCTAssertTrue(spinMain(timeout: 20) { events.waits.count >= 3 }, "\(events.states)")
            XCTAssertGreaterThanOrEqual(events.states.filter { $0 == .live }.count, 3, "each connection got live: \(events.states)")
            // 1, 2, 4 s, each ±20 %, rounded up: 1-2, 2-3, 4-5 (1-2 every time if each upgrade reset the waits).
            let waits = Array(events.waits.prefix(3))
            XCTAssertLessThanOrEqual(waits[0], 2, "\(waits)")
            XCTAssertGreaterThanOrEqual(waits[1], 2, "\(waits)")
            XCTAssertGreaterThanOrEqual(waits[2], 4, "\(waits)")
            try Self.control(double, "/_double/live/mode?name=none")
        }
    }

    func testMalformedAndBinaryMessagesAreCountedAndTheConnectionStays() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events) = Self.start(double)
            defer { source.stop() }
            try Self.waitUntilLive(double, events)
            for mode in ["binary", "malformed_outer", "malformed_inner"] { try Self.control(double, "/_double/live/mode?name=\(mode)") }
            try Self.control(double, "/_double/live/active?site=cardano&id=2")
            XCTAssertTrue(spinMain(timeout: 15) { events.activities.contains { $0.questionID == 2 } })
            // A message that does not even name the site is refused unparsed (ignored), whatever its shape.
            XCTAssertEqual(source.statistics.malformed + source.statistics.ignored, 3)
            XCTAssertGreaterThanOrEqual(source.statistics.malformed, 1, "the binary frame")
            XCTAssertEqual(events.activities.count, 1)
            XCTAssertEqual(events.states, [.connecting, .live])
        }
    }

    func testStopEndsTheConnectionAndNothingIsDeliveredAfterIt() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events) = Self.start(double)
            try Self.waitUntilLive(double, events)
            source.stop()
            try Self.waitOffMain { (try? Self.liveStats(double)["clients"] as? Int) == 0 }
            try Self.control(double, "/_double/live/active?site=cardano&id=1")
            _ = spinMain(timeout: 0.5) { false }
            XCTAssertEqual(events.activities, [])
            XCTAssertEqual(events.states, [.connecting, .live])
        }
    }

    func testStopDuringAHandshakeThatNeverEndsReturnsAndDeliversNothing() throws {
        try Self.control(double, "/_double/live/mode?name=no_upgrade")
        let double = try XCTUnwrap(double)
        onMain {
            let (source, events) = Self.start(double)
            XCTAssertTrue(spinMain(timeout: 15) { events.states == [.connecting] })
            source.stop()
            _ = spinMain(timeout: 0.5) { false }
            XCTAssertEqual(events.states, [.connecting])
        }
    }

    func testAnAddressThatIsNoSocketFailsAndStops() throws {
        _ = try XCTUnwrap(double)
        onMain {
            let events = LiveEvents()
            let source = LiveSource(configuration: LiveConfiguration(url: "https://example.invalid/", site: "cardano")) {
                events.record($0)
            }
            source.start()
            XCTAssertTrue(spinMain(timeout: 5) { !events.states.isEmpty })
            XCTAssertEqual(events.failures.count, 1)
            guard case .stopped = events.states.last else { return XCTFail("stopped expected: \(events.states)") }
        }
    }

    // MARK: - Helpers

    /// The first questions of the cardano dump, in id order.
    private static let questionIDs = [1, 2, 3, 4, 5, 10, 11, 17, 18, 23, 24, 26]

    @MainActor
    private static func start(_ double: DoubleProcess, tags: [String] = [], pendingCapacity: Int = 500, silenceSeconds: Double = 300,
                       handshakeSeconds: Double = 10) -> (LiveSource, LiveEvents) {
        var configuration = LiveConfiguration(url: "ws://127.0.0.1:\(double.port)/", site: "cardano", tags: tags)
        configuration.pendingCapacity = pendingCapacity
        configuration.silenceSeconds = silenceSeconds
        configuration.handshakeSeconds = handshakeSeconds
        let events = LiveEvents()
        let source = LiveSource(configuration: configuration) { events.record($0) }
        source.start()
        return (source, events)
    }

    @MainActor
    private static func waitUntilLive(_ double: DoubleProcess, _ events: LiveEvents) throws {
        XCTAssertTrue(spinMain(timeout: 15) { events.states.last == .live }, "live: \(events.states)")
        // Subscribed on the double's side too (the topic frame has arrived).
        try waitOffMain { (try? liveStats(double)["subscriptions"] as? Int ?? 0) ?? 0 >= 1 }
    }

    /// Polls `condition` without running the main queue (so deliveries keep waiting), for at most 15 s.
    private static func waitOffMain(_ condition: () throws -> Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(15)
        while try !condition() {
            guard Date() < deadline else { return XCTFail("condition not met in 15 s", file: file, line: line) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    @discardableResult
    private static func control(_ double: DoubleProcess, _ pathAndQuery: String) throws -> [String: Any] {
        let reply: LoopbackHTTP.Reply
        do {
            reply = try LoopbackHTTP.get(double.url(pathAndQuery), timeout: 30) // the 64 MiB frame keeps a debug double busy
        } catch {
            XCTFail("\(pathAndQuery): \(error)")
            throw error
        }
        XCTAssertEqual(reply.status, 200, pathAndQuery)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
    }

    private static func liveStats(_ double: DoubleProcess) throws -> [String: Any] {
        try control(double, "/_double/live/stats")
    }
}

/// What a source delivered, in order (main actor).
@MainActor
final class LiveEvents {
    private(set) var states: [LiveState] = []
    private(set) var activities: [LiveActivity] = []
    private(set) var batches = 0
    private(set) var failures: [APIError] = []
    /// The rows of each poll or gap fill delivered.
    private(set) var polls: [[Question]] = []

    /// The announced waits (seconds) before each reconnection so far.
    var waits: [Int] {
        states.compactMap { if case .reconnecting(let seconds, _) = $0 { seconds } else { nil } }
    }

    /// The reasons of the reconnections so far.
    var reasons: [String] {
        states.compactMap { if case .reconnecting(_, let reason) = $0 { reason } else { nil } }
    }

    func record(_ result: Result<LiveEvent, APIError>) {
        switch result {
        case .success(.state(let state)): states.append(state)
        case .success(.activity(let batch)): batches += 1; activities += batch
        case .success(.polled(let questions)): polls.append(questions)
        case .failure(let error): failures.append(error)
        }
    }
}
