/// Keys the program answers outside the keymap: the terminal turns them into signals before any key is read, so
/// `[keys]` cannot rebind them. The help screen and `--help` list them after the keymap's commands.
public enum SignalKeys {
    /// Each key as the help screen names it, and what it does.
    public static let entries: [(keys: String, help: String)] = [
        ("Ctrl-Z", "Suspend to the shell (fg comes back and redraws)"),
        ("Ctrl-C", "Quit at once, from anywhere (Ctrl-\\ too)"),
    ]
}
