import Foundation

/// Keeps access tokens out of what the double writes down: the request log and its file.
enum LogRedaction {
    /// What replaces a token's value.
    static let replacement = "REDACTED"
    private static let marker = "access_token="

    /// `text` with the value of every `access_token=` (up to the next `&`, space or `#`) replaced by `REDACTED`.
    static func redacted(_ text: String) -> String {
        guard text.contains(marker) else { return text }
        var result = ""
        var rest = Substring(text)
        while let found = rest.range(of: marker) {
            result += rest[..<found.upperBound] + replacement
            rest = rest[found.upperBound...]
            let end = rest.firstIndex { $0 == "&" || $0 == " " || $0 == "#" } ?? rest.endIndex
            rest = rest[end...]
        }
        return result + rest
    }
}
