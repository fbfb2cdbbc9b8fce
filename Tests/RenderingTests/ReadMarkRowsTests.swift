import XCTest
import AppCore
import Rendering
import StackAPI
import TestSupport
import TextEngine

/// Read marks and the offline mark as a person sees them: `+N` before an updated title, bold unread titles,
/// dimmed read ones, and `offline` on the status line.
final class ReadMarkRowsTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000 + 3 * 86_400)

    private func state() -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 100, rows: 12))
        guard case let .load(token, .questions(_, _, _, _))? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        let questions = [
            Fixtures.question(id: 1, title: "Unread question", answers: 1),
            Fixtures.question(id: 2, title: "Read question", answers: 1),
            Fixtures.question(id: 3, title: "Updated question", answers: 4),
        ]
        let effects = Reducer.reduce(&state, .loaded(token, .questions(.success(Page(items: questions, hasMore: false, page: 1,
                                                                                   quotaRemaining: 287)))))
        guard case let .load(marks, .readMarks("cardano", [1, 2, 3]))? = effects.last else { fatalError("no marks asked: \(effects)") }
        _ = Reducer.reduce(&state, .loaded(marks, .readMarks([
            2: ReadState(questions[1]), 3: ReadState(answerCount: 2, lastActivity: questions[2].lastActivityDate),
        ])))
        return state
    }

    func testRowsShowWhatIsNewSinceRead() {
        let buffer = AppScreen.render(state(), cache: ThreadLayoutCache(), now: now).buffer
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

    func testTheStatusLineSaysOffline() {
        var offline = state()
        _ = Reducer.reduce(&offline, .offlineChanged(true))
        let lines = AppScreen.render(offline, cache: ThreadLayoutCache(), now: now).buffer.lines
        XCTAssertTrue(lines[11].contains("offline"), lines[11])
        XCTAssertFalse(lines[11].contains("quota"), lines[11])
    }

    func testTheOfflineMarkSurvivesNarrowTerminalsTheHintsGoFirst() {
        for columns in [100, 60, 40, 30] {
            var narrow = state()
            _ = Reducer.reduce(&narrow, .offlineChanged(true))
            _ = Reducer.reduce(&narrow, .resize(Viewport(columns: columns, rows: 12)))
            let status = AppScreen.render(narrow, cache: ThreadLayoutCache(), now: now).buffer.lines[11]
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
