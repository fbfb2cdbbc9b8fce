import AppCore
import Foundation
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// The live list in the reducer (issue 20 part 2): the source follows the list nearest the top, rows come as the
/// message carries them with no request, the row under the cursor never moves, the banner and `.`, and the status
/// line's mark. (Written with `ReducerTestStore`: every effect is asserted.)
final class LiveListTests: XCTestCase {
    private static let then = Date(timeIntervalSince1970: 1_600_000_000)

    /// Live on, started on cardano in a 12-row terminal (9 list rows), with questions `firstID`… loaded (30 of them).
    private func liveStore(sort: QuestionSort = .activity, tagged: [String] = [], firstID: Int = 1,
                           watching: [String] = []) throws -> ReducerTestStore {
        let page = Page(items: (firstID..<firstID + 30).map { Fixtures.question(id: $0, title: "Question \($0)", tags: ["swift"] + tagged) },
                        hasMore: false, page: 1, quotaRemaining: 290, quotaMax: 300)
        return try ReducerTestStore.liveStarted(sort: sort, tagged: tagged, watching: watching, page: page)
    }

    private func activity(_ id: Int, title: String? = nil, site: String = "cardano", tags: [String] = ["swift"],
                          minutesLater: Double = 10) -> LiveActivity {
        LiveActivity(site: site, questionID: id, title: title ?? "Live \(id)", tags: tags,
                     lastActivityDate: Self.then.addingTimeInterval(minutesLater * 60), ownerDisplayName: "Ada",
                     url: "https://cardano.stackexchange.com/questions/\(id)")
    }

    private func ids(_ state: AppState) -> [Int] { state.list.questions.map(\.questionID) }

    // MARK: The source follows the list

    func testTheSourceFollowsTheListNearestTheTopAndOnlyWhileItTakesActivity() throws {
        let store = try liveStore()
        let loading = store.listLoads
        store.send(.command(.cycleSort)) { XCTAssertEqual($0.settings.sort, .creation) }
        store.receiveCancels(loading)
        let creation = try XCTUnwrap(store.receiveQuestionsLoad(), "creation order takes activity too: the same source")
        store.receiveRememberBrowse()
        store.send(.command(.cycleSort)) { XCTAssertEqual($0.settings.sort, .votes) }
        store.receive(.cancel(creation.token))
        _ = try XCTUnwrap(store.receiveQuestionsLoad())
        store.receive(.stopLive)
        store.receiveRememberBrowse()
        store.send(.liveActivity([activity(100)])) { XCTAssertFalse(self.ids($0).contains(100), "nothing arrives in votes order") }
        store.expectEffects([])
    }

    func testQuittingLeavesTheSourceToTheRuntimesShutDown() throws {
        let store = try liveStore()
        store.send(.command(.quit))
        store.expectEffects([.cancelAll, .quit(exitCode: 0)])
    }

