import Foundation
import NIOConcurrencyHelpers

/// Reads a child's stdout on a background queue until it prints `listening on 127.0.0.1:PORT`.
final class ListeningLine: Sendable {
    enum Outcome: Sendable {
        case port(Int)
        case failed(String)
    }

    private let outcome = NIOLockedValueBox<Outcome?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            var text = ""
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return finish(.failed("exited before printing its port; stdout: \(text)")) }
                text += String(decoding: chunk, as: UTF8.self)
                guard let newline = text.firstIndex(of: "\n") else { continue }
                let line = String(text[..<newline])
                let prefix = "listening on 127.0.0.1:"
                if line.hasPrefix(prefix), let port = Int(line.dropFirst(prefix.count)) {
                    return finish(.port(port))
                }
                return finish(.failed("unexpected first line \"\(line)\""))
            }
        }
    }

    private func finish(_ result: Outcome) {
        outcome.withLockedValue { outcome in
            if outcome == nil { outcome = result }
        }
        ready.signal()
    }

    /// The port, or why there is none, waiting at most `timeout` seconds.
    func wait(timeout: TimeInterval) -> Outcome {
        if ready.wait(timeout: .now() + timeout) == .timedOut {
            finish(.failed("no \"listening on\" line within \(Int(timeout)) s"))
        }
        return outcome.withLockedValue { $0 } ?? .failed("no outcome recorded")
    }
}
