import Foundation

/// What the writes changed, laid over items built from the dump: scores moved by votes, accepted answers changed,
/// answers added, the authors and bodies of created posts, and (for a `viewer`) their votes, bookmarks and
/// acceptances.
struct ItemOverlay {
    /// Whose fields to add, and which.
    struct Viewer {
        var userID: Int
        /// `question.upvoted`… (`FilterBook.viewerFields`).
        var fields: Set<String>
    }

    let site: String
    let books: ParticipationBooks
    let created: CreatedPosts
    var viewer: Viewer?

    func apply(_ items: [any Encodable]) -> [any Encodable] {
        items.map { item -> any Encodable in
            switch item {
            case let question as QuestionItem: self.question(question)
            case let answer as AnswerItem: self.answer(answer)
            case let comment as CommentItem: self.comment(comment)
            default: item
            }
        }
    }

    func question(_ item: QuestionItem) -> QuestionItem {
        var item = item
        let id = item.questionId
        item.score += books.votes.scoreChange(site: site, postID: id)
        if let change = books.accepts.change(site: site, questionID: id) {
            item.acceptedAnswerId = change.answerID
            if change.answerID != nil { item.isAnswered = true }
        }
        item.answerCount += created.answers(site: site, questionID: id).count
        if let viewer {
            let vote = books.votes.vote(site: site, postID: id, userID: viewer.userID)
            if viewer.fields.contains("question.upvoted") { item.upvoted = vote == .up }
            if viewer.fields.contains("question.downvoted") { item.downvoted = vote == .down }
            if viewer.fields.contains("question.favorited") {
                item.favorited = books.favorites.isFavorited(site: site, questionID: id, userID: viewer.userID)
            }
        }
        return item
    }

    func answer(_ item: AnswerItem) -> AnswerItem {
        var item = item
        let id = item.answerId
        item.score += books.votes.scoreChange(site: site, postID: id)
        if let change = books.accepts.change(site: site, questionID: item.questionId) {
            item.isAccepted = change.answerID == id
        }
        if let extra = created.extra(id, site: site) { item.owner = extra.owner }
        if let viewer {
            let vote = books.votes.vote(site: site, postID: id, userID: viewer.userID)
            if viewer.fields.contains("answer.upvoted") { item.upvoted = vote == .up }
            if viewer.fields.contains("answer.downvoted") { item.downvoted = vote == .down }
            if viewer.fields.contains("answer.accepted") { item.accepted = item.isAccepted }
        }
        return item
    }

    func comment(_ item: CommentItem) -> CommentItem {
        var item = item
        if let extra = created.extra(item.commentId, site: site) {
            item.owner = extra.owner
            item.body = extra.html
        }
        return item
    }
}
