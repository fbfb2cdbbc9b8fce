import Foundation
import TestSupport
import XCTest

/// The live list against the double's socket, in tmux (issue 20 part 2): a question made active arrives at the
/// top of the list with no API request; with the list scrolled it waits behind the banner until `.`.
final class LiveEndToEndTests: StacktermTestCase {
    /// A question of the double's cardano site that the first pages of the activity list do not hold, and the start
    /// of its title as a list row shows it.
    private struct Absent {
        var id: Int
        var title: String
    }

    /// Questions far down the activity list (page 5 of 50), with plain ASCII titles (so a prefix is what the screen
    /// shows).
    private func absentQuestions() throws -> [Absent] {
        let url = try XCTUnwrap(URL(string: "\(double.baseURL.absoluteString)/questions?site=cardano&sort=activity&order=desc&page=5&pagesize=50"))
        let reply = try LoopbackHTTP.get(url)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        let items = try XCTUnwrap(object["items"] as? [[String: Any]])
        let plain = items.compactMap { item -> Absent? in
            guard let id = item["question_id"] as? Int, let title = item["title"] as? String, title.count >= 20,
                  title.allSatisfy({ $0.isASCII && $0 != "&" }) else { return nil }
            return Absent(id: id, title: String(title.prefix(20)))
        }
        XCTAssertGreaterThanOrEqual(plain.count, 2, "page 5 has plain titles")
        return plain
    }

