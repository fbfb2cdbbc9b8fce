import Foundation

extension APIError {
    /// Whether the status bar should show this error (`.cancelled` is the program's own doing).
    public var isUserVisible: Bool {
        self != .cancelled
    }

    /// Seconds a throttle waits when the API's message names none.
    public static let defaultThrottleSeconds = 60

    /// One human line for the status bar, saying what went wrong and what to do; free of control characters.
    public var summary: String {
        summary(retryKey: "r")
    }

    /// `summary` naming `retryKey` as the key that retries ("press r to retry"), or saying nothing of retrying when
    /// it is nil or empty (print mode, a remapped keymap without a reload key).
    public func summary(retryKey: String?) -> String {
        let retry = retryKey.flatMap { $0.isEmpty ? nil : "press \($0) to retry" }
        return APIError.singleLine(rawSummary(retry: retry))
    }

    private func rawSummary(retry: String?) -> String {
        let dash = retry.map { " — " + $0 } ?? ""
        switch self {
        case .offline(let detail):
            return "Offline: \(detail)" + dash
        case .timeout:
            return "The server took too long to answer" + dash
        case .cancelled:
            return "Cancelled"
        case .httpStatus(let status):
            return "HTTP \(status) from the server" + dash
        case .api(let id, let name, let message):
            return message.isEmpty ? "API error \(id) \(name)" : "API error \(id) \(name): \(message)"
        case .throttled(let seconds, _):
            return "Throttled by the API: wait \(seconds) s"
        case .quotaExhausted:
            return "Daily API quota used up — set an API key (--api-key) for 10,000/day"
        case .pageLimit:
            return "Pages past 25 need an API key (--api-key)"
        case .responseTooLarge(let limit):
            return "The server sent more than \(limit / 1_048_576) MB — response refused" + (retry.map { "; " + $0 } ?? "")
        case .undecodable(let path, let reason):
            let location = path.isEmpty ? "" : " (\(path))"
            return "Unexpected response\(location): \(reason)" + dash
        }
    }

    /// Replaces control characters (C0, DEL, C1, line and paragraph separators) by spaces and
    /// collapses runs of whitespace, so the text stays on one line and cannot drive the terminal.
    static func singleLine(_ text: String) -> String {
        var output = ""
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isBreaking = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}"
            if isBreaking || scalar == " " {
                if !lastWasSpace { output.append(" ") }
                lastWasSpace = true
            } else {
                output.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        return output.trimmingCharacters(in: .whitespaces)
    }
}

extension APIError {
    /// Whether the API could not be reached (unreachable, timed out), so the store should answer.
    public var isUnreachable: Bool {
        switch self {
        case .offline, .timeout: true
        default: false
        }
    }
}
