/// The help screen's state: how far it is scrolled.
public struct HelpState: Hashable, Sendable {
    /// First visible line.
    public var scroll = 0
    public init() {}
}

/// The help screen's reducer: it scrolls with the movement keys (`?` closes it, like back).
enum HelpFeature {
    static func command(_ command: Command, _ help: inout HelpState, _ shared: SharedState) -> Outcome {
        let lastTop = max(0, shared.keymap.bindings.count - shared.viewport.contentRows)
        let page = shared.viewport.contentRows
        switch command {
        case .help: return Outcome([], [.pop])
        case .moveDown: help.scroll = min(help.scroll + 1, lastTop)
        case .moveUp: help.scroll = max(help.scroll - 1, 0)
        case .pageDown: help.scroll = min(help.scroll + page, lastTop)
        case .pageUp: help.scroll = max(help.scroll - page, 0)
        case .halfPageDown: help.scroll = min(help.scroll + max(1, page / 2), lastTop)
        case .halfPageUp: help.scroll = max(help.scroll - max(1, page / 2), 0)
        case .top: help.scroll = 0
        case .bottom: help.scroll = lastTop
        default: break
        }
        return Outcome()
    }
}
