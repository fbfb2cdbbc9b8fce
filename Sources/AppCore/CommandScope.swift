/// Where each command does something, so a key that does nothing on the screen showing says why instead of
/// being silently ignored.
enum CommandScope {
    /// Why `command` does nothing on `screen` (a status-line message naming its effective key), or nil when
    /// the screen's reducer acts on it.
    static func unavailable(_ command: Command, on screen: ScreenState, _ shared: SharedState) -> String? {
        guard let place = place(of: command), !acts(command, on: screen) else { return nil }
        let key = shared.keyName(command)
        return (key.isEmpty ? command.rawValue : key) + " works only " + place
    }

    /// Where the command works, as the message says it; nil for commands every screen takes.
    private static func place(of command: Command) -> String? {
        switch command {
        case .cycleSort, .nextUnread, .markScreenRead, .showLive, .toggleAnswersFeed: "on a question list"
        case .open: "on a list"
        case .filterByQuestionTag, .toggleComments, .copyCodeBlock, .followLink, .nextAnswer, .previousAnswer, .nextCodeBlock,
             .previousCodeBlock, .findNext, .findPrevious, .upvote, .downvote, .acceptAnswer, .writeAnswer, .writeComment:
            "in a question"
        case .reload, .openInBrowser, .copyLink: "on a list or in a question"
        case .toggleSaved, .watchTag, .toggleBookmark: "on a question list or in a question"
        default: nil
        }
    }

    private static func acts(_ command: Command, on screen: ScreenState) -> Bool {
        screen.feature.commandsActedOn.contains(command)
    }
}
