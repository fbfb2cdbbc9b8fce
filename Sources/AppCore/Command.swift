/// Everything a key can ask for; declared once, each with the help text the help screen shows.
public enum Command: String, CaseIterable, Hashable, Sendable {
    case moveDown, moveUp, pageDown, pageUp, halfPageDown, halfPageUp, top, bottom
    case nextAnswer, previousAnswer, nextCodeBlock, previousCodeBlock
    case open, back, backOrQuit, cancelOrBack, quit, reload, help
    case toggleAnswersFeed, cycleSort, filterTags, filterByQuestionTag, search, findNext, findPrevious, pickSite
    case toggleComments, followLink, openInBrowser, copyLink, copyCodeBlock
    case nextUnread, markScreenRead, showLive, watchTag, toggleSaved, showSaved, redraw, toggleMathSource
    case upvote, downvote, toggleBookmark, acceptAnswer, showBookmarks, showInbox, writeAnswer, writeComment

    /// One line for the help screen.
    public var help: String {
        switch self {
        case .moveDown: "Move down (scroll in a question)"
        case .moveUp: "Move up"
        case .pageDown: "Page down"
        case .pageUp: "Page up"
        case .halfPageDown: "Half a page down"
        case .halfPageUp: "Half a page up"
        case .top: "Go to the top"
        case .bottom: "Go to the bottom"
        case .nextAnswer: "In a question: next answer"
        case .previousAnswer: "In a question: previous answer (or this one's start)"
        case .nextCodeBlock: "In a question: next code block or display formula"
        case .previousCodeBlock: "In a question: previous code block or display formula"
        case .open: "Open the selected question (in a picker: choose)"
        case .back: "Back one screen (nothing on the first screen)"
        case .backOrQuit: "Back one screen; on the first screen, quit"
        case .cancelOrBack: "Cancel a load or a find (keeping what shows), else go back"
        case .quit: "Quit from anywhere"
        case .reload: "Reload (retry after an error)"
        case .help: "Show or hide this help"
        case .toggleAnswersFeed: "Latest answers feed / back to questions"
        case .cycleSort: "Next sort of the list or search (the header names it)"
        case .filterTags: "Filter by tags (a;b needs both, empty clears)"
        case .filterByQuestionTag: "In a question: list by one of its tags"
        case .search: "Search titles and bodies (in a question: find in it)"
        case .findNext: "In a question: next match of the find"
        case .findPrevious: "In a question: previous match of the find"
        case .pickSite: "Switch site"
        case .toggleComments: "In a question: show or hide comments"
        case .followLink: "In a question: pick a link [n] to open or copy"
        case .openInBrowser: "Open the question (or answer in view) in a browser"
        case .copyLink: "Copy the link (OSC 52 clipboard)"
        case .copyCodeBlock: "In a question: copy the code block or TeX formula in view"
        case .nextUnread: "In a list: next unread or updated question"
        case .markScreenRead: "In a list: mark every question on screen read"
        case .showLive: "In a list: show the questions that arrived live (▲ N new)"
        case .watchTag: "Watch or unwatch a tag: its new questions call you"
        case .toggleSaved: "Save or unsave the question (kept offline for good)"
        case .showSaved: "The site's saved questions / back"
        case .redraw: "Redraw the screen (after another program wrote over it)"
        case .toggleMathSource: "Math sites: show formulas as TeX / typeset again"
        case .upvote: "Logged in: upvote the post in view (again: undo)"
        case .downvote: "Logged in: downvote the post in view (again: undo)"
        case .toggleBookmark: "Logged in: bookmark the question, or remove it"
        case .acceptAnswer: "On your question: accept the answer in view"
        case .showBookmarks: "Logged in: your bookmarks on the site / back"
        case .showInbox: "Logged in: your inbox across sites / back"
        case .writeAnswer: "Logged in: write an answer in $EDITOR, preview, send"
        case .writeComment: "Logged in: comment on the post in view in $EDITOR"
        }
    }
}
