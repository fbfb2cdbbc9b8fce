import AppCore
import Foundation
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// The live list fed by the source's polls and gap fills (issue 20 part 4): the API's rows take the path a message's
/// take — slide-in at the top, the banner when scrolled, watched tags — with their score and answer count; the mark
/// says `live: polling`. (Exhaustive `ReducerTestStore`: every effect is asserted.)
final class LivePollTests: XCTestCase {
    private static let then = 1_600_000_000
    private let subscription = LiveSubscription(site: "cardano")

    /// Live on cardano in a 12-row terminal (9 list rows), questions 1…30 loaded, all last active at `then`.
    private func pollingStore(watching: [String] = []) throws -> ReducerTestStore {
        let rows = (1...30).map { Fixtures.question(id: $0, title: "Question \($0)", created: Self.then) }
        return try ReducerTestStore.liveStarted(watching: watching, page: Page(items: rows, hasMore: false, page: 1))
    }

    /// A question as the API's poll sends it, last active `minutesLater` after `then`.
    private func polled(_ id: Int, score: Int = 7, answers: Int = 2, tags: [String] = ["swift"], minutesLater: Int = 10) -> Question {
        var question = Fixtures.question(id: id, title: "Polled \(id)", score: score, answers: answers, tags: tags, created: Self.then)
        question.lastActivityDate = Date(timeIntervalSince1970: TimeInterval(Self.then + minutesLater * 60))
        return question
    }

    private func ids(_ state: AppState) -> [Int] { state.list.questions.map(\.questionID) }

    func testPolledQuestionsSlideInAtTheTopWithTheirScoreAndAnswerCount() throws {
        let store = try pollingStore()
        store.send(.livePolled(subscription, [polled(101, minutesLater: 20), polled(100, minutesLater: 10)])) { state in
            XCTAssertEqual(Array(self.ids(state).prefix(3)), [101, 100, 1], "most recent activity on top")
            XCTAssertEqual(state.list.selectedQuestion?.questionID, 1, "the cursor stays on its question")
            XCTAssertEqual(state.list.questions[0].score, 7)
            XCTAssertEqual(state.list.questions[0].answerCount, 2)
            XCTAssertEqual(state.questionList?.live.fromMessage, [], "the API's rows, not a message's")
        }
        store.receiveReadMarksLoad([100, 101])
        store.expectEffects([], "the poll's rows ask for nothing more")
    }

    func testScrolledPolledQuestionsWaitBehindTheBanner() throws {
        let store = try pollingStore()
        for _ in 0..<12 { store.perform(.moveDown) }
        let selected = try XCTUnwrap(store.state.list.selectedQuestion?.questionID)
        store.send(.livePolled(subscription, [polled(100)])) { state in
            XCTAssertEqual(self.ids(state), Array(1...30), "no row moves while the list is scrolled")
            XCTAssertEqual(state.list.selectedQuestion?.questionID, selected)
            XCTAssertEqual(state.questionList?.live.banner(key: "."), "▲ 1 new — . to show")
        }
        store.receiveReadMarksLoad([100])
        store.send(.command(.showLive)) { XCTAssertEqual(self.ids($0).first, 100) }
        store.expectEffects([])
    }

    func testAQuestionOnTheListWaitsToMoveOnlyWhenThePollSaysItIsNewer() throws {
        let store = try pollingStore()
        store.send(.livePolled(subscription, [polled(5, score: 9, minutesLater: 10), polled(6, score: 4, minutesLater: 0)])) { state in
            XCTAssertEqual(self.ids(state), Array(1...30), "both stay in their place")
            XCTAssertEqual(state.list.questions[4].score, 9)
            XCTAssertEqual(state.list.questions[5].score, 4, "the same activity still brings the API's counts")
            XCTAssertEqual(state.questionList?.live.changed, [5], "only the newer activity waits to move")
            XCTAssertEqual(state.questionList?.live.banner(key: "."), "▲ 1 updated — . to show")
        }
        store.expectEffects([])
    }

    func testThePollsCopyGivesAMessagesRowItsScore() throws {
        let store = try pollingStore()
        let message = LiveActivity(site: "cardano", questionID: 100, title: "Live 100", tags: ["swift"],
                                   lastActivityDate: Date(timeIntervalSince1970: TimeInterval(Self.then + 1_200)))
        store.send(.liveActivity([message])) { XCTAssertNil($0.list.questions[0].score) }
        store.receiveReadMarksLoad([100])
        store.send(.livePolled(subscription, [polled(100, score: 3, minutesLater: 10)])) { state in
            XCTAssertEqual(self.ids(state).filter { $0 == 100 }.count, 1)
            XCTAssertEqual(state.list.questions[0].score, 3)
            XCTAssertEqual(state.list.questions[0].title, "Live 100", "the message said later things than the poll")
            XCTAssertEqual(state.questionList?.live.fromMessage, [])
            XCTAssertEqual(state.questionList?.live.changed, [], "older than what the row shows: not an update")
        }
        store.expectEffects([])
    }

    func testRowsPolledForAnotherSubscriptionAreDropped() throws {
        let store = try pollingStore()
        store.send(.livePolled(LiveSubscription(site: "cardano", tags: ["haskell"]), [polled(100)])) {
            XCTAssertFalse(self.ids($0).contains(100))
        }
        store.expectEffects([])
    }

    func testAPolledQuestionInAWatchedTagCallsTheReader() throws {
        let store = try pollingStore(watching: ["plutus"])
        store.send(.livePolled(subscription, [polled(100, tags: ["plutus"])])) {
            XCTAssertEqual($0.shared.watchedUnopened, [100])
        }
        store.receive(.alertWatched(message: "New in [plutus]: Polled 100"))
        store.receiveReadMarksLoad([100])
        store.receive(.setWindowTitle("stackterm (1)"))
        store.expectEffects([])
    }

    func testTheMarkSaysPollingUntilTheSocketIsLiveAgain() throws {
        let store = try pollingStore()
        store.send(.liveState(.polling)) { XCTAssertEqual($0.shared.liveStatus, .polling) }
        store.send(.liveState(.live)) { XCTAssertEqual($0.shared.liveStatus, .live) }
        store.expectEffects([])
    }
}
