import StackAPI

extension PostWrites {
    /// The status line's words for writes: what is being sent, what happened, what failed.
    enum Words {
        /// `upvote`, `downvote`, `bookmark`, `accept an answer`: what a key does, for "To …, log in first".
        static func verb(_ command: Command) -> String {
            switch command {
            case .upvote: "upvote"
            case .downvote: "downvote"
            case .toggleBookmark: "bookmark"
            default: "accept an answer"
            }
        }

        /// `Upvoting`, `Bookmarking`…: what a key does, for "… needs the network".
        static func doing(_ command: Command) -> String {
            switch command {
            case .upvote: "Upvoting"
            case .downvote: "Downvoting"
            case .toggleBookmark: "Bookmarking"
            default: "Accepting an answer"
            }
        }

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
