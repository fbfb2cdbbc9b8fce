import Foundation
import NIOConcurrencyHelpers
import StackDump

/// The answers and comments written through the double (`/questions/{id}/answers/add`, `/posts/{id}/comments/add`),
/// kept in memory beside the dump data (as `LiveActivityLedger` keeps live changes) so later reads include them.
/// Ids count up from 90,000,001, far above any dump's.
final class CreatedPosts: Sendable {
    static let firstID = 90_000_001
    /// How long the same body from the same token on the same post counts as a duplicate.
    static let duplicateSeconds: TimeInterval = 30

    /// What the dump record of a created post cannot say.
    struct Extra: Sendable {
        /// The author as the add route saw them (a user the dump lacks too).
        var owner: OwnerItem
        /// The Markdown written.
        var markdown: String
        /// The HTML rendered from it (a comment's body; an answer's is in its record).
        var html: String
    }

    private struct Submission: Hashable {
        var token: String
        var site: String
        var postID: Int
        var markdown: String
    }

    private struct State {
        var nextID = CreatedPosts.firstID
        var answers: [String: [DumpPost]] = [:]
        var comments: [String: [DumpComment]] = [:]
        var extras: [String: [Int: Extra]] = [:]
        var submitted: [Submission: Date] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// Creates an answer to `questionID` (or, `isComment`, a comment on post `questionID`) and returns its id;
    /// throws 409 `duplicate_request` when `token` sent the same Markdown to the same post less than 30 s ago.
    func create(
        isComment: Bool, site: String, postID: Int, token: String, extra: Extra, at now: Date
    ) throws -> Int {
        let submission = Submission(token: token, site: site, postID: postID, markdown: extra.markdown)
        return try state.withLockedValue { state in
            if let earlier = state.submitted[submission], now.timeIntervalSince(earlier) < Self.duplicateSeconds {
                throw APIFailure.duplicateRequest
            }
            state.submitted[submission] = now
            let id = state.nextID
            state.nextID += 1
            let ownerID = extra.owner.userId
            if isComment {
                state.comments[site, default: []].append(DumpComment(
                    id: id, postID: postID, text: extra.markdown, creationDate: now, userID: ownerID,
                    userDisplayName: extra.owner.displayName, contentLicense: "CC BY-SA 4.0"))
            } else {
                state.answers[site, default: []].append(DumpPost(
                    id: id, postTypeID: 2, parentID: postID, body: extra.html, creationDate: now, lastActivityDate: now,
                    ownerUserID: ownerID, ownerDisplayName: extra.owner.displayName, contentLicense: "CC BY-SA 4.0"))
            }
            state.extras[site, default: [:]][id] = extra
            return id
        }
    }

    /// The answers created on `site` (to `questionID` when given), oldest first.
    func answers(site: String, questionID: Int? = nil) -> [DumpPost] {
        let all = state.withLockedValue { $0.answers[site] ?? [] }
        guard let questionID else { return all }
        return all.filter { $0.parentID == questionID }
    }

    /// The created answer `id` of `site`, nil when none.
    func answer(_ id: Int, site: String) -> DumpPost? {
        guard id >= Self.firstID else { return nil }
        return state.withLockedValue { $0.answers[site]?.first { $0.id == id } }
    }

    /// The comments created on `site` under `postIDs`, oldest first.
    func comments(site: String, postIDs: [Int]) -> [DumpComment] {
        let wanted = Set(postIDs)
        return state.withLockedValue { $0.comments[site] ?? [] }.filter { wanted.contains($0.postID) }
    }

    /// The author, Markdown and HTML of created post or comment `id`, nil for the dump's own.
    func extra(_ id: Int, site: String) -> Extra? {
        guard id >= Self.firstID else { return nil }
        return state.withLockedValue { $0.extras[site]?[id] }
    }
}
