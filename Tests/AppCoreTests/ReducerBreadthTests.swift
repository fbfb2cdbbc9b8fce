@testable import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Reducer tests for the answers feed, sorts, tags, search, sites, comments and links. (Written with
/// `ReducerTestStore`: every effect is asserted.)
final class ReducerBreadthTests: XCTestCase {
    /// A store showing a loaded list of 20 questions (ids 1…20).
    private func listStore() throws -> ReducerTestStore {
        try ReducerTestStore.listing(20, rows: 24)
    }

    private let sites = [Site(name: "Cardano", apiSiteParameter: "cardano", siteURL: "https://cardano.stackexchange.com"),
                         Site(name: "Coffee", apiSiteParameter: "coffee", siteURL: "https://coffee.stackexchange.com"),
                         Site(name: "Beer", apiSiteParameter: "beer", siteURL: "https://beer.stackexchange.com")]

    func testAnswersFeedTogglesLoadsOnceAndAsksOnlyForUnknownTitles() throws {
        let store = try listStore()
        store.send(.key(.character("a"))) { XCTAssertEqual($0.screen, .answersFeed) }
        let token = try XCTUnwrap(store.receiveAnswersFeedLoad(page: 1, site: "cardano", priority: .userInitiated))

        let answers = [Fixtures.answer(id: 100, question: 3), Fixtures.answer(id: 101, question: 999), Fixtures.answer(id: 102, question: 999)]
        store.send(.loaded(token, .answersFeed(.success(Page(items: answers, hasMore: false, page: 1))))) { state in
            XCTAssertEqual(state.feed.items.map(\.answerID), [100, 101, 102])
            XCTAssertEqual(state.answersFeed?.titles[3], "Question 3", "a title the list already had costs no request")
        }
        let titlesToken = try XCTUnwrap(store.receive("the titles of question 999 only") { effect -> LoadToken? in
            if case .load(let token, .questionTitles([999], "cardano")) = effect { token } else { nil }
        })
        store.send(.loaded(titlesToken, .questionTitles(.success([Fixtures.question(id: 999, title: "Far away")])))) {
            XCTAssertEqual($0.answersFeed?.titles[999], "Far away")
        }
        store.expectEffects([])

        store.send(.key(.character("a"))) { state in
            XCTAssertEqual(state.screen, .questionList)
            XCTAssertEqual(state.screens, [.questionList], "`a` on the feed pops it")
        }
        store.expectEffects([])
    }

    func testOpeningAnAnswerFromTheFeedScrollsToIt() throws {
        let store = try listStore()
        store.send(.command(.toggleAnswersFeed))
        let token = try XCTUnwrap(store.receiveAnswersFeedLoad())
        store.send(.loaded(token, .answersFeed(.success(Page(items: [Fixtures.answer(id: 77, question: 5)], hasMore: false, page: 1)))))
        store.expectEffects([], "question 5's title is the list's")
        store.send(.key(.enter)) { XCTAssertEqual($0.thread?.focusAnswerID, 77) }
        store.receiveQuestionOpened(5, markedRead: ReadState(store.state.list.questions[4]))
        store.layOut(questionID: 5, ThreadMeasure(lineCount: 200, postStarts: [5: 0, 76: 40, 77: 90], blocks: []))
        XCTAssertEqual(store.state.thread?.scroll, 90)
        XCTAssertNil(store.state.thread?.focusAnswerID, "only the first layout scrolls")
        let cancels = store.leavingQuestionCancels
        store.send(.key(.character("q"))) { XCTAssertEqual($0.screen, .answersFeed, "back returns to the feed") }
        store.expectEffects(cancels)
    }

    func testSortCyclesCancelsTheOldLoadAndStartsOver() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24)))
        var loading = try XCTUnwrap(store.start())
        store.send(.key(.character("s")))
        store.receive(.cancel(loading.token))
        let second = try XCTUnwrap(store.receiveQuestionsLoad())
        XCTAssertEqual(second.settings.sort, .creation)
        XCTAssertEqual(second.page, 1)
        store.receiveRememberBrowse()
        loading = second
        for expected in [QuestionSort.votes, .hot, .week, .month, .activity] {
            store.send(.command(.cycleSort)) { XCTAssertEqual($0.settings.sort, expected) }
            store.receive(.cancel(loading.token))
            loading = try XCTUnwrap(store.receiveQuestionsLoad())
            XCTAssertEqual(loading.settings.sort, expected)
            store.receiveRememberBrowse()
        }
    }

    func testTagPromptSetsAndClearsTheFilter() throws {
        let store = try listStore()
        store.press(.character("t"))
        XCTAssertEqual(store.state.prompt?.purpose, .tags)
        store.type("nft;wallet q") // typed keys go to the prompt, not the keymap: none asks for anything
        XCTAssertFalse(store.state.isQuitting)
        store.send(.key(.enter)) { state in
            XCTAssertNil(state.prompt)
            XCTAssertEqual(state.settings.tagged, ["nft", "wallet", "q"])
        }
        let tagged = try XCTUnwrap(store.receiveQuestionsLoad())
        XCTAssertEqual(tagged.settings.tagged, ["nft", "wallet", "q"])
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: ["nft", "wallet", "q"]))))

        store.press(.character("t"))
        XCTAssertEqual(store.state.prompt?.editor.text, "nft;wallet;q", "the prompt starts with the current tags")
        store.press(.control("u"))
        store.send(.key(.enter)) { XCTAssertEqual($0.settings.tagged, [], "an empty filter clears the tags") }
        store.expectEffects([.cancel(tagged.token), .remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: [])))],
                            "back to the unfiltered list below, its tag list's page still loading")

        store.press(.character("t"))
        store.type("zzz")
        store.press(.escape)
        XCTAssertNil(store.state.prompt)
        XCTAssertEqual(store.state.settings.tagged, [], "Esc leaves the filter as it was")
    }

    func testSearchRunsKeepsHistoryAndCanBeCleared() throws {
        let store = try listStore()
        store.press(.character("/"))
        store.type("plutus script")
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.searchHistory, ["plutus script"])
            XCTAssertTrue(state.list.items.isEmpty, "results replace the list")
        }
        store.receive(.remember(.search(site: "cardano", query: "plutus script")))
        let search = try XCTUnwrap(store.receiveQuestionsLoad())
        XCTAssertEqual(search.settings.searchQuery, "plutus script")

        store.press(.character("/"), .up)
        XCTAssertEqual(store.state.prompt?.editor.text, "plutus script", "Up recalls the last search")
        store.press(.control("u"))
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.screens, [.questionList], "an empty search goes back to the list")
            XCTAssertNil(state.settings.searchQuery)
            XCTAssertEqual(state.list.items.count, 20, "the list comes back as it was")
        }
        store.expectEffects([.cancel(search.token)], "without loading it again")
    }

    /// Issue 32 item 7: Esc cancelled a search's first page; the same search submitted again loads it instead of
    /// saying "Already showing the search" over an empty list.
    func testASearchCancelledBeforeItsFirstPageLoadsWhenAskedAgain() throws {
        let store = try listStore()
        store.press(.character("/"))
        store.type("plutus")
        store.send(.key(.enter))
        store.receive(.remember(.search(site: "cardano", query: "plutus")))
        let search = try XCTUnwrap(store.receiveQuestionsLoad())
        store.send(.command(.cancelOrBack)) { XCTAssertEqual($0.screens, [.questionList, .questionList], "Esc only cancels") }
        store.expectEffects([.cancel(search.token)])
        store.press(.character("/"))
        store.type("plutus")
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.screens, [.questionList, .questionList], "the same results screen, loading")
            XCTAssertNotEqual(state.status.message, "Already showing the search “plutus”")
            XCTAssertNotNil(state.list.pending)
        }
        store.receive(.remember(.search(site: "cardano", query: "plutus")))
        let again = try XCTUnwrap(store.receiveQuestionsLoad())
        XCTAssertEqual(again.settings.searchQuery, "plutus")
        XCTAssertNotEqual(again.token, search.token)
    }

    func testTheSitePickerMarksTheSitesTheStoreHoldsAndTypingTheMarkKeepsThem() throws {
        let store = try listStore()
        store.send(.key(.character("S")))
        let token = try XCTUnwrap(store.receiveSitesLoad())
        store.send(.loaded(token, .sites(.success(sites), held: ["coffee", "beer"]))) {
            XCTAssertEqual($0.picker?.entries.map(\.label), [
                "Cardano (cardano) · cardano.stackexchange.com",
                "Coffee (coffee) · coffee.stackexchange.com · in the store",
                "Beer (beer) · beer.stackexchange.com · in the store",
            ])
        }
        store.expectEffects([])
        store.type("in the store")
        XCTAssertEqual(store.state.picker?.visibleEntries.map(\.value), ["coffee", "beer"])
    }

    /// Issue 32 case 11: a site known only from the local store (named by its API name) showed `cardano (cardano)`.
    func testASiteNamedByItsAPINameIsShownOnce() {
        XCTAssertEqual(PickerFeature.siteLabel(Site(name: "cardano", apiSiteParameter: "cardano", siteURL: "")), "cardano")
        XCTAssertEqual(PickerFeature.siteLabel(Site(name: "Cardano", apiSiteParameter: "cardano", siteURL: "https://cardano.stackexchange.com")),
                       "Cardano (cardano) · cardano.stackexchange.com")
    }

    func testSitePickerFiltersAndSwitchesSite() throws {
        let store = try listStore()
        store.send(.key(.character("S"))) { XCTAssertEqual($0.screen, .picker) }
        let token = try XCTUnwrap(store.receiveSitesLoad())
        let sites = [Site(name: "Cardano", apiSiteParameter: "cardano", siteURL: "https://cardano.stackexchange.com"),
                     Site(name: "Beer, Wine & Spirits", apiSiteParameter: "beer", siteURL: "https://beer.stackexchange.com"),
                     Site(name: "Coffee", apiSiteParameter: "coffee", siteURL: "https://coffee.stackexchange.com")]
        store.send(.loaded(token, .sites(.success(sites)))) { state in
            XCTAssertEqual(state.picker?.entries.count, 3)
            XCTAssertEqual(state.picker?.selection, 0, "the current site is preselected")
        }
        store.expectEffects([])
        store.type("cof")
        XCTAssertEqual(store.state.picker?.visibleEntries.map(\.value), ["coffee"])
        let listMarks = try XCTUnwrap(store.state.list.markLoads.first)
        let cardano = try XCTUnwrap(store.state.shared.siteMemoryLoad)
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.settings.site, "coffee")
            XCTAssertEqual(state.screens, [.questionList])
            XCTAssertNil(state.answersFeed, "the feed belongs to the old site")
        }
        store.receive(.cancel(listMarks))
        store.receive(.cancel(cardano))
        XCTAssertEqual(try XCTUnwrap(store.receiveQuestionsLoad()).settings.site, "coffee")
        store.receive(.load(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(site: "coffee")))
        store.receive(.remember(.browse(RememberedBrowse(site: "coffee", sort: .activity, tagged: []))))
    }

    func testSitePickerErrorAndEscape() throws {
        let store = try listStore()
        store.send(.command(.pickSite))
        let token = try XCTUnwrap(store.receiveSitesLoad())
        store.send(.loaded(token, .sites(.failure(.offline(detail: "down"))))) { state in
            XCTAssertEqual(state.picker?.error, .offline(detail: "down"))
            XCTAssertTrue(state.status.isError)
        }
        store.expectEffects([])
        store.press(.escape)
        XCTAssertEqual(store.state.screen, .questionList)
        XCTAssertNil(store.state.picker)
    }

    /// Question 1 (tags plutus and nft; answers 10 and 11) open over the list.
    private func openedThread() throws -> ReducerTestStore {
        let store = try listStore()
        let thread = QuestionThread(question: Fixtures.question(id: 1, tags: ["plutus", "nft"], body: "<p>Q</p>"),
                                    answers: [Fixtures.answer(id: 10, question: 1, score: 5), Fixtures.answer(id: 11, question: 1)])
        try store.openSelectedQuestion(loading: thread)
        return store
    }

    /// Consumes the comments load of posts `ids` (no loading indicator: the thread stays readable); returns its token.
    private func receiveComments(_ ids: [Int], _ store: ReducerTestStore, reload: Bool = false, line: UInt = #line) -> LoadToken? {
        store.receive("the comments of \(ids)", line: line) { effect -> LoadToken? in
            if case .load(let token, .comments(ids, "cardano", reload)) = effect { token } else { nil }
        }
    }

    /// Each press says what it did (issue 32 case 11: comments below the fold appeared with no sign on screen).
    func testCommentsLoadOnDemandOnceAndToggle() throws {
        let store = try openedThread()
        store.send(.key(.character("c"))) {
            XCTAssertTrue($0.thread?.showComments ?? false)
            XCTAssertEqual($0.status.message, "Loading the comments…")
        }
        let token = try XCTUnwrap(receiveComments([1, 10, 11], store))
        let comment = Comment(commentID: 5, postID: 10, creationDate: Date(timeIntervalSince1970: 0), body: "Nice")
        store.send(.loaded(token, .comments(.success([10: [comment]])))) {
            XCTAssertEqual($0.thread?.comments?.count, 1)
            XCTAssertEqual($0.status.message, "1 comment shown under their posts (c hides them)")
        }
        store.expectEffects([])
        store.press(.character("c"))
        XCTAssertFalse(store.state.thread?.showComments ?? true)
        XCTAssertEqual(store.state.status.message, "Comments hidden")
        store.send(.key(.character("c"))) { XCTAssertEqual($0.status.message, "1 comment shown under their posts (c hides them)") }
        store.expectEffects([], "comments already loaded are not fetched again")
    }

    func testCommentsAfterRBypassWhatTheStoreHoldsFresh() throws {
        let store = try openedThread()
        store.send(.key(.character("c")))
        let comments = try XCTUnwrap(receiveComments([1, 10, 11], store), "the first comments may come from the store while fresh")
        store.send(.key(.character("r")))
        store.receive(.cancel(comments))
        let token = try XCTUnwrap(store.receive("the thread loaded again") { effect -> LoadToken? in
            if case let .load(token, .thread(1, "cardano", true, _)) = effect { token } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)))
        let thread = QuestionThread(question: Fixtures.question(id: 1, body: "<p>Q</p>"), answers: [])
        store.send(.loaded(token, .thread(.success(thread))))
        XCTAssertNotNil(receiveComments([1], store, reload: true))
    }

    func testTagPickerFromAQuestionFiltersTheList() throws {
        let store = try openedThread()
        store.press(.character("T"))
        XCTAssertEqual(store.state.screen, .picker)
        XCTAssertEqual(store.state.picker?.entries.map(\.value), ["plutus", "nft"])
        store.press(.down)
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.settings.tagged, ["nft"])
            XCTAssertEqual(state.screens, [.questionList, .question(id: 1), .questionList], "the tag list opens over the question")
        }
        store.receiveQuestionsLoad()
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: ["nft"]))))
    }

    /// The fixtures' questions link to example.stackexchange.com, another site than the list's (cardano): the link
    /// opened and copied is made from the list's site and the id instead (issue 32 item 4).
    func testOpenAndCopyUseTheLinkInView() throws {
        let list = try listStore()
        list.send(.key(.character("o")))
        list.expectEffects([.openURL("https://cardano.stackexchange.com/q/1")])
        list.send(.key(.character("y"))) {
            XCTAssertEqual($0.status.message, "Copied link: https://cardano.stackexchange.com/q/1")
        }
        list.expectEffects([.copyToClipboard("https://cardano.stackexchange.com/q/1")])

        let store = try openedThread()
        store.layOut(questionID: 1, ThreadMeasure(lineCount: 100, postStarts: [1: 0, 10: 30, 11: 60], blocks: []))
        store.send(.key(.character("y")))
        store.expectEffects([.copyToClipboard("https://cardano.stackexchange.com/q/1")])
        for _ in 0..<35 { store.press(.character("j")) }
        store.send(.key(.character("o")))
        store.expectEffects([.openURL("https://cardano.stackexchange.com/a/10")])
    }

    func testSiteLinksKnowTheirHosts() {
        XCTAssertEqual(SiteLinks.host(for: "stackoverflow"), "stackoverflow.com")
        XCTAssertEqual(SiteLinks.host(for: "cardano"), "cardano.stackexchange.com")
        XCTAssertEqual(SiteLinks.host(for: "conlang.meta"), "conlang.meta.stackexchange.com")
        XCTAssertEqual(SiteLinks.question(id: 3, site: "superuser"), "https://superuser.com/q/3")
    }
}
