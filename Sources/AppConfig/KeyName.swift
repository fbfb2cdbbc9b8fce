import AppCore

/// Key names as a config file writes them: `"j"`, `"?"`, `"Up"`, `"PgDn"`, `"Enter"`, `"F5"`, `"C-x"` or `"Ctrl-x"`.
public enum KeyName {
    /// Named keys (matched without regard to case) and the key each means.
    static let named: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "home": .home, "end": .end, "enter": .enter, "return": .enter,
        "esc": .escape, "escape": .escape, "backspace": .backspace, "delete": .delete, "del": .delete,
        "tab": .tab, "space": .character(" "),
    ]

    /// A short list of examples for error messages.
    public static let examples = #""j", "?", "Down", "PgDn", "Enter", "Esc", "Space", "F5", "C-x""#

    /// The key `name` stands for, or nil when it names no key.
    ///
    /// A single printable character is itself (case matters: `"G"` is not `"g"`); other names ignore case.
    /// Ctrl combinations the terminal sends as other keys map to those keys: C-h Backspace, C-i Tab,
    /// C-j and C-m Enter, C-[ Esc.
    public static func parse(_ name: String) -> Key? {
        if name.count == 1, let character = name.first {
            return isPrintable(character) ? .character(character) : nil
        }
        let lowered = name.lowercased()
        if let key = named[lowered] { return key }
        if let number = functionNumber(lowered) { return .function(number) }
        for prefix in ["c-", "ctrl-", "ctrl+", "control-"] where lowered.hasPrefix(prefix) {
            return control(String(lowered.dropFirst(prefix.count)))
        }
        return nil
    }

    /// The name `parse` reads back as `key` (the help screen's label).
    public static func name(of key: Key) -> String {
        key.label
    }

    private static func functionNumber(_ lowered: String) -> Int? {
        guard lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number) else { return nil }
        return number
    }

    private static func control(_ rest: String) -> Key? {
        guard rest.count == 1, let character = rest.first else { return nil }
        switch character {
        case "h": return .backspace
        case "i": return .tab
        case "j", "m": return .enter
        case "[": return .escape
        case "a"..."z": return .control(character)
        default: return nil
        }
    }

    private static func isPrintable(_ character: Character) -> Bool {
        character == " " || !character.unicodeScalars.contains { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isWhitespace
        }
    }
}
