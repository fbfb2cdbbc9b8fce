/// Why a command that acts on the user's account (a vote, a bookmark, an answer, the inbox…) cannot run: said
/// in one place, alike for every such key.
extension AccountState {
    /// Why `command` cannot run now — nobody is logged in, or only the local store is read — or nil when it can.
    func refusal(_ command: Command, storeOnly: Bool) -> String? {
        let words = Self.words(command)
        if userName == nil { return "To \(words.verb), log in first: quit and run stackterm login" }
        if storeOnly { return "\(words.needs) the network: stackterm is reading the local store only" }
        return nil
    }

    /// `upvote` / `Upvoting needs`: what `command` does, for "To …, log in first" and "… the network".
    private static func words(_ command: Command) -> (verb: String, needs: String) {
        switch command {
        case .upvote: ("upvote", "Upvoting needs")
        case .downvote: ("downvote", "Downvoting needs")
        case .toggleBookmark: ("bookmark", "Bookmarking needs")
        case .acceptAnswer: ("accept an answer", "Accepting an answer needs")
        case .writeAnswer: ("answer", "Answering needs")
        case .writeComment: ("comment", "Commenting needs")
        case .showInbox: ("see your inbox", "The inbox needs")
        case .showBookmarks: ("see your bookmarks", "Your bookmarks need")
        default: ("do that", "That needs")
        }
    }
}
