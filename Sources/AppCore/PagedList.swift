import StackAPI

/// A paged, scrollable list of items with a cursor: the rows of a question list, the answers feed and the saved list.
///
/// Paging rules live here once for all three (the root reaches them through `PagedScreen`, one path); every method
/// returns its outputs — the list changed in place, the status line on `shared`, the effects returned — and calls
/// nothing above it: the next page is prefetched when the cursor comes within a screen of
/// the end (a prefetched page never starts another by itself), repeated items are dropped, page 26 needs a
/// key, and a reload (`r`) keeps the rows on screen until page 1 replaces them, the cursor on the same item.
public struct PagedList<Item: Hashable & Sendable & Identifiable>: Hashable, Sendable where Item.ID == Int {
    public var items: [Item] = []
    public var loadedIDs: Set<Int> = []
    public var nextPage = 1
    public var pending: PendingLoad?
    public var end: ListEnd?
    public var error: APIError?
    public var selection = 0
    /// The first visible row.
    public var scrollOffset = 0
    /// The store's reads of the read marks of rows shown (`askReadMarks`), until they answer.
    public var markLoads: Set<LoadToken> = []

    public init() {}

    public var selectedItem: Item? {
        items.indices.contains(selection) ? items[selection] : nil
    }

    /// Why no item is selected (for the status line when a command needs one).
    var nothingSelected: String {
        pending != nil ? "Nothing selected yet: the list is loading" : "Nothing selected: the list is empty"
    }

    /// The selected item; without one, the status line says why (`whenEmpty` when nothing is loading either).
    func selected(_ shared: inout SharedState, whenEmpty: String? = nil) -> Item? {
        guard let selectedItem else {
            shared.setStatus(pending == nil ? whenEmpty ?? nothingSelected : nothingSelected, isError: false)
            return nil
        }
        return selectedItem
    }

    /// Pages past this one need an API key: the API refuses them (403) without one.
    public static var lastPageWithoutKey: Int { 25 }

    /// Makes the load effect of one page: token, page, priority, and whether caches are skipped.
    typealias LoadEffect = (LoadToken, _ page: Int, LoadPriority, _ reload: Bool) -> Effect

    // MARK: Cursor

    /// The commands every list answers alike: the movement commands, and `r` (page 1 again, caches skipped);
    /// nil for any other command.
    mutating func listCommand(_ command: Command, _ shared: inout SharedState, _ makeLoad: LoadEffect) -> [Effect]? {
        command == .reload ? reload(&shared, fresh: true, makeLoad) : move(command, &shared, makeLoad)
    }

    /// Moves the cursor to `index` (clamped), keeps it on screen, and prefetches when near the end.
    mutating func select(_ index: Int, _ shared: inout SharedState, _ makeLoad: LoadEffect) -> [Effect] {
        selection = items.isEmpty ? 0 : min(max(index, 0), items.count - 1)
        keepSelectionVisible(rows: shared.viewport.listRows)
        return prefetchIfNeeded(&shared, makeLoad)
    }

    /// The movement commands; nil for any other command.
    mutating func move(_ command: Command, _ shared: inout SharedState, _ makeLoad: LoadEffect) -> [Effect]? {
        let page = shared.viewport.listRows
        switch command {
        case .moveDown: return select(selection + 1, &shared, makeLoad)
        case .moveUp: return select(selection - 1, &shared, makeLoad)
        case .pageDown: return select(selection + page, &shared, makeLoad)
        case .pageUp: return select(selection - page, &shared, makeLoad)
        case .halfPageDown: return select(selection + max(1, page / 2), &shared, makeLoad)
        case .halfPageUp: return select(selection - max(1, page / 2), &shared, makeLoad)
        case .top: return select(0, &shared, makeLoad)
        case .bottom: return select(items.count - 1, &shared, makeLoad)
        default: return nil
        }
    }

    mutating func keepSelectionVisible(rows: Int) {
        if selection < scrollOffset { scrollOffset = selection }
        if selection >= scrollOffset + rows { scrollOffset = selection - rows + 1 }
        scrollOffset = max(0, min(scrollOffset, max(0, items.count - 1)))
    }

    // MARK: Paging

