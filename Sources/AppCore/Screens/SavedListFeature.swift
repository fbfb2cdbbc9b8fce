import StackAPI

/// The saved questions screen: the site's saved questions from the local store, most recently saved first — or,
/// the same screen, the logged-in user's bookmarks on the site (`/me/favorites`), most recently bookmarked first.
public struct SavedListState: Hashable, Sendable {
    /// Where the list comes from.
    public enum Source: Hashable, Sendable {
        /// The questions saved in the local store (`m`).
        case store
        /// The logged-in user's bookmarks on the site, from the API (`f`).
        case bookmarks
    }

    public var site: String
    public var source: Source
    public var rows = PagedList<Question>()

    public init(site: String, source: Source = .store) {
        self.site = site
        self.source = source
    }

    /// `saved questions`, `bookmarks`.
    public var noun: String { source == .store ? "saved questions" : "bookmarks" }
}

extension SavedListState: PagedScreen {
    /// The store's saved questions of the site, or the user's bookmarks there, all as one page.
    func pageLoad(_ context: ScreenContext) -> PagedList<Question>.LoadEffect {
        { [site, source] token, _, _, _ in .load(token, source == .store ? .saved(site: site) : .bookmarks(site: site)) }
    }

    var screen: ScreenState { .saved(self) }
    var kind: ScreenKind { .savedList }
    var commandsActedOn: Set<Command> { [.toggleSaved, .open, .reload, .openInBrowser, .copyLink, .toggleBookmark] }

    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome {
        SavedListFeature.command(command, &self, context)
    }

    mutating func loaded(_ token: LoadToken, _ result: LoadResult, _ context: ScreenContext) -> Outcome? {
        switch result {
        case .saved(let questions): SavedListFeature.loaded(token, questions, &self, context)
        case .readMarks(let marks): rows.readMarksLoaded(token, marks)
        default: nil
        }
    }

    func listedQuestion(_ id: Int) -> Question? { rows.items.first { $0.questionID == id } }
}

/// The saved questions screen's reducer, and saving itself (`m` on a list row or in a question).
enum SavedListFeature {
    static func command(_ command: Command, _ saved: inout SavedListState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        if saved.listCommand(command, context, &out) { return out }
        switch command {
        case .open:
            guard let question = saved.rows.selected(&out, whenEmpty: "No saved question to open") else { return out }
            out.navigation = [.openQuestion(id: question.questionID, focus: nil)]
        case .toggleSaved:
            guard let question = saved.rows.selectedItem else {
                out.setStatus("Nothing to unsave: no question is selected", isError: false)
                return out
            }
            toggle(question.questionID, context, &out)
        case .toggleBookmark:
            guard let question = saved.rows.selectedItem else {
                out.setStatus("Nothing to bookmark: no question is selected", isError: false)
                return out
            }
            // A row of the bookmarks list is bookmarked unless this session took the bookmark back.
            let bookmarked = context.account.marks[PostKey(site: saved.site, id: question.questionID)]?.bookmarked ?? (saved.source == .bookmarks)
            return PostWrites.bookmark(question.questionID, bookmarked: bookmarked, context)
        case .openInBrowser, .copyLink:
            let url = saved.rows.selectedItem.map { SiteLinks.question($0, site: saved.site) }
            return Reducer.linkCommand(command, url: url)
        default:
            break
        }
        return out
    }

    /// The store's saved questions arrived: all of them, as one page.
    static func loaded(_ token: LoadToken, _ result: Result<[Question], APIError>, _ saved: inout SavedListState,
                       _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        let isCurrent = saved.rows.pending?.token == token
        saved.pageLoaded(token, result.map { Page(items: $0, hasMore: false, page: 1) }, noun: saved.noun, context, &out)
        if isCurrent, case .success(let questions) = result { saved.rows.askReadMarks(questions, context, &out) }
        return out
    }

    /// Saves question `id` (or unsaves it when saved): the lists mark it at once (`Outcome.saved`, applied by the
    /// root), and the status line says "Saving…" until the store holds it (`Action.saveProgress`).
    static func toggle(_ id: Int, _ context: ScreenContext, _ out: inout Outcome) {
        let saving = !context.savedIDs.contains(id)
        out.saved[id] = saving
        out.setStatus(saving ? "Saving…" : "Unsaving…", isError: false)
        out.effects.append(.setSaved(site: context.site, questionID: id, saved: saving))
    }
}
