import StackAPI

extension PostWrites {
    /// The status line's words for writes: what is being sent, what happened, what failed.
    enum Words {
        /// The key's command that sent `write` (and sends it again).
        static func command(of write: PostWrite) -> Command {
            switch write.act {
            case .upvote, .upvoteUndo: .upvote
            case .downvote, .downvoteUndo: .downvote
            case .favorite, .favoriteUndo: .toggleBookmark
            case .accept, .acceptUndo: .acceptAnswer
            }
        }

        /// `the question`, `answer 123`.
        static func post(_ write: PostWrite) -> String {
            switch write.post {
            case .question: "the question"
            case .answer(let id): "answer \(id)"
            }
        }

        /// `Upvoting answer 123…`.
        static func sending(_ write: PostWrite) -> String {
            let doing = switch write.act {
            case .upvote: "Upvoting"
            case .downvote: "Downvoting"
            case .upvoteUndo, .downvoteUndo: "Taking back your vote on"
            case .favorite: "Bookmarking"
            case .favoriteUndo: "Removing the bookmark of"
            case .accept: "Accepting"
            case .acceptUndo: "Taking back the accept of"
            }
            return "\(doing) \(post(write))…"
        }

        /// `Upvoted answer 123 (score 5)`.
        static func done(_ write: PostWrite, score: Int?) -> String {
            let did = switch write.act {
            case .upvote: "Upvoted \(post(write))"
            case .downvote: "Downvoted \(post(write))"
            case .upvoteUndo, .downvoteUndo: "Vote on \(post(write)) taken back"
            case .favorite: "Bookmarked the question"
            case .favoriteUndo: "Bookmark removed"
            case .accept: "Accepted \(post(write))"
            case .acceptUndo: "Accept of \(post(write)) taken back"
            }
            return did + (score.map { " (score \($0))" } ?? "")
        }

        /// `Vote not counted`, `Bookmark not changed`…: the start of a failure's message.
        static func failed(_ write: PostWrite) -> String {
            switch write.act {
            case .upvote, .downvote: "Vote not counted"
            case .upvoteUndo, .downvoteUndo: "Vote not taken back"
            case .favorite, .favoriteUndo: "Bookmark not changed"
            case .accept, .acceptUndo: "Accept not changed"
            }
        }
    }
}