    func testLiveOffAsksForNoSource() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 12)))
        store.start() // page 1, the site's memory, the browse to remember: nothing live
        store.send(.liveActivity([activity(100)]))
        store.expectEffects([])
    }

    /// Issue 32 item 4: a message's `url` on another host is never what `o` opens or `y` copies; the link is made
    /// from the site and the id, as the store makes it.
    func testALiveRowsLinkOnAnotherHostIsNeverOpenedOrCopied() throws {
        let store = try liveStore()
        var spoofed = activity(100)
        spoofed.url = "https://evil.example/phish/questions/100"
        store.send(.liveActivity([spoofed])) { XCTAssertEqual($0.list.questions.first?.questionID, 100) }
        store.receiveReadMarksLoad([100])
        store.perform(.moveUp)
        store.send(.command(.openInBrowser))
        store.expectEffects([.openURL("https://cardano.stackexchange.com/q/100")])
        store.send(.command(.copyLink))
        store.expectEffects([.copyToClipboard("https://cardano.stackexchange.com/q/100")])
        var sameSite = activity(101)
        sameSite.url = "https://cardano.stackexchange.com/questions/101/a-title"
        store.send(.liveActivity([sameSite]))
        store.receiveReadMarksLoad([101])
        store.perform(.moveUp)
        store.send(.command(.copyLink))
        store.expectEffects([.copyToClipboard("https://cardano.stackexchange.com/questions/101/a-title")],
                            "a link naming this question on this site keeps its title's slug")
    }

    // MARK: Rows as the message carries them

    func testANewQuestionAtTheTopSlidesInAboveTheCursorWhichStaysOnItsQuestion() throws {
        let store = try liveStore()
        store.send(.liveActivity([activity(100)])) { state in
            XCTAssertEqual(Array(self.ids(state).prefix(2)), [100, 1])
            XCTAssertEqual(state.list.selectedQuestion?.questionID, 1, "the cursor stays on its question")
            XCTAssertEqual(state.list.scrollOffset, 0)
            let row = state.list.questions[0]
            XCTAssertEqual(row.title, "Live 100")
            XCTAssertEqual(row.owner?.displayName, "Ada")
            XCTAssertNil(row.score, "the message carries no score")
            XCTAssertEqual(state.questionList?.live.fromMessage, [100])
            XCTAssertEqual(state.questionList?.live.isEmpty, true, "nothing waits: it slid in")
        }
        store.receiveReadMarksLoad([100]) // the store's marks, no API request
        store.expectEffects([], "no request per message")
    }

    func testScrolledArrivalsWaitInTheBannerAndDotBringsThemOnTop() throws {
        let store = try liveStore()
        for _ in 0..<12 { store.perform(.moveDown) }
        let selected = try XCTUnwrap(store.state.list.selectedQuestion?.questionID)
        let offset = store.state.list.scrollOffset
        XCTAssertGreaterThan(offset, 0)
        store.send(.liveActivity([activity(100, minutesLater: 5), activity(101, minutesLater: 6)])) { state in
            XCTAssertEqual(self.ids(state), Array(1...30), "no row moves while the list is scrolled")
            XCTAssertEqual(state.list.selectedQuestion?.questionID, selected)
            XCTAssertEqual(state.list.scrollOffset, offset)
            XCTAssertEqual(state.questionList?.live.banner(key: state.shared.keyName(.showLive)), "▲ 2 new — . to show")
        }
        store.receiveReadMarksLoad([100, 101])
        store.send(.key(.character("."))) { state in
            XCTAssertEqual(Array(self.ids(state).prefix(3)), [101, 100, 1], "most recent first, on top")
            XCTAssertEqual(state.list.selection, 0)
            XCTAssertEqual(state.list.scrollOffset, 0)
            XCTAssertEqual(state.questionList?.live.isEmpty, true)
        }
        store.expectEffects([])
    }

    /// A list left scrolled on a busy site keeps at most `LiveArrivals.limit` questions waiting, the most recent; the
    /// banner says more came, and `.` brings the ones kept.
    func testWaitingArrivalsAreBoundedToTheMostRecentAndTheBannerSaysMoreCame() throws {
        let store = try liveStore()
        for _ in 0..<12 { store.perform(.moveDown) }
        let count = LiveArrivals.limit + 100
        let batch = (0..<count).map { activity(1_000 + $0, minutesLater: 5 + Double($0) / 100) }
        try store.send(.liveActivity(batch)) { state in
            let live = try XCTUnwrap(state.questionList?.live)
            XCTAssertEqual(live.new.count, LiveArrivals.limit)
            XCTAssertEqual(live.new.first?.questionID, 1_000 + count - 1, "the most recent kept")
            XCTAssertEqual(live.new.last?.questionID, 1_100, "the oldest let go")
            XCTAssertEqual(live.fromMessage.count, LiveArrivals.limit, "nothing kept of those let go")
            XCTAssertEqual(live.banner(key: "."), "▲ \(LiveArrivals.limit)+ new — . to show")
        }
        store.receiveReadMarksLoad(Array(1_100..<(1_000 + count)))
        store.send(.key(.character("."))) { state in
            XCTAssertEqual(self.ids(state).count, 30 + LiveArrivals.limit)
            XCTAssertEqual(state.questionList?.live.banner(key: "."), nil)
            XCTAssertEqual(state.questionList?.live.overflowed, false)
        }
        store.expectEffects([])
    }

    func testTheSameQuestionTwiceIsOneRowWithItsLatestTitle() throws {
        let store = try liveStore()
        for _ in 0..<12 { store.perform(.moveDown) }
        store.send(.liveActivity([activity(100, title: "First words")]))
        store.receiveReadMarksLoad([100])
        store.send(.liveActivity([activity(100, title: "Edited words", minutesLater: 20)])) { state in
            XCTAssertEqual(state.questionList?.live.new.map(\.title), ["Edited words"])
        }
        store.expectEffects([], "a question already waiting asks for nothing more")
        store.send(.command(.showLive)) { XCTAssertEqual(self.ids($0).filter { $0 == 100 }.count, 1) }
        store.expectEffects([])
    }

    func testAChangedQuestionOnTheListChangesInPlaceAndMovesOnlyWhenAsked() throws {
        let store = try liveStore()
        store.send(.liveActivity([activity(5, title: "Question 5, edited")])) { state in
            XCTAssertEqual(self.ids(state), Array(1...30), "it stays in its place")
            XCTAssertEqual(state.list.questions[4].title, "Question 5, edited")
            XCTAssertEqual(state.list.questions[4].lastActivityDate, Self.then.addingTimeInterval(600))
            XCTAssertNil(state.list.questions[4].body, "opening it asks for the question again")
            XCTAssertEqual(state.questionList?.live.banner(key: "."), "▲ 1 updated — . to show")
        }
        store.expectEffects([])
        store.send(.command(.showLive)) { state in
            XCTAssertEqual(self.ids(state), [5] + Array(1...4) + Array(6...30))
            XCTAssertEqual(state.list.selection, 0)
        }
        store.expectEffects([])
    }

    func testAReadQuestionThatChangesShowsAsUpdated() throws {
        let store = try liveStore()
        let fifth = store.state.list.questions[4]
        store.send(.loaded(try XCTUnwrap(store.state.list.markLoads.first), .readMarks([5: ReadState(fifth)])))
        store.expectEffects([])
        store.send(.liveActivity([activity(5)])) {
            XCTAssertEqual($0.shared.readMarks.status(of: $0.list.questions[4]), .updated(newAnswers: 0))
        }
        store.expectEffects([])
    }

    func testInCreationOrderOnlyQuestionsNewerThanEveryRowAreNew() throws {
        let store = try liveStore(sort: .creation, firstID: 10)
        store.send(.liveActivity([activity(5), activity(12, title: "Question 12, edited"), activity(50)])) { state in
            XCTAssertEqual(Array(self.ids(state).prefix(2)), [50, 10], "50 is new; 5 is an old question active again")
            XCTAssertFalse(self.ids(state).contains(5))
            XCTAssertEqual(state.list.questions[3].title, "Question 12, edited")
            XCTAssertEqual(state.questionList?.live.changed, [], "creation order never moves a changed question")
            XCTAssertEqual(state.list.questions[0].creationDate, Self.then.addingTimeInterval(600))
        }
        store.receiveReadMarksLoad([50])
    }

    func testOtherSitesAndQuestionsWithoutTheListsTagsAreIgnored() throws {
        let store = try liveStore(tagged: ["plutus"])
        store.send(.liveActivity([activity(100, site: "bitcoin", tags: ["swift", "plutus"]), activity(101, tags: ["swift"])])) {
            XCTAssertEqual(self.ids($0), Array(1...30))
            XCTAssertEqual($0.questionList?.live.isEmpty, true)
        }
        store.expectEffects([])
    }

    func testAnArrivalThatWouldPushTheCursorOffScreenWaits() throws {
        let store = try liveStore()
        for _ in 0..<8 { store.perform(.moveDown) } // the last row on screen, nothing scrolled
        XCTAssertEqual(store.state.list.scrollOffset, 0)
        store.send(.liveActivity([activity(100)])) { state in
            XCTAssertEqual(self.ids(state), Array(1...30))
            XCTAssertEqual(state.questionList?.live.new.map(\.questionID), [100])
        }
        store.receiveReadMarksLoad([100])
    }

    func testDotWithNothingWaitingSaysSo() throws {
        let store = try liveStore()
        store.send(.key(.character("."))) { XCTAssertEqual($0.status.message, "Nothing new arrived live") }
        store.expectEffects([])
    }

    func testPageOneFromTheNetworkReplacesWhatWaited() throws {
        let store = try liveStore()
        for _ in 0..<12 { store.perform(.moveDown) }
        store.send(.liveActivity([activity(100)]))
        store.receiveReadMarksLoad([100])
        store.send(.command(.reload))
        let reload = try XCTUnwrap(store.receiveQuestionsLoad())
        store.send(.loaded(reload.token, .questions(.success(Fixtures.page(1, count: 30, firstID: 1, hasMore: false))))) {
            XCTAssertEqual($0.questionList?.live.isEmpty, true, "the page holds what had arrived")
        }
        store.receiveReadMarksLoad(Array(1...30))
    }

    // MARK: The status line's mark

    func testTheSourcesStateReachesTheStatusLine() throws {
        let store = try liveStore()
        store.send(.liveState(.connecting)) { XCTAssertNil($0.shared.liveStatus, "no mark while the first try connects") }
        store.send(.liveState(.live)) { XCTAssertEqual($0.shared.liveStatus, .live) }
        store.send(.liveState(.reconnecting(in: 8))) { XCTAssertEqual($0.shared.liveStatus, .reconnecting(in: 8)) }
        store.send(.liveState(.connecting)) { XCTAssertEqual($0.shared.liveStatus, .reconnecting(in: 0), "still reconnecting") }
        store.send(.liveState(.stopped(reason: "not a ws:// or wss:// address"))) { state in
            XCTAssertNil(state.shared.liveStatus)
            XCTAssertEqual(state.status.message, "live: not a ws:// or wss:// address")
        }
        store.expectEffects([])
    }

    // MARK: Watched tags

    func testANewQuestionInAWatchedTagCallsTheReaderAndCountsInTheTitleUntilOpened() throws {
        let store = try liveStore(watching: ["plutus"])
        store.send(.liveActivity([activity(100, title: "Minting with Plutus", tags: ["plutus", "nft"])])) {
            XCTAssertEqual($0.shared.watchedUnopened, [100])
        }
        store.receive(.alertWatched(message: "New in [plutus]: Minting with Plutus"))
        store.receiveReadMarksLoad([100])
        store.receive(.setWindowTitle("stackterm (1)"))
        store.send(.liveActivity([activity(100, title: "Minting with Plutus V2", tags: ["plutus"], minutesLater: 20)]))
        store.expectEffects([], "the same question calls once")
        store.perform(.moveUp)
        XCTAssertEqual(store.state.list.selectedQuestion?.questionID, 100)
        store.send(.command(.open)) { XCTAssertEqual($0.shared.watchedUnopened, []) }
        let mark = ReadState(try XCTUnwrap(store.state.thread?.question))
        _ = store.receiveQuestionOpened(100, markedRead: mark)
        store.receive(.setWindowTitle("stackterm"))
    }

    func testOnlyQuestionsNewerThanTheListInAWatchedTagCall() throws {
        let store = try liveStore(firstID: 10, watching: ["plutus"])
        store.send(.liveActivity([activity(5, tags: ["plutus"]), activity(100, tags: ["swift"])])) {
            XCTAssertEqual($0.shared.watchedUnopened, [], "an old question active again, and an unwatched tag")
        }
        store.receiveReadMarksLoad([5, 100])
    }

    func testSeveralWatchedArrivalsCallOnceAndAreCountedTogether() throws {
        let store = try liveStore(watching: ["plutus", "nft"])
        store.send(.liveActivity([activity(100, tags: ["plutus"]), activity(101, tags: ["NFT"])]))
        store.receive(.alertWatched(message: "2 new questions in watched tags"))
        store.receiveReadMarksLoad([100, 101])
        store.receive(.setWindowTitle("stackterm (2)"))
    }

    func testWWatchesTheQuestionsOnlyTagAndItsNewQuestionsThenCall() throws {
        let store = try liveStore()
        store.send(.key(.character("w"))) { state in
            XCTAssertEqual(state.shared.watchedTags, ["swift"])
            XCTAssertEqual(state.status.message, "Watching [swift]: its new questions ring the bell and count in the title")
        }
        store.receive(.remember(.watchedTags(["swift"])))
        store.expectEffects([])
        store.send(.liveActivity([activity(100, tags: ["Swift"])]))
        store.receive(.alertWatched(message: "New in [Swift]: Live 100"))
        store.receiveReadMarksLoad([100])
        store.receive(.setWindowTitle("stackterm (1)"))
        store.send(.key(.character("w"))) { state in
            XCTAssertEqual(state.shared.watchedTags, [])
            XCTAssertEqual(state.status.message, "No longer watching [swift]", "the cursor stayed on question 1")
        }
        store.receive(.remember(.watchedTags([]))) // an empty list is remembered too: it unwatches the config's tags
        store.expectEffects([])
    }

    func testWWithSeveralTagsOpensAPickerOfThemAndEnterToggles() throws {
        let store = try liveStore(tagged: ["plutus"], watching: ["plutus"])
        store.send(.key(.character("w"))) { state in
            guard case .picker(let picker) = state.top else { return XCTFail("no picker: \(state.screens)") }
            XCTAssertEqual(picker.purpose, .watch)
            XCTAssertEqual(picker.entries.map(\.label), ["swift", "plutus · watched"])
        }
        store.expectEffects([])
        store.press(.down)
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.screens, [.questionList], "the picker closes")
            XCTAssertEqual(state.shared.watchedTags, [])
            XCTAssertEqual(state.status.message, "No longer watching [plutus]")
        }
        store.receive(.remember(.watchedTags([])))
        store.expectEffects([])
    }

    func testWOnAListWithNothingSelectedSaysSo() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 12)))
        store.start()
        store.send(.key(.character("w"))) { XCTAssertEqual($0.status.message, "Nothing selected yet: the list is loading") }
        store.expectEffects([])
    }
}
