import StackAPI

/// The inbox screen (`i`): the logged-in user's inbox across sites, newest first, unread items marked — and, beside
/// it (Tab), their notifications on the site.
public struct InboxState: Hashable, Sendable {
    /// What the screen lists.
    public enum Source: Hashable, Sendable {
        /// `/inbox`: replies, answers, mentions on every site.
        case inbox
        /// `/me/notifications` on the site: badges, edits, bonuses.
        case notifications
    }

    public var source = Source.inbox
    public var rows = PagedList<InboxItem>()

    public init() {}
}

extension InboxState: PagedScreen {
    /// `/inbox` or the site's `/me/notifications`, page by page.
    func pageLoad(_ context: ScreenContext) -> PagedList<InboxItem>.LoadEffect {
        let (source, site) = (source, context.site)
        return { token, page, _, _ in
            .load(token, source == .inbox ? .inbox(unreadOnly: false, page: page) : .notifications(site: site, page: page))
        }
    }

    /// Tab: the notifications beside the inbox, and back.
    mutating func key(_ key: Key, _ context: ScreenContext) -> Outcome? {
        guard key == .tab else { return nil }
        let cancel = rows.pending.map { Effect.cancel($0.token) }
        source = source == .inbox ? .notifications : .inbox
        rows = PagedList()
        var out = start(context)
        if let cancel { out.effects.insert(cancel, at: 0) }
        return out
    }

    var screen: ScreenState { .inbox(self) }
    var kind: ScreenKind { .inbox }
    var commandsActedOn: Set<Command> { [.open, .showInbox, .reload, .openInBrowser, .copyLink] }

    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome {
        InboxFeature.command(command, &self, context)
    }

    mutating func loaded(_ token: LoadToken, _ result: LoadResult, _ context: ScreenContext) -> Outcome? {
        guard case .inbox(let page) = result else { return nil }
        var out = Outcome()
        pageLoaded(token, page, noun: source == .inbox ? "inbox items" : "notifications", context, &out)
        return out
    }
}

/// The inbox screen's reducer: Enter opens an item's question (on its own site: the browser switches to it).
enum InboxFeature {
    /// `i`: opens the inbox (or closes it when it is on top); without a login, says how to log in.
    static func toggle(_ state: inout AppState) -> [Effect] {
        if case .inbox = state.top { return Reducer.pop(&state) }
        let key = state.shared.keyName(.showInbox)
        if state.top.feature.isOverlay {
            state.shared.setStatus("\(key): close this screen first", isError: false)
            return []
        }
        guard state.shared.account.userName != nil else {
            state.shared.setStatus("The inbox is your account's: quit and run stackterm login", isError: true)
            return []
        }
        guard !state.shared.storeOnly else {
            state.shared.setStatus("The inbox needs the network: stackterm is reading the local store only", isError: true)
            return []
        }
        var inbox = InboxState()
        let effects = Reducer.run(&inbox, &state) { $0.start($1) }
        return Reducer.push(.inbox(inbox), &state) + effects
    }

    static func command(_ command: Command, _ inbox: inout InboxState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        if inbox.listCommand(command, context, &out) { return out }
        switch command {
        case .open:
            guard let item = inbox.rows.selected(&out, whenEmpty: "Nothing to open: the inbox is empty") else { return out }
            guard let questionID = item.questionID else {
                out.setStatus("This \(item.kindWords) belongs to no question", isError: false)
                return out
            }
            let site = item.site?.apiSiteParameter ?? context.site
            // Another site's item: the browser switches to that site and the inbox comes along over its list, so q
            // goes back to the inbox, then to that site's list.
            out.navigation = (site == context.site ? [] : [.browse(.site(site)), .keepInbox(inbox)])
                + [.openQuestion(id: questionID, focus: item.answerID)]
        case .showInbox:
            out.navigation = [.pop]
        case .openInBrowser, .copyLink:
            return Reducer.linkCommand(command, url: inbox.rows.selectedItem?.link)
        default:
            break
        }
        return out
    }
}

/// The gentle look at the unread inbox while logged in: once at start, then every `interval` seconds, one request
/// at a time (it waits at the backoff gate like every request); its count shows on the status line.
enum InboxCheck {
    /// Five minutes: 288 requests a day of the 10,000 a key allows.
    static let interval = 300.0

    /// Looks at the unread inbox now, unless nobody is logged in, only the store is read, or a look is on its way.
    static func start(_ state: inout AppState) -> [Effect] {
        guard state.shared.account.userName != nil, !state.shared.storeOnly, state.shared.account.inboxCheck == nil else { return [] }
        let token = state.shared.makeToken()
        state.shared.account.inboxCheck = token
        return [.load(token, .inbox(unreadOnly: true, page: 1))]
    }

    /// The look answered: the count (100 when a page is full and more follow), and the next look scheduled. A
    /// login the API no longer takes stops the looks and says so.
    static func loaded(_ result: Result<Page<InboxItem>, APIError>, _ state: inout AppState) -> [Effect] {
        state.shared.account.inboxCheck = nil
        switch result {
        case .success(let page):
            state.shared.account.unreadInbox = page.hasMore ? max(100, page.items.count) : page.items.count
        case .failure(.api(_, let name, _)) where ["invalid_access_token", "access_denied", "access_token_required"].contains(name):
            state.shared.setStatus("Inbox: " + APIError.api(id: 0, name: name, message: "").writeReason(retryKey: ""), isError: true)
            return []
        case .failure:
            break
        }
        return [.scheduleInboxCheck(seconds: interval)]
    }
}
