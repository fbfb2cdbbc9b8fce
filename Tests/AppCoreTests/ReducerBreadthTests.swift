import XCTest
import AppCore
import StackAPI
import TestSupport

/// Reducer tests for the answers feed, sorts, tags, search, sites, comments and links.
final class ReducerBreadthTests: XCTestCase {
    /// A state showing a loaded list of 20 questions (ids 1…20).
    private func listState() -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 20, firstID: 1, hasMore: false))))
        return state
    }

    private func type(_ text: String, _ state: inout AppState) -> [Effect] {
        text.flatMap { Reducer.reduce(&state, .key(.character($0))) }
    }

    private func questionsLoad(_ effects: [Effect]) -> (token: LoadToken, settings: BrowseSettings, page: Int)? {
        for case let .loadQuestions(token, settings, page, _, _) in effects { return (token, settings, page) }
        return nil
    }

    func testAnswersFeedTogglesLoadsOnceAndAsksOnlyForUnknownTitles() throws {
        var state = listState()
        let effects = Reducer.reduce(&state, .key(.character("a")))
        XCTAssertEqual(state.screen, .answersFeed)
        guard case let .loadAnswersFeed(token, site, page, _, priority, _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual([site, String(page)], ["cardano", "1"])
        XCTAssertEqual(priority, .userInitiated)

        let answers = [Fixtures.answer(id: 100, question: 3), Fixtures.answer(id: 101, question: 999), Fixtures.answer(id: 102, question: 999)]
        let loaded = Reducer.reduce(&state, .answersFeedLoaded(token, .success(Page(items: answers, hasMore: false, page: 1))))
        XCTAssertEqual(state.feed.items.map(\.answerID), [100, 101, 102])
        XCTAssertEqual(state.answersFeed?.titles[3], "Question 3", "a title the list already had costs no request")
        guard case let .loadQuestionTitles(titlesToken, ids, _)? = loaded.first else { return XCTFail("\(loaded)") }
        XCTAssertEqual(ids, [999])
        _ = Reducer.reduce(&state, .questionTitlesLoaded(titlesToken, .success([Fixtures.question(id: 999, title: "Far away")])))
        XCTAssertEqual(state.answersFeed?.titles[999], "Far away")

        XCTAssertEqual(Reducer.reduce(&state, .key(.character("a"))), [])
        XCTAssertEqual(state.screen, .questionList)
        XCTAssertEqual(state.screens, [.questionList], "`a` on the feed pops it")
    }

    func testOpeningAnAnswerFromTheFeedScrollsToIt() throws {
        var state = listState()
        guard case let .loadAnswersFeed(token, _, _, _, _, _)? = Reducer.reduce(&state, .command(.toggleAnswersFeed)).first else { return XCTFail() }
        _ = Reducer.reduce(&state, .answersFeedLoaded(token, .success(Page(items: [Fixtures.answer(id: 77, question: 5)], hasMore: false, page: 1))))
        let effects = Reducer.reduce(&state, .key(.enter))
        XCTAssertTrue(effects.contains { if case .loadThread(_, 5, "cardano", false, _) = $0 { true } else { false } })
        XCTAssertEqual(state.thread?.focusAnswerID, 77)
        state.threadLaidOut(questionID: 5, ThreadMeasure(lineCount: 200, postStarts: [5: 0, 76: 40, 77: 90], blocks: []))
        XCTAssertEqual(state.thread?.scroll, 90)
        XCTAssertNil(state.thread?.focusAnswerID, "only the first layout scrolls")
        _ = Reducer.reduce(&state, .key(.character("q")))
        XCTAssertEqual(state.screen, .answersFeed, "back returns to the feed")
    }

    func testSortCyclesCancelsTheOldLoadAndStartsOver() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        let first = try XCTUnwrap(questionsLoad(Reducer.reduce(&state, .start)))
        let effects = Reducer.reduce(&state, .key(.character("s")))
        XCTAssertTrue(effects.contains(.cancel(first.token)))
        let second = try XCTUnwrap(questionsLoad(effects))
        XCTAssertEqual(second.settings.sort, .creation)
        XCTAssertEqual(second.page, 1)
        for expected in [QuestionSort.votes, .hot, .week, .month, .activity] {
            _ = Reducer.reduce(&state, .command(.cycleSort))
            XCTAssertEqual(state.settings.sort, expected)
        }
    }

    func testTagPromptSetsAndClearsTheFilter() throws {
        var state = listState()
        _ = Reducer.reduce(&state, .key(.character("t")))
        XCTAssertEqual(state.prompt?.purpose, .tags)
        XCTAssertEqual(type("nft;wallet q", &state), [], "typed keys go to the prompt, not the keymap")
        XCTAssertFalse(state.isQuitting)
        let effects = Reducer.reduce(&state, .key(.enter))
        XCTAssertNil(state.prompt)
        XCTAssertEqual(state.settings.tagged, ["nft", "wallet", "q"])
        XCTAssertEqual(try XCTUnwrap(questionsLoad(effects)).settings.tagged, ["nft", "wallet", "q"])

        _ = Reducer.reduce(&state, .key(.character("t")))
        XCTAssertEqual(state.prompt?.editor.text, "nft;wallet;q", "the prompt starts with the current tags")
        _ = Reducer.reduce(&state, .key(.control("u")))
        _ = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.settings.tagged, [], "an empty filter clears the tags")

        _ = Reducer.reduce(&state, .key(.character("t")))
        _ = type("zzz", &state)
        XCTAssertEqual(Reducer.reduce(&state, .key(.escape)), [])
        XCTAssertNil(state.prompt)
        XCTAssertEqual(state.settings.tagged, [], "Esc leaves the filter as it was")
    }

    func testSearchRunsKeepsHistoryAndCanBeCleared() throws {
        var state = listState()
        _ = Reducer.reduce(&state, .key(.character("/")))
        _ = type("plutus script", &state)
        let effects = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(try XCTUnwrap(questionsLoad(effects)).settings.searchQuery, "plutus script")
        XCTAssertEqual(state.searchHistory, ["plutus script"])
        XCTAssertTrue(state.list.items.isEmpty, "results replace the list")

        _ = Reducer.reduce(&state, .key(.character("/")))
        _ = Reducer.reduce(&state, .key(.up))
        XCTAssertEqual(state.prompt?.editor.text, "plutus script", "Up recalls the last search")
        _ = Reducer.reduce(&state, .key(.control("u")))
        let cleared = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.screens, [.questionList], "an empty search goes back to the list")
        XCTAssertNil(state.settings.searchQuery)
        XCTAssertEqual(state.list.items.count, 20, "the list comes back as it was")
        XCTAssertNil(questionsLoad(cleared), "without loading it again")
    }

    func testTheSitePickerMarksTheSitesTheStoreHoldsAndTypingTheMarkKeepsThem() throws {
        var state = listState()
        guard case let .loadSites(token)? = Reducer.reduce(&state, .key(.character("S"))).first else { return XCTFail("no load") }
        let sites = [Site(name: "Cardano", apiSiteParameter: "cardano", siteURL: "https://cardano.stackexchange.com"),
                     Site(name: "Coffee", apiSiteParameter: "coffee", siteURL: "https://coffee.stackexchange.com"),
                     Site(name: "Beer", apiSiteParameter: "beer", siteURL: "https://beer.stackexchange.com")]
        _ = Reducer.reduce(&state, .sitesLoaded(token, .success(sites), held: ["coffee", "beer"]))
        XCTAssertEqual(state.picker?.entries.map(\.label), [
            "Cardano (cardano) · cardano.stackexchange.com",
            "Coffee (coffee) · coffee.stackexchange.com · in the store",
            "Beer (beer) · beer.stackexchange.com · in the store",
        ])
        _ = type("in the store", &state)
        XCTAssertEqual(state.picker?.visibleEntries.map(\.value), ["coffee", "beer"])
    }

    func testSitePickerFiltersAndSwitchesSite() throws {
        var state = listState()
        let effects = Reducer.reduce(&state, .key(.character("S")))
        XCTAssertEqual(state.screen, .picker)
        guard case let .loadSites(token)? = effects.first else { return XCTFail("\(effects)") }
        let sites = [Site(name: "Cardano", apiSiteParameter: "cardano", siteURL: "https://cardano.stackexchange.com"),
                     Site(name: "Beer, Wine & Spirits", apiSiteParameter: "beer", siteURL: "https://beer.stackexchange.com"),
                     Site(name: "Coffee", apiSiteParameter: "coffee", siteURL: "https://coffee.stackexchange.com")]
        _ = Reducer.reduce(&state, .sitesLoaded(token, .success(sites)))
        XCTAssertEqual(state.picker?.entries.count, 3)
        XCTAssertEqual(state.picker?.selection, 0, "the current site is preselected")
        _ = type("cof", &state)
        XCTAssertEqual(state.picker?.visibleEntries.map(\.value), ["coffee"])
        let chosen = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.settings.site, "coffee")
        XCTAssertEqual(state.screens, [.questionList])
        XCTAssertNil(state.answersFeed, "the feed belongs to the old site")
        XCTAssertEqual(try XCTUnwrap(questionsLoad(chosen)).settings.site, "coffee")
    }

    func testSitePickerErrorAndEscape() throws {
        var state = listState()
        guard case let .loadSites(token)? = Reducer.reduce(&state, .command(.pickSite)).first else { return XCTFail() }
        _ = Reducer.reduce(&state, .sitesLoaded(token, .failure(.offline(detail: "down"))))
        XCTAssertEqual(state.picker?.error, .offline(detail: "down"))
        XCTAssertTrue(state.status.isError)
        _ = Reducer.reduce(&state, .key(.escape))
        XCTAssertEqual(state.screen, .questionList)
        XCTAssertNil(state.picker)
    }

    private func openedThread() -> AppState {
        var state = listState()
        let effects = Reducer.reduce(&state, .command(.open))
        for case let .loadThread(token, _, _, _, _) in effects {
            let thread = QuestionThread(question: Fixtures.question(id: 1, tags: ["plutus", "nft"], body: "<p>Q</p>"),
                                        answers: [Fixtures.answer(id: 10, question: 1, score: 5), Fixtures.answer(id: 11, question: 1)])
            _ = Reducer.reduce(&state, .threadLoaded(token, .success(thread)))
        }
        return state
    }

    func testCommentsLoadOnDemandOnceAndToggle() throws {
        var state = openedThread()
        let effects = Reducer.reduce(&state, .key(.character("c")))
        guard case let .loadComments(token, ids, site, _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(ids, [1, 10, 11])
        XCTAssertEqual(site, "cardano")
        XCTAssertTrue(state.thread?.showComments ?? false)
        _ = Reducer.reduce(&state, .commentsLoaded(token, .success([10: []])))
        XCTAssertEqual(state.thread?.comments?.count, 1)
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("c"))), [])
        XCTAssertFalse(state.thread?.showComments ?? true)
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("c"))), [], "comments already loaded are not fetched again")
    }

    func testCommentsAfterRBypassWhatTheStoreHoldsFresh() throws {
        var state = openedThread()
        guard case .loadComments(_, _, _, false)? = Reducer.reduce(&state, .key(.character("c"))).first else {
            return XCTFail("the first comments may come from the store while fresh")
        }
        let reload = Reducer.reduce(&state, .key(.character("r")))
        let token = try XCTUnwrap(reload.lazy.compactMap { effect -> LoadToken? in
            if case let .loadThread(token, _, _, true, _) = effect { return token }
            return nil
        }.first, "\(reload)")
        let thread = QuestionThread(question: Fixtures.question(id: 1, body: "<p>Q</p>"), answers: [])
        let effects = Reducer.reduce(&state, .threadLoaded(token, .success(thread)))
        XCTAssertTrue(effects.contains { if case .loadComments(_, [1], "cardano", true) = $0 { true } else { false } }, "\(effects)")
    }

    func testTagPickerFromAQuestionFiltersTheList() throws {
        var state = openedThread()
        _ = Reducer.reduce(&state, .key(.character("T")))
        XCTAssertEqual(state.screen, .picker)
        XCTAssertEqual(state.picker?.entries.map(\.value), ["plutus", "nft"])
        _ = Reducer.reduce(&state, .key(.down))
        let effects = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.settings.tagged, ["nft"])
        XCTAssertEqual(state.screens, [.questionList, .question(id: 1), .questionList], "the tag list opens over the question")
        XCTAssertNotNil(questionsLoad(effects))
    }

    func testOpenAndCopyUseTheLinkInView() throws {
        var state = listState()
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("o"))), [.openURL("https://example.stackexchange.com/questions/1")])
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("y"))), [.copyToClipboard("https://example.stackexchange.com/questions/1")])
        XCTAssertEqual(state.status.message, "Copied link: https://example.stackexchange.com/questions/1")

        state = openedThread()
        state.threadLaidOut(questionID: 1, ThreadMeasure(lineCount: 100, postStarts: [1: 0, 10: 30, 11: 60], blocks: []))
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("y"))), [.copyToClipboard("https://example.stackexchange.com/questions/1")])
        for _ in 0..<35 { _ = Reducer.reduce(&state, .key(.character("j"))) }
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("o"))), [.openURL("https://cardano.stackexchange.com/a/10")])
    }

    func testSiteLinksKnowTheirHosts() {
        XCTAssertEqual(SiteLinks.host(for: "stackoverflow"), "stackoverflow.com")
        XCTAssertEqual(SiteLinks.host(for: "cardano"), "cardano.stackexchange.com")
        XCTAssertEqual(SiteLinks.host(for: "conlang.meta"), "conlang.meta.stackexchange.com")
        XCTAssertEqual(SiteLinks.question(id: 3, site: "superuser"), "https://superuser.com/q/3")
    }
}
