import StackAPI

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
        return [.after(seconds: interval, .inboxCheckDue)]
    }
}
