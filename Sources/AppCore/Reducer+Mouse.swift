/// The mouse: the wheel scrolls every screen as three arrow presses would; on a list a click selects the row
/// under the pointer and a double click opens it.
extension Reducer {
    /// Lines the wheel moves per turn.
    static let wheelLines = 3
    /// The screen row of a list's first item (the header and the column header are above it).
    static let firstListRow = 2

    static func mouse(_ event: MouseEvent, _ state: inout AppState) -> [Effect] {
        switch event.kind {
        case .wheelUp, .wheelDown:
            let key: Key = event.kind == .wheelUp ? .up : .down
            return (0..<wheelLines).flatMap { _ in handle(key, &state) }
        case .click, .doubleClick:
            guard let index = listIndex(atRow: event.row, state) else { return [] }
            var effects = select(index, &state)
            if event.kind == .doubleClick { effects += handle(Command.open, &state) }
            return effects
        }
    }

    /// The index of the list item drawn on `row`, when the top screen is a list and an item is drawn there.
    private static func listIndex(atRow row: Int, _ state: AppState) -> Int? {
        let offset = row - firstListRow
        guard offset >= 0, offset < state.viewport.listRows else { return nil }
        return state.top.pagedList?.index(atVisibleRow: offset)
    }

    /// Moves the top list's cursor to `index` (loading the next page if that reaches the end), as the keys do.
    private static func select(_ index: Int, _ state: inout AppState) -> [Effect] {
        updatePaged(state.stack.count - 1, &state) { $0.select(index, $1) } ?? []
    }
}
