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
        if let refusal = state.shared.account.refusal(.showInbox, storeOnly: state.shared.storeOnly) {
            state.shared.setStatus(refusal, isError: true)
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
