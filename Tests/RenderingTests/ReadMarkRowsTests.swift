import XCTest
import AppCore
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport
import TextEngine

/// Read marks and the offline mark as a person sees them: `+N` before an updated title, bold unread titles,
/// dimmed read ones, and `offline` on the status line.
final class ReadMarkRowsTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000 + 3 * 86_400)

    /// Three questions listed in a 100×12 terminal, the store's read marks of two of them answered: one read as it is,
    /// one read before two of its answers came. Every effect asserted.
    private func listed() throws -> ReducerTestStore {
        let viewport = Viewport(columns: 100, rows: 12)
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: viewport))
        let load = try XCTUnwrap(store.start())
        let questions = [
            Fixtures.question(id: 1, title: "Unread question", answers: 1),
            Fixtures.question(id: 2, title: "Read question", answers: 1),
            Fixtures.question(id: 3, title: "Updated question", answers: 4),
        ]
        let page = Page(items: questions, hasMore: false, page: 1, quotaRemaining: 287)
        let marks = try XCTUnwrap(store.loadPage(load.token, page))
        store.send(.loaded(marks, .readMarks([
            2: ReadState(questions[1]), 3: ReadState(answerCount: 2, lastActivity: questions[2].lastActivityDate),
        ])))
        store.expectEffects([])
        return store
    }

    /// Goes offline: the status line says so, and nothing is asked for.
    private func offline(_ store: ReducerTestStore) {
        store.send(.offlineChanged(true))
        store.expectEffects([])
    }

    func testRowsShowWhatIsNewSinceRead() throws {
        let buffer = AppScreen.render(try listed().state, cache: ThreadLayoutCache(), now: now).buffer
        let lines = buffer.lines
        XCTAssertTrue(lines[2].contains(" Unread question"), lines[2])
        XCTAssertTrue(lines[3].contains(" Read question"), lines[3])
        XCTAssertTrue(lines[4].contains(" +2 Updated question"), lines[4])
        let titleX = 11
        XCTAssertTrue(buffer[titleX, 2].style.attributes.contains(.bold), "unread titles are bold")
        XCTAssertEqual(buffer[titleX, 3].style.color, .muted, "read titles are dimmed")
        XCTAssertEqual(buffer[titleX, 4].style.color, .success, "the +N badge stands out")
        XCTAssertTrue(lines[11].contains("quota 287"), lines[11])
    }

    func testTheStatusLineSaysOffline() throws {
        let store = try listed()
        offline(store)
        let lines = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
        XCTAssertTrue(lines[11].contains("offline"), lines[11])
        XCTAssertFalse(lines[11].contains("quota"), lines[11])
    }

    func testTheOfflineMarkSurvivesNarrowTerminalsTheHintsGoFirst() throws {
        for columns in [100, 60, 40, 30] {
            let narrow = try listed()
            offline(narrow)
            narrow.send(.resize(Viewport(columns: columns, rows: 12)))
            narrow.expectEffects([])
            let status = AppScreen.render(narrow.state, cache: ThreadLayoutCache(), now: now).buffer.lines[11]
            XCTAssertTrue(status.hasSuffix("offline ") || status.contains("offline · "), "\(columns) columns: \(status)")
        }
        // A question's hints are long: at 60 columns they used to push the mark out.
        let hints = "? help · q back · o open · y copy · c comments · L links"
        XCTAssertEqual(Chrome.rightSide(mark: .offline, right: hints, width: 60), "offline · c comments · L links")
        XCTAssertEqual(Chrome.rightSide(mark: .offline, right: hints, width: 30), "offline", "no hint fits beside it")
        XCTAssertEqual(Chrome.rightSide(mark: StatusLine.Mark(full: "live: reconnecting in 8 s", short: "live…"), right: hints, width: 60),
                       "live… · c comments · L links", "a mark over a quarter of the row shortens")
        XCTAssertEqual(Chrome.rightSide(mark: nil, right: "quota 287/300 · ? help", width: 30), "? help", "the quota goes first")
    }

    /// A message comes before the quota: the right side takes only the room the message leaves, the quota going
    /// first, the mark last (its short form). `live: polling` beside a 67-column pause message cut its "Esc cancels".
    func testAMessageKeepsItsWordsTheQuotaMakesRoomFirst() {
        let pause = "/questions paused by the API for over a day: 6d 23h — Esc cancels"
        let live = StatusLine.Mark.live(.polling)
        let right = "quota 299/300 · ? help"
        XCTAssertEqual(Chrome.rightSide(mark: live, right: right, width: 100), "live: polling · quota 299/300 · ? help",
                       "no message: the whole right side")
        XCTAssertEqual(Chrome.rightSide(mark: live, right: right, width: 100, leftWidth: TextWidth.of(pause)), "live: polling · ? help")
        XCTAssertEqual(Chrome.rightSide(mark: live, right: right, width: 80, leftWidth: TextWidth.of(pause)), "live: poll",
                       "the short mark stays however long the message")
        var buffer = ScreenBuffer(width: 100, height: 1)
        Chrome.drawStatus(left: pause, mark: live, right: right, isError: false, into: &buffer)
        XCTAssertEqual(buffer.lines[0], " " + pause + String(repeating: " ", count: 100 - 2 - TextWidth.of(pause) - 22) + "live: polling · ? help ")
    }
}
