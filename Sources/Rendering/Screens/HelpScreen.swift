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

    /// Draws the help screen for the state's keymap into `buffer`.
    public static func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: "Help — keys", right: "stackterm", into: &buffer)
        let lines = lines(for: state.keymap)
        let rows = state.viewport.contentRows
        for (offset, line) in lines.dropFirst(state.helpScroll).prefix(rows).enumerated() {
            buffer.write(TextWidth.truncate(line, to: buffer.width - 2), x: 2, y: offset + 1)
        }
        let more = lines.count > rows ? "j/k scroll · " : ""
        Chrome.drawStatus(left: more + "q, Esc or ? to close", right: "", isError: false, into: &buffer)
    }
}
