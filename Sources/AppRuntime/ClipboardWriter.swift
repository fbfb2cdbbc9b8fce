import Foundation

/// Copies text to the terminal's clipboard with OSC 52 (`ESC ] 52 ; c ; BASE64 BEL`).
///
/// The sequence draws nothing, so it can be written to the terminal while curses owns the screen. Terminals
/// decide whether to honour it (xterm needs `allowWindowOps`; kitty, WezTerm, foot, iTerm2 and Windows
/// Terminal accept it). Under tmux the option `set-clipboard` must be `on` (`set -s set-clipboard on` in
/// `~/.tmux.conf`): tmux then stores the text as a paste buffer (`tmux show-buffer` prints it) and passes it
/// on to the outer terminal when that one supports it. Terminals may cap the length (commonly around
/// 100 kB of base64, `commonLimit`); links are far below that, a long code block may not be.
public enum ClipboardWriter {
    /// Why the sequence could not be written.
    public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The `errno` of the failed `write`.
        public let code: Int32

        /// The one-line message for the status bar.
        public var description: String { "Could not copy to the clipboard: \(String(cString: strerror(code)))" }
    }

    /// Sequences longer than this (bytes) are cut or ignored by some terminals.
    public static let commonLimit = 100_000

    /// The OSC 52 bytes that put `text` (as UTF-8) on the clipboard selection `c`.
    public static func sequence(for text: String) -> [UInt8] {
        Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
    }

    /// Writes the sequence for `text` to `fileDescriptor` (the terminal's output), whole: short writes are
    /// continued, interrupted ones retried, and a descriptor that is not ready is waited for (1 s at most).
    public static func write(_ text: String, to fileDescriptor: Int32) -> Result<Void, WriteError> {
        writeAll(sequence(for: text), to: fileDescriptor)
    }

    /// Writes `bytes` to `fileDescriptor` whole, as `write` does (the terminal's other sequences use it too).
    public static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) -> Result<Void, WriteError> {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if count >= 0 {
                written += count
                continue
            }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN:
                var ready = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, 1000) <= 0 { return .failure(WriteError(code: EAGAIN)) }
            default:
                return .failure(WriteError(code: code))
            }
        }
        return .success(())
    }
}
