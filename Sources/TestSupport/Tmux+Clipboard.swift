import Foundation

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

extension TmuxSession {
    /// Pastes `text` into the pane as a terminal paste does: one write of all its bytes (`tmux load-buffer` from a
    /// file, then `paste-buffer`, the buffer deleted after), not a key at a time. `bracketed`: wrapped in the
    /// bracketed-paste markers when the program asked for them (`paste-buffer -p`), as terminals do.
    public func paste(_ text: String, bracketed: Bool = true) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socketName)-paste-\(UUID().uuidString)")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let buffer = "paste-\(UUID().uuidString.prefix(8))"
        try run(["load-buffer", "-b", buffer, file.path])
        try run(["paste-buffer", "-d"] + (bracketed ? ["-p"] : []) + ["-b", buffer, "-t", paneID])
    }
}