    /// Requests the next page in the background when the selection is within one screen of the end.
    mutating func prefetchIfNeeded(_ shared: inout SharedState, _ makeLoad: LoadEffect) -> [Effect] {
        guard nextPage > 1, error == nil, items.count - 1 - selection < shared.viewport.listRows else { return [] }
        return requestNextPage(&shared, priority: .prefetch, makeLoad)
    }

    mutating func requestNextPage(_ shared: inout SharedState, priority: LoadPriority, _ makeLoad: LoadEffect) -> [Effect] {
        guard pending == nil, end == nil else { return [] }
        if nextPage > Self.lastPageWithoutKey && !shared.home.hasAPIKey {
            end = .pageLimit
            shared.setStatus(APIError.pageLimit(page: nextPage).summary, isError: false)
            return []
        }
        let token = shared.makeToken()
        pending = PendingLoad(token: token, page: nextPage, priority: priority)
        return Effect.withIndicator(makeLoad(token, nextPage, priority, false), token: token)
    }

    /// Loads page 1 again, cancelling what was loading; the rows stay until the page replaces them. `fresh`
    /// (the user pressed `r`) skips caches.
    mutating func reload(_ shared: inout SharedState, fresh: Bool, _ makeLoad: LoadEffect) -> [Effect] {
        var effects: [Effect] = pending.map { [.cancel($0.token)] } ?? []
        error = nil
        shared.clearStatus()
        let token = shared.makeToken()
        pending = PendingLoad(token: token, page: 1, replacesItems: !items.isEmpty)
        effects += Effect.withIndicator(makeLoad(token, 1, .userInitiated, fresh), token: token)
        return effects
    }

    /// Esc: cancels the load in flight and keeps what is shown; nil when nothing is loading.
    mutating func cancelLoad(_ shared: inout SharedState) -> [Effect]? {
        guard let pending else { return nil }
        self.pending = nil
        shared.noteCancelled()
        return [.cancel(pending.token)]
    }

    /// A page arrived (or failed); `noun` names the items in messages. Stale tokens change nothing.
    mutating func pageLoaded(_ token: LoadToken, _ result: Result<Page<Item>, APIError>, noun: String,
                             _ shared: inout SharedState, _ makeLoad: LoadEffect) -> [Effect] {
        guard let pending, pending.token == token else { return [] } // stale or cancelled
        self.pending = nil
        switch result {
        case .success(let page):
            let selectedID = selectedItem?.id
            let rowOnScreen = selection - scrollOffset
            if pending.replacesItems {
                items = []
                loadedIDs = []
                end = nil
            }
            let countBefore = items.count
            for item in page.items where !loadedIDs.contains(item.id) {
                loadedIDs.insert(item.id)
                items.append(item)
            }
            nextPage = pending.page + 1
            error = nil
            let repeated = page.hasMore && items.count == countBefore && countBefore > 0
            if !page.hasMore || items.count == countBefore { end = repeated ? .repeated : .noMore }
            if pending.replacesItems {
                selection = items.firstIndex { $0.id == selectedID } ?? min(selection, max(0, items.count - 1))
                scrollOffset = max(0, selection - rowOnScreen)
                keepSelectionVisible(rows: shared.viewport.listRows)
            }
            shared.noteQuota(page.quotaRemaining, page.quotaMax)
            if repeated {
                shared.setStatus("The server sent no new \(noun) — end of list", isError: false)
            } else {
                shared.clearLoadError()
            }
            // A prefetched page never starts another: the reader's next key press may.
            return pending.priority == .prefetch ? [] : prefetchIfNeeded(&shared, makeLoad)
        case .failure(.pageLimit(let page)):
            end = .pageLimit
            shared.setStatus(APIError.pageLimit(page: page).summary, isError: false)
            return []
        case .failure(let error):
            if error.isUserVisible { self.error = error }
            shared.report(error)
            return []
        }
    }

    /// Shows a cached copy of page 1 while the load with `token` fetches it: only into an empty list, and the page,
    /// when it arrives, replaces these rows keeping the cursor on the same item. False when not shown.
    mutating func showCached(_ token: LoadToken, _ cached: [Item], rows: Int) -> Bool {
        guard var pending, pending.token == token, pending.page == 1, items.isEmpty, !cached.isEmpty else { return false }
        for item in cached where !loadedIDs.contains(item.id) {
            loadedIDs.insert(item.id)
            items.append(item)
        }
        pending.replacesItems = true
        self.pending = pending
        keepSelectionVisible(rows: rows)
        return true
    }

