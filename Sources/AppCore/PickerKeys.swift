/// Which keys do what on the site and tag pickers, where typing filters: a key that types a character never reaches
/// the keymap there, so only the back commands' other keys (Left, Esc by default) leave a picker. The help screen,
/// `--help` and the pickers' headers say it from the keymap in force.
public enum PickerKeys {
    /// True when the site or tag picker takes `key` for itself (typing, moving, choosing) instead of the keymap
    /// (Backspace counts as taken: it edits the filter until the filter is empty).
    public static func takenByPicker(_ key: Key) -> Bool {
        switch key {
        case .character, .control("u"), .down, .up, .pageDown, .pageUp, .home, .end, .enter, .backspace: true
        default: false
        }
    }

    /// The keys of `commands` that still act on a picker (those it does not take for itself).
    public static func acting(_ commands: [Command], in keymap: Keymap) -> [Key] {
        commands.flatMap { keymap.keys(for: $0) }.filter { !takenByPicker($0) }
    }

    /// The keys that leave a site or tag picker: the back commands' keys it does not take.
    public static func leaving(in keymap: Keymap) -> [Key] {
        acting([.back, .backOrQuit, .cancelOrBack], in: keymap)
    }

    /// The lines the help screen and `--help` add under the key list (each short enough for an 80-column `--help`).
    public static func helpNotes(for keymap: Keymap) -> [String] {
        let typed = [Command.backOrQuit, .back, .quit].flatMap { keymap.keys(for: $0) }.filter {
            if case .character = $0 { true } else { false }
        }
        let leaving = leaving(in: keymap)
        let quitting = acting([.quit], in: keymap)
        var typing = "In the site and tag pickers typing filters"
        if !typed.isEmpty { typing += " (" + typed.map(\.label).joined(separator: " ") + " type too)" }
        var keys = leaving.isEmpty ? "No back key leaves them" : leaving.map(\.label).joined(separator: " ") + " go back there"
        keys += ", Enter chooses"
        if !quitting.isEmpty { keys += ", " + quitting.map(\.label).joined(separator: " ") + " quits" }
        return [typing + ";", keys + ".", "In the link picker digits select [n]; the keys above act on its link.",
                "In a prompt Ctrl-A Ctrl-E Ctrl-U Ctrl-W… edit as in a shell; Up Down recall."]
    }

    /// How many lines the help screen shows: one per command, one per signal key (`SignalKeys`), a blank line, the notes.
    public static func helpLineCount(for keymap: Keymap) -> Int {
        keymap.bindings.count + SignalKeys.entries.count + 1 + helpNotes(for: keymap).count
    }
}
