import AppCore

/// The help screen, generated from the effective keymap so it always tells the truth.
public enum HelpScreen {
    /// The help text lines: one per command, every key then the description (keys wider than the 24-column key
    /// column push their description right rather than lose a key), then a blank line and `PickerKeys.helpNotes`
    /// (`PickerKeys.helpLineCount` lines in all).
    public static func lines(for keymap: Keymap) -> [String] {
        let rows = keymap.bindings.map { binding in
            (keys: binding.keys.map(\.label).joined(separator: " "), help: binding.command.help)
        }
        let keyWidth = min(24, rows.map { TextWidth.of($0.keys) }.max() ?? 0)
        return rows.map { TextWidth.pad($0.keys, to: keyWidth) + "  " + $0.help } + [""] + PickerKeys.helpNotes(for: keymap)
    }

    /// Draws the help for `keymap`, scrolled as `help` says, `rows` lines of it, into `buffer`.
    public static func draw(_ help: HelpState, keymap: Keymap, rows: Int, into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: "Help — keys", right: "stackterm", into: &buffer)
        for (offset, line) in lines(for: keymap).dropFirst(help.scroll).prefix(rows).enumerated() {
            buffer.write(TextWidth.truncate(line, to: buffer.width - 2), x: 2, y: offset + 1)
        }
    }
}
