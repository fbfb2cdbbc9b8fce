import Foundation
import StackAPI
import TestSupport
import XCTest
@testable import StackRetrieval

/// The live source's fallback against the double (issue 20 part 4): a socket that cannot be had (nothing listens,
/// or the upgrade is never answered) turns into `.polling` and polls `/questions?sort=activity&min=…` as a normal
/// load; the socket back is `.live` again with one request for the gap; never while the API's backoff holds.
final class LivePollingTests: LiveDoubleTestCase {
    func testADeadSocketFallsBackToPollingAndAQuestionMadeActiveArrivesWithItsScore() throws {
        let double = try XCTUnwrap(double)
        let deadSocket = "ws://127.0.0.1:\(try XCTUnwrap(closedPortURL().port))/"
        try onMain {
            let (source, events, _) = try Self.start(double, url: deadSocket, refreshSeconds: 1)
            defer { source.stop() }
            XCTAssertTrue(spinMain(timeout: 15) { events.states.contains(.polling) }, "\(events.states)")
            try Self.control(double, "/_double/live/active?site=cardano&id=3")
            XCTAssertTrue(spinMain(timeout: 15) { events.polls.joined().contains { $0.questionID == 3 } }, "\(events.polls)")
            let row = try XCTUnwrap(events.polls.joined().first { $0.questionID == 3 })
            XCTAssertNotNil(row.score, "the API's row: score and answer count known")
            XCTAssertNotNil(row.answerCount)
            let polls = try double.requestLog().filter { $0.contains("/questions?") }
            XCTAssertFalse(polls.isEmpty)
            XCTAssertTrue(polls.allSatisfy { $0.contains("sort=activity") && $0.contains("min=") && $0.contains("site=cardano") }, "\(polls)")
            let afterPolling = events.states.drop { $0 != .polling }.dropFirst()
            XCTAssertFalse(afterPolling.contains { if case .reconnecting = $0 { true } else { false } },
                           "the mark stays on polling while the socket is tried: \(events.states)")
            XCTAssertEqual(source.statistics.requests, polls.count)
        }
    }

