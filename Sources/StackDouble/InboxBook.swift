import Foundation
import NIOConcurrencyHelpers

/// The inbox items and notifications of each user (by display name), in memory, added by the control endpoints
/// `/_double/inbox/add` and `/_double/notifications/add`; newest first.
final class InboxBook: Sendable {
    /// The `item_type`s of the API's `inbox_item`.
    static let itemTypes = [
        "comment", "chat_message", "new_answer", "careers_message", "careers_invitations", "meta_question",
        "post_notice", "moderator_message",
    ]
    /// The `notification_type`s of the API's `notification`.
    static let notificationTypes = [
        "generic", "profile_activity", "bounty_expired", "bounty_expires_in_one_day", "badge_earned",
        "bounty_expires_in_three_days", "reputation_bonus", "accounts_associated", "new_privilege", "post_migrated",
        "moderator_message", "registration_reminder", "edit_suggested", "substantive_edit",
        "bounty_grace_period_started",
    ]

    /// One `inbox_item`.
    struct InboxEntry: Encodable, Sendable {
        var itemType: String
        var questionId: Int?
        var answerId: Int?
        var commentId: Int?
        var title: String?
        var creationDate: UnixTime
        var isUnread: Bool
        var body: String?
        var link: String
        var site: SiteItem
    }

    /// One `notification`.
    struct NotificationEntry: Encodable, Sendable {
        var notificationType: String
        var site: SiteItem
        var creationDate: UnixTime
        var body: String?
        var postId: Int?
        var isUnread: Bool
    }

    private struct State {
        var inbox: [String: [InboxEntry]] = [:]
        var notifications: [String: [NotificationEntry]] = [:]
    }

    private let state = NIOLockedValueBox(State())

    func add(_ entry: InboxEntry, user: String) {
        state.withLockedValue { $0.inbox[user, default: []].insert(entry, at: 0) }
    }

    func add(_ entry: NotificationEntry, user: String) {
        state.withLockedValue { $0.notifications[user, default: []].insert(entry, at: 0) }
    }

    /// `user`'s inbox, newest first (only the unread ones with `unreadOnly`).
    func inbox(user: String, unreadOnly: Bool) -> [InboxEntry] {
        state.withLockedValue { $0.inbox[user] ?? [] }.filter { !unreadOnly || $0.isUnread }
    }

    /// `user`'s notifications on `site`, newest first (only the unread ones with `unreadOnly`).
    func notifications(user: String, site: String, unreadOnly: Bool) -> [NotificationEntry] {
        state.withLockedValue { $0.notifications[user] ?? [] }.filter {
            $0.site.apiSiteParameter == site && (!unreadOnly || $0.isUnread)
        }
    }

    /// Marks every inbox item and notification of `user` read; how many were unread.
    func markRead(user: String) -> Int {
        state.withLockedValue { state in
            let unread = (state.inbox[user] ?? []).filter(\.isUnread).count
                + (state.notifications[user] ?? []).filter(\.isUnread).count
            for index in (state.inbox[user] ?? []).indices { state.inbox[user]?[index].isUnread = false }
            for index in (state.notifications[user] ?? []).indices { state.notifications[user]?[index].isUnread = false }
            return unread
        }
    }
}
