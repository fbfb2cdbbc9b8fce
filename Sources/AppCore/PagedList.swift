import StackAPI

/// A paged, scrollable list of items with a cursor: the rows of a question list, the answers feed and the saved list.
///
/// Paging rules live here once for all three (the root reaches them through `PagedScreen`, one path); every method
/// reads the shared state from a `ScreenContext` and writes its outputs — the list changed in place, the effects, the
/// status message, tokens taken — into an `Outcome` the root applies, and calls nothing above it: the next page is prefetched when the cursor comes within a screen of
/// the end (a prefetched page never starts another by itself), repeated items are dropped, page 26 needs a
/// key, and a reload (`r`) keeps the rows on screen until page 1 replaces them, the cursor on the same item.
public struct PagedList<Item: Hashable & Sendable & Identifiable>: Hashable, Sendable where Item.ID == Int {
    public var items: [Item] = []
    public var loadedIDs: Set<Int> = []
    public var nextPage = 1
    /// The page on its way, or why the last one failed; the rows stay shown meanwhile.
    public internal(set) var load: LoadStatus = .idle
    public var end: ListEnd?
    public var selection = 0
    /// The first visible row.
    public var scrollOffset = 0
    /// The store's reads of the read marks of rows shown (`askReadMarks`), until they answer.
    public var markLoads: Set<LoadToken> = []
    /// The cut (`Page.orderedAmongNewest`) the status line last said for this list's pages since page 1: a later page
    /// with the same cut (a prefetch, say) leaves the status line to what the reader is reading.
    public private(set) var cutSaid: Int?

    public init() {}

    /// The page on its way, if any.
    public var pending: PendingLoad? { load.pending }
    /// Why the last page failed, until another is asked for.
    public var error: APIError? { load.error }

    public var selectedItem: Item? {
        items.indices.contains(selection) ? items[selection] : nil
    }

    /// Why no item is selected (for the status line when a command needs one).
    var nothingSelected: String {
        pending != nil ? "Nothing selected yet: the list is loading" : "Nothing selected: the list is empty"
    }