    /// Shows the loading indicator of the load with `token`, if it is this list's.
    mutating func showIndicator(_ token: LoadToken) {
        if pending?.token == token { pending?.indicatorVisible = true }
    }
}

/// A screen that is a paged list (`QuestionListState`, `AnswersFeedState`, `SavedListState`): its rows and how it
/// loads a page. The root and the screens' reducers page every list through these methods, one path for all.
protocol PagedScreen: ScreenFeature {
    associatedtype Item: Hashable & Sendable & Identifiable where Item.ID == Int
    var rows: PagedList<Item> { get set }
    /// The load effect of one of this list's pages.
    func pageLoad(_ shared: SharedState) -> PagedList<Item>.LoadEffect
}

extension PagedScreen {
    /// The movement commands and `r`; nil for any other command.
    mutating func listCommand(_ command: Command, _ shared: inout SharedState) -> [Effect]? {
        rows.listCommand(command, &shared, pageLoad(shared))
    }

    /// Moves the cursor to `index`, prefetching near the end.
    mutating func select(_ index: Int, _ shared: inout SharedState) -> [Effect] {
        rows.select(index, &shared, pageLoad(shared))
    }

    /// Prefetches the next page when the cursor is within a screen of the end.
    mutating func prefetchIfNeeded(_ shared: inout SharedState) -> [Effect] {
        rows.prefetchIfNeeded(&shared, pageLoad(shared))
    }

    /// Loads the next page (page 1 of a new list).
    mutating func requestNextPage(_ shared: inout SharedState, priority: LoadPriority) -> [Effect] {
        rows.requestNextPage(&shared, priority: priority, pageLoad(shared))
    }

    /// A page arrived (or failed); `noun` names the items in messages.
    mutating func pageLoaded(_ token: LoadToken, _ result: Result<Page<Item>, APIError>, noun: String,
                             _ shared: inout SharedState) -> [Effect] {
        rows.pageLoaded(token, result, noun: noun, &shared, pageLoad(shared))
    }

    /// Keeps the cursor on screen (after a resize).
    mutating func keepSelectionVisible(rows count: Int) {
        rows.keepSelectionVisible(rows: count)
    }

    /// Esc: cancels the load in flight; nil when nothing is loading.
    mutating func cancelLoads(_ shared: inout SharedState) -> [Effect]? {
        rows.cancelLoad(&shared)
    }

    /// Shows the loading indicator of the load with `token`, if it is this list's.
    mutating func showIndicator(_ token: LoadToken) {
        rows.showIndicator(token)
    }

    /// The loads this list waits for: its page and the read marks of its rows.
    var loadTokens: [LoadToken] { [rows.pending?.token].compactMap { $0 } + rows.markLoads.sorted { $0.raw < $1.raw } }

    /// The index of the item drawn `offset` rows below the first visible one, if one is drawn there.
    func index(atVisibleRow offset: Int) -> Int? {
        let index = rows.scrollOffset + offset
        return index < rows.items.count ? index : nil
    }
}

extension PagedList where Item == Question {
    /// The questions loaded so far.
    public var questions: [Question] { items }
    public var selectedQuestion: Question? { selectedItem }

    /// Asks the store how `questions` (rows just shown) were read; the answer is matched by its token.
    mutating func askReadMarks(_ questions: [Question], _ shared: inout SharedState) -> [Effect] {
        guard !questions.isEmpty else { return [] }
        let token = shared.makeToken()
        markLoads.insert(token)
        return [.loadReadMarks(token, site: shared.site, ids: questions.map(\.questionID))]
    }

    /// The store's read marks of rows this list asked about (`token`); marks made this session are newer and stay.
    mutating func readMarksLoaded(_ token: LoadToken, _ marks: [Int: ReadState], _ shared: inout SharedState) {
        guard markLoads.remove(token) != nil else { return }
        shared.readMarks.byQuestion.merge(marks) { current, _ in current }
    }
}
