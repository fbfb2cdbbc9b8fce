/// The moves of a cursor over rows that are all loaded (the pickers' selection, the help screen's first line).
enum CursorMove {
    /// Where `command` takes a cursor at `current` over positions `0...last`, a page being `page` rows; nil when
    /// `command` is not a move.
    static func target(_ command: Command, from current: Int, last: Int, page: Int) -> Int? {
        let last = max(0, last)
        let page = max(1, page)
        switch command {
        case .moveDown: return min(current + 1, last)
        case .moveUp: return max(current - 1, 0)
        case .pageDown: return min(current + page, last)
        case .pageUp: return max(current - page, 0)
        case .halfPageDown: return min(current + max(1, page / 2), last)
        case .halfPageUp: return max(current - max(1, page / 2), 0)
        case .top: return 0
        case .bottom: return last
        default: return nil
        }
    }
}
