import AppCore
import StackAPI
import XCTest

/// The steps of a list getting its pages and a question its thread: a start on a search, a page answered, a thread
/// answered, a loading indicator's timer firing.
extension ReducerTestStore {
    /// A store started on `settings` (`keymap` in force) in a terminal of `columns`×`rows`, with `page` as the page 1
    /// of the list on top (a start on a search: the results'). Every effect on the way is asserted: the start's, then
    /// the page's (`loadPage`; `prefetching` when the page is short of a screen and has more).
    public static func listing(_ page: Page<Question>, columns: Int = 80, rows: Int,
                               settings: BrowseSettings = BrowseSettings(site: "cardano"), keymap: Keymap = .standard,
                               prefetching: Bool = false, file: StaticString = #filePath,
                               line: UInt = #line) throws -> ReducerTestStore {
        let viewport = Viewport(columns: columns, rows: rows)
        let store = ReducerTestStore(AppState(settings: settings, viewport: viewport, keymap: keymap))
        let load = settings.searchQuery == nil ? store.start(file: file, line: line)
            : store.startOnSearch(file: file, line: line)?.search
        guard let load else { throw NoListLoad() }
        store.loadPage(load.token, page, prefetching: prefetching, file: file, line: line)
        return store
    }

    /// Sends `.start` on home settings holding a search and consumes what it asks for: the site's page 1 under the
    /// results, the site's memory, the search to remember, the results' page 1, the browse to remember. Returns the
    /// two page loads.
    @discardableResult
    public func startOnSearch(file: StaticString = #filePath,
                              line: UInt = #line) -> (list: QuestionsLoad, search: QuestionsLoad)? {
        guard let query = state.shared.home.searchQuery else {
            XCTFail("the home settings hold no search", file: file, line: line)
            return nil
        }
        send(.start, file: file, line: line)
        let list = receiveQuestionsLoad(file: file, line: line)
        let memory = state.shared.siteMemoryLoad ?? LoadToken(0)
        receive(.load(memory, .siteMemory(site: state.shared.site)), file: file, line: line)
        receive(.remember(.search(site: state.shared.site, query: query)), file: file, line: line)
        let search = receiveQuestionsLoad(file: file, line: line)
        receiveRememberBrowse(file: file, line: line)
        guard let list, let search else { return nil }
        return (list, search)
    }

    /// Answers the list's page load `token` with `page` and consumes what that asks for: the next page's prefetch
    /// when `prefetching` (the page is short of a screen and has more), then the store read of its rows' read marks
    /// (none for an empty page). Returns that read's token.
    @discardableResult
    public func loadPage(_ token: LoadToken, _ page: Page<Question>, prefetching: Bool = false,
                         file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let site = state.shared.site
        send(.loaded(token, .questions(.success(page))), file: file, line: line)
        if prefetching { receivePrefetch(page: page.page + 1, file: file, line: line) }
        let ids = page.items.map(\.questionID)
        return ids.isEmpty ? nil : receiveReadMarksLoad(ids, site: site, file: file, line: line)
    }

    /// Consumes the prefetch of a question list's page `page` and its indicator's timer; returns its token.
    @discardableResult
    public func receivePrefetch(page: Int, file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let token = receive("the prefetch of page \(page)", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .questions(_, page, .prefetch, false)) = effect { token } else { nil }
        }
        if let token {
            receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)), file: file, line: line)
        }
        return token
    }

    /// Opens the selected question of the list shown (never opened this session) and consumes what opening it asks
    /// for (`receiveQuestionOpened`); returns its thread load's token, the thread not yet answered.
    @discardableResult
    public func openSelectedQuestion(site: String = "cardano", file: StaticString = #filePath,
                                     line: UInt = #line) throws -> LoadToken {
        let listed = try XCTUnwrap(state.list.selectedQuestion, "no question selected", file: file, line: line)
        send(.command(.open), file: file, line: line)
        return try XCTUnwrap(receiveQuestionOpened(listed.questionID, site: site, markedRead: ReadState(listed),
                                                   file: file, line: line), file: file, line: line)
    }

    /// Answers the thread load `token` of the question on top with `thread` and consumes the mark the thread leaves
    /// when it differs from the one this session holds (the list's copy left one on opening).
    public func loadThread(_ token: LoadToken, _ thread: QuestionThread, site: String = "cardano",
                           file: StaticString = #filePath, line: UInt = #line) {
        let id = thread.question.questionID, mark = ReadState(thread.question)
        let known = state.shared.readMarks.byQuestion[id]
        send(.loaded(token, .thread(.success(thread))), file: file, line: line)
        expectEffects(known == mark ? [] : [.remember(.readMarks(site: site, [id: mark]))],
                      "the thread's mark, unless the session holds the same", file: file, line: line)
    }

    /// The loading indicator's timer of `token` fires: the indicator shows, and nothing is asked for.
    public func indicatorDue(_ token: LoadToken, file: StaticString = #filePath, line: UInt = #line) {
        send(.loadingIndicatorDue(token), file: file, line: line)
        expectEffects([], "the indicator's timer asks for nothing", file: file, line: line)
    }
}

extension Page {
    /// Page 1 holding `items`, with no more after it.
    public static func only(_ items: [Item]) -> Page { Page(items: items, hasMore: false, page: 1) }
}
