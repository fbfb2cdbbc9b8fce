import Foundation
import StackAPI
import StackStore

/// The drafts of what the user writes, by `PostCompose` (the app's name for an answer or comment being written):
/// kept and forgotten through the user's write line, read off main.
extension LocalDataManager {
    /// Keeps `text` as the draft of `compose` (journalled first: a kill before the write still keeps it).
    public func keepDraft(of compose: PostCompose, text: String) {
        remember(.keepDraft(site: compose.site, target: DraftTarget(compose.target), text: text, at: Date()))
    }

    /// Forgets the draft of `compose` (its post was created).
    public func forgetDraft(of compose: PostCompose) {
        remember(.dropDraft(site: compose.site, target: DraftTarget(compose.target), keptAt: nil))
    }

    /// The text of the draft kept for `compose`, if any.
    @discardableResult
    public func draft(of compose: PostCompose, completion: @escaping RetrievalCompletion<String?>) -> RetrievalHandle {
        draft(site: compose.site, target: DraftTarget(compose.target)) { result in completion(result.map { $0?.text }) }
    }
}

extension DraftTarget {
    /// The store's name for what `target` writes.
    init(_ target: PostCompose.Target) {
        switch target {
        case .answer(let questionID): self = .answer(questionID: questionID)
        case .comment(let postID): self = .comment(postID: postID)
        }
    }
}
