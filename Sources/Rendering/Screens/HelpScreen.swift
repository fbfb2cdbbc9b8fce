import AppCore

/// The help screen, generated from the effective keymap so it always tells the truth.
public enum HelpScreen {
    /// The help text lines: one per command, keys then description.
    public static func lines(for keymap: Keymap) -> [String] {
        let rows = keymap.bindings.map { binding in
            (keys: binding.keys.map(\.label).joined(separator: " "), help: binding.command.help)
        }
        let keyWidth = min(24, rows.map { TextWidth.of($0.keys) }.max() ?? 0)
        return rows.map { TextWidth.fit($0.keys, to: keyWidth) + "  " + $0.help }
    }

    /// Draws the help for `keymap`, scrolled as `help` says, `rows` lines of it, into `buffer`.
    public static func draw(_ help: HelpState, keymap: Keymap, rows: Int, into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: "Help — keys", right: "stackterm", into: &buffer)
        for (offset, line) in lines(for: keymap).dropFirst(help.scroll).prefix(rows).enumerated() {
            buffer.write(TextWidth.truncate(line, to: buffer.width - 2), x: 2, y: offset + 1)
        }
    }
}
