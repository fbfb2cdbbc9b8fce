import StackAPI

/// The logged-in user as the browser knows them: their name, what they did to posts this session (votes,
/// bookmarks, accepts) and the writes still on their way. Never the token, which only the runtime holds.
public struct AccountState: Hashable, Sendable {
    /// The user's display name; nil when nobody is logged in (then every write says how to log in).
    public var userName: String?
    /// What the user did to posts, by site and post id, as the API confirmed it this session.
    public var marks: [PostKey: PostMarks] = [:]
    /// Writes sent and not answered yet, by their load's token.
    public internal(set) var pending: [LoadToken: PostWrite] = [:]
    /// Unread items in the inbox at the last look (`InboxCheck`; nil: not looked yet); `100` means 100 or more.
    public internal(set) var unreadInbox: Int?
    /// The look at the unread inbox on its way, if any.
    public internal(set) var inboxCheck: LoadToken?

    public init(userName: String? = nil) {
        self.userName = userName
    }

    /// The marks of `post` of `site` (none known: empty marks).
    public func marks(of post: Int, site: String) -> PostMarks {
        marks[PostKey(site: site, id: post)] ?? PostMarks()
    }

    /// Whether a write to `post` of `site` is on its way.
    func isWriting(_ post: Int, site: String) -> Bool {
        pending.values.contains { $0.site == site && $0.post.id == post }
    }
}

/// A post of a site (ids are per site).
public struct PostKey: Hashable, Sendable {
    public var site: String
    public var id: Int

    public init(site: String, id: Int) {
        self.site = site
        self.id = id
    }
}
