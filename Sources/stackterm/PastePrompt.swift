import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads the line pasted at `stackterm login`'s prompt from stdin, at most `limit` bytes, without echoing it when
/// stdin is a terminal (the token is a secret: it should not stay on the screen or in the scrollback). A signal
/// that ends the process while echo is off turns it back on first.
enum PastePrompt {
    /// The line without its line break; nil at the end of input with nothing read.
    static func readLine(limit: Int) -> String? {
        let quiet = EchoSwitch.turnOff()
        defer { if quiet { EchoSwitch.restore() } }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count <= limit {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if quiet { FileHandle.standardError.write(Data("\n".utf8)) }
        if bytes.isEmpty, byte != UInt8(ascii: "\n") { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The terminal's echo flag, turned off around the paste and back on when done or when a signal ends the process.
private enum EchoSwitch {
    /// The settings before echo was turned off, for the signal handler (set once, before the handlers).
    nonisolated(unsafe) static var saved = termios()

    /// Turns echo off when stdin is a terminal; true when it did.
    static func turnOff() -> Bool {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            Glibc.signal(signal) { number in
                tcsetattr(STDIN_FILENO, TCSANOW, &EchoSwitch.saved)
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
        return tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0
    }

    /// Puts the terminal back as it was and the signals' default actions with it.
    static func restore() {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { Glibc.signal(signal, SIG_DFL) }
    }
}
