import Foundation
import StackStore

/// An import's progress on stderr: on a terminal one line rewritten in place (bytes, rows, rows/s, ETA), otherwise
/// a plain line per batch.
final class ImportMeter {
    private let terminal: Bool
    private let started = Date()
    private var drawn = false

    init(terminal: Bool) {
        self.terminal = terminal
    }

    func show(_ progress: ImportProgress) {
        let line = Self.line(progress, seconds: max(Date().timeIntervalSince(started), 0.001))
        if terminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
            drawn = true
        } else {
            StacktermCommand.standardError(line)
        }
    }

    /// Ends the line drawn in place, if any.
    func end() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }

    /// The closing line: posts written and their rate.
    func summary(posts: Int) -> String {
        let seconds = Date().timeIntervalSince(started)
        return String(format: "import: done, %d posts written in %.1f s (%.0f posts/s)", posts, seconds,
                      Double(posts) / max(seconds, 0.001))
    }

    /// `import: Posts.xml 12000 rows, 5.1 of 20.3 MB (25%), 8000 rows/s, 12 s left`.
    static func line(_ progress: ImportProgress, seconds: Double) -> String {
        var text = "import: \(progress.file) \(progress.rows) rows, " + megabytes(progress.bytesRead)
        if let total = progress.bytesTotal, total > 0 {
            let fraction = min(Double(progress.bytesRead) / Double(total), 1)
            text += String(format: " of %@ (%.0f%%)", megabytes(total), fraction * 100)
            if fraction > 0.01 {
                text += String(format: ", %.0f s left", seconds * (1 - fraction) / fraction)
            }
        }
        return text + String(format: ", %.0f s", seconds)
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
