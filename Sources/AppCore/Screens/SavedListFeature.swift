import StackAPI

/// The saved questions screen: the site's saved questions from the local store, most recently saved first.
public struct SavedListState: Hashable, Sendable {
    public var site: String
    public var rows = PagedList<Question>()

    public init(site: String) {
        self.site = site
    }
}

extension SavedListState: PagedScreen {
    /// The store's saved questions of the site, all as one page.
    func pageLoad(_ shared: SharedState) -> PagedList<Question>.LoadEffect {
        { [site] token, _, _, _ in .loadSaved(token, site: site) }
    }

    var screen: ScreenState { .saved(self) }
    var kind: Screen { .savedList }
    var commandsActedOn: Set<Command> { [.toggleSaved, .open, .reload, .openInBrowser, .copyLink] }

    mutating func command(_ command: Command, _ shared: inout SharedState) -> Outcome {
        SavedListFeature.command(command, &self, &shared)
    }

    func listedQuestion(_ id: Int) -> Question? { rows.items.first { $0.questionID == id } }
}

/// The saved questions screen's reducer, and saving itself (`m` on a list row or in a question).
enum SavedListFeature {
    static func start(_ saved: inout SavedListState, _ shared: inout SharedState) -> [Effect] {
        saved.requestNextPage(&shared, priority: .userInitiated)
    }

    static func command(_ command: Command, _ saved: inout SavedListState, _ shared: inout SharedState) -> Outcome {
        if let effects = saved.listCommand(command, &shared) { return Outcome(effects) }
        switch command {
        case .open:
            guard let question = saved.rows.selected(&shared, whenEmpty: "No saved question to open") else { return Outcome() }
            return Outcome([], [.openQuestion(id: question.questionID, focus: nil)])
        case .toggleSaved:
            guard let question = saved.rows.selectedItem else {
                shared.setStatus("Nothing to unsave: no question is selected", isError: false)
                return Outcome()
            }
            return Outcome(toggle(question.questionID, &shared))
        case .openInBrowser, .copyLink:
            let url = saved.rows.selectedItem.map { SiteLinks.question($0, site: saved.site) }
            return Outcome(Reducer.linkCommand(command, url: url, &shared))
        default:
            return Outcome()
        }
    }

    /// The store's saved questions arrived: all of them, as one page.
    static func loaded(_ token: LoadToken, _ result: Result<[Question], APIError>, _ saved: inout SavedListState,
                       _ shared: inout SharedState) -> [Effect] {
        let isCurrent = saved.rows.pending?.token == token
        var effects = saved.pageLoaded(token, result.map { Page(items: $0, hasMore: false, page: 1) }, noun: "saved questions", &shared)
        if isCurrent, case .success(let questions) = result { effects += saved.rows.askReadMarks(questions, &shared) }
        return effects
    }

    /// Saves question `id` (or unsaves it when saved): the lists mark it at once, and the store keeps it for good.
    static func toggle(_ id: Int, _ shared: inout SharedState) -> [Effect] {
        let saving = !shared.savedIDs.contains(id)
        if saving {
            shared.savedIDs.insert(id)
            let key = shared.keyName(.showSaved)
            shared.setStatus("Saved: kept offline for good" + (key.isEmpty ? "" : " — \(key) lists saved questions"), isError: false)
        } else {
            shared.savedIDs.remove(id)
            shared.setStatus("No longer saved", isError: false)
        }
        return [.setSaved(site: shared.site, questionID: id, saved: saving)]
    }
}