    /// An API host with no socket (`api_base_url` of its own, no `live_url`): polling from the start, the first poll
    /// a period after the list's own load, never a connection.
    func testWithoutASocketItPollsFromTheStartTheFirstAPeriodLater() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events, _) = try Self.start(double, url: nil, refreshSeconds: 2)
            defer { source.stop() }
            XCTAssertTrue(spinMain(timeout: 15) { events.states.contains(.polling) }, "\(events.states)")
            XCTAssertEqual(events.states.first, .polling, "no connecting: there is nothing to connect to")
            try Self.control(double, "/_double/live/active?site=cardano&id=3")
            XCTAssertEqual(source.statistics.requests, 0, "the list was just loaded: the first poll waits a period")
            XCTAssertTrue(spinMain(timeout: 15) { events.polls.joined().contains { $0.questionID == 3 } }, "\(events.polls)")
            XCTAssertEqual(source.statistics.connections, 0)
            XCTAssertEqual(events.states.filter { $0 != .polling }, [], "\(events.states)")
        }
    }

    func testNoPollWhileTheAPIsBackoffHolds() throws {
        let double = try XCTUnwrap(double)
        let deadSocket = "ws://127.0.0.1:\(try XCTUnwrap(closedPortURL().port))/"
        try onMain {
            let (source, events, retrieval) = try Self.start(double, url: deadSocket, refreshSeconds: 1, holdQuestions: 120)
            defer { source.stop() }
            XCTAssertTrue(spinMain(timeout: 15) { events.states.contains(.polling) }, "\(events.states)")
            _ = spinMain(timeout: 2.5) { false } // two polls would be due meanwhile
            XCTAssertEqual(try double.requestLog().filter { $0.contains("/questions") }, [], "nothing leaves during a backoff")
            XCTAssertEqual(retrieval.queues.gate.waitingCount, 0, "nor waits at the gate")
            XCTAssertEqual(source.statistics.requests, 0)
        }
    }

    func testTheSocketBackIsLiveWithOneRequestForTheGap() throws {
        let double = try XCTUnwrap(double)
        try Self.control(double, "/_double/live/mode?name=no_upgrade")
        try onMain {
            let (source, events, _) = try Self.start(double, url: "ws://127.0.0.1:\(double.port)/", refreshSeconds: 600,
                                                     handshakeSeconds: 0.5)
            defer { source.stop() }
            XCTAssertTrue(spinMain(timeout: 15) { events.states.contains(.polling) }, "\(events.states)")
            XCTAssertTrue(spinMain(timeout: 15) { source.statistics.requests == 1 }, "polling starts with a poll")
            _ = spinMain(timeout: 1) { false } // its answer (nothing new) delivered
            try Self.control(double, "/_double/live/active?site=cardano&id=4") // while the socket is away
            try Self.control(double, "/_double/live/mode?name=none")
            XCTAssertTrue(spinMain(timeout: 30) { events.states.last == .live }, "\(events.states)")
            XCTAssertTrue(spinMain(timeout: 15) { events.polls.joined().contains { $0.questionID == 4 } }, "the gap filled: \(events.polls)")
            XCTAssertFalse(events.activities.contains { $0.questionID == 4 }, "not through the socket: it was away")
            XCTAssertEqual(source.statistics.requests, 2, "the first poll and the gap fill")
        }
    }

    func testAServerThatDropsEveryConnectionCostsOneGapFillPerRefreshNotOnePerReconnection() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events, _) = try Self.start(double, url: "ws://127.0.0.1:\(double.port)/", refreshSeconds: 600)
            defer { source.stop() }
            XCTAssertTrue(spinMain(timeout: 15) { events.states.last == .live }, "\(events.states)")
            try Self.control(double, "/_double/live/mode?name=close_mid_frame") // upgraded, then cut: live each time
            XCTAssertTrue(spinMain(timeout: 30) { source.statistics.connections >= 4 }, "\(source.statistics)")
            XCTAssertFalse(events.states.contains(.polling), "each connection got live: no polling")
            XCTAssertEqual(source.statistics.requests, 1, "the first reconnection's gap fill; the next wait for live_refresh_s")
        }
    }

    // MARK: Scores of the rows a message made (part 3)

    func testRowsFromMessagesGetTheirScoresInOneBatchAPeriodLater() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events, _) = try Self.start(double, url: "ws://127.0.0.1:\(double.port)/", refreshSeconds: 3)
            defer { source.stop() }
            try Self.makeActive(double, events, ids: [1, 2, 3])
            XCTAssertEqual(try double.requestLog(), [], "a message costs no request at once")
            XCTAssertTrue(spinMain(timeout: 15) { Set(events.polls.joined().map(\.questionID)) == [1, 2, 3] }, "\(events.polls)")
            XCTAssertTrue(events.polls.joined().allSatisfy { $0.score != nil && $0.answerCount != nil })
            let log = try double.requestLog()
            XCTAssertEqual(log.count, 1, "one batch: \(log)")
            let ids = log.first.flatMap { $0.split(separator: "/").last?.split(separator: "?").first }.map { Set($0.split(separator: ";")) }
            XCTAssertEqual(ids, ["1", "2", "3"], "\(log)")
            XCTAssertEqual(source.statistics.requests, 1)
        }
    }

    func testMoreThanABatchWithinAPeriodAsksTheHundredMostRecentAndLetsTheOthersGo() throws {
        let double = try XCTUnwrap(double)
        var ids: [Int] = []
        for page in 1...2 {
            let reply = try LoopbackHTTP.get(double.url("/2.3/questions?site=cardano&sort=creation&pagesize=60&page=\(page)"))
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
            ids += try XCTUnwrap(object["items"] as? [[String: Any]]).compactMap { $0["question_id"] as? Int }
        }
        XCTAssertEqual(ids.count, 120)
        try double.clearRequestLog()
        try onMain {
            let (source, events, _) = try Self.start(double, url: "ws://127.0.0.1:\(double.port)/", refreshSeconds: 3)
            defer { source.stop() }
            try Self.makeActive(double, events, ids: ids)
            XCTAssertTrue(spinMain(timeout: 15) { !events.polls.isEmpty }, "no batch")
            let log = try double.requestLog()
            XCTAssertEqual(log.count, 1, "\(log)")
            let asked = log.first.flatMap { $0.split(separator: "/").last?.split(separator: "?").first }.map { $0.split(separator: ";").compactMap { Int($0) } }
            XCTAssertEqual(asked.map(Set.init), Set(ids.suffix(100)), "the 100 named last")
            try Self.makeActive(double, events, ids: [ids[0]])
            XCTAssertTrue(spinMain(timeout: 15) { events.polls.count == 2 }, "no second batch")
            XCTAssertEqual(events.polls.last?.map(\.questionID), [ids[0]], "the 20 older ones were let go, not kept for later")
        }
    }

    func testNoBatchWhileTheAPIsBackoffHoldsQuestionsByID() throws {
        let double = try XCTUnwrap(double)
        try onMain {
            let (source, events, retrieval) = try Self.start(double, url: "ws://127.0.0.1:\(double.port)/", refreshSeconds: 1)
            defer { source.stop() }
            retrieval.queues.gate.hold(.questionsByID, for: 120)
            try Self.makeActive(double, events, ids: [1])
            _ = spinMain(timeout: 2.5) { false } // two periods
            XCTAssertEqual(try double.requestLog(), [], "nothing leaves during a backoff")
            XCTAssertEqual(retrieval.queues.gate.waitingCount, 0, "nor waits at the gate")
            XCTAssertEqual(source.statistics.requests, 0)
        }
    }

    // MARK: - Helpers

    /// Waits for the source to be live and subscribed, then makes `ids` active and waits for their messages.
    @MainActor
    private static func makeActive(_ double: DoubleProcess, _ events: LiveEvents, ids: [Int]) throws {
        XCTAssertTrue(spinMain(timeout: 15) { events.states.last == .live }, "\(events.states)")
        for id in ids {
            let url = double.url("/_double/live/active?site=cardano&id=\(id)")
            XCTAssertTrue(spinMain(timeout: 15) {
                let reply = try? LoopbackHTTP.get(url, timeout: 30)
                let object = reply.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
                return (object?["clients"] as? Int ?? 0) >= 1
            }, "no client subscribed")
        }
        XCTAssertTrue(spinMain(timeout: 15) { Set(ids).isSubset(of: events.activities.map(\.questionID)) }, "\(events.activities)")
    }

    @MainActor
    private static func start(_ double: DoubleProcess, url: String?, refreshSeconds: Double, handshakeSeconds: Double = 10,
                              holdQuestions: TimeInterval = 0) throws -> (LiveSource, LiveEvents, Retrieval) {
        let retrieval = Retrieval(factory: RequestFactory(baseURL: double.baseURL, key: "stackterm-tests"))
        if holdQuestions > 0 { retrieval.queues.gate.hold(.questions, for: holdQuestions) }
        var configuration = LiveConfiguration(url: url, site: "cardano")
        configuration.refreshSeconds = refreshSeconds
        configuration.handshakeSeconds = handshakeSeconds
        let events = LiveEvents()
        let source = LiveSource(configuration: configuration, loader: retrieval.loader(local: nil)) { events.record($0) }
        source.start()
        return (source, events, retrieval)
    }

    @discardableResult
    private static func control(_ double: DoubleProcess, _ pathAndQuery: String) throws -> Int {
        let reply = try LoopbackHTTP.get(double.url(pathAndQuery), timeout: 30)
        XCTAssertEqual(reply.status, 200, pathAndQuery)
        return reply.status
    }
}
