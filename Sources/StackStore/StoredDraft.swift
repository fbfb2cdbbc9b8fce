import Foundation

/// What a draft is written for: an answer to a question, or a comment on a post (question or answer).
public enum DraftTarget: Codable, Sendable, Hashable {
    /// An answer to the question `questionID`.
    case answer(questionID: Int)
    /// A comment on the post `postID` (a question or an answer).
    case comment(postID: Int)

    /// The `kind` column's value and the post id, as `drafts` keys a draft.
    var row: (kind: String, post: Int) {
        switch self {
        case .answer(let questionID): ("answer", questionID)
        case .comment(let postID): ("comment", postID)
        }
    }

    /// The target a `drafts` row names; nil for a kind this build does not know.
    init?(kind: String, post: Int) {
        switch kind {
        case "answer": self = .answer(questionID: post)
        case "comment": self = .comment(postID: post)
        default: return nil
        }
    }
}

/// A draft of the user's, as the store keeps it.
public struct StoredDraft: Sendable, Hashable {
    /// The site's API name, e.g. `quantumcomputing`.
    public var site: String
    public var target: DraftTarget
    /// The Markdown as the editor left it.
    public var text: String
    /// When the editor left it; kept to the millisecond.
    public var updatedAt: Date

    /// A draft of `text` for `target` on `site`, as of `updatedAt`.
    public init(site: String, target: DraftTarget, text: String, updatedAt: Date) {
        self.site = site
        self.target = target
        self.text = text
        self.updatedAt = updatedAt
    }
}