    /// Starts stackterm on cardano with the double's socket and waits for the list and the `live` mark.
    private func launchLive(environment: [String: String] = [:]) throws -> TmuxSession {
        let tmux = try launch(["--live-url", "ws://127.0.0.1:\(double.port)/"], environment: environment)
        waitForList(tmux)
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { ($0.last ?? "").contains("live") }, "no live mark:\n\(tmux.screenDump())")
        return tmux
    }

    /// Makes question `id` active in the double, again until a subscribed client received it (the app's
    /// subscription may reach the double just after its `live` shows).
    private func makeActive(_ id: Int) throws {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if try touch(id) >= 1 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("no client subscribed to the double's socket")
    }

    /// Makes question `id` active in the double once; returns how many socket clients were sent the message.
    private func touch(_ id: Int) throws -> Int {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(double.port)/_double/live/active?site=cardano&id=\(id)"))
        let object = try JSONSerialization.jsonObject(with: try LoopbackHTTP.get(url).body) as? [String: Any]
        return object?["clients"] as? Int ?? -1
    }

    private func apiRequests() throws -> Int {
        try double.requestLog().filter { $0.contains("/questions") }.count
    }

    func testAQuestionMadeActiveSlidesInAtTheTopWithNoRequest() throws {
        let question = try XCTUnwrap(try absentQuestions().first)
        let tmux = try launchLive()
        let before = try tmux.capture()
        XCTAssertFalse(before.joined().contains(question.title), "not on screen before:\n\(before.joined(separator: "\n"))")
        let requests = try apiRequests()
        try makeActive(question.id)
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.count > 2 && $0[2].contains(question.title) },
                      "the question is not the first row:\n\(tmux.screenDump())")
        let after = try tmux.capture()
        XCTAssertEqual(after[3], before[2], "the rows below move down one, the first one under the new row")
        XCTAssertEqual(try apiRequests(), requests, "no request for a message")
        try quit(tmux, within: 5, "quit with the socket open")
    }

    func testAQuestionThatArrivedLiveIsStillFirstAfterARestartWithinTheFreshnessWindow() throws {
        let question = try XCTUnwrap(try absentQuestions().first)
        let store = ["XDG_DATA_HOME": try temporaryFolder("live-restart").path]
        let tmux = try launchLive(environment: store)
        try makeActive(question.id)
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.count > 2 && $0[2].contains(question.title) },
                      "the question is not the first row:\n\(tmux.screenDump())")
        try quit(tmux, within: 5, "quit after the question arrived")
        // Page 1 was kept a moment ago, so it is fresh by the store's rule, but it was sent before the question arrived.
        let again = try launch(environment: store)
        waitForList(again)
        XCTAssertTrue(again.waitUntil(timeout: 10) { $0.count > 2 && $0[2].contains(question.title) },
                      "the question that arrived live vanished after the restart:\n\(again.screenDump())")
        try quit(again, within: 5)
    }

    func testWithTheListScrolledTheBannerCountsArrivalsAndDotBringsThemIn() throws {
        let questions = try absentQuestions()
        let tmux = try launchLive()
        for _ in 0..<30 { try tmux.sendKeys(.text("j")) }
        // A key bound to nothing says so once every key before it was taken: only then is the scroll final (a screen
        // still for 0.3 s is not enough under ThreadSanitizer, where CI once compared against one 4 rows short).
        try tmux.sendKeys(.text("z"))
        let scrolled = try XCTUnwrap(tmux.settledScreen { ($0.last ?? "").contains("z is not bound") },
                                     "the list never settled:\n\(tmux.screenDump())")
        XCTAssertFalse(scrolled.joined().contains(questions[0].title))
        try makeActive(questions[0].id)
        try makeActive(questions[1].id)
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.count > 1 && $0[1].contains("▲ 2 new — . to show") },
                      "no banner:\n\(tmux.screenDump())")
        let waiting = try tmux.capture()
        XCTAssertEqual(Array(waiting[2..<waiting.count - 1]), Array(scrolled[2..<scrolled.count - 1]),
                       "no row moves while the list is scrolled")
        try tmux.sendKeys(.text("."))
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { screen in
            screen.count > 3 && screen[2].contains(questions[1].title) && screen[3].contains(questions[0].title)
        }, "the arrivals are not on top after .:\n\(tmux.screenDump())")
        XCTAssertFalse(try tmux.capture()[1].contains("▲"), "the banner goes")
        try quit(tmux, within: 5)
    }

    /// Turns on the double's hostile socket mode `name` (`none` ends it).
    private func setMode(_ name: String) throws {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(double.port)/_double/live/mode?name=\(name)"))
        XCTAssertEqual(try LoopbackHTTP.get(url).status, 200)
    }

    func testASocketCutMidFrameReconnectsWithACountdownAndComesBackLive() throws {
        let question = try XCTUnwrap(try absentQuestions().first)
        let tmux = try launchLive()
        let list = try tmux.capture()
        try setMode("close_mid_frame")
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { ($0.last ?? "").contains("live: reconnecting in ") },
                      "no countdown:\n\(tmux.screenDump())")
        XCTAssertEqual(Array(try tmux.capture()[0..<list.count - 1]), Array(list[0..<list.count - 1]), "the list is untouched")
        try setMode("none")
        XCTAssertTrue(tmux.waitUntil(timeout: 30) { screen in
            let status = screen.last ?? ""
            return status.contains("live ·") && !status.contains("reconnecting")
        }, "not live again:\n\(tmux.screenDump())")
        try makeActive(question.id)
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.count > 2 && $0[2].contains(question.title) },
                      "nothing arrives after the reconnection:\n\(tmux.screenDump())")
        try quit(tmux, within: 5)
    }

    func testARefusedSocketPollsAndTheSocketBackIsLiveWithTheGapFilled() throws {
        let questions = try absentQuestions()
        let folder = try TemporaryDirectory("stackterm-live-poll")
        let config = folder.url.appendingPathComponent("config.toml")
        try Data("live_refresh_s = 1\n".utf8).write(to: config)
        try setMode("refuse_upgrade")
        let tmux = try launch(["--live-url", "ws://127.0.0.1:\(double.port)/", "--config", config.path])
        waitForList(tmux)
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { ($0.last ?? "").contains("live: polling") }, "no polling mark:\n\(tmux.screenDump())")
        XCTAssertEqual(try touch(questions[0].id), 0, "no socket to send it")
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.count > 2 && $0[2].contains(questions[0].title) },
                      "the poll's row is not on top:\n\(tmux.screenDump())")
        try setMode("none")
        XCTAssertTrue(tmux.waitUntil(timeout: 30) { screen in
            let status = screen.last ?? ""
            return status.contains("live ·") && !status.contains("polling")
        }, "not live again:\n\(tmux.screenDump())")
        // Away again (each connection cut after its upgrade: reconnecting, not polling); what happens meanwhile
        // reaches no socket, and arrives with the request that fills the gap once the socket is back.
        try setMode("close_mid_frame")
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { ($0.last ?? "").contains("live: reconnecting") }, "\(tmux.screenDump())")
        XCTAssertEqual(try touch(questions[1].id), 0, "no socket to send it")
        try setMode("none")
        XCTAssertTrue(tmux.waitUntil(timeout: 30) { screen in
            screen.count > 2 && screen[2].contains(questions[1].title) && (screen.last ?? "").contains("live ·")
        }, "the gap is not filled:\n\(tmux.screenDump())")
        try quit(tmux, within: 5)
    }

    /// An API host with no socket (`--api-base-url` of its own, no `--live-url`): the list says `live: polling` and
    /// takes the host's new activity from a poll a period after its first page; no socket is ever opened.
    func testAnAPIHostWithNoSocketIsPolled() throws {
        let question = try XCTUnwrap(try absentQuestions().first)
        let folder = try TemporaryDirectory("stackterm-live-nosocket")
        defer { folder.remove() }
        let config = folder.url.appendingPathComponent("config.toml")
        try Data("live_refresh_s = 2\n".utf8).write(to: config)
        let tmux = try launch(["--config", config.path])
        waitForList(tmux)
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { ($0.last ?? "").contains("live: polling") }, "no polling mark:\n\(tmux.screenDump())")
        XCTAssertEqual(try touch(question.id), 0, "no socket client")
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0.count > 2 && $0[2].contains(question.title) },
                      "the poll's row is not on top:\n\(tmux.screenDump())")
        let log = try double.requestLog()
        XCTAssertTrue(log.contains { $0.contains("/questions?") && $0.contains("min=") }, "no poll: \(log)")
        XCTAssertEqual(try liveConnections(), 0, "no socket was opened")
        try quit(tmux, within: 5)
    }

    /// Sends the double's hostile `mode` (a query may follow its name) to the running program: it keeps running, its
    /// rows stay as they were, the status line says `live: reconnecting…` when the mode ends the connection (and is
    /// `live` again after), and a question made active afterwards still arrives on top.
    private func expectSurvives(_ mode: String, reconnects: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let question = try XCTUnwrap(try absentQuestions().first)
        let tmux = try launchLive()
        let list = try tmux.capture()
        let connections = try liveConnections()
        try setMode(mode)
        if reconnects {
            XCTAssertTrue(tmux.waitUntil(timeout: 30) { ($0.last ?? "").contains("live: reconnecting") },
                          "\(mode): no reconnection:\n\(tmux.screenDump())", file: file, line: line)
        } else {
            Thread.sleep(forTimeInterval: 1) // the mode's frames reach the program
        }
        XCTAssertTrue(tmux.waitUntil(timeout: 30) { screen in
            let status = screen.last ?? ""
            return status.contains("live ·") && !status.contains("reconnecting")
        }, "\(mode): not live:\n\(tmux.screenDump())", file: file, line: line)
        XCTAssertEqual(Array(try tmux.capture()[0..<list.count - 1]), Array(list[0..<list.count - 1]),
                       "\(mode): the list is untouched", file: file, line: line)
        XCTAssertEqual(try liveConnections(), connections + (reconnects ? 1 : 0),
                       "\(mode): \(reconnects ? "one reconnection" : "the connection stays")", file: file, line: line)
        try makeActive(question.id)
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.count > 2 && $0[2].contains(question.title) },
                      "\(mode): nothing arrives after it:\n\(tmux.screenDump())", file: file, line: line)
        try quit(tmux, within: 5, "quit after \(mode)", file: file, line: line)
    }

    /// Connections the double's socket accepted so far.
    private func liveConnections() throws -> Int {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(double.port)/_double/live/stats"))
        let stats = try JSONSerialization.jsonObject(with: try LoopbackHTTP.get(url).body) as? [String: Any]
        return try XCTUnwrap(stats?["connections"] as? Int)
    }

    func testA64MiBFrameEndsTheConnectionAndTheProgramReconnects() throws {
        try expectSurvives("huge_frame", reconnects: true)
    }

    func testABinaryFrameIsIgnored() throws {
        try expectSurvives("binary", reconnects: false)
    }

    func testMalformedMessagesAreIgnored() throws {
        try expectSurvives("malformed_outer", reconnects: false)
        try expectSurvives("malformed_inner", reconnects: false)
    }

    func testAFloodOfOtherSitesLeavesTheListAlone() throws {
        try expectSurvives("flood&rate=10000&seconds=1", reconnects: false)
    }

    func testQuitWhileTheSocketWaitsForAnUpgradeIsImmediate() throws {
        let tmux = try launchLive()
        try setMode("no_upgrade") // the connection is dropped; the next one is accepted and never upgraded
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { ($0.last ?? "").contains("live: reconnecting") },
                      "no reconnection:\n\(tmux.screenDump())")
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { !($0.last ?? "").contains("reconnecting in ") },
                      "the next try never started:\n\(tmux.screenDump())")
        try quit(tmux, within: 3, "quit mid-handshake")
    }

    /// Sends a new question carrying `tags` on the double's socket, again until a subscribed client received it.
    private func sendNewQuestion(tags: String) throws {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(double.port)/_double/live/new?site=cardano&tags=\(tags)"))
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let sent = try JSONSerialization.jsonObject(with: try LoopbackHTTP.get(url).body) as? [String: Any]
            if (sent?["clients"] as? Int ?? 0) >= 1 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("no client subscribed to the double's socket")
    }

    /// Starts stackterm live on the double with `watch_tags = ["plutus"]` and waits for the list and the live mark;
    /// returns the session, the pane's title before stackterm set any, and the config's folder (keep it alive).
    private func launchWatchingPlutus() throws -> (TmuxSession, titleBefore: String, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory("stackterm-live-watch")
        let config = folder.url.appendingPathComponent("config.toml")
        try Data("watch_tags = [\"plutus\"]\n".utf8).write(to: config)
        let tmux = try launch(["--live-url", "ws://127.0.0.1:\(double.port)/", "--config", config.path])
        waitForList(tmux)
        let title = try tmux.paneTitle()
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { ($0.last ?? "").contains("live") }, "no live mark:\n\(tmux.screenDump())")
        return (tmux, title, folder)
    }

    func testANewQuestionInAWatchedTagRingsTheBellAndCountsInTheTitleUntilOpened() throws {
        let (tmux, _, folder) = try launchWatchingPlutus()
        defer { _ = folder }
        XCTAssertEqual(try tmux.format("#{window_bell_flag}"), "0")
        let first = try tmux.capture()[2]
        try sendNewQuestion(tags: "plutus")
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.count > 3 && $0[3] == first }, "no new row:\n\(tmux.screenDump())")
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { _ in (try? tmux.paneTitle()) == "stackterm (1)" },
                      "title: \((try? tmux.paneTitle()) ?? "?")")
        XCTAssertEqual(try tmux.format("#{window_bell_flag}"), "1", "BEL reached the terminal")
        try tmux.sendKeys(.text("k"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { _ in (try? tmux.paneTitle()) == "stackterm" },
                      "opened: \((try? tmux.paneTitle()) ?? "?")")
        try quit(tmux, within: 5)
    }

    func testTheWindowTitleIsGivenBackAtExit() throws {
        let (tmux, before, folder) = try launchWatchingPlutus()
        defer { _ = folder }
        try sendNewQuestion(tags: "plutus")
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { _ in (try? tmux.paneTitle()) == "stackterm (1)" },
                      "title: \((try? tmux.paneTitle()) ?? "?")")
        try quit(tmux, within: 5)
        XCTAssertEqual(try tmux.paneTitle(), before, "the title the terminal had before")
    }

    func testOfflineOpensNoSocket() throws {
        let tmux = try launch(["--offline", "--live-url", "ws://127.0.0.1:\(double.port)/"])
        let screen = try XCTUnwrap(tmux.settledScreen(), "never settled:\n\(tmux.screenDump())")
        Thread.sleep(forTimeInterval: 1) // a socket the program opened would have connected by now (a few ms on loopback)
        XCTAssertEqual(try liveConnections(), 0, "--offline connected to the socket")
        XCTAssertFalse((screen.last ?? "").contains("live"), screen.last ?? "")
        try quit(tmux, within: 5)
    }
}
