/// What a screen's reducer may read of what every screen shares: a read-only view of `SharedState` as the root
/// handed it over for one call, never written back. A screen changes only its own state and says what else should
/// change in its `Outcome`, which the root applies (`Reducer.apply`). The searches, finds, answer lookup and store
/// reads the root keeps are not in view.
struct ScreenContext: Sendable {
    private let shared: SharedState

    init(_ shared: SharedState) {
        self.shared = shared
    }

    /// The settings the first list started from (its site, page size, key).
    var home: BrowseSettings { shared.home }
    /// The site every screen loads from.
    var site: String { shared.site }
    var viewport: Viewport { shared.viewport }
    var keymap: Keymap { shared.keymap }
    /// The status line as the action found it (a load's own message is told apart from an older one by it).
    var status: StatusState { shared.status }
    /// Read marks of the site's questions.
    var readMarks: ReadMarks { shared.readMarks }
    /// The site's saved questions.
    var savedIDs: Set<Int> { shared.savedIDs }
    /// How the site's math is shown (titles in messages typeset as on screen).
    var siteMath: SiteMath { shared.siteMath }
    /// Tags whose new questions call the reader.
    var watchedTags: [String] { shared.watchedTags }
    /// Who is logged in, what they did to posts, the writes on their way.
    var account: AccountState { shared.account }
    /// Whether loads are answered by the local store.
    var isOffline: Bool { shared.isOffline }
    /// Only the local store is asked, by choice (`SharedState.storeOnly`).
    var storeOnly: Bool { shared.storeOnly }
    /// The last load token handed out; `Outcome.makeToken` counts on from it.
    var lastToken: Int { shared.lastToken }

    /// How the status line names `command`'s first key in the effective keymap ("" when it has none).
    func keyName(_ command: Command) -> String {
        shared.keyName(command)
    }
}
