import AppCore

/// The help screen, generated from the effective keymap so it always tells the truth.
public enum HelpScreen {
    /// The help text lines: one per command, every key then the description (keys wider than the 24-column key
    /// column push their description right rather than lose a key), then a blank line and `PickerKeys.helpNotes`
    /// (`PickerKeys.helpLineCount` lines in all).
    public static func lines(for keymap: Keymap) -> [String] {
        let rows = entries(for: keymap)
        let keyWidth = min(24, rows.map { TextWidth.of($0.keys) }.max() ?? 0)
        return rows.map { TextWidth.pad($0.keys, to: keyWidth) + "  " + $0.help } + [""] + PickerKeys.helpNotes(for: keymap)
    }

    /// One entry per command, in the keymap's order: its keys as the help screen names them, and its help text.
    public static func entries(for keymap: Keymap) -> [(keys: String, help: String)] {
        keymap.bindings.map { binding in (keys: binding.keys.map(\.label).joined(separator: " "), help: binding.command.help) }
    }

    /// Draws the help for `keymap`, scrolled as `help` says, `rows` lines of it, into `buffer`.
    public static func draw(_ help: HelpState, keymap: Keymap, rows: Int, into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: "Help — keys", right: "stackterm", into: &buffer)
        for (offset, line) in lines(for: keymap).dropFirst(help.scroll).prefix(rows).enumerated() {
            buffer.write(TextWidth.truncate(line, to: buffer.width - 2), x: 2, y: offset + 1)
        }
    }
}
