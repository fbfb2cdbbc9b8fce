import Foundation
import StackAPI

/// What the live source is doing, as the status line shows it (`Action.liveState`).
public enum LiveStatus: Hashable, Sendable {
    /// Opening the socket; the status line keeps what it showed before (nothing at the first try).
    case connecting
    /// Subscribed: activity arrives as it happens (`live`).
    case live
    /// The connection ended; the next try starts in `seconds` (`live: reconnecting in 8 s`; 0: trying now).
    case reconnecting(in: Int)
    /// The socket cannot be had: the site's recent activity is asked of the API every `live_refresh_s` instead
    /// (`live: polling`).
    case polling
    /// The source gave up (an address it cannot use): said once on the status line, no mark after it.
    case stopped(reason: String)
}

/// What the live source listens to: one site's activity, only questions carrying all of `tags` when given
/// (`Effect.startLive`).
public struct LiveSubscription: Hashable, Sendable {
    /// The site whose activity is kept.
    public var site: String
    /// When not empty, only questions carrying all of these are kept (the list's tag filter).
    public var tags: [String]

    /// Listens to `site`'s activity (questions carrying all of `tags`, when given).
    public init(site: String, tags: [String] = []) {
        self.site = site
        self.tags = tags
    }

    /// The subscription `state` needs: the list nearest the top, when live is on and that list takes activity (no
    /// search; sorted by activity or creation); nil otherwise (and while quitting).
    init?(_ state: AppState) {
        guard state.shared.liveEnabled, !state.isQuitting, let list = state.questionList, list.settings.takesLiveActivity
        else { return nil }
        self.init(site: list.settings.site, tags: list.settings.tagged)
    }
}

extension BrowseSettings {
    /// Whether a list with these settings shows live activity: the latest questions (activity or creation order, no
    /// search), whose order a new message can only put on top.
    public var takesLiveActivity: Bool {
        searchQuery == nil && (sort == .activity || sort == .creation)
    }
}

/// Questions a message brought that a list holds back so that the row under the cursor never moves: new ones that
/// arrived while the list was scrolled, and (in activity order) questions on the list that changed since. `.`
/// (`Command.showLive`) puts them on top.
public struct LiveArrivals: Hashable, Sendable {
    /// Questions not on the list yet, newest first.
    public var new: [Question] = []
    /// Ids of questions on the list that changed, waiting to move to the top, most recent first.
    public var changed: [Int] = []
    /// Rows made from a message alone (no score or answer count known yet).
    public var fromMessage: Set<Int> = []
    /// Whether older arrivals were let go to keep at most `limit` of each kind waiting.
    public private(set) var overflowed = false

    /// The most questions that wait of each kind (new, changed): a list left scrolled on a busy site all day stays
    /// bounded; the oldest arrivals go first (a reload brings them back).
    public static let limit = 500

    public init() {}

    /// Lets the oldest arrivals go past `limit`, noting it for the banner; true when some went.
    @discardableResult
    mutating func keepWithinLimit() -> Bool {
        let before = new.count + changed.count
        if new.count > Self.limit {
            for question in new[Self.limit...] { fromMessage.remove(question.questionID) }
            new.removeLast(new.count - Self.limit)
            overflowed = true
        }
        if changed.count > Self.limit {
            changed.removeLast(changed.count - Self.limit)
            overflowed = true
        }
        return new.count + changed.count < before
    }

    /// Nothing waits any more (they went on the list).
    mutating func taken() {
        new = []
        changed = []
        overflowed = false
    }

    /// Whether nothing waits.
    public var isEmpty: Bool { new.isEmpty && changed.isEmpty }

    /// "▲ 3 new — . to show", "▲ 2 new, 1 updated — . to show" (without the hint when `key` is unbound); nil when
    /// nothing waits.
    public func banner(key: String) -> String? {
        guard !isEmpty else { return nil }
        var counts: [String] = []
        let more = overflowed ? "+" : ""
        if !new.isEmpty { counts.append("\(new.count)\(more) new") }
        if !changed.isEmpty { counts.append("\(changed.count)\(more) updated") }
        return "▲ " + counts.joined(separator: ", ") + (key.isEmpty ? "" : " — \(key) to show")
    }
}

extension Question {
    /// A list row made from a socket message: what the message carries (title, tags, owner, activity date, link);
    /// score, answers and views unknown until the API is asked.
    init(_ activity: LiveActivity, created: Date?) {
        self.init(questionID: activity.questionID, title: activity.title, tags: activity.tags,
                  owner: activity.ownerDisplayName.map { ShallowUser(displayName: $0) }, viewCount: nil, answerCount: nil,
                  score: nil, creationDate: created, lastActivityDate: activity.lastActivityDate, link: activity.url)
    }

    /// This row changed as `activity` says: its title, tags and activity date; the body the list brought is dropped, so
    /// opening it asks for the question again.
    mutating func take(_ activity: LiveActivity) {
        title = activity.title
        if !activity.tags.isEmpty { tags = activity.tags }
        if let date = activity.lastActivityDate { lastActivityDate = max(date, lastActivityDate ?? date) }
        body = nil
    }
}
