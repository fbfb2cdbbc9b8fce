/// Options and paste buffers, for tests of what programs in the pane send to the clipboard (OSC 52).
extension TmuxSession {
    /// Sets a server option, e.g. `setServerOption("set-clipboard", "on")` (`tmux set-option -s`).
    public func setServerOption(_ name: String, _ value: String) throws {
        try run(["set-option", "-s", name, value])
    }

    /// The newest paste buffer's contents, as `tmux show-buffer` prints them (throws when there is none).
    public func showBuffer() throws -> String {
        try run(["show-buffer"])
    }
}
