import Foundation
import NIOConcurrencyHelpers
import StackAPI
import TestSupport
import WSClient
import XCTest

/// The double's realtime socket, driven by a WebSocket client in the test: subscription, heartbeats and the
/// drop of a client that does not answer them, questions made active or new on demand, hostile frames.
final class DoubleLiveSocketTests: DoubleHTTPTestCase {
    override func setUpWithError() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated(arguments: ["--live-heartbeat", "0.3"])
    }

    func testSubscribedClientReceivesAQuestionMadeActiveAsTheRealFeedWritesIt() async throws {
        let client = SocketTestClient(port: double.port, answerHeartbeats: true)
        try await client.waitUntilSubscribed(double: self)
        let sent = try json("/_double/live/active?site=cardano&id=1")
        XCTAssertEqual(sent["clients"] as? Int, 1)
        let activity = try await client.firstActivity()
        XCTAssertEqual(activity.site, "cardano")
        XCTAssertEqual(activity.questionID, 1)
        XCTAssertEqual(activity.title, "How Cardano is different from Ethereum (2.0)?")
        XCTAssertEqual(activity.tags, ["proof-of-work", "governance", "ethereum"])
        XCTAssertEqual(activity.url?.hasPrefix("https://cardano.stackexchange.com/questions/1/"), true)
        let age = Date().timeIntervalSince(try XCTUnwrap(activity.lastActivityDate))
        XCTAssertLessThan(age, 60, "lastActivityDate is now")
        client.stop()
    }

    func testNewQuestionGetsANewIdAndTheAskedTags() async throws {
        let client = SocketTestClient(port: double.port, answerHeartbeats: true)
        try await client.waitUntilSubscribed(double: self)
        let sent = try json("/_double/live/new?site=cardano&tags=plutus;nft")
        let activity = try await client.firstActivity()
        XCTAssertEqual(activity.questionID, sent["id"] as? Int)
        XCTAssertEqual(activity.tags, ["plutus", "nft"])
        let served = try items("/2.3/questions/\(activity.questionID)?site=cardano")
        XCTAssertEqual(served.count, 1, "the API serves the new question too (LiveActivityLedger), so it opens")
        XCTAssertEqual(served.first?["tags"] as? [String], ["plutus", "nft"])
        XCTAssertEqual(served.first?["score"] as? Int, 0, "just asked")
        client.stop()
    }

    func testHeartbeatsAreSentAndAnsweringClientsStay() async throws {
        let client = SocketTestClient(port: double.port, answerHeartbeats: true)
        try await client.waitUntilSubscribed(double: self)
        try await waitFor { (try self.liveStats()["heartbeats_answered"] as? Int ?? 0) >= 4 }
        XCTAssertEqual(try liveStats()["dropped_for_heartbeat"] as? Int, 0)
        XCTAssertFalse(client.ended)
        client.stop()
    }

    func testClientThatNeverAnswersIsDroppedAfterTwoHeartbeats() async throws {
        let client = SocketTestClient(port: double.port, answerHeartbeats: false)
        try await client.waitUntilSubscribed(double: self)
        try await waitFor { client.ended }
        XCTAssertEqual(try liveStats()["dropped_for_heartbeat"] as? Int, 1)
        XCTAssertEqual(client.heartbeats, 2, "dropped at the third heartbeat's turn")
    }

    func testUnsubscribedClientGetsHeartbeatsButNoActivity() async throws {
        let client = SocketTestClient(port: double.port, answerHeartbeats: true, topic: nil)
        try await waitFor { client.heartbeats >= 1 }
        XCTAssertEqual(try json("/_double/live/active?site=cardano&id=1")["clients"] as? Int, 0)
        client.stop()
    }

    func testHugeFrameIsRefusedByAClientWithAFrameLimit() async throws {
        let client = SocketTestClient(port: double.port, answerHeartbeats: true)
        try await client.waitUntilSubscribed(double: self)
        _ = try json("/_double/live/mode?name=huge_frame")
        try await waitFor { client.ended }
        XCTAssertTrue(client.texts.allSatisfy { $0.utf8.count < 100 }, "only heartbeats: the huge frame is refused unread")
    }

    func testBinaryAndMalformedFramesArrive() async throws {
        let client = SocketTestClient(port: double.port, answerHeartbeats: true)
        try await client.waitUntilSubscribed(double: self)
        for mode in ["binary", "malformed_outer", "malformed_inner"] { _ = try json("/_double/live/mode?name=\(mode)") }
        try await waitFor { client.binaryFrames == 1 && client.texts.filter { !$0.contains(#""hb""#) }.count == 2 }
        let decoded = client.texts.filter { !$0.contains(#""hb""#) }.map { LiveMessage.decode($0) }
        for message in decoded {
            guard case .malformed = message else { return XCTFail("\(message) should be malformed") }
        }
        client.stop()
    }

    func testCloseMidFrameEndsTheConnectionWithoutAMessage() async throws {
        _ = try json("/_double/live/mode?name=close_mid_frame")
        let client = SocketTestClient(port: double.port, answerHeartbeats: true)
        try await waitFor { client.ended }
        // The heartbeat before the cut frame may or may not be read before the close wins the race.
        XCTAssertLessThanOrEqual(client.heartbeats, 1)
        XCTAssertEqual(try liveStats()["clients"] as? Int, 0, "never a registered socket client")
        XCTAssertTrue(client.texts.allSatisfy { $0.contains(#""hb""#) }, "nothing of the cut frame")
    }

    func testNoUpgradeModeNeverAnswersUntilCleared() async throws {
        _ = try json("/_double/live/mode?name=no_upgrade")
        let client = SocketTestClient(port: double.port, answerHeartbeats: true)
        try await Task.sleep(nanoseconds: 1_000_000_000)
        XCTAssertFalse(client.upgraded, "no upgrade while the mode holds")
        _ = try json("/_double/live/mode?name=none")
        try await waitFor { client.upgraded }
        client.stop()
    }

    func testFloodSendsOtherSitesAtTheAskedRate() async throws {
        let client = SocketTestClient(port: double.port, answerHeartbeats: true)
        try await client.waitUntilSubscribed(double: self)
        _ = try json("/_double/live/mode?name=flood&rate=2000&seconds=1")
        try await waitFor { (try self.liveStats()["flood_sent"] as? Int ?? 0) > 0 }
        XCTAssertGreaterThanOrEqual(try liveStats()["flood_sent"] as? Int ?? 0, 1_900)
        let kept = client.texts.filter { LiveMessage.decode($0, site: "cardano") != .heartbeat }
            .filter { if case .activity = LiveMessage.decode($0, site: "cardano") { true } else { false } }
        XCTAssertTrue(kept.isEmpty, "the flood is of other sites only")
        client.stop()
    }

    func liveStats() throws -> [String: Any] {
        try json("/_double/live/stats")
    }
}

/// Polls `condition` every 50 ms for at most `seconds` (a bound, not a timing assertion).
func waitFor(seconds: Double = 15, _ condition: @escaping () throws -> Bool,
             file: StaticString = #filePath, line: UInt = #line) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return }
        try await Task.sleep(nanoseconds: 50_000_000)
    }
    XCTFail("condition not met in \(seconds) s", file: file, line: line)
    throw CancellationError()
}

/// A WebSocket client of the double's socket (WSClient), recording what it receives.
final class SocketTestClient: Sendable {
    private struct Record {
        var texts: [String] = []
        var binaryFrames = 0
        var upgraded = false
        var ended = false
        var failure: String?
    }

    private let record = NIOLockedValueBox(Record())
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(port: Int, answerHeartbeats: Bool, topic: String? = "155-questions-active") {
        task.withLockedValue { $0 = Task { [record] in
            let client = WebSocketClient(url: "ws://127.0.0.1:\(port)/", configuration: .init(maxFrameSize: LiveMessage.maximumBytes),
                                         logger: .init(label: "test")) { [record] inbound, outbound, _ in
                record.withLockedValue { $0.upgraded = true }
                if let topic { try await outbound.write(.text(topic)) }
                for try await message in inbound.messages(maxSize: LiveMessage.maximumBytes) {
                    switch message {
                    case .text(let text):
                        record.withLockedValue { $0.texts.append(text) }
                        if answerHeartbeats, LiveMessage.decode(text) == .heartbeat { try await outbound.write(.text("hb")) }
                    case .binary:
                        record.withLockedValue { $0.binaryFrames += 1 }
                    }
                }
            }
            do { try await client.run() } catch { record.withLockedValue { $0.failure = "\(error)" } }
            record.withLockedValue { $0.ended = true }
        } }
    }

    var texts: [String] { record.withLockedValue { $0.texts } }
    var binaryFrames: Int { record.withLockedValue { $0.binaryFrames } }
    var heartbeats: Int { texts.filter { LiveMessage.decode($0) == .heartbeat }.count }
    var upgraded: Bool { record.withLockedValue { $0.upgraded } }
    var ended: Bool { record.withLockedValue { $0.ended } }
    var failure: String? { record.withLockedValue { $0.failure } }

    func stop() {
        task.withLockedValue { $0?.cancel() }
    }

    /// Waits until the double counts this client's subscription.
    func waitUntilSubscribed(double: DoubleLiveSocketTests) async throws {
        try await waitFor { (try double.liveStats()["subscriptions"] as? Int ?? 0) >= 1 }
    }

    /// The first activity message received (waiting for it).
    func firstActivity() async throws -> LiveActivity {
        var found: LiveActivity?
        try await waitFor {
            found = self.texts.lazy.compactMap { text -> LiveActivity? in
                if case .activity(let activity) = LiveMessage.decode(text) { return activity }
                return nil
            }.first
            return found != nil
        }
        return try XCTUnwrap(found)
    }
}
