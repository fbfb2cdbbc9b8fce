/// The help screen's state: how far it is scrolled.
public struct HelpState: Hashable, Sendable {
    /// First visible line.
    public var scroll = 0
    public init() {}
}

extension HelpState: ScreenFeature {
    var kind: ScreenKind { .help }
    var screen: ScreenState { .help(self) }
    var commandsActedOn: Set<Command> { [] }
    var isOverlay: Bool { true }

    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome {
        HelpFeature.command(command, &self, context)
    }
}

/// The help screen's reducer: it scrolls with the movement keys (`?` closes it, like back).
enum HelpFeature {
    static func command(_ command: Command, _ help: inout HelpState, _ context: ScreenContext) -> Outcome {
        if command == .help { return Outcome([], [.pop]) }
        let lastTop = PickerKeys.helpLineCount(for: context.keymap) - context.viewport.contentRows
        if let target = CursorMove.target(command, from: help.scroll, last: lastTop, page: context.viewport.contentRows) {
            help.scroll = target
        }
        return Outcome()
    }
}