    /// The selected item; without one, the status line says why (`whenEmpty` when nothing is loading either).
    func selected(_ out: inout Outcome, whenEmpty: String? = nil) -> Item? {
        guard let selectedItem else {
            out.setStatus(pending == nil ? whenEmpty ?? nothingSelected : nothingSelected, isError: false)
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
    /// false for any other command.
    mutating func listCommand(_ command: Command, _ context: ScreenContext, _ out: inout Outcome, _ makeLoad: LoadEffect) -> Bool {
        guard command == .reload else { return move(command, context, &out, makeLoad) }
        reload(context, &out, fresh: true, makeLoad)
        return true
    }

    /// Moves the cursor to `index` (clamped), keeps it on screen, and prefetches when near the end.
    mutating func select(_ index: Int, _ context: ScreenContext, _ out: inout Outcome, _ makeLoad: LoadEffect) {
        selection = items.isEmpty ? 0 : min(max(index, 0), items.count - 1)
        keepSelectionVisible(rows: context.viewport.listRows)
        prefetchIfNeeded(context, &out, makeLoad)
    }

    /// The movement commands; false for any other command.
    mutating func move(_ command: Command, _ context: ScreenContext, _ out: inout Outcome, _ makeLoad: LoadEffect) -> Bool {
        let page = context.viewport.listRows
        let target: Int
        switch command {
        case .moveDown: target = selection + 1
        case .moveUp: target = selection - 1
        case .pageDown: target = selection + page
        case .pageUp: target = selection - page
        case .halfPageDown: target = selection + max(1, page / 2)
        case .halfPageUp: target = selection - max(1, page / 2)
        case .top: target = 0
        case .bottom: target = items.count - 1
        default: return false
        }
        select(target, context, &out, makeLoad)
        return true
    }

    mutating func keepSelectionVisible(rows: Int) {
        if selection < scrollOffset { scrollOffset = selection }
        if selection >= scrollOffset + rows { scrollOffset = selection - rows + 1 }
        scrollOffset = max(0, min(scrollOffset, max(0, items.count - 1)))
    }

    // MARK: Paging

    /// Requests the next page in the background when the selection is within one screen of the end.
    mutating func prefetchIfNeeded(_ context: ScreenContext, _ out: inout Outcome, _ makeLoad: LoadEffect) {
        guard nextPage > 1, error == nil, items.count - 1 - selection < context.viewport.listRows else { return }
        requestNextPage(context, &out, priority: .prefetch, makeLoad)
    }

    mutating func requestNextPage(_ context: ScreenContext, _ out: inout Outcome, priority: LoadPriority, _ makeLoad: LoadEffect) {
        guard pending == nil, end == nil else { return }
        if nextPage > Self.lastPageWithoutKey && !context.home.hasAPIKey {
            end = .pageLimit
            out.setStatus(APIError.pageLimit(page: nextPage).summary, isError: false)
            return
        }
        let token = out.makeToken(context)
        load = .loading(PendingLoad(token: token, page: nextPage, priority: priority))
        out.effects += Effect.withIndicator(makeLoad(token, nextPage, priority, false), token: token)
    }

    /// Loads page 1 again, cancelling what was loading; the rows stay until the page replaces them. `fresh`
    /// (the user pressed `r`) skips caches.
    mutating func reload(_ context: ScreenContext, _ out: inout Outcome, fresh: Bool, _ makeLoad: LoadEffect) {
        if let cancelled = load.giveUp() { out.effects.append(.cancel(cancelled)) }
        out.clearStatus()
        let token = out.makeToken(context)
        load = .loading(PendingLoad(token: token, page: 1, replacesItems: !items.isEmpty))
        out.effects += Effect.withIndicator(makeLoad(token, 1, .userInitiated, fresh), token: token)
    }

    /// Esc: cancels the load in flight and keeps what is shown; nil when nothing is loading.
    mutating func cancelLoad(_ context: ScreenContext) -> Outcome? {
        guard let cancelled = load.giveUp() else { return nil }
        var out = Outcome([.cancel(cancelled)])
        out.noteCancelled(context)
        return out
    }

    /// A page arrived (or failed); `noun` names the items in messages. Stale tokens change nothing.
    mutating func pageLoaded(_ token: LoadToken, _ result: Result<Page<Item>, APIError>, noun: String,
                             _ context: ScreenContext, _ out: inout Outcome, _ makeLoad: LoadEffect) {
        guard let pending = load.finish(token, failure: result.failure) else { return } // stale or cancelled
        switch result {
        case .success(let page):
            // A reader still on the first row reads from the top: the new page's first row, newer ones included.
            let selectedID = selection == 0 && scrollOffset == 0 ? nil : selectedItem?.id
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
            let repeated = page.hasMore && items.count == countBefore && countBefore > 0
            if !page.hasMore || items.count == countBefore { end = repeated ? .repeated : .noMore }
            if pending.replacesItems {
                selection = items.firstIndex { $0.id == selectedID } ?? min(selection, max(0, items.count - 1))
                scrollOffset = max(0, selection - rowOnScreen)
                keepSelectionVisible(rows: context.viewport.listRows)
            }
            out.noteQuota(page.quotaRemaining, page.quotaMax)
            // A search's cut is said once: when its page 1 arrives (again after `r`), or when a later page's differs.
            if pending.page == 1 { cutSaid = nil }
            if repeated {
                out.setStatus("The server sent no new \(noun) — end of list", isError: false)
            } else if let notice = page.orderedAmongNewestNotice, page.orderedAmongNewest != cutSaid {
                out.setStatus(notice, isError: false)
                cutSaid = page.orderedAmongNewest
            } else {
                out.clearLoadError()
            }
            // A prefetched page never starts another: the reader's next key press may.
            if pending.priority != .prefetch { prefetchIfNeeded(context, &out, makeLoad) }
        case .failure(.pageLimit(let page)):
            load = .idle
            end = .pageLimit
            out.setStatus(APIError.pageLimit(page: page).summary, isError: false)
        case .failure(let error):
            out.report(error, context)
        }
    }

    /// Shows a cached copy of page 1 while the load with `token` fetches it: only into an empty list, and the page,
    /// when it arrives, replaces these rows keeping the cursor on the same item. False when not shown.
    mutating func showCached(_ token: LoadToken, _ cached: [Item], rows: Int) -> Bool {
        guard var pending = load.pending, pending.token == token, pending.page == 1, items.isEmpty, !cached.isEmpty
        else { return false }
        for item in cached where !loadedIDs.contains(item.id) {
            loadedIDs.insert(item.id)
            items.append(item)
        }
        pending.replacesItems = true
        load = .loading(pending)
        keepSelectionVisible(rows: rows)
        return true
    }

    /// Shows the loading indicator of the load with `token`, if it is this list's.
    mutating func showIndicator(_ token: LoadToken) {
        load.showIndicator(token)
    }
}

/// A screen that is a paged list (`QuestionListState`, `AnswersFeedState`, `SavedListState`): its rows and how it
/// loads a page. The root and the screens' reducers page every list through these methods, one path for all.
protocol PagedScreen: ScreenFeature {
    associatedtype Item: Hashable & Sendable & Identifiable where Item.ID == Int
    var rows: PagedList<Item> { get set }
    /// The load effect of one of this list's pages.
    func pageLoad(_ context: ScreenContext) -> PagedList<Item>.LoadEffect
}

extension PagedScreen {
    /// The movement commands and `r`; false for any other command.
    mutating func listCommand(_ command: Command, _ context: ScreenContext, _ out: inout Outcome) -> Bool {
        rows.listCommand(command, context, &out, pageLoad(context))
    }

    /// Moves the cursor to `index`, prefetching near the end.
    mutating func select(_ index: Int, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        rows.select(index, context, &out, pageLoad(context))
        return out
    }

    /// Prefetches the next page when the cursor is within a screen of the end.
    mutating func prefetchIfNeeded(_ context: ScreenContext) -> Outcome {
        var out = Outcome()
        rows.prefetchIfNeeded(context, &out, pageLoad(context))
        return out
    }

    /// Loads the next page (page 1 of a new list).
    mutating func requestNextPage(_ context: ScreenContext, _ out: inout Outcome, priority: LoadPriority) {
        rows.requestNextPage(context, &out, priority: priority, pageLoad(context))
    }

    /// A new list's page 1, as the reader asked for it.
    mutating func start(_ context: ScreenContext) -> Outcome {
        var out = Outcome()
        requestNextPage(context, &out, priority: .userInitiated)
        return out
    }

    /// A page arrived (or failed); `noun` names the items in messages.
    mutating func pageLoaded(_ token: LoadToken, _ result: Result<Page<Item>, APIError>, noun: String,
                             _ context: ScreenContext, _ out: inout Outcome) {
        rows.pageLoaded(token, result, noun: noun, context, &out, pageLoad(context))
    }

    /// Keeps the cursor on screen (after a resize).
    mutating func keepSelectionVisible(rows count: Int) {
        rows.keepSelectionVisible(rows: count)
    }

    /// Esc: cancels the load in flight; nil when nothing is loading.
    mutating func cancelLoads(_ context: ScreenContext) -> Outcome? {
        rows.cancelLoad(context)
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
    mutating func askReadMarks(_ questions: [Question], _ context: ScreenContext, _ out: inout Outcome) {
        guard !questions.isEmpty else { return }
        let token = out.makeToken(context)
        markLoads.insert(token)
        out.effects.append(.load(token, .readMarks(site: context.site, ids: questions.map(\.questionID))))
    }

    /// The store's read marks of rows this list asked about (`token`); marks made this session are newer and stay
    /// (`Outcome.storedReadMarks`).
    mutating func readMarksLoaded(_ token: LoadToken, _ marks: [Int: ReadState]) -> Outcome {
        var out = Outcome()
        if markLoads.remove(token) != nil { out.storedReadMarks = marks }
        return out
    }
}
