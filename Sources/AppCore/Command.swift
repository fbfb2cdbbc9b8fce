/// Everything a key can ask for; declared once, each with the help text the help screen shows.
public enum Command: String, CaseIterable, Hashable, Sendable {
    case moveDown, moveUp, pageDown, pageUp, top, bottom
    case open, back, cancelOrBack, quit, reload, help

    /// One line for the help screen.
    public var help: String {
        switch self {
        case .moveDown: "Move down (scroll in a question)"
        case .moveUp: "Move up"
        case .pageDown: "Page down"
        case .pageUp: "Page up"
        case .top: "Go to the top"
        case .bottom: "Go to the bottom"
        case .open: "Open the selected question"
        case .back: "Back; on the question list, quit"
        case .cancelOrBack: "Cancel the current load, or go back"
        case .quit: "Quit from anywhere"
        case .reload: "Reload (retry after an error)"
        case .help: "Show or hide this help"
        }
    }
}
