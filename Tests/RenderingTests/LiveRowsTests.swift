import XCTest
import AppCore
import Rendering
import StackAPI
import TestSupport

/// The live list as a person sees it: the banner where the column header was, rows made from a message without
/// a score or answer count, and the status line's `live` marks.
final class LiveRowsTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000 + 3 * 86_400)

    /// Live on, 10 questions loaded in a 100×12 terminal (9 list rows), the cursor moved `down` rows first.
    private func state(down: Int = 0) -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 100, rows: 12))
        state.shared.liveEnabled = true
        guard case let .load(token, .questions(_, _, _, _))? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        let page = Fixtures.page(1, count: 10, firstID: 1, hasMore: false)
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(page))))
        for _ in 0..<down { _ = Reducer.reduce(&state, .command(.moveDown)) }
        return state
    }

    private func arrive(_ id: Int, _ state: inout AppState) {
        let activity = LiveActivity(site: "cardano", questionID: id, title: "Arrived \(id)", tags: ["plutus"],
                                    lastActivityDate: now.addingTimeInterval(-60), ownerDisplayName: "Ada")
        _ = Reducer.reduce(&state, .liveActivity([activity]))
    }

    private func lines(_ state: AppState) -> [String] {
        AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    func testARowMadeFromAMessageShowsNoScoreOrAnswersAndItsAge() {
        var state = state()
        arrive(100, &state)
        let row = lines(state)[2]
        XCTAssertTrue(row.hasPrefix("           Arrived 100"), "blank score and answers, not `?`: \(row)")
        XCTAssertTrue(row.contains("plutus"), row)
        XCTAssertTrue(row.hasSuffix("1m "), "its age from the message: \(row)")
    }

    func testARowAPollBroughtShowsItsScoreAndAnswers() {
        var state = state()
        var question = Fixtures.question(id: 100, title: "Polled 100", score: 42, answers: 3)
        question.lastActivityDate = now.addingTimeInterval(-60)
        _ = Reducer.reduce(&state, .livePolled(LiveSubscription(site: "cardano"), [question]))
        let row = lines(state)[2]
        XCTAssertTrue(row.contains("Polled 100"), row)
        XCTAssertTrue(row.hasPrefix("   42  3"), "the API's score and answer count: \(row)")
    }

    func testWaitingArrivalsShowTheBannerWithTheKeyInForce() {
        var state = state(down: 9)
        XCTAssertGreaterThan(state.list.scrollOffset, 0)
        arrive(100, &state)
        arrive(101, &state)
        XCTAssertTrue(lines(state)[1].hasPrefix("▲ 2 new — . to show"), lines(state)[1])
        let buffer = AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer
        XCTAssertTrue(buffer[0, 1].style.attributes.contains(.bold), "the banner stands out")
        state.shared.keymap = Keymap(Keymap.standard.bindings.map { $0.command == .showLive ? (.showLive, [.character("W")]) : $0 })
        XCTAssertTrue(lines(state)[1].hasPrefix("▲ 2 new — W to show"), "named as remapped: \(lines(state)[1])")
        _ = Reducer.reduce(&state, .key(.character("W")))
        XCTAssertTrue(lines(state)[1].hasPrefix("score"), "the column header is back: \(lines(state)[1])")
    }

    func testTheStatusLineShowsTheSourcesState() {
        var state = state()
        XCTAssertFalse(lines(state)[11].contains("live"), "no mark before the socket is live")
        _ = Reducer.reduce(&state, .liveState(.live))
        XCTAssertTrue(lines(state)[11].contains("live · quota"), lines(state)[11])
        _ = Reducer.reduce(&state, .liveState(.reconnecting(in: 8)))
        XCTAssertTrue(lines(state)[11].contains("live: reconnecting in 8 s"), lines(state)[11])
        _ = Reducer.reduce(&state, .liveState(.polling))
        XCTAssertTrue(lines(state)[11].contains("live: polling"), lines(state)[11])
        _ = Reducer.reduce(&state, .offlineChanged(true))
        XCTAssertTrue(lines(state)[11].contains("offline"), "offline wins: \(lines(state)[11])")
        XCTAssertFalse(lines(state)[11].contains("live"), lines(state)[11])
    }

    func testAWatchedArrivalIsBoldInTheAccentColourUntilOpened() {
        var state = state()
        state.shared.watchedTags = ["plutus"]
        arrive(100, &state)
        let buffer = AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer
        XCTAssertTrue(buffer.lines[2].contains("Arrived 100"), buffer.lines[2])
        XCTAssertEqual(buffer[11, 2].style.color, .accent)
        XCTAssertTrue(buffer[11, 2].style.attributes.contains(.bold))
        XCTAssertNotEqual(buffer[11, 3].style.color, .accent, "an unwatched row is not")
    }
}
