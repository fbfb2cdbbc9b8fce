/// A colour a theme can give a `CellColor`: the terminal's default foreground, or a palette index 0–255.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own default foreground.
    case terminalDefault
    /// A palette index: 0–7 the basic colours, 8–15 their bright forms, 16–255 the extended palette.
    case palette(Int)

    /// The names a config file may use, in palette order after `default`.
    public static let names: [String] = ["default"] + basicNames + basicNames.map { "bright-" + $0 }
    private static let basicNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// The colour called `name` (`default`, `black` … `white`, `bright-black` … `bright-white`; any case), or nil.
    public init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "default" {
            self = .terminalDefault
        } else if let index = Self.names.firstIndex(of: lowered) {
            self = .palette(index - 1)
        } else {
            return nil
        }
    }

    /// The palette colour `index`, or nil when it is outside 0–255.
    public init?(index: Int) {
        guard (0...255).contains(index) else { return nil }
        self = .palette(index)
    }

    /// How a config file names this colour: a name for `default` and 0–15, else the number.
    public var name: String {
        switch self {
        case .terminalDefault: return "default"
        case .palette(let index) where index < 16: return Self.names[index + 1]
        case .palette(let index): return String(index)
        }
    }
}

extension CellColor {
    /// The name a config file uses for this colour role (the case name, e.g. `accent`).
    public var name: String {
        switch self {
        case .normal: "normal"
        case .accent: "accent"
        case .muted: "muted"
        case .success: "success"
        case .warning: "warning"
        case .error: "error"
        case .code: "code"
        case .tag: "tag"
        case .link: "link"
        case .codeKeyword: "code-keyword"
        case .codeType: "code-type"
        case .codeString: "code-string"
        case .codeComment: "code-comment"
        case .codeNumber: "code-number"
        case .codePreprocessor: "code-preprocessor"
        case .codeFunction: "code-function"
        case .math: "math"
        }
    }

    public init?(name: String) {
        guard let color = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = color
    }
}

/// Which terminal colour each colour role gets; the terminal backend turns it into curses colour pairs.
public struct ColorTheme: Hashable, Sendable {
    private var foregrounds: [CellColor: TerminalColor]

    /// A theme from `standard`, with `overrides` replacing the roles they name.
    public init(overrides: [CellColor: TerminalColor] = [:]) {
        foregrounds = Self.standardForegrounds.merging(overrides) { _, override in override }
    }

    /// The built-in colours: cyan accents and links, grey (bright black) decorations, green/yellow/red status,
    /// magenta code, blue tags, the terminal's own foreground for normal text; in highlighted code blue
    /// keywords, cyan types and functions, green strings, grey comments, yellow numbers, bright magenta
    /// preprocessor lines; bright yellow math (bright colours fall back to their basic form on 8-colour terminals).
    public static let standard = ColorTheme()

    private static let standardForegrounds: [CellColor: TerminalColor] = [
        .normal: .terminalDefault, .accent: .palette(6), .muted: .palette(8), .success: .palette(2),
        .warning: .palette(3), .error: .palette(1), .code: .palette(5), .tag: .palette(4), .link: .palette(6),
        .codeKeyword: .palette(4), .codeType: .palette(6), .codeString: .palette(2), .codeComment: .palette(8),
        .codeNumber: .palette(3), .codePreprocessor: .palette(13), .codeFunction: .palette(14), .math: .palette(11),
    ]

    public func foreground(for role: CellColor) -> TerminalColor {
        foregrounds[role] ?? .terminalDefault
    }
}
