import XCTest
import AppCore
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport

/// The live list as a person sees it: the banner where the column header was, rows made from a message without
/// a score or answer count, and the status line's `live` marks.
final class LiveRowsTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000 + 3 * 86_400)

    /// Live on (`watching` those tags, `keymap` in force), 10 questions loaded in a 100×12 terminal (9 list rows),
    /// the cursor moved `down` rows first; every effect asserted.
    private func started(down: Int = 0, watching: [String] = [],
                         keymap: Keymap = .standard) throws -> ReducerTestStore {
        let page = Fixtures.page(1, count: 10, firstID: 1, hasMore: false)
        let store = try ReducerTestStore.liveStarted(watching: watching, page: page, columns: 100, keymap: keymap)
        for _ in 0..<down { store.perform(.moveDown) }
        return store
    }

    /// Question `id` (tagged plutus) arrives from the socket; its read mark is asked for. When plutus is watched the
    /// reader is called first, and the window title counts it after (the first watched arrival not opened).
    private func arrive(_ id: Int, _ store: ReducerTestStore, watched: Bool = false, line: UInt = #line) {
        let activity = LiveActivity(site: "cardano", questionID: id, title: "Arrived \(id)", tags: ["plutus"],
                                    lastActivityDate: now.addingTimeInterval(-60), ownerDisplayName: "Ada")
        store.send(.liveActivity([activity]), line: line)
        if watched { store.receive(.alertWatched(message: "New in [plutus]: Arrived \(id)"), line: line) }
        store.receiveReadMarksLoad([id], line: line)
        if watched { store.receive(.setWindowTitle("stackterm (1)"), line: line) }
    }

    private func lines(_ state: AppState) -> [String] {
        AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    private func lines(_ store: ReducerTestStore) -> [String] {
        lines(store.state)
    }

    func testARowMadeFromAMessageShowsNoScoreOrAnswersAndItsAge() throws {
        let store = try started()
        arrive(100, store)
        let row = lines(store)[2]
        XCTAssertTrue(row.hasPrefix("           Arrived 100"), "blank score and answers, not `?`: \(row)")
        XCTAssertTrue(row.contains("plutus"), row)
        XCTAssertTrue(row.hasSuffix("1m "), "its age from the message: \(row)")
    }

    func testARowAPollBroughtShowsItsScoreAndAnswers() throws {
        let store = try started()
        var question = Fixtures.question(id: 100, title: "Polled 100", score: 42, answers: 3)
        question.lastActivityDate = now.addingTimeInterval(-60)
        store.send(.livePolled(LiveSubscription(site: "cardano"), [question]))
        store.receiveReadMarksLoad([100])
        let row = lines(store)[2]
        XCTAssertTrue(row.contains("Polled 100"), row)
        XCTAssertTrue(row.hasPrefix("   42  3"), "the API's score and answer count: \(row)")
    }

    func testWaitingArrivalsShowTheBannerWithTheKeyInForce() throws {
        // The reducer runs on the remapped keys; the standard ones are drawn on a copy of its state.
        let remapped = Keymap(Keymap.standard.bindings.map {
            $0.command == .showLive ? (.showLive, [.character("Z")]) : $0
        })
        let store = try started(down: 9, keymap: remapped)
        XCTAssertGreaterThan(store.state.list.scrollOffset, 0)
        arrive(100, store)
        arrive(101, store)
        var standard = store.state
        standard.shared.keymap = .standard
        XCTAssertTrue(lines(standard)[1].hasPrefix("▲ 2 new — . to show"), lines(standard)[1])
        let buffer = AppScreen.render(standard, cache: ThreadLayoutCache(), now: now).buffer
        XCTAssertTrue(buffer[0, 1].style.attributes.contains(.bold), "the banner stands out")
        XCTAssertTrue(lines(store)[1].hasPrefix("▲ 2 new — Z to show"), "named as remapped: \(lines(store)[1])")
        store.press(.character("Z"))
        XCTAssertTrue(lines(store)[1].hasPrefix("score"), "the column header is back: \(lines(store)[1])")
    }

    func testTheStatusLineShowsTheSourcesState() throws {
        let store = try started()
        XCTAssertFalse(lines(store)[11].contains("live"), "no mark before the socket is live")
        for (status, shown) in [(LiveStatus.live, "live · quota"), (.reconnecting(in: 8), "live: reconnecting in 8 s"),
                                (.polling, "live: polling")] {
            store.send(.liveState(status))
            store.expectEffects([], "the source's state is only shown")
            XCTAssertTrue(lines(store)[11].contains(shown), lines(store)[11])
        }
        store.send(.offlineChanged(true))
        store.expectEffects([])
        XCTAssertTrue(lines(store)[11].contains("offline"), "offline wins: \(lines(store)[11])")
        XCTAssertFalse(lines(store)[11].contains("live"), lines(store)[11])
    }

    func testAWatchedArrivalIsBoldInTheAccentColourUntilOpened() throws {
        let store = try started(watching: ["plutus"])
        arrive(100, store, watched: true)
        let buffer = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer
        XCTAssertTrue(buffer.lines[2].contains("Arrived 100"), buffer.lines[2])
        XCTAssertEqual(buffer[11, 2].style.color, .accent)
        XCTAssertTrue(buffer[11, 2].style.attributes.contains(.bold))
        XCTAssertNotEqual(buffer[11, 3].style.color, .accent, "an unwatched row is not")
    }
}
