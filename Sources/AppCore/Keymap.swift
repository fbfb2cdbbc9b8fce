/// Key bindings as data: several keys per command, looked up without any screen logic.
public struct Keymap: Hashable, Sendable {
    /// Keys bound to each command, in the order the help screen lists them.
    public private(set) var bindings: [(command: Command, keys: [Key])]
    private var lookup: [Key: Command]

    /// Builds a keymap; a key bound twice keeps its last command.
    public init(_ bindings: [(command: Command, keys: [Key])]) {
        self.bindings = bindings
        var lookup: [Key: Command] = [:]
        for (command, keys) in bindings { for key in keys { lookup[key] = command } }
        self.lookup = lookup
    }

    public func command(for key: Key) -> Command? { lookup[key] }

    /// `command`'s keys in the order bound (messages name the first).
    public func keys(for command: Command) -> [Key] {
        bindings.first { $0.command == command }?.keys ?? []
    }

    /// The built-in bindings (vi- and less-style letters plus arrows and paging keys).
    public static let standard = Keymap([
        (.moveDown, [.character("j"), .down]),
        (.moveUp, [.character("k"), .up]),
        (.pageDown, [.pageDown, .character(" "), .control("f")]),
        (.pageUp, [.pageUp, .character("b"), .control("b")]),
        (.halfPageDown, [.control("d"), .character("d")]),
        (.halfPageUp, [.control("u"), .character("u")]),
        (.top, [.character("g"), .home]),
        (.bottom, [.character("G"), .end]),
        (.nextAnswer, [.character("]"), .character("J")]),
        (.previousAnswer, [.character("["), .character("K")]),
        (.nextCodeBlock, [.character("}")]),
        (.previousCodeBlock, [.character("{")]),
        (.open, [.enter, .character("l"), .right]),
        (.backOrQuit, [.character("q")]),
        (.back, [.character("h"), .left]),
        (.cancelOrBack, [.escape]),
        (.quit, [.character("Q")]),
        (.reload, [.character("r")]),
        (.help, [.character("?")]),
        (.toggleAnswersFeed, [.character("a")]),
        (.cycleSort, [.character("s")]),
        (.filterTags, [.character("t")]),
        (.filterByQuestionTag, [.character("T")]),
        (.search, [.character("/")]),
        (.findNext, [.character("n")]),
        (.findPrevious, [.character("N")]),
        (.pickSite, [.character("S")]),
        (.toggleComments, [.character("c")]),
        (.toggleMathSource, [.character("$")]),
        (.followLink, [.character("L")]),
        (.openInBrowser, [.character("o")]),
        (.copyLink, [.character("y")]),
        (.copyCodeBlock, [.character("Y")]),
        (.nextUnread, [.character("U")]),
        (.markScreenRead, [.character("A")]),
        (.showLive, [.character(".")]),
        (.watchTag, [.character("w")]),
        (.toggleSaved, [.character("m")]),
        (.showSaved, [.character("M")]),
        (.upvote, [.character("+")]),
        (.downvote, [.character("-")]),
        (.toggleBookmark, [.character("f")]),
        (.acceptAnswer, [.character("X")]),
        (.showBookmarks, [.character("F")]),
        (.showInbox, [.character("i")]),
        (.writeAnswer, [.character("W")]),
        (.writeComment, [.character("C")]),
        (.redraw, [.control("l")]),
    ])

    public static func == (lhs: Keymap, rhs: Keymap) -> Bool { lhs.lookup == rhs.lookup }
    public func hash(into hasher: inout Hasher) { hasher.combine(lookup) }
}

extension Key {
    /// How the help screen names the key.
    public var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-\(c.uppercased())"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .tab: "Tab"
        case .function(let n): "F\(n)"
        case .mouse: "Mouse"
        case .paste: "Paste"
        }
    }
}
